#include "model/kai/plugins/dynamicresources/device_verdicts.h"

#include "model/dra/cel_selector_evaluator.h"
#include "model/dra/constraints.h"
#include "model/dra/consumable_capacity.h"
#include "model/dra/pools.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <variant>

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

/// The first counter the device alone would overdraw (allocator checkAvailableCounters).
std::string counters_problem(const dra::Pool& pool, const dra::CounterTable& available,
                             const Device& device) {
  dra::CounterTable needs;
  for (const std::vector<Quantity>& set : available) {
    needs.emplace_back(set.size(), Quantity());
  }
  dra::add_consumption(pool, device, dra::Sign::kPlus, needs);
  for (size_t j = 0; j < needs.size(); ++j) {
    size_t i = 0;
    for (const auto& [name, declared] : pool.counter_sets[j]->counters) {
      if (needs[j][i] > available[j][i]) {
        return fmt::format(
            "counter set {}: {} needs {}, {} left", pool.counter_sets[j]->name, name,
            needs[j][i].to_binary_string(),
            available[j][i] > Quantity() ? available[j][i].to_binary_string() : "none");
      }
      ++i;
    }
  }
  return {};
}

/// The first requested capacity the device cannot give (consumable capacity).
std::string capacity_problem(const std::map<std::string, Quantity>& requests, const Device& device,
                             const std::map<std::string, Quantity>* allocated) {
  if (dra::capacity_fits(requests, device, allocated, nullptr, nullptr)) {
    return {};
  }
  for (const auto& [name, amount] : requests) {
    if (!device.capacity.contains(name)) {
      return fmt::format("capacity {}: the device has none", name);
    }
  }
  for (const auto& [name, capacity] : device.capacity) {
    const auto asked = requests.find(name);
    const Quantity consumed = dra::consumed_amount(
        asked == requests.end() ? std::nullopt : std::optional<Quantity>(asked->second), capacity);
    if (asked != requests.end() && dra::violates_policy(consumed, capacity.request_policy)) {
      return fmt::format("capacity {}: {} breaks its request policy", name,
                         consumed.to_binary_string());
    }
    Quantity left = capacity.value;
    if (allocated != nullptr) {
      if (const auto held = allocated->find(name); held != allocated->end()) {
        left = left - held->second;
      }
    }
    if (consumed > left) {
      return fmt::format("capacity {}: asks {}, {} left of {}", name, consumed.to_binary_string(),
                         left.to_binary_string(), capacity.value.to_binary_string());
    }
  }
  return "capacity: does not fit";
}

/// A device that passed, for the constraint tallies.
struct Passed {
  const std::string* base;  ///< the request
  std::string_view sub;     ///< its firstAvailable alternative, empty for `exactly`
  std::string id;           ///< `driver/pool/device`
  const ResourceSlice* slice;
  const Device* device;
};

ConstraintTally tally(const std::string& claim, const DeviceConstraint& c,
                      const std::vector<Passed>& passed) {
  const bool match = !c.match_attribute.empty();
  ConstraintTally out{claim,      match, match ? c.match_attribute : c.distinct_attribute,
                      c.requests, {},    0};
  const dra::ClaimConstraint covers(
      match ? dra::ClaimConstraint::Kind::kMatch : dra::ClaimConstraint::Kind::kDistinct,
      out.attribute, c.requests, false);
  const size_t slash = out.attribute.rfind('/');
  const std::string identifier =
      slash == std::string::npos ? out.attribute : out.attribute.substr(slash + 1);
  std::map<std::string, size_t> values;
  std::vector<std::string_view> seen;  // a device passing for two requests counts once
  for (const Passed& p : passed) {
    if (!covers.applies_to(*p.base, p.sub)
        || std::find(seen.begin(), seen.end(), p.id) != seen.end()) {
      continue;
    }
    seen.push_back(p.id);
    const AttributeValue* v =
        dra::lookup_attribute(*p.device, p.slice->driver, out.attribute, identifier);
    if (v == nullptr) {
      ++out.missing;
    } else {
      ++values[attribute_text(*v)];
    }
  }
  out.values.assign(values.begin(), values.end());
  return out;
}

/// One request or firstAvailable alternative as the device checks need it.
struct Ask {
  const DeviceSubRequest& sub;
  const DeviceClass* device_class;
  bool admin;  ///< adminAccess: a device another claim holds is still usable
  bool all;    ///< allocationMode All
};

/// The first check that refuses `device` for `ask`, in the allocator's order; empty when none
/// does.
std::string refusal(const ClusterState& state, dra::SelectorEvaluator& cel, const dra::Pool& pool,
                    const dra::CounterTable& available, const Ask& ask, const ResourceSlice& slice,
                    const Device& device, const dra::DeviceKey& key) {
  const dra::DraFeatures& features = state.dra.features;
  if (pool.invalid) {
    return fmt::format("pool {} invalid: {}", pool.id(), pool.invalid_reason);
  }
  if (pool.incomplete && (features.minor >= 35 || ask.all)) {
    return fmt::format("pool {} incomplete: not every slice of generation {} is published",
                       pool.id(), pool.generation);
  }
  if (ask.device_class == nullptr) {
    return "no DeviceClass " + ask.sub.device_class_name;
  }
  std::string why = rejected_by(cel, ask.device_class->selectors,
                                "class " + ask.device_class->meta.name, slice, device);
  if (why.empty()) {
    why = rejected_by(cel, ask.sub.selectors, "request selector", slice, device);
  }
  if (!why.empty()) {
    return why;
  }
  if (!ask.admin && !device.allow_multiple_allocations
      && state.claims.allocated().is_exclusive(key)) {
    return "allocated to another claim";
  }
  if (features.partitionable_devices) {
    if (std::string c = counters_problem(pool, available, device); !c.empty()) {
      return c;
    }
  }
  if (features.device_taints) {
    if (const Taint* taint = dra::untolerated_taint(features, ask.sub.tolerations, device)) {
      return fmt::format("taint {}{}{}:{} not tolerated", taint->key,
                         taint->value.empty() ? "" : "=", taint->value, to_string(taint->effect));
    }
  }
  if (features.consumable_capacity) {
    return capacity_problem(ask.sub.capacity_requests, device,
                            state.claims.allocated().consumed(key));
  }
  return {};
}

}  // namespace

NodeDevices device_verdicts(const ClusterState& state, PodId pod, const NodeInfo& node) {
  NodeDevices out;
  if (!state.dra.inventory) {
    return out;
  }
  const dra::Inventory& inventory = *state.dra.inventory;
  const dra::DraFeatures& features = state.dra.features;
  const std::vector<dra::Pool> pools =
      dra::gather_pools(inventory, features, node.name, node.labels);
  std::vector<dra::CounterTable> available;
  for (const dra::Pool& pool : pools) {
    available.push_back(features.partitionable_devices
                            ? dra::available_counters(pool, state.claims.allocated())
                            : dra::CounterTable{});
  }
  dra::CelSelectorEvaluator cel;
  for (const ClaimId id : state.pod(pod).claims) {
    if (!id.valid() || !state.claims.at(id).present || state.claims.at(id).claim.allocation) {
      continue;
    }
    const ResourceClaim& claim = state.claims.at(id).claim;
    const std::string claim_name = claim.meta.namespace_name + "/" + claim.meta.name;
    std::vector<Passed> passed;
    for (const DeviceRequest& request : claim.spec.requests) {
      std::vector<const DeviceSubRequest*> subs;
      if (request.exactly) {
        subs.push_back(&*request.exactly);
      }
      for (const DeviceSubRequest& sub : request.first_available) {
        subs.push_back(&sub);
      }
      for (const DeviceSubRequest* sub : subs) {
        const std::string_view sub_name = request.exactly ? std::string_view() : sub->name;
        const std::string name =
            sub_name.empty() ? request.name : request.name + "/" + std::string(sub_name);
        const Ask ask{*sub, inventory.find_class(sub->device_class_name),
                      request.admin_access.value_or(false),
                      sub->allocation_mode == AllocationMode::kAll};
        RequestTally t{claim_name, name, ask.all, sub->count, 0};
        for (size_t p = 0; p < pools.size(); ++p) {
          for (const ResourceSlice* slice : pools[p].device_slices) {
            for (const Device& device : slice->devices) {
              const dra::DeviceKey key{slice->driver, slice->pool.name, device.name};
              std::string why =
                  refusal(state, cel, pools[p], available[p], ask, *slice, device, key);
              const bool accepted = why.empty();
              if (accepted) {
                ++t.accepted;
                passed.push_back(Passed{&request.name, sub_name, to_string(key), slice, &device});
              }
              out.devices.push_back(
                  DeviceVerdict{claim_name, name, to_string(key), accepted, std::move(why)});
            }
          }
        }
        out.requests.push_back(std::move(t));
      }
    }
    for (const DeviceConstraint& c : claim.spec.constraints) {
      out.constraints.push_back(tally(claim_name, c, passed));
    }
  }
  return out;
}

}  // namespace drasim::model
