#pragma once
/// A PodGroup's subgroups as KAI's scheduler sees them (pkg/scheduler/api/podgroup_info/
/// subgroup_info, v0.15 and later): a tree whose root is the PodGroup, whose inner nodes are
/// the subgroups some other subgroup names as `parent` (SubGroupSet: it needs `minSubGroup` of
/// its members, or all of them), and whose leaves are the other subgroups (PodSet: it needs
/// `minMember` pods, 0 when unset). Only leaves hold pods; a pod joins the leaf its label
/// `kai.scheduler/subgroup-name` names (no label: a leaf named `default`). A PodGroup with
/// subgroups ignores its own `minMember`.
///
/// The rules over the tree (research notes in kai-scheduler-behavior.md terms):
/// - ready for scheduling: a leaf has at least minMember alive pods (pending or active
///   allocated); a set has at least its threshold of ready members;
/// - satisfied: a leaf has at least minMember active allocated pods (pipelined, binding or
///   running); a set has at least its threshold of satisfied members;
/// - member order (plugins/subgrouporder): unsatisfied members first, then among satisfied
///   ones required (threshold > 0) before optional, then the lower allocated/threshold ratio
///   (allocated: pods for a leaf, satisfied members for a set), then the name;
/// - tasks to allocate (allocation_info.go GetTasksToAllocate): while a set is unsatisfied,
///   the shortfall of its first `threshold` members in that order, all together (a gang);
///   once satisfied, the tasks of the first member that has any (one pod of a satisfied leaf);
/// - tasks to evict (eviction_info.go GetTasksToEvict), in the reverse member order (name
///   descending at a tie) and reverse task order: one surplus pod of a leaf above minMember,
///   else one whole member of a set above its threshold, else every active pod of the job;
/// - elastic state for job order (plugins/elastic): below when any leaf has fewer active
///   allocated pods than minMember, exactly when none is below or above, else above;
/// - stale (stalegangeviction): some leaf has fewer active used pods (releasing included) than
///   minMember.

#include "model/cluster/topology_tree.h"
#include "model/k8s/ids.h"
#include "model/k8s/kai_objects.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace drasim::model {

struct SubGroupNode {
  std::string name;  ///< "" for the root
  int32_t parent = -1;
  std::vector<uint32_t> children;  ///< sets first, then leaves, each in input order
  bool leaf = false;
  int64_t min_available = 0;             ///< leaves: minMember
  std::optional<int64_t> min_sub_group;  ///< sets: minSubGroup (nullopt: every member)
  /// The subgroup's own topologyConstraint, resolved (the root's is JobInfo::topology).
  std::optional<JobTopology> topology;
};

/// Resolves a written topologyConstraint against the scenario's Topologies (nullopt: none).
using ResolveTopology = std::function<std::optional<JobTopology>(const TopologyConstraint&)>;

class SubGroupTree {
 public:
  /// The tree of `pg`'s subgroups; nullopt with `error` set when a name repeats, a parent does
  /// not exist or parents form a cycle.
  static std::optional<SubGroupTree> build(const PodGroup& pg, std::string& error,
                                           const ResolveTopology& resolve = {});

  /// The leaf a pod with `label` (the subgroup label's value, "" when absent) joins; -1 when
  /// there is none (KAI's InvalidSubGroupTasks: never scheduled, counted or evicted as part
  /// of the job).
  [[nodiscard]] int32_t leaf_of(const std::string& label) const;

  [[nodiscard]] const std::vector<SubGroupNode>& nodes() const { return nodes_; }

  [[nodiscard]] const SubGroupNode& node(size_t i) const { return nodes_[i]; }

  /// A member's threshold: minMember of a leaf, minSubGroup (or the member count) of a set.
  [[nodiscard]] int64_t threshold(size_t i) const;

  /// Whether any subgroup has a topology constraint of its own.
  [[nodiscard]] bool has_topology() const;

  /// Whether node `i` is `ancestor` or lies below it.
  [[nodiscard]] bool under(size_t i, size_t ancestor) const;

 private:
  std::vector<SubGroupNode> nodes_;  ///< [0] is the root
};

/// One job's pods by leaf, as a rule over the tree needs them. `pending` are the pods that may
/// be allocated (pending, plus in a victim simulation the pods evicted in it), `active` the
/// active allocated ones (pipelined, binding, running), each in task order.
struct SubGroupPods {
  std::vector<std::vector<PodId>> pending;
  std::vector<std::vector<PodId>> active;
  std::vector<int64_t> pipelined;  ///< of `active`, how many are pipelined
  std::vector<int64_t> releasing;  ///< releasing pods (active used, not active allocated)

  explicit SubGroupPods(size_t nodes)
      : pending(nodes), active(nodes), pipelined(nodes, 0), releasing(nodes, 0) {}
};

/// Whether the job may be scheduled: the root is ready.
[[nodiscard]] bool subgroups_ready(const SubGroupTree& tree, const SubGroupPods& pods);

/// Whether subgroup `i` is ready: a leaf's alive pods, or a set's ready members, reach its
/// threshold.
[[nodiscard]] bool subgroup_ready(const SubGroupTree& tree, const SubGroupPods& pods, size_t i);

/// The first leaf (in tree order) that is not ready, for messages; -1 when all are.
[[nodiscard]] int32_t first_unready_leaf(const SubGroupTree& tree, const SubGroupPods& pods);

/// The elastic state: 0 below minMember in some leaf, 1 exactly at it, 2 above; releasing pods
/// count as the leaf's when `with_releasing`.
[[nodiscard]] int32_t subgroups_elastic_rank(const SubGroupTree& tree, const SubGroupPods& pods,
                                             bool with_releasing = false);

/// Whether some leaf has fewer active used pods than its minMember.
[[nodiscard]] bool subgroups_below_min(const SubGroupTree& tree, const SubGroupPods& pods);

/// Whether an allocation must be pipelined whole: some leaf holds a pipelined pod while its
/// other active allocated pods are fewer than its minMember (ShouldPipelineJob).
[[nodiscard]] bool subgroups_should_pipeline(const SubGroupTree& tree, const SubGroupPods& pods);

[[nodiscard]] std::vector<PodId> subgroup_tasks_to_allocate(const SubGroupTree& tree,
                                                            const SubGroupPods& pods);

/// The next victims of the job: the pods one eviction step takes.
[[nodiscard]] std::vector<PodId> subgroup_tasks_to_evict(const SubGroupTree& tree,
                                                         const SubGroupPods& pods);

}  // namespace drasim::model
