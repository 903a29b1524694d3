// Decoders for the resource.k8s.io kinds: DeviceClass, ResourceSlice, ResourceClaim,
// ResourceClaimTemplate and DeviceTaintRule. The v1beta1 and v1beta2 spellings are normalised to
// the v1 model; the API server's validation rules and the 1.35 limits are checked here so that a
// manifest the API server would reject is rejected with a file:line:col error.
#include "sim/decode_common.h"
#include "sim/decoders.h"

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

using model::AllocationMode;
using model::CelSelector;
using model::Quantity;

// Limits of resource.k8s.io in Kubernetes 1.35 (k8s.io/api/resource/v1 types.go constants).
constexpr size_t kMaxRequests = 32;
constexpr size_t kMaxConstraints = 32;
constexpr size_t kMaxConfigs = 32;
constexpr size_t kMaxSelectors = 32;
constexpr size_t kMaxSubRequests = 8;
constexpr size_t kMaxTolerations = 16;
constexpr size_t kMaxDevices = 128;
constexpr size_t kMaxDevicesWithTaintsOrCounters = 64;
constexpr size_t kMaxAttributesAndCapacities = 32;
constexpr size_t kMaxAttributeLength = 64;
constexpr size_t kMaxTaints = 16;
constexpr size_t kMaxCounterSets = 8;
constexpr size_t kMaxCounters = 32;
constexpr size_t kMaxConsumesCounters = 2;
constexpr size_t kMaxBindingConditions = 4;
constexpr size_t kMaxValidValues = 10;
constexpr size_t kMaxResults = 32;
constexpr size_t kMaxReservedFor = 256;
constexpr size_t kMaxCelLength = 10 * 1024;

constexpr std::string_view kQuantityText = "a quantity such as 500m, 2 or 16Gi";

/// Reports `at most <max> <what>, got <count>` at `c` when a list or mapping is too long.
bool within_limit(const Cursor& c, size_t count, size_t max, std::string_view what) {
  if (count <= max) {
    return true;
  }
  c.error(fmt::format("at most {} {}", max, what), fmt::format("{}", count));
  return false;
}

/// Joins field names as `a and b` (or `none of them`) for "exactly one of" messages.
std::string found_fields(const std::vector<std::string_view>& names) {
  if (names.empty()) {
    return "none of them";
  }
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) {
    out += (i == 0 ? "" : " and ") + std::string(names[i]);
  }
  return out;
}

/// `spec`, which every DRA kind but DeviceClass requires.
Cursor required_spec(const Cursor& root) {
  const Cursor spec = root["spec"];
  if (!spec.present()) {
    spec.error("a spec mapping");
  }
  spec.expect_map();
  return spec;
}

/// A quantity that must be there: an absent one reports like an invalid one.
Quantity required_quantity(const Cursor& c) {
  if (!c.present()) {
    c.error(kQuantityText);
    return {};
  }
  return c.quantity().value_or(Quantity{});
}

/// `{<name>: {value: Quantity}}`, the shape of sharedCounters and consumesCounters counters.
std::map<std::string, Quantity> decode_counters(const Cursor& c) {
  std::map<std::string, Quantity> out;
  const auto entries = c.entries("a mapping of counter names to {value: <quantity>}");
  within_limit(c, entries.size(), kMaxCounters, "counters");
  for (const auto& [name, counter] : entries) {
    if (counter.expect_map("a mapping {value: <quantity>}")) {
      out[name] = required_quantity(counter["value"]);
    }
  }
  return out;
}

/// `selectors: [{cel: {expression}}]` of a class or request.
std::vector<CelSelector> decode_selectors(const Cursor& c, uint32_t file_index) {
  std::vector<CelSelector> out;
  const auto items = c.items();
  within_limit(c, items.size(), kMaxSelectors, "selectors");
  for (const Cursor& item : items) {
    const Cursor cel = item["cel"];
    if (!item.expect_map("a selector {cel: {expression: ...}}")
        || (cel.present() && !cel.expect_map())) {
      continue;
    }
    // A missing or null `cel` (often `expression:` indented at the level of `cel:`) reports at
    // `cel.expression`, the field the API server finds missing.
    const Cursor expression = cel["expression"];
    CelSelector selector{expression.required_str("a CEL expression"),
                         source_of(expression, file_index)};
    if (selector.expression.size() > kMaxCelLength) {
      expression.error(fmt::format("a CEL expression of at most {} characters", kMaxCelLength),
                       fmt::format("{} characters", selector.expression.size()));
    }
    out.push_back(std::move(selector));
  }
  return out;
}

/// Whether `ref` names a request of `requests`, or `<request>/<subrequest>`.
bool names_request(const std::vector<model::DeviceRequest>& requests, std::string_view ref) {
  const size_t slash = ref.find('/');
  const std::string_view head = ref.substr(0, slash);
  for (const auto& request : requests) {
    if (request.name != head) {
      continue;
    }
    if (slash == std::string_view::npos) {
      return true;
    }
    for (const auto& sub : request.first_available) {
      if (sub.name == ref.substr(slash + 1)) {
        return true;
      }
    }
  }
  return false;
}

/// Reports every entry of a constraint's or config's `requests` that names no request.
void check_request_refs(const Cursor& c, const std::vector<model::DeviceRequest>& requests) {
  if (!c.is_sequence()) {
    return;  // already reported by string_list()
  }
  for (const Cursor& item : c.items()) {
    if (item.is_scalar() && !names_request(requests, item.str())) {
      item.error("the name of a request of the claim, or <request>/<subrequest>");
    }
  }
}

/// `config: [{requests?, opaque: {driver, parameters}}]`. `requests` (the claim's requests) is
/// null for a class, whose config entries have no `requests`.
std::vector<model::OpaqueConfig> decode_configs(const Cursor& c,
                                                const std::vector<model::DeviceRequest>* requests) {
  std::vector<model::OpaqueConfig> out;
  const auto items = c.items();
  within_limit(c, items.size(), kMaxConfigs, "config entries");
  for (const Cursor& item : items) {
    if (!item.expect_map()) {
      continue;
    }
    model::OpaqueConfig config;
    const Cursor opaque = item["opaque"];
    if (!opaque.present()) {
      opaque.error("an opaque configuration {driver, parameters}");
    } else if (opaque.expect_map()) {
      config.driver = opaque["driver"].required_str("a driver name");
    }
    if (requests != nullptr) {
      config.requests = item["requests"].string_list();
      check_request_refs(item["requests"], *requests);
    } else if (item["requests"].present()) {
      item["requests"].error("no requests in a class configuration");
    }
    out.push_back(std::move(config));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// ResourceSlice

/// Whether `text` is a strict semantic version 2.0.0 (`1.2.3`, `1.0.0-rc.1+build.5`).
bool is_semver(std::string_view text) {
  const auto numeric = [](std::string_view part) {
    return !part.empty() && part.find_first_not_of("0123456789") == std::string_view::npos
           && (part.size() == 1 || part[0] != '0');
  };
  const size_t plus = text.find('+');
  const std::string_view build = plus == std::string_view::npos ? "" : text.substr(plus + 1);
  const std::string_view head = text.substr(0, plus);
  const size_t dash = head.find('-');
  const std::string_view pre = dash == std::string_view::npos ? "" : head.substr(dash + 1);
  const std::string_view core = head.substr(0, dash);
  const size_t dot1 = core.find('.');
  const size_t dot2 = dot1 == std::string_view::npos ? dot1 : core.find('.', dot1 + 1);
  if (dot2 == std::string_view::npos || !numeric(core.substr(0, dot1))
      || !numeric(core.substr(dot1 + 1, dot2 - dot1 - 1)) || !numeric(core.substr(dot2 + 1))) {
    return false;
  }
  const auto identifiers = [](std::string_view part, bool present) {
    if (!present) {
      return true;
    }
    constexpr std::string_view kAllowed =
        "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-.";
    return !part.empty() && part.find_first_not_of(kAllowed) == std::string_view::npos
           && part.front() != '.' && part.back() != '.'
           && part.find("..") == std::string_view::npos;
  };
  return identifiers(pre, dash != std::string_view::npos)
         && identifiers(build, plus != std::string_view::npos);
}

/// A string or version attribute: at most 64 characters, versions strict semver.
std::string decode_attribute_text(const Cursor& c, bool version) {
  std::string text = c.str();
  if (text.size() > kMaxAttributeLength) {
    c.error(fmt::format("a value of at most {} characters", kMaxAttributeLength));
  } else if (version && !is_semver(text)) {
    c.error("a semantic version such as 1.2.3");
  }
  return text;
}

/// One attribute value: a mapping with exactly one of int, bool, string, version.
std::optional<model::AttributeValue> decode_attribute(const Cursor& c) {
  constexpr std::string_view kExpected = "exactly one of int, bool, string, version";
  if (!c.expect_map(kExpected)) {
    if (!c.present()) {
      c.error(kExpected);
    }
    return std::nullopt;
  }
  std::vector<std::string_view> set;
  for (const std::string_view type : {"int", "bool", "string", "version"}) {
    if (c[type].present()) {
      set.push_back(type);
    }
  }
  if (set.size() != 1) {
    c.error(kExpected, found_fields(set));
    return std::nullopt;
  }
  if (set[0] == "int") {
    const auto value = c["int"].integer();
    return value ? std::optional<model::AttributeValue>(*value) : std::nullopt;
  }
  if (set[0] == "bool") {
    return model::AttributeValue{c["bool"].boolean(false)};
  }
  if (set[0] == "string") {
    return model::AttributeValue{decode_attribute_text(c["string"], false)};
  }
  return model::AttributeValue{model::SemVer{decode_attribute_text(c["version"], true)}};
}

/// `validValues`: at most 10, strictly ascending.
std::vector<Quantity> decode_valid_values(const Cursor& c) {
  std::vector<Quantity> out;
  const auto items = c.items("a list of quantities");
  within_limit(c, items.size(), kMaxValidValues, "valid values");
  for (const Cursor& item : items) {
    const auto q = item.quantity();
    if (!q) {
      if (!item.present()) {
        item.error(kQuantityText);
      }
      continue;
    }
    if (!out.empty() && *q <= out.back()) {
      item.error("a value larger than the one before (ascending, no duplicates)");
    }
    out.push_back(*q);
  }
  return out;
}

/// A capacity's `requestPolicy`: `default`, then `validValues` or `validRange{min, max, step}`.
model::CapacityRequestPolicy decode_request_policy(const Cursor& c) {
  model::CapacityRequestPolicy policy;
  c.expect_map();
  policy.default_value = c["default"].quantity();
  const Cursor values = c["validValues"];
  const Cursor range = c["validRange"];
  if (values.present() && range.present()) {
    c.error("at most one of validValues and validRange", "validValues and validRange");
  }
  policy.valid_values = decode_valid_values(values);
  if (values.present() && policy.default_value
      && std::find(policy.valid_values.begin(), policy.valid_values.end(), *policy.default_value)
             == policy.valid_values.end()) {
    c["default"].error("one of the validValues");
  }
  if (range.expect_map()) {
    policy.range_min = required_quantity(range["min"]);
    policy.range_max = range["max"].quantity();
    policy.range_step = range["step"].quantity();
  }
  return policy;
}

/// `capacity: {<name>: {value, requestPolicy?}}`; a policy needs allowMultipleAllocations.
std::map<std::string, model::DeviceCapacity> decode_capacity(const Cursor& c, bool shareable) {
  std::map<std::string, model::DeviceCapacity> out;
  for (const auto& [name, entry] : c.entries("a mapping of capacity names to {value: ...}")) {
    if (!entry.expect_map("a mapping {value: <quantity>}")) {
      continue;
    }
    model::DeviceCapacity capacity{required_quantity(entry["value"]), std::nullopt};
    const Cursor policy = entry["requestPolicy"];
    if (policy.present() && !shareable) {
      policy.error("no requestPolicy unless the device has allowMultipleAllocations: true");
    } else if (policy.present()) {
      capacity.request_policy = decode_request_policy(policy);
    }
    out[name] = std::move(capacity);
  }
  return out;
}

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
  const auto attributes = fields["attributes"].entries();
  for (const auto& [name, value] : attributes) {
    if (auto attribute = decode_attribute(value)) {
      device.attributes[name] = std::move(*attribute);
    }
  }
  device.capacity = decode_capacity(fields["capacity"], device.allow_multiple_allocations);
  within_limit(d, attributes.size() + device.capacity.size(), kMaxAttributesAndCapacities,
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

/// `capacity: {requests: {<name>: Quantity}}` of a request (consumable capacity).
std::map<std::string, Quantity> decode_capacity_requests(const Cursor& c) {
  std::map<std::string, Quantity> out;
  if (!c.expect_map("a mapping {requests: {<name>: <quantity>}}")) {
    return out;
  }
  for (const auto& [name, value] : c["requests"].entries("a mapping of capacity names")) {
    out[name] = required_quantity(value);
  }
  return out;
}

/// The fields an `exactly` block, a v1beta1 request and a subrequest share.
void decode_sub_request_fields(const Cursor& c, uint32_t file_index, model::DeviceSubRequest& r) {
  r.device_class_name = c["deviceClassName"].required_str("a device class name");
  r.selectors = decode_selectors(c["selectors"], file_index);
  r.allocation_mode = c["allocationMode"].one_of<AllocationMode>(
      {{"ExactCount", AllocationMode::kExactCount}, {"All", AllocationMode::kAll}},
      AllocationMode::kExactCount);
  const Cursor count = c["count"];
  if (r.allocation_mode == AllocationMode::kAll && count.present()) {
    count.error("no count with allocationMode All");
  } else if (count.present()) {
    r.count = count.integer("a count greater than 0").value_or(1);
    if (r.count <= 0) {
      count.error("a count greater than 0");
      r.count = 1;
    }
  }
  r.tolerations = decode_tolerations(c["tolerations"]);
  within_limit(c["tolerations"], r.tolerations.size(), kMaxTolerations, "tolerations");
  r.capacity_requests = decode_capacity_requests(c["capacity"]);
}

/// `firstAvailable`: 1 to 8 subrequests with unique names and no adminAccess.
std::vector<model::DeviceSubRequest> decode_first_available(const Cursor& c, uint32_t file_index) {
  std::vector<model::DeviceSubRequest> out;
  std::set<std::string> names;
  const auto items = c.items();
  if (c.is_sequence() && items.empty()) {
    c.error("at least one subrequest", "an empty list");
  }
  within_limit(c, items.size(), kMaxSubRequests, "subrequests");
  for (const Cursor& item : items) {
    if (!item.expect_map()) {
      continue;
    }
    model::DeviceSubRequest sub;
    sub.name = item["name"].required_str("a subrequest name");
    if (!sub.name.empty() && !names.insert(sub.name).second) {
      item["name"].error("a subrequest name unique in the request");
    }
    if (item["adminAccess"].present()) {
      item["adminAccess"].error("no adminAccess in a subrequest (only on exactly)");
    }
    decode_sub_request_fields(item, file_index, sub);
    out.push_back(std::move(sub));
  }
  return out;
}

/// A v1 / v1beta2 request: `exactly` or `firstAvailable`, exactly one of them.
void decode_nested_request(const Cursor& r, uint32_t file_index, model::DeviceRequest& request) {
  const Cursor exactly = r["exactly"];
  const Cursor first = r["firstAvailable"];
  if (exactly.present() == first.present()) {
    const bool flat = r["deviceClassName"].present();
    r.error("exactly one of exactly, firstAvailable",
            exactly.present() ? "both"
            : flat            ? "deviceClassName directly on the request (the v1beta1 spelling)"
                              : "neither");
  }
  if (exactly.expect_map()) {
    model::DeviceSubRequest sub;
    decode_sub_request_fields(exactly, file_index, sub);
    request.exactly = std::move(sub);
    if (exactly["adminAccess"].present()) {
      request.admin_access = exactly["adminAccess"].boolean(false);
    }
  }
  request.first_available = decode_first_available(first, file_index);
}

/// A v1beta1 request: the `exactly` fields directly on it, or `firstAvailable` alone.
void decode_flat_request(const Cursor& r, uint32_t file_index, model::DeviceRequest& request) {
  if (r["exactly"].present()) {
    r["exactly"].error("the request's fields directly on it (v1beta1 has no exactly)", "a mapping");
  }
  const Cursor first = r["firstAvailable"];
  if (!first.present()) {
    model::DeviceSubRequest sub;
    decode_sub_request_fields(r, file_index, sub);
    request.exactly = std::move(sub);
    if (r["adminAccess"].present()) {
      request.admin_access = r["adminAccess"].boolean(false);
    }
    return;
  }
  for (const std::string_view field : {"deviceClassName", "selectors", "allocationMode", "count",
                                       "adminAccess", "tolerations", "capacity"}) {
    if (r[field].present()) {
      r[field].error(fmt::format("no {} next to firstAvailable", field));
    }
  }
  request.first_available = decode_first_available(first, file_index);
}

/// `spec.devices.requests`: at most 32, names unique.
std::vector<model::DeviceRequest> decode_requests(const Cursor& c, uint32_t file_index, bool flat) {
  std::vector<model::DeviceRequest> out;
  std::set<std::string> names;
  const auto items = c.items();
  within_limit(c, items.size(), kMaxRequests, "requests");
  for (const Cursor& r : items) {
    if (!r.expect_map()) {
      continue;
    }
    model::DeviceRequest request;
    request.name = r["name"].required_str("a request name");
    if (!request.name.empty() && !names.insert(request.name).second) {
      r["name"].error("a request name unique in the claim");
    }
    if (flat) {
      decode_flat_request(r, file_index, request);
    } else {
      decode_nested_request(r, file_index, request);
    }
    out.push_back(std::move(request));
  }
  return out;
}

/// `spec.devices.constraints`: each with exactly one of matchAttribute and distinctAttribute.
std::vector<model::DeviceConstraint> decode_constraints(
    const Cursor& c, const std::vector<model::DeviceRequest>& requests) {
  std::vector<model::DeviceConstraint> out;
  const auto items = c.items();
  within_limit(c, items.size(), kMaxConstraints, "constraints");
  for (const Cursor& item : items) {
    if (!item.expect_map()) {
      continue;
    }
    model::DeviceConstraint constraint;
    constraint.requests = item["requests"].string_list();
    check_request_refs(item["requests"], requests);
    constraint.match_attribute = item["matchAttribute"].str();
    constraint.distinct_attribute = item["distinctAttribute"].str();
    const bool match = !constraint.match_attribute.empty();
    if (match == !constraint.distinct_attribute.empty()) {
      item.error("exactly one of matchAttribute, distinctAttribute",
                 match ? "both" : "none of them");
    }
    const std::string_view field = match ? "matchAttribute" : "distinctAttribute";
    const std::string& name = match ? constraint.match_attribute : constraint.distinct_attribute;
    if (!name.empty() && name.find('/') == std::string::npos) {
      item[field].error("a fully qualified attribute name such as gpu.example.com/model");
    }
    out.push_back(std::move(constraint));
  }
  return out;
}

/// A claim spec (`spec` of a claim, `spec.spec` of a template): `devices{requests, ...}`.
model::ClaimSpec decode_claim_spec(const Cursor& spec, uint32_t file_index,
                                   std::string_view api_version) {
  model::ClaimSpec out;
  const bool flat =
      api_version == "resource.k8s.io/v1beta1" || api_version == "resource.k8s.io/v1alpha3";
  const Cursor devices = spec["devices"];
  if (!devices.expect_map()) {
    return out;
  }
  out.requests = decode_requests(devices["requests"], file_index, flat);
  out.constraints = decode_constraints(devices["constraints"], out.requests);
  out.config = decode_configs(devices["config"], &out.requests);
  return out;
}

/// One `status.allocation.devices.results` entry.
model::DeviceAllocationResult decode_result(const Cursor& c) {
  model::DeviceAllocationResult result;
  c.expect_map();
  result.request = c["request"].required_str("a request name");
  result.driver = c["driver"].required_str("a driver name");
  result.pool = c["pool"].required_str("a pool name");
  result.device = c["device"].required_str("a device name");
  if (c["adminAccess"].present()) {
    result.admin_access = c["adminAccess"].boolean(false);
  }
  result.share_id = c["shareID"].str();
  for (const auto& [name, value] : c["consumedCapacity"].entries()) {
    result.consumed_capacity[name] = required_quantity(value);
  }
  return result;
}

/// `status.allocation`: device results (at most 32) and the node selector.
std::optional<model::AllocationResult> decode_allocation(const Cursor& c) {
  if (!c.expect_map()) {
    return std::nullopt;
  }
  model::AllocationResult allocation;
  const Cursor results = c["devices"]["results"];
  const auto items = results.items();
  within_limit(results, items.size(), kMaxResults, "allocation results");
  for (const Cursor& item : items) {
    allocation.results.push_back(decode_result(item));
  }
  allocation.node_selector = decode_node_selector(c["nodeSelector"]);
  return allocation;
}

/// `status.reservedFor`: at most 256 consumers.
std::vector<model::ClaimConsumer> decode_reserved_for(const Cursor& c) {
  std::vector<model::ClaimConsumer> out;
  const auto items = c.items();
  within_limit(c, items.size(), kMaxReservedFor, "consumers");
  for (const Cursor& item : items) {
    model::ClaimConsumer consumer;
    item.expect_map();
    if (item["resource"].present()) {
      consumer.resource = item["resource"].required_str("a resource such as pods");
    }
    consumer.name = item["name"].required_str("a consumer name");
    consumer.uid = item["uid"].required_str("a consumer uid");
    out.push_back(std::move(consumer));
  }
  return out;
}

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

model::ResourceClaim decode_resource_claim(const Cursor& root, uint32_t file_index,
                                           std::string_view api_version) {
  model::ResourceClaim out;
  out.meta = decode_meta(root, file_index, true);
  const Cursor spec = required_spec(root);
  out.spec = decode_claim_spec(spec, file_index, api_version);
  const Cursor status = root["status"];
  if (status.expect_map()) {
    out.allocation = decode_allocation(status["allocation"]);
    out.reserved_for = decode_reserved_for(status["reservedFor"]);
  }
  return out;
}

model::ResourceClaimTemplate decode_resource_claim_template(const Cursor& root, uint32_t file_index,
                                                            std::string_view api_version) {
  model::ResourceClaimTemplate out;
  out.meta = decode_meta(root, file_index, true);
  const Cursor spec = required_spec(root);
  const Cursor claim_meta = spec["metadata"];
  if (claim_meta.expect_map()) {
    out.claim_labels = claim_meta["labels"].string_map();
    out.claim_annotations = claim_meta["annotations"].string_map();
  }
  const Cursor claim_spec = spec["spec"];
  if (spec.is_map() && !claim_spec.present()) {
    claim_spec.error("a claim spec {devices: ...}");
  }
  out.spec = decode_claim_spec(claim_spec, file_index, api_version);
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
