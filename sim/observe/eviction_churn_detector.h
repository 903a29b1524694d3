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
#include <deque>
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
  std::vector<std::deque<int64_t>> times_;  ///< by pod: its evictions within the window
  std::vector<bool> reported_;
};

}  // namespace drasim::sim
