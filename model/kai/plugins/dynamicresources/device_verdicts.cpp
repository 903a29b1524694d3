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

std::string attribute_text(const AttributeValue& v) {
  return std::visit(
      [](const auto& x) -> std::string {
        using T = std::decay_t<decltype(x)>;
        if constexpr (std::is_same_v<T, std::string>) {
          return x;
        } else if constexpr (std::is_same_v<T, SemVer>) {
          return x.text;
        } else if constexpr (std::is_same_v<T, bool>) {
          return x ? "true" : "false";
        } else {
          return std::to_string(x);
        }
      },
      v);
}

/// A device that passed, for the constraint tallies.
struct Passed {
  std::string request;  ///< `req` or `req/sub`
  const ResourceSlice* slice;
  const Device* device;
};

ConstraintTally tally(const std::string& claim, const DeviceConstraint& c,
                      const std::vector<Passed>& passed) {
  ConstraintTally out{claim,
                      !c.match_attribute.empty(),
                      c.match_attribute.empty() ? c.distinct_attribute : c.match_attribute,
                      c.requests,
                      {},
                      0};
  const size_t slash = out.attribute.rfind('/');
  const std::string identifier =
      slash == std::string::npos ? out.attribute : out.attribute.substr(slash + 1);
  std::map<std::string, size_t> values;
  std::vector<std::string> seen;  // a device passing for two requests counts once
  for (const Passed& p : passed) {
    const std::string base = p.request.substr(0, p.request.find('/'));
    if (!c.requests.empty()
        && std::find(c.requests.begin(), c.requests.end(), base) == c.requests.end()
        && std::find(c.requests.begin(), c.requests.end(), p.request) == c.requests.end()) {
      continue;
    }
    const std::string id = p.slice->driver + "/" + p.slice->pool.name + "/" + p.device->name;
    if (std::find(seen.begin(), seen.end(), id) != seen.end()) {
      continue;
    }
    seen.push_back(id);
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
      const bool admin = request.admin_access.value_or(false);
      std::vector<std::pair<std::string, const DeviceSubRequest*>> asks;
      if (request.exactly) {
        asks.emplace_back(request.name, &*request.exactly);
      }
      for (const DeviceSubRequest& sub : request.first_available) {
        asks.emplace_back(request.name + "/" + sub.name, &sub);
      }
      for (const auto& [name, ask] : asks) {
        RequestTally t{claim_name, name, ask->allocation_mode == AllocationMode::kAll, ask->count,
                       0};
        const DeviceClass* cls = inventory.find_class(ask->device_class_name);
        for (size_t p = 0; p < pools.size(); ++p) {
          const dra::Pool& pool = pools[p];
          for (const ResourceSlice* slice : pool.device_slices) {
            for (const Device& device : slice->devices) {
              const dra::DeviceKey key{slice->driver, slice->pool.name, device.name};
              DeviceVerdict v{claim_name, name, to_string(key), false, ""};
              if (pool.invalid) {
                v.why = fmt::format("pool {} invalid: {}", pool.id(), pool.invalid_reason);
              } else if (pool.incomplete && (features.minor >= 35 || t.all)) {
                v.why = fmt::format(
                    "pool {} incomplete: not every slice of generation {} is "
                    "published",
                    pool.id(), pool.generation);
              } else if (cls == nullptr) {
                v.why = "no DeviceClass " + ask->device_class_name;
              } else {
                v.why = rejected_by(cel, cls->selectors, "class " + cls->meta.name, *slice, device);
              }
              if (v.why.empty()) {
                v.why = rejected_by(cel, ask->selectors, "request selector", *slice, device);
              }
              // Admin access may use a device another claim holds.
              if (v.why.empty() && !admin && !device.allow_multiple_allocations
                  && state.claims.allocated().is_exclusive(key)) {
                v.why = "allocated to another claim";
              }
              if (v.why.empty() && features.partitionable_devices) {
                v.why = counters_problem(pool, available[p], device);
              }
              if (v.why.empty() && features.device_taints) {
                if (const Taint* taint =
                        dra::untolerated_taint(features, ask->tolerations, device)) {
                  v.why = fmt::format("taint {}{}{}:{} not tolerated", taint->key,
                                      taint->value.empty() ? "" : "=", taint->value,
                                      to_string(taint->effect));
                }
              }
              if (v.why.empty() && features.consumable_capacity) {
                v.why = capacity_problem(ask->capacity_requests, device,
                                         state.claims.allocated().consumed(key));
              }
              v.accepted = v.why.empty();
              if (v.accepted) {
                ++t.accepted;
                passed.push_back(Passed{name, slice, &device});
              }
              out.devices.push_back(std::move(v));
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
