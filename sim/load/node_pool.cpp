#include "sim/load/node_pool.h"

namespace drasim::sim {

const char* to_string(NodePool pool) {
  switch (pool) {
    case NodePool::kDevicePlugin:
      return "device-plugin";
    case NodePool::kDra:
      return "dra";
    case NodePool::kMixed:
      return "mixed";
    case NodePool::kCpu:
      return "cpu";
    case NodePool::kAll:
      return "all";
  }
  return "all";
}

std::optional<NodePool> node_pool_named(std::string_view name) {
  for (const NodePool pool : kAllNodePools) {
    if (name == to_string(pool)) {
      return pool;
    }
  }
  return std::nullopt;
}

NodePool classify_node(bool advertises_gpus, bool has_dra_gpus) {
  if (advertises_gpus && has_dra_gpus) {
    return NodePool::kMixed;
  }
  if (advertises_gpus) {
    return NodePool::kDevicePlugin;
  }
  return has_dra_gpus ? NodePool::kDra : NodePool::kCpu;
}

}  // namespace drasim::sim
