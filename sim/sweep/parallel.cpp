#include "sim/sweep/parallel.h"

#include <algorithm>
#include <atomic>
#include <limits>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

namespace drasim::sim {

void run_in_parallel(size_t count, size_t jobs, const std::function<void(size_t)>& run) {
  std::atomic<size_t> next{0};
  std::mutex failed_mutex;
  size_t failed_at = std::numeric_limits<size_t>::max();
  std::exception_ptr failure;
  std::atomic<size_t> stop_after{std::numeric_limits<size_t>::max()};
  const auto work = [&] {
    for (size_t i = next++; i < count && i < stop_after.load(); i = next++) {
      try {
        run(i);
      } catch (...) {
        const std::lock_guard<std::mutex> lock(failed_mutex);
        if (i < failed_at) {
          failed_at = i;
          failure = std::current_exception();
          stop_after = i;
        }
      }
    }
  };
  std::vector<std::thread> workers;
  const size_t threads = std::clamp<size_t>(jobs, 1, std::max<size_t>(count, 1));
  for (size_t t = 1; t < threads; ++t) {
    try {
      workers.emplace_back(work);
    } catch (const std::system_error&) {
      break;  // no more threads to be had (a process limit): the ones started do the work
    }
  }
  work();
  for (std::thread& w : workers) {
    w.join();
  }
  if (failure) {
    std::rethrow_exception(failure);
  }
}

}  // namespace drasim::sim
