#pragma once
/// resource.k8s.io objects (v1 shape; v1beta1/v1beta2 spellings are normalised to it by the
/// loader): DeviceClass, ResourceSlice, ResourceClaim, ResourceClaimTemplate, DeviceTaintRule.

#include "model/k8s/node_selector.h"
#include "model/k8s/object_meta.h"
#include "model/k8s/quantity.h"
#include "model/k8s/taint.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace drasim::model {

/// A CEL selector expression and where it was written (compile errors point there).
struct CelSelector {
  std::string expression;
  SourceRef source;

  friend bool operator==(const CelSelector&, const CelSelector&) = default;
};

/// `opaque` configuration: only the driver matters to allocation; parameters are kept as text.
struct OpaqueConfig {
  std::string driver;
  std::vector<std::string> requests;  ///< claim config only; empty = all requests

  friend bool operator==(const OpaqueConfig&, const OpaqueConfig&) = default;
};

struct DeviceClass {
  ObjectMeta meta;
  std::vector<CelSelector> selectors;
  std::vector<OpaqueConfig> config;
  std::string extended_resource_name;

  friend bool operator==(const DeviceClass&, const DeviceClass&) = default;
};

/// A semantic version attribute value (`version: 1.2.3`), kept as its text.
struct SemVer {
  std::string text;

  friend bool operator==(const SemVer&, const SemVer&) = default;
};

using AttributeValue = std::variant<int64_t, bool, std::string, SemVer>;

/// An attribute's value as written (`42`, `true`, `H100`, `1.2.3`).
inline std::string attribute_text(const AttributeValue& v) {
  if (const auto* i = std::get_if<int64_t>(&v)) {
    return std::to_string(*i);
  }
  if (const auto* b = std::get_if<bool>(&v)) {
    return *b ? "true" : "false";
  }
  if (const auto* s = std::get_if<std::string>(&v)) {
    return *s;
  }
  return std::get<SemVer>(v).text;
}

struct CapacityRequestPolicy {
  std::optional<Quantity> default_value;
  std::vector<Quantity> valid_values;
  std::optional<Quantity> range_min;
  std::optional<Quantity> range_max;
  std::optional<Quantity> range_step;

  friend bool operator==(const CapacityRequestPolicy&, const CapacityRequestPolicy&) = default;
};

struct DeviceCapacity {
  Quantity value;
  std::optional<CapacityRequestPolicy> request_policy;

  friend bool operator==(const DeviceCapacity&, const DeviceCapacity&) = default;
};

struct CounterConsumption {
  std::string counter_set;
  std::map<std::string, Quantity> counters;

  friend bool operator==(const CounterConsumption&, const CounterConsumption&) = default;
};

struct CounterSet {
  std::string name;
  std::map<std::string, Quantity> counters;

  friend bool operator==(const CounterSet&, const CounterSet&) = default;
};

/// A device in a slice. Attribute and capacity keys are kept as written (bare or qualified).
struct Device {
  std::string name;
  std::map<std::string, AttributeValue> attributes;
  std::map<std::string, DeviceCapacity> capacity;
  std::vector<CounterConsumption> consumes_counters;
  std::string node_name;                      ///< perDeviceNodeSelection only
  std::optional<NodeSelector> node_selector;  ///< perDeviceNodeSelection only
  bool all_nodes = false;                     ///< perDeviceNodeSelection only
  std::vector<Taint> taints;
  bool binds_to_node = false;
  std::vector<std::string> binding_conditions;
  std::vector<std::string> binding_failure_conditions;
  bool allow_multiple_allocations = false;

  friend bool operator==(const Device&, const Device&) = default;
};

struct ResourcePool {
  std::string name;
  int64_t generation = 0;
  int64_t resource_slice_count = 1;

  friend bool operator==(const ResourcePool&, const ResourcePool&) = default;
};

struct ResourceSlice {
  ObjectMeta meta;
  std::string driver;
  ResourcePool pool;
  std::string node_name;
  std::optional<NodeSelector> node_selector;
  bool all_nodes = false;
  bool per_device_node_selection = false;
  std::vector<Device> devices;
  std::vector<CounterSet> shared_counters;

  friend bool operator==(const ResourceSlice&, const ResourceSlice&) = default;
};

enum class AllocationMode { kExactCount, kAll };

/// Fields shared by an `exactly` request and a `firstAvailable` subrequest.
struct DeviceSubRequest {
  std::string name;
  std::string device_class_name;
  std::vector<CelSelector> selectors;
  AllocationMode allocation_mode = AllocationMode::kExactCount;
  int64_t count = 1;
  std::vector<Toleration> tolerations;
  std::map<std::string, Quantity> capacity_requests;

  friend bool operator==(const DeviceSubRequest&, const DeviceSubRequest&) = default;
};

/// A claim request: exactly one of `exactly` and `first_available`.
struct DeviceRequest {
  std::string name;
  std::optional<DeviceSubRequest> exactly;
  std::optional<bool> admin_access;
  std::vector<DeviceSubRequest> first_available;

  friend bool operator==(const DeviceRequest&, const DeviceRequest&) = default;
};

struct DeviceConstraint {
  std::vector<std::string> requests;
  std::string match_attribute;
  std::string distinct_attribute;

  friend bool operator==(const DeviceConstraint&, const DeviceConstraint&) = default;
};

struct ClaimSpec {
  std::vector<DeviceRequest> requests;
  std::vector<DeviceConstraint> constraints;
  std::vector<OpaqueConfig> config;

  friend bool operator==(const ClaimSpec&, const ClaimSpec&) = default;
};

struct DeviceAllocationResult {
  std::string request;  ///< `req` or `req/sub`
  std::string driver;
  std::string pool;
  std::string device;
  std::optional<bool> admin_access;
  std::vector<Toleration> tolerations;  ///< the request's (device-taints feature on)
  std::vector<std::string> binding_conditions;
  std::vector<std::string> binding_failure_conditions;
  std::string share_id;  ///< multi-allocation devices only
  std::map<std::string, Quantity> consumed_capacity;

  friend bool operator==(const DeviceAllocationResult&, const DeviceAllocationResult&) = default;
};

/// One `status.allocation.devices.config[]` entry.
struct AllocationConfig {
  enum class Source { kFromClass, kFromClaim };
  Source source = Source::kFromClass;
  std::vector<std::string> requests;
  std::string driver;

  friend bool operator==(const AllocationConfig&, const AllocationConfig&) = default;
};

struct AllocationResult {
  std::vector<DeviceAllocationResult> results;
  std::vector<AllocationConfig> config;
  std::optional<NodeSelector> node_selector;  ///< nullopt: usable on every node

  friend bool operator==(const AllocationResult&, const AllocationResult&) = default;
};

struct ClaimConsumer {
  std::string resource = "pods";
  std::string name;
  std::string uid;

  friend bool operator==(const ClaimConsumer&, const ClaimConsumer&) = default;
};

/// One `status.devices[]` entry: what a driver reports about an allocated device. Only the
/// conditions are modelled (type -> "True", "False" or "Unknown"): the binding conditions the
/// scheduler waits for in PreBind (dra-semantics.md 6.8).
struct AllocatedDeviceStatus {
  std::string driver;
  std::string pool;
  std::string device;
  std::map<std::string, std::string> conditions;

  /// Whether this entry reports on the allocated device (the same driver, pool and device).
  [[nodiscard]] bool describes(const DeviceAllocationResult& d) const {
    return d.driver == driver && d.pool == pool && d.device == device;
  }

  friend bool operator==(const AllocatedDeviceStatus&, const AllocatedDeviceStatus&) = default;
};

struct ResourceClaim {
  ObjectMeta meta;
  ClaimSpec spec;
  std::optional<AllocationResult> allocation;
  std::vector<ClaimConsumer> reserved_for;
  std::vector<AllocatedDeviceStatus> devices;  ///< `status.devices`, cleared with the allocation

  friend bool operator==(const ResourceClaim&, const ResourceClaim&) = default;
};

struct ResourceClaimTemplate {
  ObjectMeta meta;
  StringMap claim_labels;       ///< `spec.metadata.labels`, copied onto generated claims
  StringMap claim_annotations;  ///< `spec.metadata.annotations`
  ClaimSpec spec;

  friend bool operator==(const ResourceClaimTemplate&, const ResourceClaimTemplate&) = default;
};

/// DeviceTaintRule: a taint added to every device the selector matches (unset = any).
struct DeviceTaintRule {
  ObjectMeta meta;
  std::string driver;
  std::string pool;
  std::string device;
  Taint taint;

  friend bool operator==(const DeviceTaintRule&, const DeviceTaintRule&) = default;
};

}  // namespace drasim::model
