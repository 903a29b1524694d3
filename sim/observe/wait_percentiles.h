#pragma once
/// An order-statistics multiset of waits: insertion and each exact nearest-rank percentile in
/// O(log n), so the metrics recorder can refresh p50 / p95 / p99 after every bind of a long run.

#include "sim/load/sim_time.h"

#include <ext/pb_ds/assoc_container.hpp>
#include <ext/pb_ds/tree_policy.hpp>

#include <cstdint>
#include <functional>
#include <optional>
#include <utility>

namespace drasim::sim {

class WaitPercentiles {
 public:
  /// Adds one wait (microseconds).
  void insert(int64_t wait_us);

  /// The nearest-rank percentile (1..100); none when empty.
  [[nodiscard]] std::optional<SimDuration> percentile(int percentile) const;

  [[nodiscard]] int64_t size() const { return static_cast<int64_t>(tree_.size()); }

 private:
  // Equal waits are told apart by their insertion number, making the set a multiset.
  using Key = std::pair<int64_t, uint64_t>;
  using Tree = __gnu_pbds::tree<Key, __gnu_pbds::null_type, std::less<Key>, __gnu_pbds::rb_tree_tag,
                                __gnu_pbds::tree_order_statistics_node_update>;
  Tree tree_;
  uint64_t inserted_ = 0;
};

}  // namespace drasim::sim
