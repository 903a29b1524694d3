#pragma once
/// Runs the items of a sweep or a plan's round on worker threads.
///
/// Workers take items in index order. When an item fails (its function throws), no item with a
/// higher index is started, and items already started finish; the failure reported is the one
/// with the lowest index. So the outcome, failure included, is the same for any number of
/// workers, and a sweep whose variant 3 has a bad value stops soon after it instead of running
/// the rest.

#include <cstddef>
#include <exception>
#include <functional>

namespace drasim::sim {

/// Calls `run(i)` for every i in [0, count) on `jobs` threads (the caller's thread is one of
/// them); rethrows the exception of the lowest failing index after every started item ended.
void run_in_parallel(size_t count, size_t jobs, const std::function<void(size_t)>& run);

}  // namespace drasim::sim
