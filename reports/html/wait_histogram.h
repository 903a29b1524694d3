#pragma once
/// The wait-time distribution of the HTML report: how many binds waited how long, in bins with
/// edges people read at a glance (1 s, 5 s, 10 s, 30 s, 1 m, 2 m, 5 m, 10 m, 30 m, 1 h, 2 h,
/// 6 h, 1 d). A bin holds the waits w with lower <= w < upper; the last is open-ended.

#include <cstdint>
#include <string>
#include <vector>

namespace drasim::reports {

struct WaitBin {
  std::string label;  ///< `< 1s`, `1s - 5s`, ..., `>= 1d`
  int64_t count = 0;
};

/// The bins of `sorted_us` (ascending waits, microseconds); empty for no waits.
std::vector<WaitBin> wait_histogram(const std::vector<int64_t>& sorted_us);

}  // namespace drasim::reports
