#pragma once
/// Atomic file writes: the text goes to a temporary file beside the target, which is then
/// renamed over it, so a reader never sees half a report.

#include <string>

namespace drasim::reports {

/// Writes `text` to `path` atomically. Returns an error message, or empty on success.
[[nodiscard]] std::string write_file_atomically(const std::string& path, const std::string& text);

}  // namespace drasim::reports
