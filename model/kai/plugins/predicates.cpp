#include "model/kai/plugins/predicates.h"

#include "model/cluster/gpu_sharing.h"
#include "model/kai/plugins/implicit_tolerations.h"

#include <fmt/format.h>

#include <algorithm>

namespace drasim::model {
namespace {

std::string slot_display_name(const PodTemplate& t, const ResourceNames& names, size_t slot) {
  if (slot < t.slot_names.size() && !t.slot_names[slot].empty()) {
    return t.slot_names[slot];
  }
  return names.name(slot);
}

bool wildcard_ip(const std::string& ip) {
  return ip.empty() || ip == "0.0.0.0";
}

}  // namespace

std::string taint_problem(const PodTemplate& t, const NodeInfo& node) {
  // The TaintToleration filter with the implicit-tolerations plugin's additions (enqueue mode:
  // the pod's own tolerations plus every implied one; device taints are not checked here).
  const Taint* taint = t.implicit_tolerations.empty()
                           ? first_untolerated(node.taints, t.tolerations)
                           : first_untolerated(node.taints, filter_tolerations(t));
  if (taint != nullptr) {
    return fmt::format("node(s) had untolerated taint {{{}: {}}}", taint->key, taint->value);
  }
  return {};
}

std::string affinity_problem(const PodTemplate& t, const NodeInfo& node) {
  if (!matches_all(t.node_selector, node.labels)
      || (t.required_affinity && !matches(*t.required_affinity, node.labels, node.name))) {
    return "node(s) didn't match Pod's node affinity/selector";
  }
  return {};
}

std::string static_node_problem(const PodTemplate& t, const NodeInfo& node) {
  if (!node.condition_problem.empty()) {
    return node.condition_problem;
  }
  if (std::string taint = taint_problem(t, node); !taint.empty()) {
    return taint;
  }
  return affinity_problem(t, node);
}

std::vector<std::string> resource_problems(const PodTemplate& t, const ResourceVector& available,
                                           const ResourceNames& names) {
  std::vector<std::string> out;
  for (size_t slot = 0; slot < t.request.size(); ++slot) {
    if (t.request.get(slot) <= available.get(slot)) {
      continue;
    }
    out.push_back(resource_problem(t, slot, names));
  }
  return out;
}

std::string shared_gpu_problem(const PodTemplate& t, const NodeInfo& node,
                               const ResourceNames& names) {
  const SharedFitGap gap = shared_fit_gap(t, node);
  switch (gap.kind) {
    case SharedFitGap::Kind::kSlot:
      return resource_problem(t, gap.slot, names);
    case SharedFitGap::Kind::kPortion:
      return "node(s) had GPUs with less memory than the pod's gpu-memory request";
    case SharedFitGap::Kind::kWholeGpus:
      return "Insufficient nvidia.com/gpu";
    case SharedFitGap::Kind::kNone:
      break;
  }
  // Predicates (section 2.1 c and d).
  if (t.gpu_share.type == GpuRequestType::kGpuMemory && !node.gpu_groups.memory_synced) {
    return "node(s) didn't report GPU memory (label nvidia.com/gpu.memory) for a gpu-memory "
           "request";
  }
  const bool opens_group = fitting_groups(t, node) < t.gpu_share.devices;
  if (opens_group && (node.idle + node.releasing).get(kPodsSlot) < 2) {
    // A new group also needs room for its GPU reservation pod.
    return "Too many pods";
  }
  return {};
}

std::string resource_problem(const PodTemplate& t, size_t slot, const ResourceNames& names) {
  if (slot == kPodsSlot) {
    return "Too many pods";
  }
  return "Insufficient " + slot_display_name(t, names, slot);
}

bool fits_capacity(const ResourceVector& request, const NodeInfo& node, bool idle_only) {
  for (size_t slot = 0; slot < request.size(); ++slot) {
    const int64_t available = node.idle.get(slot) + (idle_only ? 0 : node.releasing.get(slot));
    if (request.get(slot) > available) {
      return false;
    }
  }
  return true;
}

std::string dra_guard_problem(const PodTemplate& t, const NodeInfo& node, const KaiSwitches& kai) {
  if (!kai.dra_only_node_guard || !node.has_dra_gpus() || t.cpu_only()) {
    return {};
  }
  // KAI's fit-error texts (pkg/scheduler/api/node_info/node_info.go, before and after #1943).
  if (kai.guard_shared_only) {
    return t.gpu_share.shared()
               ? "fractional/shared GPU pods are not yet supported on DRA-only nodes"
               : std::string();
  }
  const bool device_plugin_gpus = t.gpu_share.shared()
                                      ? t.gpu_share.type == GpuRequestType::kFraction
                                      : t.request.get(kGpuSlot) - t.claim_gpu_milli > 0;
  return device_plugin_gpus ? "device-plugin GPU requests cannot be scheduled on DRA-only nodes"
                            : std::string();
}

bool host_ports_conflict(const PodTemplate& t, const NodeInfo& node) {
  for (const HostPort& want : t.host_ports) {
    for (const HostPort& have : node.host_ports) {
      const bool same_ip = wildcard_ip(want.ip) || wildcard_ip(have.ip) || want.ip == have.ip;
      if (want.port == have.port && want.protocol == have.protocol && same_ip) {
        return true;
      }
    }
  }
  return false;
}

std::optional<ResourceVector> max_allocatable(const ClusterState& state) {
  return state.totals().max_allocatable;
}

std::optional<std::string> exceeds_every_node(const PodTemplate& t,
                                              const std::optional<ResourceVector>& pool_max,
                                              const ResourceNames& names,
                                              const std::vector<size_t>& ignore) {
  if (!pool_max) {
    return std::string("no nodes are available");
  }
  // KAI's MaxNodeResourcesPredicate checks GPU first, then CPU, memory and the other slots.
  std::vector<size_t> order = {kGpuSlot, kCpuSlot, kMemorySlot};
  for (size_t slot = kPodsSlot; slot < t.request.size(); ++slot) {
    order.push_back(slot);
  }
  for (const size_t slot : order) {
    const int64_t want = t.request.get(slot);
    const int64_t most = pool_max->get(slot);
    if (want <= 0 || want <= most
        || std::find(ignore.begin(), ignore.end(), slot) != ignore.end()) {
      continue;
    }
    const std::string name = slot_display_name(t, names, slot);
    const std::string amount = names.format_amount(slot, want);
    if (most == 0) {
      return fmt::format("the pod requests {} {} but no node in the pool has any", amount, name);
    }
    return fmt::format("the pod requests {} {} but the largest node in the pool has {}", amount,
                       name, names.format_amount(slot, most));
  }
  return std::nullopt;
}

}  // namespace drasim::model
