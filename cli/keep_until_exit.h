#pragma once
/// The objects of a large input take a noticeable time to free one by one (0.2 s for the
/// 4,000-node dump of the loading benchmark) just before the process ends, which frees them all
/// at once. main() turns this on; an object handed to keep_until_exit then stays, reachable
/// (so leak checkers do not count it), until the process ends. Off, as in tests that call
/// run_cli many times in one process, the object is freed at once.

#include <memory>

namespace drasim::cli {

void set_keep_until_exit(bool on);

/// Keeps `object` until the process ends when that is on; frees it now otherwise. A
/// `std::unique_ptr<T>` converts.
void keep_until_exit(std::shared_ptr<void> object);

}  // namespace drasim::cli
