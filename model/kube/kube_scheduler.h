#pragma once
/// The upstream default scheduler (kube-scheduler 1.35 default profile) as the `kube-scheduler`
/// profile: one pod at a time in PrioritySort order, no queues and no gangs; the filters
/// NodeUnschedulable, TaintToleration, NodeAffinity, NodePorts, NodeResourcesFit and
/// DynamicResources; the adaptive percentage of nodes to score with a rotating start; the
/// default scores (TaintToleration x3, NodeAffinity x2, NodeResourcesFit LeastAllocated x1,
/// NodeResourcesBalancedAllocation x1, DynamicResources x1). Differences from the real
/// scheduler are listed in the README (ties go to the node name that sorts first instead of a
/// random pick; no preemption; image locality, inter-pod affinity and topology spread score 0
/// because scenarios carry no images, affinity terms or owning services).

#include "model/cluster/cluster_state.h"
#include "model/kai/framework/cycle_result.h"

#include <cstddef>
#include <vector>

namespace drasim::model {

/// kube-scheduler's `numFeasibleNodesToFind` with the default adaptive percentage: every node
/// below 100 nodes, else `max(100, n * max(5, 50 - n / 125) / 100)`.
[[nodiscard]] size_t feasible_nodes_to_find(size_t all_nodes);

/// The node order of the scheduler's snapshot (`nodeTree.list`): nodes grouped by zone
/// (`topology.kubernetes.io/region` + zone), zones in order of their first node, taken round
/// robin. Nodes are added in (appearance time, name) order. Only present nodes.
[[nodiscard]] std::vector<NodeId> node_tree_order(const ClusterState& state);

/// Schedules every pending pod, one at a time; appends binds to `result`.
void run_kube_scheduler(ClusterState& state, CycleResult& result);

}  // namespace drasim::model
