// Typed device fields shared by ResourceSlice devices and the DRA driver shapes of generated node
// pools (sim/load/driver_shape.cpp): attribute values and capacities, with the API server's checks.
#include "sim/load/decode_dra_common.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace drasim::sim::dra {
namespace {

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

}  // namespace

std::map<std::string, model::AttributeValue> decode_attributes(const Cursor& c) {
  std::map<std::string, model::AttributeValue> out;
  for (const auto& [name, value] : c.entries()) {
    if (auto attribute = decode_attribute(value)) {
      out[name] = std::move(*attribute);
    }
  }
  return out;
}

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

}  // namespace drasim::sim::dra
