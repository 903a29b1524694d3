#pragma once
/// KAI's topology plugin at job allocation (pkg/scheduler/plugins/topology/job_filtering.go
/// `subSetNodesFn`, node_scoring.go `calculateNodeScores`, topology_utils.go
/// `reverseLevelOrder`): the ordered candidate node sets for a job with a topology constraint
/// and the preferred-level node scores (kai-scheduler-behavior.md sections 3.4, 3.5 and 5).

#include "model/cluster/cluster_state.h"

#include <cstdint>
#include <string>
#include <vector>

namespace drasim::model {

/// `Topology` plugin weight (plugins/scores): the preferred-level score is 0..10 times this.
inline constexpr int64_t kTopologyScore = 100'000;

/// One domain's present nodes, by node index.
struct TopologyNodeSet {
  std::string domain;
  std::vector<bool> nodes;
};

/// A domain at the constraint's relevant levels, as `plan_topology` judged it (`drasim explain`).
struct TopologyDomainVerdict {
  std::string domain;
  std::string level;
  size_t nodes = 0;      ///< its present nodes
  bool offered = false;  ///< a candidate node set of the plan
  /// Why it is not offered: it holds none of the job's active pods where a required level binds
  /// them, or it lacks room (below); empty when offered.
  std::string why;
};

struct TopologyPlan {
  /// Domains that can host the job at the relevant levels, narrowest level first; within a
  /// level, the sorted tree's order (more packed siblings first, ties by id).
  std::vector<TopologyNodeSet> sets;
  /// Micro-points per node index for the preferred level; empty without a preferred level.
  std::vector<int64_t> scores;
  /// Why there is no set at all (empty when `sets` is not).
  std::string failure;
  /// Every live domain at the relevant levels in the order KAI walks them, when asked for.
  std::vector<TopologyDomainVerdict> domains;
};

/// The plan for placing `tasks` (the job's current chunk) of a job with a topology constraint;
/// `skip` lists slots left out of domain fitness (DeviceClass-mapped non-GPU resources). With
/// `judge_domains`, the plan also says how it judged each domain.
[[nodiscard]] TopologyPlan plan_topology(const ClusterState& state, const JobInfo& job,
                                         const std::vector<PodId>& tasks,
                                         std::vector<size_t> skip = {}, bool judge_domains = false);

/// The same for constraint `c` of one subgroup (KAI calls SubsetNodesFn at every level of the
/// subgroup tree): only the nodes of `within` count (the domain its parent chose; null: every
/// node), and a required level is bound by the domains of `placed` pods that are active (the
/// pods of the subgroup's leaves).
[[nodiscard]] TopologyPlan plan_topology(const ClusterState& state, const JobTopology& c,
                                         const std::vector<PodId>& placed,
                                         const std::vector<PodId>& tasks, std::vector<size_t> skip,
                                         const std::vector<bool>* within,
                                         bool judge_domains = false);

/// "topology <name>, required level <label>" (or the preferred level when none is required),
/// the prefix of every topology failure message.
[[nodiscard]] std::string describe_constraint(const ClusterState& state, const JobTopology& c);

}  // namespace drasim::model
