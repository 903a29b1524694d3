#include "sim/load/driver_shape.h"

#include "sim/load/decode_common.h"
#include "sim/load/decode_dra_common.h"
#include "sim/load/known_fields.h"
#include "sim/load/quote.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>

namespace drasim::sim {
namespace {

/// The overlay of `own` on `base` (a partition's attributes or capacity over its GPU's).
template <class Map>
Map overlay(const Map& base, const Map& own) {
  Map out = own;
  out.insert(base.begin(), base.end());
  return out;
}

/// Reports a consumed counter the per-GPU counter set does not hold.
void check_consumed(const Cursor& c, const PartitionTemplate& p,
                    const std::map<std::string, model::Quantity>& counters) {
  for (const auto& [name, amount] : p.consumes) {
    if (counters.count(name) == 0) {
      c[name].error("a counter of the driver's counters", quote(name));
    }
  }
}

std::vector<PartitionTemplate> decode_partitions(const Cursor& c, const DriverShape& shape) {
  std::vector<PartitionTemplate> out;
  std::set<std::string> names;
  for (const Cursor& item : c.items()) {
    if (!item.expect_map()) {
      continue;
    }
    reject_unknown_fields(item, "partition",
                          {"name", "attributes", "capacity", "consumesCounters"});
    PartitionTemplate p;
    p.name = item["name"].required_str("a partition name such as mig-1g5gb-0");
    if (!p.name.empty() && !names.insert(p.name).second) {
      item["name"].error("a partition name unique in the driver", quote(p.name));
    }
    p.attributes = overlay(shape.attributes, dra::decode_attributes(item["attributes"]));
    p.capacity = overlay(shape.capacity, dra::decode_capacity(item["capacity"], false));
    dra::within_limit(item, p.attributes.size() + p.capacity.size(),
                      dra::kMaxAttributesAndCapacities, "attributes and capacities together");
    if (!item["consumesCounters"].present()) {
      item["consumesCounters"].error("a mapping of counter names to {value: <quantity>}");
    }
    p.consumes = dra::decode_counters(item["consumesCounters"]);
    check_consumed(item["consumesCounters"], p, shape.counters);
    out.push_back(std::move(p));
  }
  return out;
}

/// `partitionable: true`: counters and partitions, at most 64 devices per GPU (the API's limit
/// for a slice whose devices consume counters).
void decode_partitionable(const Cursor& c, DriverShape& shape) {
  if (!c["counters"].present()) {
    c["counters"].error("a mapping of counter names to {value: <quantity>} (partitionable: true)");
  }
  shape.counters = dra::decode_counters(c["counters"]);
  dra::within_limit(c["counters"], shape.counters.size(), dra::kMaxCounters, "counters");
  shape.partitions = decode_partitions(c["partitions"], shape);
  shape.full_device = c["fullDevice"].boolean(false);
  if (shape.partitions.empty() && c.is_map()) {
    c["partitions"].error("at least one partition (partitionable: true)");
  }
  dra::within_limit(c["partitions"], shape.partitions.size() + (shape.full_device ? 1 : 0),
                    dra::kMaxDevicesWithTaintsOrCounters, "devices per GPU (partitions)");
}

}  // namespace

DriverShape decode_driver_shape(const Cursor& c, uint32_t file_index) {
  DriverShape shape;
  shape.source = source_of(c, file_index);
  if (!c.expect_map("a driver shape {name, devices, deviceName, attributes, capacity, ...}")) {
    return shape;
  }
  reject_unknown_fields(c, "driver",
                        {"name", "resource", "devices", "deviceName", "attributes", "capacity",
                         "partitionable", "counters", "partitions", "fullDevice"});
  shape.driver = c["name"].required_str("a driver name such as gpu.nvidia.com");
  if (c["resource"].present()) {
    shape.resource = c["resource"].required_str("an extended resource name such as nvidia.com/gpu");
  }
  constexpr std::string_view kDevices = "a device count from 1 to 256";
  if (const auto devices = c["devices"].integer(kDevices)) {
    if (*devices == 0) {
      c["devices"].error("at least one device", "0");
    } else if (*devices < 0 || *devices > kMaxDriverDevices) {
      c["devices"].error(kDevices, std::to_string(*devices));
    } else {
      shape.devices = *devices;
    }
  }
  if (c["deviceName"].present()) {
    const auto pattern = parse_index_pattern(c["deviceName"].str(), c["deviceName"]);
    shape.device_name = pattern.value_or(shape.device_name);
  }
  shape.attributes =
      c["attributes"].present()
          ? dra::decode_attributes(c["attributes"])
          : std::map<std::string, model::AttributeValue>{{"type", std::string("gpu")}};
  shape.capacity = dra::decode_capacity(c["capacity"], false);
  dra::within_limit(c, shape.attributes.size() + shape.capacity.size(),
                    dra::kMaxAttributesAndCapacities, "attributes and capacities together");
  shape.partitionable = c["partitionable"].boolean(false);
  if (shape.partitionable) {
    decode_partitionable(c, shape);
    return shape;
  }
  for (const std::string_view field : {"counters", "partitions", "fullDevice"}) {
    if (c[field].present()) {
      c[field].error(fmt::format("no {} unless partitionable: true", field));
    }
  }
  return shape;
}

}  // namespace drasim::sim
