#pragma once
/// The score plugins of kube-scheduler's default profile, as pure functions of one node and one
/// pod (pkg/scheduler/framework/plugins: tainttoleration, nodeaffinity, noderesources
/// least_allocated and balanced_allocation, dynamicresources). The weights are those of
/// pkg/scheduler/apis/config/v1/default_plugins.go.

#include "model/cluster/cluster_state.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace drasim::model::kube {

constexpr int64_t kMaxNodeScore = 100;  // framework.MaxNodeScore
constexpr int64_t kTaintTolerationWeight = 3;
constexpr int64_t kNodeAffinityWeight = 2;
constexpr int64_t kFitWeight = 1;
constexpr int64_t kBalancedWeight = 1;
constexpr int64_t kDynamicResourcesWeight = 1;

/// `helper.DefaultNormalizeScore` of one score: scaled to [0, 100] by the maximum over the
/// feasible nodes (`max`), flipped when `reverse`. Inline: it runs three times per feasible
/// node of every scan.
[[nodiscard]] inline int64_t normalized(int64_t score, int64_t max, bool reverse) {
  if (max == 0) {
    return reverse ? kMaxNodeScore : score;
  }
  const int64_t s = kMaxNodeScore * score / max;
  return reverse ? kMaxNodeScore - s : s;
}

/// TaintToleration's input: PreferNoSchedule taints of the node the pod does not tolerate (only
/// tolerations with an empty or PreferNoSchedule effect count).
[[nodiscard]] int64_t intolerable_prefer_no_schedule(const NodeInfo& node, const PodTemplate& t);

/// NodeAffinity's input: the summed weights of the preferred terms the node matches.
[[nodiscard]] int64_t preferred_affinity(const NodeInfo& node, const PodTemplate& t);

/// NodeResourcesFit (LeastAllocated over cpu and memory, weight 1 each, on the non-zero
/// requests) plus NodeResourcesBalancedAllocation (on the requests), each weighted 1:
/// `nonzero` is what the pods on the node already ask for in the non-zero sense.
[[nodiscard]] int64_t fit_and_balance(const NodeInfo& node, std::pair<int64_t, int64_t> nonzero,
                                      const PodTemplate& t);

/// DynamicResources' input: `8 - index` of the chosen subrequest of every firstAvailable
/// request among `allocations` (one per claim of `claims`, in order).
[[nodiscard]] int64_t first_available_points(const ClusterState& s,
                                             const std::vector<ClaimId>& claims,
                                             const std::vector<AllocationResult>& allocations);

}  // namespace drasim::model::kube
