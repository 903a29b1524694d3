#pragma once
/// The `eviction-churn` detector: a pod the scheduler evicts more than kMaxEvictions times
/// within kWindow of simulated time. Each of those evictions was followed by the pod being
/// placed again (a pod that is not placed cannot be evicted again), so the scheduler is
/// looping: it gives the pod's resources to a preemptor and takes them back. The user sees the
/// loop in the report instead of waiting for it. One anomaly per pod: the first window that
/// crosses the bound; later evictions of the same pod are the same loop.

#include "model/cluster/cluster_state.h"
#include "sim/load/sim_time.h"

#include <cstdint>
#include <vector>

namespace drasim::sim {

class EvictionChurnDetector {
 public:
  static constexpr uint32_t kMaxEvictions = 5;
  static constexpr SimDuration kWindow{600'000'000};  ///< 10 minutes

  explicit EvictionChurnDetector(size_t pods) : times_(pods), reported_(pods, false) {}

  /// The scheduler evicted `pod` now (`state.now_us`); reports through `state.report`.
  void evicted(model::ClusterState& state, model::PodId pod);

 private:
  /// By pod: its evictions within the window (at most kMaxEvictions + 1, so a vector; a deque
  /// would allocate a block for every pod up front).
  std::vector<std::vector<int64_t>> times_;
  std::vector<bool> reported_;
};

}  // namespace drasim::sim
