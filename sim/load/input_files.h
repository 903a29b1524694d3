#pragma once
/// The files a run reads, and the guarantees drasim gives for scenario files nobody vouched
/// for (README "Running untrusted scenarios").
///
/// The files and directories given on the command line are the run's inputs. A file a
/// scenario names (an `apply: {file: ...}` event, a trace CSV) resolves against the directory
/// of the file that names it, and after every symlink is resolved it must lie inside an input
/// root: a directory given on the command line, the directory holding a file given on the
/// command line, or a directory given with `--allow-path`. Only regular files are read
/// (devices, FIFOs, sockets and procfs or sysfs entries are refused before they are opened),
/// and every read counts against a per-file and a per-run byte cap.

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace drasim::sim {

/// The byte caps on what a run reads.
struct InputLimits {
  static constexpr uint64_t kDefaultFileBytes = 256ULL << 20;  ///< 256 MiB per file
  static constexpr uint64_t kDefaultTotalBytes = 1ULL << 30;   ///< 1 GiB per run
  uint64_t file_bytes = kDefaultFileBytes;
  uint64_t total_bytes = kDefaultTotalBytes;
};

/// How a run may read files: the input roots and the caps.
struct InputPolicy {
  std::vector<std::string> allow_paths;  ///< `--allow-path` directories (more roots)
  InputLimits limits;
};

/// Why a file was not read, in the diagnostic's words.
struct FileProblem {
  std::string expected;
  std::string found;
};

/// Bytes a file's text has room for past its end (its capacity), for a reader that reads a
/// little past the end (simdjson's SIMDJSON_PADDING).
inline constexpr size_t kReaderPadding = 64;

/// A file read: its name as drasim reports it, and its contents.
struct FileText {
  std::string name;
  std::string text;
};

using FileRead = std::variant<FileText, FileProblem>;

/// `bytes` in the largest binary unit that divides it (`256 MiB`), else in bytes.
[[nodiscard]] std::string format_bytes(uint64_t bytes);

class InputFiles {
 public:
  /// `arguments` are the command-line files and directories; they and `policy.allow_paths`
  /// give the roots. Paths that do not exist give no root (reading them reports the problem).
  InputFiles(const std::vector<std::string>& arguments, InputPolicy policy);

  /// For in-memory texts (the built-in demo, tests): no roots, and every file reference is
  /// refused as one that needs a scenario on disk.
  InputFiles() = default;

  /// Reads a file given on the command line (a root itself: only the kind and caps apply).
  [[nodiscard]] FileRead read_argument(const std::string& path);

  /// Reads `reference`, named by a field of `referrer`, relative to `referrer`'s directory.
  [[nodiscard]] FileRead read_reference(const std::string& referrer, const std::string& reference);

  /// Reads a file found below a command-line directory: like a reference, it must resolve
  /// inside a root (a symlink in the directory may point anywhere).
  [[nodiscard]] FileRead read_found(const std::string& path);

  [[nodiscard]] uint64_t bytes_read() const { return total_; }

  /// The most an archive entry may inflate to: the per-file cap, or what the per-run cap has
  /// left, whichever is smaller.
  [[nodiscard]] uint64_t inflate_room() const;

  /// The advice for an entry past inflate_room(): the flag that raises the cap it hit.
  [[nodiscard]] const char* inflate_advice() const;

  /// Counts `bytes` inflated from an archive against the per-run cap (inflate_room() already
  /// bounded them).
  void charge_inflated(uint64_t bytes) { total_ += bytes; }

 private:
  FileRead read_regular(const std::string& name, const std::string& shown);
  [[nodiscard]] std::optional<FileProblem> over_caps(uint64_t size) const;

  bool on_disk_ = false;            ///< built from command-line arguments
  std::vector<std::string> roots_;  ///< canonical directories
  InputLimits limits_;
  uint64_t total_ = 0;
};

}  // namespace drasim::sim
