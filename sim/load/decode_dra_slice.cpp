// Decoders for DeviceClass, ResourceSlice and DeviceTaintRule (resource.k8s.io). The v1beta1
// spelling (device fields under `basic:`) is normalised to v1; the API server's validation rules
// and the 1.35 limits are checked so a manifest the API server would reject fails here too.
#include "model/dra/extended_resources.h"
#include "sim/load/decode_common.h"
#include "sim/load/decode_dra_common.h"
#include "sim/load/decoders.h"
#include "sim/load/quote.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace drasim::sim {
namespace {

using namespace dra;  // NOLINT: the limits and helpers of this decoder family

/// `consumesCounters: [{counterSet, counters}]`.
std::vector<model::CounterConsumption> decode_consumes_counters(const Cursor& c) {
  std::vector<model::CounterConsumption> out;
  const auto items = c.items();
  within_limit(c, items.size(), kMaxConsumesCounters, "consumesCounters entries");
  for (const Cursor& item : items) {
    if (!item.expect_map()) {
      continue;
    }
    model::CounterConsumption consumption;
    consumption.counter_set = item["counterSet"].required_str("a counter set name");
    if (!item["counters"].present()) {
      item["counters"].error("a mapping of counter names to {value: <quantity>}");
    }
    consumption.counters = decode_counters(item["counters"]);
    out.push_back(std::move(consumption));
  }
  return out;
}

/// Where a slice's (or, with perDeviceNodeSelection, a device's) devices are reachable from.
struct NodeSelection {
  std::string node_name;
  std::optional<model::NodeSelector> node_selector;
  bool all_nodes = false;
  bool per_device = false;
};

/// A slice's or device's `nodeSelector`, which must have exactly one term.
std::optional<model::NodeSelector> decode_one_term_selector(const Cursor& c) {
  auto selector = decode_node_selector(c);
  if (selector && selector->terms.size() != 1) {
    c["nodeSelectorTerms"].error("exactly one node selector term",
                                 fmt::format("{}", selector->terms.size()));
  }
  return selector;
}

/// nodeName, nodeSelector, allNodes and (for a slice) perDeviceNodeSelection of `c`.
NodeSelection decode_node_selection(const Cursor& c, bool slice) {
  NodeSelection out;
  out.node_name = c["nodeName"].str();
  out.node_selector = decode_one_term_selector(c["nodeSelector"]);
  out.all_nodes = c["allNodes"].boolean(false);
  out.per_device = slice && c["perDeviceNodeSelection"].boolean(false);
  return out;
}

/// The fields of `s` that select nodes (`allNodes: false` and an empty nodeName count as unset).
std::vector<std::string_view> set_fields(const NodeSelection& s) {
  std::vector<std::string_view> set;
  if (!s.node_name.empty()) {
    set.emplace_back("nodeName");
  }
  if (s.node_selector) {
    set.emplace_back("nodeSelector");
  }
  if (s.all_nodes) {
    set.emplace_back("allNodes");
  }
  if (s.per_device) {
    set.emplace_back("perDeviceNodeSelection");
  }
  return set;
}

/// A device's own nodeName / nodeSelector / allNodes (only with perDeviceNodeSelection).
void decode_device_node(const Cursor& d, bool per_device, model::Device& device) {
  NodeSelection s = decode_node_selection(d, false);
  const auto set = set_fields(s);
  if (!per_device) {
    for (const std::string_view field : set) {
      d[field].error(
          fmt::format("no {} on a device unless spec.perDeviceNodeSelection is true", field));
    }
    return;
  }
  if (set.size() != 1) {
    d.error("exactly one of nodeName, nodeSelector, allNodes: true (perDeviceNodeSelection)",
            found_fields(set));
  }
  device.node_name = std::move(s.node_name);
  device.node_selector = std::move(s.node_selector);
  device.all_nodes = s.all_nodes;
}

/// Binding conditions and failure conditions: at most 4 each.
void decode_binding(const Cursor& d, model::Device& device) {
  device.binds_to_node = d["bindsToNode"].boolean(false);
  device.binding_conditions = d["bindingConditions"].string_list();
  within_limit(d["bindingConditions"], device.binding_conditions.size(), kMaxBindingConditions,
               "binding conditions");
  device.binding_failure_conditions = d["bindingFailureConditions"].string_list();
  within_limit(d["bindingFailureConditions"], device.binding_failure_conditions.size(),
               kMaxBindingConditions, "binding failure conditions");
}

/// One device. `name` is on `d`; v1beta1 puts every other field under `basic` (`fields`).
model::Device decode_device(const Cursor& d, const Cursor& fields, bool per_device) {
  model::Device device;
  d.expect_map();
  device.name = d["name"].required_str("a device name");
  device.allow_multiple_allocations = fields["allowMultipleAllocations"].boolean(false);
  device.attributes = decode_attributes(fields["attributes"]);
  device.capacity = decode_capacity(fields["capacity"], device.allow_multiple_allocations);
  within_limit(d, device.attributes.size() + device.capacity.size(), kMaxAttributesAndCapacities,
               "attributes and capacities together");
  device.consumes_counters = decode_consumes_counters(fields["consumesCounters"]);
  decode_device_node(fields, per_device, device);
  device.taints = decode_taints(fields["taints"], true);
  within_limit(fields["taints"], device.taints.size(), kMaxTaints, "taints");
  decode_binding(fields, device);
  return device;
}

/// `spec.devices`: names unique in the slice, at most 128 (64 with taints or counters).
std::vector<model::Device> decode_devices(const Cursor& c, bool per_device, bool beta1) {
  std::vector<model::Device> out;
  std::set<std::string> names;
  bool heavy = false;
  const auto items = c.items();
  for (const Cursor& d : items) {
    model::Device device = decode_device(d, beta1 ? d["basic"] : d, per_device);
    if (!device.name.empty() && !names.insert(device.name).second) {
      d["name"].error("a device name unique in the slice");
    }
    heavy = heavy || !device.taints.empty() || !device.consumes_counters.empty();
    out.push_back(std::move(device));
  }
  if (heavy) {
    within_limit(c, items.size(), kMaxDevicesWithTaintsOrCounters,
                 "devices when a device has taints or consumesCounters");
  } else {
    within_limit(c, items.size(), kMaxDevices, "devices");
  }
  return out;
}

/// `spec.sharedCounters: [{name, counters}]`, at most 8 sets with distinct names.
std::vector<model::CounterSet> decode_shared_counters(const Cursor& c) {
  std::vector<model::CounterSet> out;
  std::set<std::string> names;
  const auto items = c.items();
  within_limit(c, items.size(), kMaxCounterSets, "counter sets");
  for (const Cursor& item : items) {
    if (!item.expect_map()) {
      continue;
    }
    model::CounterSet set;
    set.name = item["name"].required_str("a counter set name");
    if (!set.name.empty() && !names.insert(set.name).second) {
      item["name"].error("a counter set name unique in the slice");
    }
    if (!item["counters"].present()) {
      item["counters"].error("a mapping of counter names to {value: <quantity>}");
    }
    set.counters = decode_counters(item["counters"]);
    out.push_back(std::move(set));
  }
  return out;
}

/// `spec.pool`: name required, generation >= 0 (default 0), resourceSliceCount > 0 required.
model::ResourcePool decode_pool(const Cursor& c) {
  model::ResourcePool pool;
  c.expect_map();
  pool.name = c["name"].required_str("a pool name");
  pool.generation = c["generation"].integer("a generation of 0 or more").value_or(0);
  if (pool.generation < 0) {
    c["generation"].error("a generation of 0 or more");
    pool.generation = 0;
  }
  constexpr std::string_view kCount = "a slice count greater than 0";
  const Cursor count = c["resourceSliceCount"];
  if (!count.present()) {
    count.error(kCount);
  }
  pool.resource_slice_count = count.integer(kCount).value_or(1);
  if (pool.resource_slice_count <= 0) {
    count.error(kCount);
    pool.resource_slice_count = 1;
  }
  return pool;
}

/// The slice's node selection: exactly one of nodeName, nodeSelector, allNodes: true,
/// perDeviceNodeSelection: true.
void decode_slice_node(const Cursor& spec, model::ResourceSlice& slice) {
  NodeSelection s = decode_node_selection(spec, true);
  const auto set = set_fields(s);
  if (set.size() != 1) {
    spec.error(
        "exactly one of nodeName, nodeSelector, allNodes: true, perDeviceNodeSelection: true",
        found_fields(set));
  }
  slice.node_name = std::move(s.node_name);
  slice.node_selector = std::move(s.node_selector);
  slice.all_nodes = s.all_nodes;
  slice.per_device_node_selection = s.per_device;
}

// ---------------------------------------------------------------------------------------------
// ResourceClaim and ResourceClaimTemplate

}  // namespace

model::DeviceClass decode_device_class(const Cursor& root, uint32_t file_index) {
  model::DeviceClass out;
  out.meta = decode_meta(root, file_index, false);
  const Cursor spec = root["spec"];
  if (!spec.expect_map()) {
    return out;
  }
  out.selectors = decode_selectors(spec["selectors"], file_index);
  out.config = decode_configs(spec["config"], nullptr);
  out.extended_resource_name = spec["extendedResourceName"].str();
  if (!out.extended_resource_name.empty()
      && out.extended_resource_name.find('/') == std::string::npos) {
    spec["extendedResourceName"].error("an extended resource name such as example.com/gpu");
  } else if (out.extended_resource_name.rfind(model::kImplicitPrefix, 0) == 0) {
    // The API server rejects it: the implicit names belong to the classes themselves, so an
    // explicit name there would collide with a class's implicit name (KEP-5004).
    spec["extendedResourceName"].error(
        "an extended resource name outside deviceclass.resource.kubernetes.io/ (those are the "
        "classes' implicit names)",
        quote(out.extended_resource_name));
  }
  return out;
}

model::ResourceSlice decode_resource_slice(const Cursor& root, uint32_t file_index) {
  model::ResourceSlice out;
  out.meta = decode_meta(root, file_index, false);
  const Cursor spec = required_spec(root);
  if (!spec.is_map()) {
    return out;
  }
  out.driver = spec["driver"].required_str("a driver name");
  if (!spec["pool"].present()) {
    spec["pool"].error("a pool {name, generation, resourceSliceCount}");
  } else {
    out.pool = decode_pool(spec["pool"]);
  }
  decode_slice_node(spec, out);
  const bool beta1 = root["apiVersion"].str() == "resource.k8s.io/v1beta1";
  out.devices = decode_devices(spec["devices"], out.per_device_node_selection, beta1);
  out.shared_counters = decode_shared_counters(spec["sharedCounters"]);
  return out;
}

model::DeviceTaintRule decode_device_taint_rule(const Cursor& root, uint32_t file_index) {
  model::DeviceTaintRule out;
  out.meta = decode_meta(root, file_index, false);
  const Cursor spec = required_spec(root);
  const Cursor selector = spec["deviceSelector"];
  if (selector.expect_map()) {
    out.driver = selector["driver"].str();
    out.pool = selector["pool"].str();
    out.device = selector["device"].str();
    for (const std::string_view removed : {"deviceClassName", "selectors"}) {
      if (selector[removed].present()) {
        selector[removed].error(
            fmt::format("no {} (removed from DeviceTaintRule in Kubernetes 1.35)", removed));
      }
    }
  }
  const Cursor taint = spec["taint"];
  if (spec.is_map() && !taint.present()) {
    taint.error("a taint {key, value, effect}");
  } else if (taint.present()) {
    out.taint = decode_taint(taint, true);
  }
  return out;
}

}  // namespace drasim::sim
