#pragma once
/// Whether a task fits a node, in KAI's order (kai-scheduler-behavior.md section 2.1): resource
/// fit on idle + releasing, then the predicates (node conditions and cordon, host ports, taints
/// and tolerations, nodeSelector and required node affinity). Failures carry kube-scheduler
/// style reasons so pending messages read like `0/8 nodes are available: ...`.

#include "model/cluster/cluster_state.h"

#include <optional>
#include <string>
#include <vector>

namespace drasim::model {

/// The TaintToleration filter: the first of the node's taints the pod (with its implied
/// tolerations) does not tolerate, as kube-scheduler words it; empty when it tolerates them all.
std::string taint_problem(const PodTemplate& t, const NodeInfo& node);

/// The NodeAffinity filter: `spec.nodeSelector` and the required node affinity.
std::string affinity_problem(const PodTemplate& t, const NodeInfo& node);

/// Checks that depend only on the pod template and the node's labels, taints and conditions,
/// which do not change inside a cycle: the node's conditions and cordon, then taint_problem, then
/// affinity_problem. Returns the first failing reason, or empty when it passes.
std::string static_node_problem(const PodTemplate& t, const NodeInfo& node);

/// The reason for one exceeded slot: `Too many pods` or `Insufficient <resource as requested>`.
std::string resource_problem(const PodTemplate& t, size_t slot, const ResourceNames& names);

/// The shared task's predicates and resource fit on idle + releasing, in KAI's order: the first
/// failing reason, or empty when the node can take it (kai-scheduler-behavior.md section 2.1 c-d).
std::string shared_gpu_problem(const PodTemplate& t, const NodeInfo& node,
                               const ResourceNames& names);

/// Resource fit of `request` against `available` (idle + releasing, or idle only). Returns one
/// reason per exceeded slot (`Insufficient nvidia.com/gpu`, `Too many pods`), empty if it fits.
std::vector<std::string> resource_problems(const PodTemplate& t, const ResourceVector& available,
                                           const ResourceNames& names);

/// Whether `request` fits the node's idle capacity (plus its releasing capacity unless
/// `idle_only`) in every slot: KAI's resource fit for non-shared tasks.
bool fits_capacity(const ResourceVector& request, const NodeInfo& node, bool idle_only);

/// Calls `short_of(slot)` for every slot where `request` exceeds the node's idle plus releasing
/// capacity (the slots fits_capacity fails on): allocate's failure message and explain's probe.
template <class ShortOf>
void for_each_short_slot(const ResourceVector& request, const NodeInfo& node, ShortOf short_of) {
  for (size_t slot = 0; slot < request.size(); ++slot) {
    if (request.get(slot) > node.idle.get(slot) + node.releasing.get(slot)) {
      short_of(slot);
    }
  }
}

/// KAI's DRA-only-node guard in `PredicateByNodeResourcesType` (kai-scheduler-behavior.md
/// section 2.4) on a node with DRA GPUs: the v0.13 form rejects tasks with device-plugin GPUs
/// (`GPUs() > 0`: whole GPUs from containers and gpu-fraction; gpu-memory slips through), the
/// v0.17 form only shared requests. Empty when the task passes.
std::string dra_guard_problem(const PodTemplate& t, const NodeInfo& node, const KaiSwitches& kai);

/// Host-port conflicts with pods already on the node (NodePorts filter): same protocol and port,
/// and the same host IP or either side unspecified (0.0.0.0).
bool host_ports_conflict(const PodTemplate& t, const NodeInfo& node);

/// Element-wise maximum of the present nodes' allocatable vectors; nullopt with no node.
std::optional<ResourceVector> max_allocatable(const ClusterState& state);

/// KAI's MaxNodePoolResources pre-predicate: a description of the first request slot that
/// exceeds `pool_max` (from max_allocatable), or nullopt. Such a pod is unschedulable and
/// unresolvable (no eviction can help).
/// Slots in `ignore` are not checked (resources the fit delegates to DRA).
std::optional<std::string> exceeds_every_node(const PodTemplate& t,
                                              const std::optional<ResourceVector>& pool_max,
                                              const ResourceNames& names,
                                              const std::vector<size_t>& ignore = {});

}  // namespace drasim::model
