// Decoders for ResourceClaim and ResourceClaimTemplate (resource.k8s.io). v1 and v1beta2 nest
// a request's fields under `exactly`; v1beta1 has them on the request. Validation follows the
// API server and the 1.35 limits.
#include "sim/load/decode_common.h"
#include "sim/load/decode_dra_common.h"
#include "sim/load/decoders.h"

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
using model::AllocationMode;

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

/// `status.devices`: what the drivers report per allocated device (only `conditions` matter
/// here: the binding conditions kube-scheduler's PreBind waits for).
std::vector<model::AllocatedDeviceStatus> decode_device_statuses(const Cursor& c) {
  std::vector<model::AllocatedDeviceStatus> out;
  const auto items = c.items();
  within_limit(c, items.size(), kMaxResults, "device statuses");
  for (const Cursor& item : items) {
    model::AllocatedDeviceStatus status;
    item.expect_map();
    status.driver = item["driver"].required_str("a driver name");
    status.pool = item["pool"].required_str("a pool name");
    status.device = item["device"].required_str("a device name");
    for (const Cursor& condition : item["conditions"].items()) {
      condition.expect_map();
      const std::string type = condition["type"].required_str("a condition type");
      status.conditions[type] = condition["status"].one_of<std::string>(
          {{"True", "True"}, {"False", "False"}, {"Unknown", "Unknown"}}, "");
      if (!condition["status"].present()) {
        condition["status"].error("one of True, False, Unknown");
      }
    }
    out.push_back(std::move(status));
  }
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
  result.binding_conditions = c["bindingConditions"].string_list();
  within_limit(c["bindingConditions"], result.binding_conditions.size(), kMaxBindingConditions,
               "binding conditions");
  result.binding_failure_conditions = c["bindingFailureConditions"].string_list();
  within_limit(c["bindingFailureConditions"], result.binding_failure_conditions.size(),
               kMaxBindingConditions, "binding failure conditions");
  for (const auto& [name, value] : c["consumedCapacity"].entries()) {
    result.consumed_capacity[name] = required_quantity(value);
  }
  return result;
}

}  // namespace

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
    out.devices = decode_device_statuses(status["devices"]);
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

}  // namespace drasim::sim
