#pragma once
/// KAI's node scores for a task (kai-scheduler-behavior.md section 3.5; plugins nominatednode,
/// gpusharingorder, nodeavailability, resourcetype, nodeplacement). Scores are kept as integer
/// micro-points (1 point = 1,000,000) so ties are exact and results byte-stable; the highest total
/// wins and ties go to the node whose name sorts first.

#include "model/cluster/cluster_state.h"
#include "model/kai/api/placement_strategy.h"

#include <array>
#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

namespace drasim::model {

inline constexpr int64_t kPoint = 1'000'000;
inline constexpr int64_t kNominatedNodeScore = 10'000'000 * kPoint;
inline constexpr int64_t kGpuSharingScore = 10'000 * kPoint;
inline constexpr int64_t kAvailabilityScore = 1'000 * kPoint;
inline constexpr int64_t kResourceTypeScore = 10 * kPoint;
inline constexpr int64_t kMaxHighDensity = 9;

/// Per-task scoring context: the binpack range (min and max non-allocated amount of the task's
/// resource over the node set, ignoring nodes that have none of it), computed once per task
/// (`setBinpackPreOrder`).
struct PlacementRange {
  int64_t min = 0;
  int64_t max = 0;
};

/// The resource nodeplacement looks at: whole GPUs for GPU tasks, millicores for CPU-only ones.
/// `NonAllocatedResource` = idle + releasing (whole GPUs only).
int64_t non_allocated(const NodeInfo& node, bool gpu_task);

/// Binpack range over the present nodes of `state`, or only those `within` marks (a topology
/// candidate node set) when given, and only the nodes listed in `only` when given (an eviction
/// scenario's feasible nodes): KAI's pre-order sees the node list AllocateJob was given.
PlacementRange placement_range(const ClusterState& state, bool gpu_task,
                               const std::vector<bool>* within = nullptr,
                               const std::vector<size_t>* only = nullptr);

/// The binpack nodeplacement score of a node with `free` non-allocated units (see below).
int64_t binpack_score(int64_t free, const PlacementRange& range);

/// nodeplacement score in micro-points: binpack `9 * (1 - (free - min) / (max - min))` (9 when
/// min == max, 0 when the node has none of the resource or max is 0); spread `free / total`
/// with total = `GetNumberOfGPUsInNode` for GPU tasks and allocatable CPU otherwise.
int64_t placement_score(const NodeInfo& node, bool gpu_task, PlacementStrategy strategy,
                        const PlacementRange& range);

/// gpusharingorder score: kGpuSharingScore when the shared task fits an existing group.
int64_t gpu_sharing_score(const PodTemplate& t, const NodeInfo& node);

/// A node's score by plugin, in micro-points: nominatednode, nodeavailability (the task fits on
/// idle resources), resourcetype (a CPU task on a CPU-only node), gpusharingorder,
/// nodeplacement and topology.
struct ScoreParts {
  int64_t nominated = 0;
  int64_t availability = 0;
  int64_t resource_type = 0;
  int64_t gpu_sharing = 0;
  int64_t placement = 0;
  int64_t topology = 0;  ///< the preferred-level score inside a topology domain (allocate's scope)

  [[nodiscard]] int64_t total() const {
    return nominated + availability + resource_type + gpu_sharing + placement + topology;
  }

  /// Each part with its plugin's name, in that order (drasim explain).
  [[nodiscard]] std::array<std::pair<std::string_view, int64_t>, 6> named() const {
    return {{{"nominatednode", nominated},
             {"nodeavailability", availability},
             {"resourcetype", resource_type},
             {"gpusharingorder", gpu_sharing},
             {"nodeplacement", placement},
             {"topology", topology}}};
  }
};

ScoreParts node_score_parts(const PodTemplate& t, const NodeInfo& node, bool fits_idle,
                            PlacementStrategy strategy, const PlacementRange& range);

/// Total score of a node that passed the filters: the sum of node_score_parts. `fits_idle` says
/// whether the task fits on idle resources alone (nodeavailability).
int64_t node_score(const PodTemplate& t, const NodeInfo& node, bool fits_idle,
                   PlacementStrategy strategy, const PlacementRange& range);

}  // namespace drasim::model
