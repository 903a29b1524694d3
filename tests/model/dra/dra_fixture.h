#pragma once
/// Builders and a fake SelectorEvaluator for the structured allocator tests. The fake maps an
/// expression text to a C++ predicate, so tests state selector semantics without CEL.

#include "model/dra/allocated_devices.h"
#include "model/dra/allocator.h"
#include "model/dra/features.h"
#include "model/dra/inventory.h"
#include "model/dra/selector_evaluator.h"
#include "model/k8s/dra_objects.h"

#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace drasim::model::dra::testing {

using Predicate = std::function<SelectorVerdict(const ResourceSlice&, const Device&)>;

/// Expression text -> verdict. Unknown expressions are a runtime error naming the text.
class FakeSelectors : public SelectorEvaluator {
 public:
  std::map<std::string, Predicate> rules;
  int evaluations = 0;

  SelectorVerdict evaluate(const CelSelector& selector, const ResourceSlice& slice,
                           const Device& device, bool /*consumable_capacity*/) override {
    ++evaluations;
    const auto it = rules.find(selector.expression);
    if (it == rules.end()) {
      return {SelectorVerdict::Kind::kError, "unknown expression " + selector.expression};
    }
    return it->second(slice, device);
  }
};

inline SelectorVerdict verdict(bool value) {
  return {value ? SelectorVerdict::Kind::kTrue : SelectorVerdict::Kind::kFalse, {}};
}

/// A predicate on one string attribute (bare name) of the device.
inline Predicate attribute_is(std::string name, std::string value) {
  return [name = std::move(name), value = std::move(value)](const ResourceSlice&,
                                                            const Device& device) {
    const auto it = device.attributes.find(name);
    if (it == device.attributes.end()) {
      return SelectorVerdict{SelectorVerdict::Kind::kError, "no such key: " + name};
    }
    const auto* text = std::get_if<std::string>(&it->second);
    return verdict(text != nullptr && *text == value);
  };
}

inline Quantity q(const char* text) {
  return *Quantity::parse(text);
}

inline Device device(std::string name, std::map<std::string, AttributeValue> attributes = {}) {
  Device d;
  d.name = std::move(name);
  d.attributes = std::move(attributes);
  return d;
}

inline ResourceSlice slice(std::string name, std::string driver, std::string pool, std::string node,
                           std::vector<Device> devices, int64_t generation = 1, int64_t count = 1) {
  ResourceSlice s;
  s.meta.name = std::move(name);
  s.driver = std::move(driver);
  s.pool = ResourcePool{std::move(pool), generation, count};
  s.node_name = std::move(node);
  s.devices = std::move(devices);
  return s;
}

inline DeviceClass device_class(std::string name, std::vector<std::string> selectors = {},
                                std::vector<std::string> config_drivers = {}) {
  DeviceClass c;
  c.meta.name = std::move(name);
  for (std::string& expression : selectors) {
    c.selectors.push_back({std::move(expression), {}});
  }
  for (std::string& driver : config_drivers) {
    c.config.push_back({std::move(driver), {}});
  }
  return c;
}

inline DeviceSubRequest sub(std::string name, std::string class_name, int64_t count = 1) {
  DeviceSubRequest r;
  r.name = std::move(name);
  r.device_class_name = std::move(class_name);
  r.count = count;
  return r;
}

inline DeviceRequest exact(std::string name, std::string class_name, int64_t count = 1) {
  DeviceRequest r;
  r.name = name;
  r.exactly = sub(std::move(name), std::move(class_name), count);
  return r;
}

inline DeviceRequest all(std::string name, std::string class_name) {
  DeviceRequest r = exact(std::move(name), std::move(class_name));
  r.exactly->allocation_mode = AllocationMode::kAll;
  return r;
}

inline DeviceRequest first_available(std::string name, std::vector<DeviceSubRequest> subs) {
  DeviceRequest r;
  r.name = std::move(name);
  r.first_available = std::move(subs);
  return r;
}

inline ResourceClaim claim(std::string name, std::vector<DeviceRequest> requests,
                           std::vector<DeviceConstraint> constraints = {}) {
  ResourceClaim c;
  c.meta.name = std::move(name);
  c.meta.namespace_name = "default";
  c.spec.requests = std::move(requests);
  c.spec.constraints = std::move(constraints);
  return c;
}

inline DeviceConstraint match(std::string attribute, std::vector<std::string> requests = {}) {
  DeviceConstraint c;
  c.match_attribute = std::move(attribute);
  c.requests = std::move(requests);
  return c;
}

inline DeviceConstraint distinct(std::string attribute, std::vector<std::string> requests = {}) {
  DeviceConstraint c;
  c.distinct_attribute = std::move(attribute);
  c.requests = std::move(requests);
  return c;
}

/// Features of a default 1.35 cluster with every allocator feature on.
inline DraFeatures all_features(int minor = 35) {
  DraFeatures f;
  f.minor = minor;
  f.admin_access = true;
  f.prioritized_list = true;
  f.partitionable_devices = true;
  f.consumable_capacity = true;
  f.device_taints = true;
  f.device_taint_rules = true;
  f.device_binding_and_status = true;
  return f;
}

/// A cluster description plus one-call allocation.
struct Env {
  std::vector<DeviceClass> classes;
  std::vector<ResourceSlice> slices;
  std::vector<DeviceTaintRule> rules;
  FakeSelectors selectors;
  AllocatedDevices allocated;
  DraFeatures features = all_features();
  std::string node = "node-1";
  StringMap labels;

  AllocateOutcome run(std::vector<ResourceClaim> claims) {
    const Inventory inventory(classes, slices, rules, features);
    Allocator allocator(features, inventory, allocated, selectors);
    std::vector<const ResourceClaim*> pointers;
    for (const ResourceClaim& c : claims) {
      pointers.push_back(&c);
    }
    return allocator.allocate(node, labels, pointers);
  }
};

/// `pool/device` of every result of one allocation, in order.
inline std::vector<std::string> picked(const AllocationResult& allocation) {
  std::vector<std::string> names;
  for (const DeviceAllocationResult& result : allocation.results) {
    names.push_back(result.pool + "/" + result.device);
  }
  return names;
}

}  // namespace drasim::model::dra::testing
