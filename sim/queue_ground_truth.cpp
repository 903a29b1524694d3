#include "sim/queue_ground_truth.h"

#include "model/dra_gpus.h"
#include "model/pod_request.h"

namespace drasim::sim {
namespace {

bool counted(model::PodPhase phase) {
  return phase == model::PodPhase::kBinding || phase == model::PodPhase::kRunning;
}

/// The GPUs the device plugin gave the pod: its container requests for resources its node
/// advertises (`status.allocatable`, not KAI's GPU slot, which also holds DRA GPUs), converted
/// as KAI counts TotalGPUs (a MIG slice `mig-<G>g.*` is G GPUs). Claim GPUs and GPUs the
/// KEP-5004 bridge serves on a node that does not advertise them are devices of claims,
/// counted from those instead.
int64_t device_plugin_gpu_milli(const model::ClusterState& state, const model::PodTemplate& t,
                                const model::NodeInfo& node) {
  model::ResourceVector served(t.request.size());
  const auto advertised = [&](size_t slot) {
    return slot < t.slot_names.size() && !t.slot_names[slot].empty()
           && node.advertises(t.slot_names[slot]);
  };
  for (size_t slot = model::kPodsSlot + 1; slot < t.request.size(); ++slot) {
    if (advertised(slot)) {
      served.set(slot, t.request.get(slot));
    }
  }
  if (advertised(model::kGpuSlot)) {
    served.set(model::kGpuSlot, t.request.get(model::kGpuSlot) - t.claim_gpu_milli);
  }
  return model::quota_vector(served, state.names)[model::kGpuSlot];
}

}  // namespace

QueueGroundTruth::QueueGroundTruth(const model::ClusterState& state)
    : pods_(state.pods.size()), queues_(state.queues.size()) {}

QueueGroundTruth::Held QueueGroundTruth::held_by(const model::ClusterState& state,
                                                 model::PodId pod) const {
  const model::PodInfo& p = state.pod(pod);
  const model::PodTemplate& t = state.spec_of(pod);
  Held h;
  h.counted = true;
  h.queue = state.jobs[p.job.index()].queue;
  h.amounts[0] = t.request.get(model::kCpuSlot);
  h.amounts[1] = t.request.get(model::kMemorySlot);
  // A shared pod's GPU is its portion of devices it shares with others; the model charges that
  // portion both to the node's GPU groups and to the queue, so quota_of is the truth for it.
  h.amounts[2] = t.gpu_share.shared() ? state.quota_of(pod)[2]
                                      : device_plugin_gpu_milli(state, t, state.node(p.node));
  h.device_keys = model::dra_gpu_keys(p.devices);
  return h;
}

void QueueGroundTruth::apply(const model::ClusterState& state, const Held& held, int sign,
                             model::PodId pod) {
  for (model::QueueId id = held.queue; id.valid(); id = state.queues[id.index()].parent) {
    QueueTruth& q = queues_[id.index()];
    for (size_t r = 0; r < q.actual.size(); ++r) {
      q.actual[r] += sign * held.amounts[r];
    }
    for (const std::string& key : held.device_keys) {
      int& refs = q.device_refs[key];
      // Only the first holder adds the device and only the last one removes it.
      if (sign > 0 && refs++ == 0) {
        q.actual[2] += model::kMilliPerGpu;
      }
      if (sign < 0 && --refs == 0) {
        q.actual[2] -= model::kMilliPerGpu;
        q.device_refs.erase(key);
      }
    }
    q.last_pod = pod;
  }
}

void QueueGroundTruth::sync(const model::ClusterState& state, model::PodId pod) {
  Held& held = pods_[pod.index()];
  const bool now_counted = counted(state.pod(pod).phase);
  if (held.counted == now_counted) {
    return;
  }
  if (now_counted) {
    held = held_by(state, pod);
    apply(state, held, 1, pod);
    return;
  }
  apply(state, held, -1, pod);
  held = Held{};
}

}  // namespace drasim::sim
