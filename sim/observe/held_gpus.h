#pragma once
/// What a pod physically holds of its node's GPUs through the device plugin, shared by the quota
/// ground truth (sim/observe/queue_ground_truth.h) and the utilization metrics
/// (sim/observe/metrics_recorder.h).

#include "model/cluster/cluster_state.h"

#include <cstdint>
#include <utility>

namespace drasim::sim {

/// The GPUs the device plugin gave the pod on `node`, in milli-GPUs: its container requests for
/// resources the node advertises (`status.allocatable`, not KAI's GPU slot, which also holds DRA
/// GPUs), converted as KAI counts TotalGPUs (a MIG slice `mig-<G>g.*` is G GPUs). Claim GPUs and
/// GPUs the KEP-5004 bridge serves on a node that does not advertise them are devices of
/// claims, counted from those instead.
int64_t device_plugin_gpu_milli(const model::ClusterState& state, const model::PodTemplate& t,
                                const model::NodeInfo& node);

/// The non-claim GPUs a placed pod holds: for a shared pod (gpu-fraction, gpu-memory) the
/// portion KAI charges (the model charges it both to the node's GPU groups and to the queue, so
/// `quota_of` is the truth for it), else device_plugin_gpu_milli on its node.
int64_t held_gpu_milli(const model::ClusterState& state, model::PodId pod);

/// Whether the node advertises a GPU resource in `status.allocatable` (a name ending in `gpu`):
/// a device-plugin GPU node.
bool advertises_gpus(const model::NodeInfo& node);

/// GPU devices of the node's node-local slices (drivers whose name contains `gpu`, KAI's test)
/// and how many of them claims hold.
std::pair<int64_t, int64_t> dra_gpu_devices(const model::ClusterState& state,
                                            const model::NodeInfo& node);

}  // namespace drasim::sim
