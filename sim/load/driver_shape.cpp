#include "sim/driver_shape.h"

#include "sim/decode_common.h"
#include "sim/decode_dra_common.h"
#include "sim/known_fields.h"

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
      c[name].error("a counter of the driver's counters", fmt::format("\"{}\"", name));
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
      item["name"].error("a partition name unique in the driver", fmt::format("\"{}\"", p.name));
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

std::string slice_name(const std::string& node, const std::string& driver, size_t k) {
  std::string d = driver;
  std::replace(d.begin(), d.end(), '.', '-');
  return fmt::format("{}-{}-{}", node, d, k);
}

model::Device gpu_device(const DriverShape& shape, std::string name) {
  model::Device d;
  d.name = std::move(name);
  d.attributes = shape.attributes;
  d.capacity = shape.capacity;
  return d;
}

/// Partitionable layout: counter-set slices, then one slice of partitions per GPU.
void partition_slices(const DriverShape& shape, int64_t device_count,
                      std::vector<model::ResourceSlice>& out, const model::ResourceSlice& base) {
  constexpr int64_t kSetsPerSlice = static_cast<int64_t>(dra::kMaxCounterSets);
  for (int64_t first = 0; first < device_count; first += kSetsPerSlice) {
    model::ResourceSlice s = base;
    for (int64_t i = first; i < std::min(device_count, first + kSetsPerSlice); ++i) {
      s.shared_counters.push_back({shape.device_name.format(i) + "-counter-set", shape.counters});
    }
    out.push_back(std::move(s));
  }
  for (int64_t i = 0; i < device_count; ++i) {
    const std::string gpu = shape.device_name.format(i);
    const std::string set = gpu + "-counter-set";
    model::ResourceSlice s = base;
    s.devices.reserve(shape.partitions.size() + 1);
    if (shape.full_device) {
      s.devices.push_back(gpu_device(shape, gpu));
      s.devices.back().consumes_counters.push_back({set, shape.counters});
    }
    for (const PartitionTemplate& p : shape.partitions) {
      model::Device d;
      d.name = gpu + "-" + p.name;
      d.attributes = p.attributes;
      d.capacity = p.capacity;
      d.consumes_counters.push_back({set, p.consumes});
      s.devices.push_back(std::move(d));
    }
    out.push_back(std::move(s));
  }
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

std::vector<model::ResourceSlice> driver_slices(const DriverShape& shape,
                                                const std::string& node_name, int64_t device_count,
                                                int64_t generation, model::SourceRef source) {
  std::vector<model::ResourceSlice> out;
  if (device_count <= 0) {
    return out;
  }
  model::ResourceSlice base;
  base.meta.source = source;
  base.driver = shape.driver;
  base.node_name = node_name;
  base.pool.name = node_name;
  base.pool.generation = generation;
  if (shape.partitionable) {
    partition_slices(shape, device_count, out, base);
  } else {
    constexpr auto kPerSlice = static_cast<int64_t>(dra::kMaxDevices);
    for (int64_t first = 0; first < device_count; first += kPerSlice) {
      model::ResourceSlice s = base;
      const int64_t last = std::min(device_count, first + kPerSlice);
      s.devices.reserve(static_cast<size_t>(last - first));
      for (int64_t i = first; i < last; ++i) {
        s.devices.push_back(gpu_device(shape, shape.device_name.format(i)));
      }
      out.push_back(std::move(s));
    }
  }
  for (size_t k = 0; k < out.size(); ++k) {
    out[k].meta.name = slice_name(node_name, shape.driver, k);
    out[k].pool.resource_slice_count = static_cast<int64_t>(out.size());
  }
  return out;
}

}  // namespace drasim::sim
