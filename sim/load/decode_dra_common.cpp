// Helpers shared by the resource.k8s.io decoders.
#include "sim/load/decode_dra_common.h"

#include "sim/load/decode_common.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace drasim::sim::dra {

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

}  // namespace drasim::sim::dra
