#pragma once
// Whole-file reads and writes, and the head of a file for the failure listing.
#include <optional>
#include <string>

namespace drasim::stress {

/// The file's bytes, or nullopt when it cannot be opened.
std::optional<std::string> read_file(const std::string& path);

/// Writes `text` as the whole file; false when that fails.
bool write_file(const std::string& path, const std::string& text);

/// The first `n` lines of a file, each indented for the failure listing.
std::string head_lines(const std::string& path, int n);

}  // namespace drasim::stress
