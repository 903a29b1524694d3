#pragma once
// Identity of the drasim binary, to notice another engineer rebuilding it between two runs
// (which would otherwise look like nondeterminism or a flaky crash).
#include <sys/types.h>

#include <cstdint>
#include <optional>
#include <string>

namespace drasim::stress {

/// Which file the binary is, and which build of it.
struct BinaryId {
  ino_t inode = 0;
  int64_t mtime_ns = 0;
  off_t size = 0;

  bool operator==(const BinaryId&) const = default;
};

/// The binary's identity, or nullopt when it is missing or not executable.
std::optional<BinaryId> binary_id(const std::string& path);

/// Waits (up to five minutes) until the binary exists and is at least two seconds old, so a
/// link in progress is not run half-written.
std::optional<BinaryId> stable_binary(const std::string& path);

}  // namespace drasim::stress
