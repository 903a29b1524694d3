#pragma once
/// Atomic file writes: each text goes to a temporary file beside its target, written, flushed
/// to disk and closed with every step checked; only when all of them are complete are they
/// renamed over their targets. A full disk or a failed write leaves no report and no temporary
/// file behind.

#include <string>
#include <vector>

namespace drasim::reports {

struct FileToWrite {
  std::string path;
  std::string text;
};

/// Writes every file atomically, all or none (short of a rename failing half-way, which is
/// reported). Returns an error message naming the file and the system's reason, or empty on
/// success.
[[nodiscard]] std::string write_files_atomically(const std::vector<FileToWrite>& files);

/// The same for `files` named relative to `dir` (`report.json`, `answer/report.md`), creating
/// `dir` and the folders inside it first.
[[nodiscard]] std::string write_files_into(const std::string& dir, std::vector<FileToWrite> files);

}  // namespace drasim::reports
