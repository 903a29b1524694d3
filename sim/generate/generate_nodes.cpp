// Expansion of `nodePool` generators: Nodes and, for the dra shape, their drivers' slices.
#include "sim/generate/generate_parts.h"

#include <fmt/format.h>

namespace drasim::sim::gen {
namespace {

std::string topology_value(const TopologyLabel& t, int64_t i) {
  const int64_t block = i / t.block_size;
  if (t.pattern) {
    return t.pattern->format(block);
  }
  return t.values[static_cast<size_t>(block) % t.values.size()];
}

}  // namespace

void expand_node_pool(const NodePoolSpec& p, model::ObjectSet& o) {
  model::ResourceList allocatable = p.resources;
  if (p.shape == NodeShape::kDevicePlugin && p.gpus > 0) {
    allocatable[p.driver.resource] = model::Quantity::from_units(p.gpus);
  }
  const int64_t devices = p.driver.devices.value_or(p.gpus);
  o.nodes.reserve(o.nodes.size() + static_cast<size_t>(p.count));
  for (int64_t i = 0; i < p.count; ++i) {
    model::Node n;
    n.meta.name = p.name_pattern.format(i);
    n.meta.source = p.source.at;
    n.meta.appear_us = p.at_us;
    n.meta.labels = p.labels;
    for (const TopologyLabel& t : p.topology) {
      n.meta.labels[t.key] = topology_value(t, i);
    }
    if (p.gpus > 0 || p.shape == NodeShape::kDra) {
      n.meta.labels["nvidia.com/gpu.present"] = "true";
    }
    n.meta.labels["drasim.dev/pool"] = p.name;
    n.meta.labels["kubernetes.io/hostname"] = n.meta.name;
    n.taints = p.taints;
    n.allocatable = allocatable;
    n.capacity = allocatable;
    if (p.shape == NodeShape::kDra) {
      for (model::ResourceSlice& s :
           driver_slices(p.driver, n.meta.name, devices, 1, p.source.at)) {
        s.meta.appear_us = p.at_us;
        o.resource_slices.push_back(std::move(s));
      }
    }
    o.nodes.push_back(std::move(n));
  }
}

}  // namespace drasim::sim::gen
