#include "model/cluster/node_manifest.h"

#include "model/kai/api/gpu_request.h"

#include <optional>

namespace drasim::model {
namespace {

/// The node's `nvidia.com/gpu.count` label, when present and a number.
std::optional<int64_t> labelled_gpu_count(const Node& n) {
  const auto it = n.meta.labels.find("nvidia.com/gpu.count");
  if (it != n.meta.labels.end()) {
    int64_t value = 0;
    bool ok = !it->second.empty();
    for (const char c : it->second) {
      ok = ok && c >= '0' && c <= '9';
      value = ok ? value * 10 + (c - '0') : 0;
    }
    if (ok) {
      return value;
    }
  }
  return std::nullopt;
}

}  // namespace

void take_manifest(NodeInfo& info, const Node& n, ResourceNames& names) {
  info.labels = n.meta.labels;
  info.taints = n.taints;
  info.cordoned = n.unschedulable;
  info.conditions_problem = node_conditions_problem(n);
  info.condition_problem = node_condition_problem(n);
  info.allocatable = ResourceVector(names.size());
  info.advertised.clear();
  for (const auto& [name, quantity] : n.allocatable) {
    const int64_t amount = ResourceNames::to_units(name, quantity);
    info.allocatable.add(names.intern(name), amount);
    if (amount > 0) {
      info.advertised.push_back(name);  // the map iterates in name order
    }
  }
  const std::optional<int64_t> labelled = labelled_gpu_count(n);
  info.gpu_count_labelled = labelled.has_value();
  info.gpu_count = labelled.value_or(info.allocatable.get(kGpuSlot) / kMilliPerGpu);
  const NodeGpuMemory memory = node_gpu_memory(n.meta.labels);
  info.gpu_groups.memory_mib = memory.mib;
  info.gpu_groups.memory_synced = memory.synced;
}

}  // namespace drasim::model
