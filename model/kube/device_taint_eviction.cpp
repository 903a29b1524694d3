#include "model/kube/device_taint_eviction.h"

#include "model/dra/inventory.h"

#include <fmt/format.h>

#include <algorithm>

namespace drasim::model {
namespace {

const Device* find_device(const dra::Inventory& inventory, const PodDevice& d) {
  for (const uint32_t i : inventory.pool_slices(d.driver, d.pool)) {
    for (const Device& device : inventory.slice(i).devices) {
      if (device.name == d.device) {
        return &device;
      }
    }
  }
  return nullptr;
}

/// The tolerations the allocation recorded for the device (the request's; the KEP-5004 claim
/// has none).
const std::vector<Toleration>* tolerations_of(const ClusterState& state, PodId pod,
                                              const PodDevice& d) {
  const auto id = state.claims.find(state.spec_of(pod).namespace_name, d.claim);
  if (!id || !state.claims.at(*id).claim.allocation) {
    return nullptr;
  }
  for (const DeviceAllocationResult& r : state.claims.at(*id).claim.allocation->results) {
    if (r.driver == d.driver && r.pool == d.pool && r.device == d.device) {
      return &r.tolerations;
    }
  }
  return nullptr;
}

}  // namespace

std::vector<TaintEviction> device_taint_evictions(const ClusterState& state) {
  std::vector<TaintEviction> out;
  if (state.dra.inventory == nullptr || !state.dra.features.device_taints) {
    return out;
  }
  static const std::vector<Toleration> kNone;
  for (size_t i = 0; i < state.pods.size(); ++i) {
    const PodId id = PodId::from_index(i);
    const PodInfo& p = state.pods[i];
    if (p.phase != PodPhase::kBinding && p.phase != PodPhase::kRunning) {
      continue;
    }
    for (const PodDevice& d : p.devices) {
      const Device* device = find_device(*state.dra.inventory, d);
      if (device == nullptr) {
        continue;
      }
      const std::vector<Toleration>* tolerations = tolerations_of(state, id, d);
      for (const Taint& t : device->taints) {
        if (t.effect != TaintEffect::kNoExecute) {
          continue;
        }
        const std::vector<Toleration>& list = tolerations != nullptr ? *tolerations : kNone;
        const bool tolerated = std::any_of(list.begin(), list.end(),
                                           [&](const Toleration& x) { return tolerates(x, t); });
        if (!tolerated) {
          out.push_back({id, fmt::format("device {}/{}/{} has the NoExecute taint {}={}", d.driver,
                                         d.pool, d.device, t.key, t.value)});
          break;
        }
      }
      if (!out.empty() && out.back().pod == id) {
        break;
      }
    }
  }
  return out;
}

}  // namespace drasim::model
