#include "sim/held_gpus.h"

#include "model/pod_request.h"

namespace drasim::sim {

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

int64_t held_gpu_milli(const model::ClusterState& state, model::PodId pod) {
  const model::PodTemplate& t = state.spec_of(pod);
  return t.gpu_share.shared() ? state.quota_of(pod)[2]
                              : device_plugin_gpu_milli(state, t, state.node(state.pod(pod).node));
}

}  // namespace drasim::sim
