#include "model/kai/plugins/dynamicresources/device_verdicts.h"

#include "model/dra/cel_selector_evaluator.h"
#include "model/dra/inventory.h"

#include <fmt/format.h>

namespace drasim::model {
namespace {

/// Why `selectors` reject the device (empty when they accept it); `whose` names them.
std::string rejected_by(dra::SelectorEvaluator& cel, const std::vector<CelSelector>& selectors,
                        const std::string& whose, const ResourceSlice& slice,
                        const Device& device) {
  for (const CelSelector& s : selectors) {
    const dra::SelectorVerdict v =
        cel.evaluate(s, slice, device, device.allow_multiple_allocations);
    if (v.kind == dra::SelectorVerdict::Kind::kFalse) {
      return fmt::format("{}: {} is false", whose, s.expression);
    }
    if (v.kind == dra::SelectorVerdict::Kind::kError) {
      return fmt::format("{}: {}: {}", whose, s.expression, v.error);
    }
  }
  return {};
}

}  // namespace

std::vector<DeviceVerdict> device_verdicts(const ClusterState& state, PodId pod,
                                           const NodeInfo& node) {
  std::vector<DeviceVerdict> out;
  if (!state.dra.inventory) {
    return out;
  }
  const dra::Inventory& inventory = *state.dra.inventory;
  dra::CelSelectorEvaluator cel;
  for (const ClaimId id : state.pod(pod).claims) {
    if (!id.valid() || !state.claims.at(id).present || state.claims.at(id).claim.allocation) {
      continue;
    }
    const ResourceClaim& claim = state.claims.at(id).claim;
    const std::string claim_name = claim.meta.namespace_name + "/" + claim.meta.name;
    for (const DeviceRequest& request : claim.spec.requests) {
      std::vector<std::pair<std::string, const DeviceSubRequest*>> asks;
      if (request.exactly) {
        asks.emplace_back(request.name, &*request.exactly);
      }
      for (const DeviceSubRequest& sub : request.first_available) {
        asks.emplace_back(request.name + "/" + sub.name, &sub);
      }
      for (const auto& [name, ask] : asks) {
        const DeviceClass* cls = inventory.find_class(ask->device_class_name);
        for (const uint32_t s : inventory.node_local_slices(node.name)) {
          const ResourceSlice& slice = inventory.slices()[s];
          for (const Device& device : slice.devices) {
            DeviceVerdict v{claim_name, name,
                            slice.driver + "/" + slice.pool.name + "/" + device.name, false, ""};
            if (cls == nullptr) {
              v.why = "no DeviceClass " + ask->device_class_name;
            } else {
              v.why = rejected_by(cel, cls->selectors, "class " + cls->meta.name, slice, device);
              if (v.why.empty()) {
                v.why = rejected_by(cel, ask->selectors, "request selector", slice, device);
              }
            }
            if (v.why.empty() && !device.allow_multiple_allocations
                && state.claims.allocated().is_exclusive(
                    dra::DeviceKey{slice.driver, slice.pool.name, device.name})) {
              v.why = "allocated to another claim";
            }
            v.accepted = v.why.empty();
            out.push_back(std::move(v));
          }
        }
      }
    }
  }
  return out;
}

}  // namespace drasim::model
