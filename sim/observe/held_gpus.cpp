#include "sim/observe/held_gpus.h"

#include "model/cluster/dra_gpus.h"
#include "model/dra/inventory.h"
#include "model/kai/api/pod_request.h"

#include <algorithm>
#include <string_view>
#include <vector>

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

bool advertises_gpus(const model::NodeInfo& node) {
  return std::any_of(node.advertised.begin(), node.advertised.end(), [](const std::string& name) {
    return model::ResourceNames::is_gpu_name(name);
  });
}

std::pair<int64_t, int64_t> dra_gpu_devices(const model::ClusterState& state,
                                            const model::NodeInfo& node) {
  if (state.dra.inventory == nullptr) {
    return {0, 0};
  }
  const model::dra::AllocatedDevices& allocated = state.claims.allocated();
  int64_t devices = 0;
  int64_t held = 0;
  std::vector<std::string_view> taken;  // the held devices of the slice's pool, sorted
  for (const uint32_t index : state.dra.inventory->node_local_slices(node.name)) {
    const model::ResourceSlice& slice = state.dra.inventory->slice(index);
    if (!model::is_gpu_name(slice.driver)) {
      continue;
    }
    allocated.held_in_pool(slice.driver, slice.pool.name, taken);
    for (const model::Device& d : slice.devices) {
      ++devices;
      held += std::binary_search(taken.begin(), taken.end(), std::string_view(d.name)) ? 1 : 0;
    }
  }
  return {devices, held};
}

}  // namespace drasim::sim
