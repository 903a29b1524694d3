#pragma once
/// The objects of a large input take a noticeable time to free one by one (0.2 s for the
/// 4,000-node dump of the loading benchmark) just before the process ends, which frees them all
/// at once. main() turns this on; an object handed to keep_until_exit then stays, reachable
/// (so leak checkers do not count it), until the process ends. Off, as in tests that call
/// run_cli many times in one process, the object is freed at once.

#include <memory>
#include <vector>

namespace drasim::cli {

void set_keep_until_exit(bool on);

/// Whether objects handed to keep_until_exit outlive their command.
[[nodiscard]] bool keeping_until_exit();

/// Where kept objects live: a list that is itself never destroyed.
std::vector<std::shared_ptr<void>>& kept_objects();

template <class T>
void keep_until_exit(std::unique_ptr<T> object) {
  if (keeping_until_exit()) {
    kept_objects().push_back(std::shared_ptr<void>(std::move(object)));
  }
}

}  // namespace drasim::cli
