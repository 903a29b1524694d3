// The running nearest-rank percentile (sim/observe/running_percentile.h) against the slow, obvious
// way: after every insertion, the waits so far are copied and the percentile is read by
// wait_percentile (nth_element at rank ceil(p * n / 100), at least 1).
#include "sim/observe/running_percentile.h"

#include "sim/observe/run_metrics.h"

#include <doctest/doctest.h>

#include <random>
#include <vector>

namespace drasim::sim {
namespace {

TEST_CASE("a running percentile equals the nearest-rank percentile of the waits so far") {
  for (const int percentile : {1, 37, 50, 95, 99, 100}) {
    for (const int64_t range : {3, 1'000, 1'000'000'000}) {  // few values (many ties) to many
      CAPTURE(percentile);
      CAPTURE(range);
      std::mt19937 rng(static_cast<uint32_t>(percentile * 7 + range));
      std::uniform_int_distribution<int64_t> wait(0, range);
      RunningPercentile running(percentile);
      std::vector<int64_t> waits;
      CHECK_FALSE(running.value().has_value());
      for (int i = 0; i < 600; ++i) {
        waits.push_back(wait(rng));
        running.insert(waits.back());
        std::vector<int64_t> copy = waits;
        REQUIRE(running.value() == wait_percentile(copy, percentile));
      }
    }
  }
}

TEST_CASE("the running median of 5, 1, 4, 2, 3") {
  RunningPercentile median(50);
  // Nearest rank ceil(n / 2) of the sorted waits: n=1 {5} -> 5; n=2 {1,5} -> 1; n=3 {1,4,5} -> 4;
  // n=4 {1,2,4,5} -> 2; n=5 {1,2,3,4,5} -> 3.
  for (const auto& [wait, expected] :
       std::vector<std::pair<int64_t, int64_t>>{{5, 5}, {1, 1}, {4, 4}, {2, 2}, {3, 3}}) {
    median.insert(wait);
    CHECK(median.value() == SimDuration{expected});
  }
}

}  // namespace
}  // namespace drasim::sim
