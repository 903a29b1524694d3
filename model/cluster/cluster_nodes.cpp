// ClusterState: node changes a timeline event makes (a new manifest, cordon and uncordon).
#include "model/cluster/cluster_state.h"
#include "model/cluster/node_manifest.h"

namespace drasim::model {

void ClusterState::update_node(NodeId id, const Node& version) {
  NodeInfo& n = node(id);
  NodeInfo fresh;
  take_manifest(fresh, version, names);
  // The DRA GPUs KAI added from the node's slices stay: only the manifest part changes.
  fresh.allocatable.add(kGpuSlot, n.dra_gpus * kMilliPerGpu);
  const ResourceVector delta = fresh.allocatable - n.allocatable;
  n.labels = std::move(fresh.labels);
  n.taints = std::move(fresh.taints);
  n.cordoned = n.cordoned || fresh.cordoned;
  n.conditions_problem = std::move(fresh.conditions_problem);
  n.condition_problem = n.cordoned ? kUnschedulableProblem : n.conditions_problem;
  n.advertised = std::move(fresh.advertised);
  n.gpu_count_labelled = fresh.gpu_count_labelled;
  if (n.gpu_count_labelled) {
    n.gpu_count = fresh.gpu_count;
  }
  n.gpu_groups.memory_mib = fresh.gpu_groups.memory_mib;
  n.gpu_groups.memory_synced = fresh.gpu_groups.memory_synced;
  n.present = true;
  touch_node(id);
  nodes_changed();
  filters_changed();
  // KAI's next snapshot charges the node's pods against the new allocatable (a running
  // device-plugin pod on a node that stopped advertising its GPUs is charged all the same).
  recharge_node(id, delta);
  // Filter answers depend on what the node advertises (KEP-5004 decides per node by it).
  dra_memo.clear();
  ++freed_version;
}

void ClusterState::set_present(NodeId id, bool present) {
  node(id).present = present;
  touch_node(id);
  nodes_changed();
  ++freed_version;  // a node that appears brings capacity; one that goes frees its pods' claims
}

void ClusterState::set_cordoned(NodeId id, bool cordoned) {
  NodeInfo& n = node(id);
  n.cordoned = cordoned;
  n.condition_problem = cordoned ? kUnschedulableProblem : n.conditions_problem;
  nodes_changed();
  filters_changed();
  ++freed_version;
}

}  // namespace drasim::model
