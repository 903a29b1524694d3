#include "sim/generate/driver_slices.h"

#include "sim/load/decode_dra_common.h"

#include <fmt/format.h>

#include <algorithm>

namespace drasim::sim {
namespace {

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
