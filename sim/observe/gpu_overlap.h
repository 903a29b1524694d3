#pragma once
/// GPUs given twice on a node migrated without a drain. Pods bound through the device plugin
/// keep their GPUs after the node stops advertising them, while the node's DRA driver publishes
/// every GPU of the node (it cannot see device-plugin allocations): once the GPUs still held
/// through the device plugin plus the DRA devices allocated exceed the node's GPUs, some GPU is
/// in two pods' hands. Reported once per node as a `double-count` anomaly.

#include "model/cluster/cluster_state.h"
#include "sim/observe/queue_ground_truth.h"

namespace drasim::sim {

/// Checks `node` after a pod was placed on it or its manifest changed.
void check_gpu_overlap(model::ClusterState& state, const QueueGroundTruth& truth,
                       model::NodeId node);

}  // namespace drasim::sim
