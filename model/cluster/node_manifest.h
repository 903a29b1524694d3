#pragma once
/// What a NodeInfo takes from its Node manifest: labels, taints, `spec.unschedulable`,
/// conditions, `status.allocatable` (the advertised names with it) and the GPU count and memory
/// labels. The cluster builder uses it at load, ClusterState::update_node when a timeline event
/// changes the manifest.

#include "model/cluster/cluster_state.h"
#include "model/k8s/node.h"

namespace drasim::model {

/// Overwrites the manifest parts of `info`; `allocatable` becomes the manifest's alone (DRA
/// GPUs are the caller's to add).
void take_manifest(NodeInfo& info, const Node& node, ResourceNames& names);

}  // namespace drasim::model
