#pragma once
/// Shared vocabulary of the upstream allocator test vectors (kubernetes/kubernetes
/// staging/src/k8s.io/dynamic-resource-allocation/structured/internal/allocatortesting/
/// allocator_testing.go): the same names (class-a/driver-a, pool-1, node-1 in region-1 on planet
/// earth, ...) and the CEL expressions those cases use, given to the fake evaluator as C++
/// predicates with the meaning CEL gives them (a missing key is a runtime error).

#include "tests/model/dra/dra_fixture.h"
#include <algorithm>
#include <string>
#include <utility>
#include <vector>

namespace drasim::model::dra::upstream {

using namespace drasim::model::dra::testing;  // NOLINT

inline std::string driver_is(const std::string& driver) {
  return "device.driver == \"" + driver + "\"";
}

inline std::string memory_at_least(const std::string& amount) {
  return "device.capacity[\"driver-a\"].memory.compareTo(quantity(\"" + amount + "\")) >= 0";
}

inline std::string capacity0_at_least(const std::string& amount) {
  return "device.capacity[\"driver-a\"][\"capacity-0\"].compareTo(quantity(\"" + amount
         + "\")) >= 0";
}

inline std::string attribute_equals(const std::string& name, const std::string& value) {
  return "device.attributes[\"driver-a\"]." + name + " == \"" + value + "\"";
}

inline std::string attribute_true(const std::string& name) {
  return "device.attributes[\"driver-a\"]." + name;
}

/// `class(name, driver)` upstream: one selector on the driver name.
inline DeviceClass up_class(const std::string& name, const std::string& driver) {
  return device_class(name, {driver_is(driver)});
}

/// `classWithAllowMultipleAllocations(name, driver, multi)` upstream.
inline DeviceClass multi_class(const std::string& name, const std::string& driver, bool multi) {
  return device_class(name, {driver_is(driver) + " && multi == " + (multi ? "true" : "false")});
}

inline std::optional<Quantity> capacity_of(const Device& device, const std::string& name) {
  const auto it = device.capacity.find(name);
  if (it == device.capacity.end()) {
    return std::nullopt;
  }
  return it->second.value;
}

inline Predicate capacity_at_least(std::string name, std::string amount) {
  return
      [name = std::move(name), amount = std::move(amount)](const ResourceSlice&, const Device& d) {
        const std::optional<Quantity> value = capacity_of(d, name);
        if (!value) {
          return SelectorVerdict{SelectorVerdict::Kind::kError, "no such key: " + name};
        }
        return verdict(*value >= q(amount.c_str()));
      };
}

inline Predicate bool_attribute(std::string name) {
  return [name = std::move(name)](const ResourceSlice&, const Device& d) {
    const auto it = d.attributes.find(name);
    const bool* value = it == d.attributes.end() ? nullptr : std::get_if<bool>(&it->second);
    if (value == nullptr) {
      return SelectorVerdict{SelectorVerdict::Kind::kError, "no such key: " + name};
    }
    return verdict(*value);
  };
}

/// Registers every expression the upstream cases use.
inline void add_rules(FakeSelectors& selectors) {
  for (const std::string driver : {"driver-a", "driver-b"}) {
    selectors.rules[driver_is(driver)] = [driver](const ResourceSlice& s, const Device&) {
      return verdict(s.driver == driver);
    };
    for (const bool multi : {true, false}) {
      selectors.rules[driver_is(driver) + " && multi == " + (multi ? "true" : "false")] =
          [driver, multi](const ResourceSlice& s, const Device& d) {
            return verdict(s.driver == driver && d.allow_multiple_allocations == multi);
          };
    }
  }
  for (const char* amount : {"1Gi", "2Gi", "4Gi", "6Gi", "8Gi"}) {
    selectors.rules[memory_at_least(amount)] = capacity_at_least("memory", amount);
  }
  for (const char* amount : {"2", "4"}) {
    selectors.rules[capacity0_at_least(amount)] = capacity_at_least("capacity-0", amount);
  }
  for (const char* value : {"X", "Y"}) {
    selectors.rules[attribute_equals("type", value)] = attribute_is("type", value);
  }
  for (const char* value : {"v5", "v6"}) {
    selectors.rules[attribute_equals("generation", value)] = attribute_is("generation", value);
  }
  for (const char* name : {"special", "boolAttribute"}) {
    selectors.rules[attribute_true(name)] = bool_attribute(name);
  }
  selectors.rules[driver_is("driver-a") + " && selected"] = [](const ResourceSlice& s,
                                                               const Device& d) {
    const SelectorVerdict selected = bool_attribute("selected")(s, d);
    return s.driver == "driver-a" ? selected : verdict(false);
  };
}

/// An Env with upstream's node (node-1, region-1, planet earth), its expressions and the
/// features of a 1.35 cluster with every allocator gate on.
inline void up_env(Env& env) {
  add_rules(env.selectors);
  env.node = "node-1";
  env.labels = {{"region", "region-1"}, {"planet", "earth"}};
}

/// up_env plus upstream's `class(classA, driverA)`.
inline void up_env_class_a(Env& env) {
  up_env(env);
  env.classes = {up_class("class-a", "driver-a")};
}

/// up_env plus upstream's `class(classA, driverA)` and `class(classB, driverB)`.
inline void up_env_classes_a_b(Env& env) {
  up_env(env);
  env.classes = {up_class("class-a", "driver-a"), up_class("class-b", "driver-b")};
}

/// A device with a `memory` capacity and no consumable-capacity policy.
inline Device memory_device(const char* name, const char* memory) {
  Device d = device(name);
  d.capacity["memory"] = DeviceCapacity{q(memory), std::nullopt};
  return d;
}

/// Puts node-2 in region-2 as upstream's `node(node2, region2)`.
inline void on_node2(Env& env) {
  env.node = "node-2";
  env.labels = {{"region", "region-2"}, {"planet", "earth"}};
}

/// `allocatedDevices` upstream: the device is held exclusively by some other claim.
inline void mark_allocated(Env& env, const std::string& driver, const std::string& pool,
                           const std::string& device) {
  AllocationResult result;
  result.results.push_back({"other", driver, pool, device, std::nullopt, {}, {}, {}, "", {}});
  env.allocated.add(result);
}

/// `allocatedCapacityDevices` upstream: one share of the device consumes `amount` of capacity-0.
inline void mark_consumed(Env& env, const std::string& device, const char* amount) {
  AllocationResult result;
  result.results.push_back({"other",
                            "driver-a",
                            "pool-1",
                            device,
                            std::nullopt,
                            {},
                            {},
                            {},
                            "share-of-another-claim",
                            {{"capacity-0", q(amount)}}});
  env.allocated.add(result);
}

/// `request driver/pool/device` of every result, sorted (upstream matches with ConsistOf).
inline std::vector<std::string> got(const AllocationResult& allocation) {
  std::vector<std::string> out;
  for (const DeviceAllocationResult& r : allocation.results) {
    out.push_back(r.request + " " + r.driver + "/" + r.pool + "/" + r.device);
  }
  std::sort(out.begin(), out.end());
  return out;
}

inline std::vector<std::string> want(std::vector<std::string> entries) {
  std::sort(entries.begin(), entries.end());
  return entries;
}

/// Devices device-0 .. device-(n-1), as upstream's sliceWithMultipleDevices.
inline std::vector<Device> numbered(int n) {
  std::vector<Device> out;
  for (int i = 0; i < n; ++i) {
    out.push_back(device("device-" + std::to_string(i)));
  }
  return out;
}

/// A device whose consumption of one counter set is `counters`; with `from_counters` its
/// capacity mirrors the consumption (upstream's `fromCounters`).
inline Device with_counters(Device d, const std::string& set,
                            std::map<std::string, Quantity> counters, bool from_counters = true) {
  if (from_counters) {
    for (const auto& [name, value] : counters) {
      d.capacity[name] = DeviceCapacity{value, std::nullopt};
    }
  }
  d.consumes_counters.push_back({set, std::move(counters)});
  return d;
}

inline ResourceSlice counter_slice(std::string name, std::string pool, int64_t count,
                                   std::vector<CounterSet> sets, std::string node = "node-1") {
  ResourceSlice s =
      slice(std::move(name), "driver-a", std::move(pool), std::move(node), {}, 1, count);
  s.shared_counters = std::move(sets);
  return s;
}

/// `withCapacityRequestPolicyRange`: default 2, range min 2 step 2 max 4.
inline Device with_range_policy(Device d, const char* value) {
  CapacityRequestPolicy policy;
  policy.default_value = q("2");
  policy.range_min = q("2");
  policy.range_step = q("2");
  policy.range_max = q("4");
  d.capacity["capacity-0"] = DeviceCapacity{q(value), policy};
  return d;
}

/// `withCapacityRequestPolicyValidValues`: the default first, then the extra values.
inline Device with_valid_values(Device d, const char* default_value, const char* value,
                                std::vector<const char*> extra = {}) {
  CapacityRequestPolicy policy;
  policy.default_value = q(default_value);
  policy.valid_values.push_back(q(default_value));
  for (const char* v : extra) {
    policy.valid_values.push_back(q(v));
  }
  d.capacity["capacity-0"] = DeviceCapacity{q(value), policy};
  return d;
}

inline Device multi(Device d) {
  d.allow_multiple_allocations = true;
  return d;
}

inline DeviceRequest with_capacity(DeviceRequest r, const char* amount) {
  r.exactly->capacity_requests = {{"capacity-0", q(amount)}};
  return r;
}

inline DeviceSubRequest with_capacity(DeviceSubRequest r, const char* amount) {
  r.capacity_requests = {{"capacity-0", q(amount)}};
  return r;
}

inline DeviceRequest selected(DeviceRequest r, const std::string& expression) {
  r.exactly->selectors.push_back({expression, {}});
  return r;
}

inline DeviceSubRequest selected(DeviceSubRequest r, const std::string& expression) {
  r.selectors.push_back({expression, {}});
  return r;
}

inline DeviceSubRequest all_sub(std::string name, std::string class_name) {
  DeviceSubRequest r = sub(std::move(name), std::move(class_name), 0);
  r.allocation_mode = AllocationMode::kAll;
  return r;
}

}  // namespace drasim::model::dra::upstream
