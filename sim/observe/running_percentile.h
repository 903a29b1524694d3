#pragma once
/// One exact nearest-rank percentile of a growing multiset of waits, kept up to date at each
/// insertion: the `rank` smallest waits sit in a max-heap and the others in a min-heap, so the
/// percentile is the first heap's top. An insertion is O(log n) on two vectors; the rank grows
/// by at most one per insertion (p <= 100), so at most one wait crosses between the heaps.
/// The metrics recorder refreshes p50 / p95 / p99 after every bind of a long run.

#include "sim/load/sim_time.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace drasim::sim {

class RunningPercentile {
 public:
  /// `percentile` in 1..100.
  explicit RunningPercentile(int percentile) : percentile_(percentile) {}

  /// Adds one wait (microseconds).
  void insert(int64_t wait_us);

  /// The nearest-rank percentile of every wait inserted so far; none when empty.
  [[nodiscard]] std::optional<SimDuration> value() const;

 private:
  int percentile_;
  std::vector<int64_t> low_;   ///< max-heap: the `rank` smallest waits
  std::vector<int64_t> high_;  ///< min-heap: the others
};

}  // namespace drasim::sim
