#include "model/node_fit.h"

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

std::string static_node_problem(const PodTemplate& t, const NodeInfo& node) {
  if (!node.condition_problem.empty()) {
    return node.condition_problem;
  }
  if (const Taint* taint = first_untolerated(node.taints, t.tolerations)) {
    return fmt::format("node(s) had untolerated taint {{{}: {}}}", taint->key, taint->value);
  }
  if (!matches_all(t.node_selector, node.labels)) {
    return "node(s) didn't match Pod's node affinity/selector";
  }
  if (t.required_affinity && !matches(*t.required_affinity, node.labels, node.name)) {
    return "node(s) didn't match Pod's node affinity/selector";
  }
  return {};
}

std::vector<std::string> resource_problems(const PodTemplate& t, const ResourceVector& available,
                                           const ResourceNames& names) {
  std::vector<std::string> out;
  for (size_t slot = 0; slot < t.request.size(); ++slot) {
    if (t.request.get(slot) <= available.get(slot)) {
      continue;
    }
    if (slot == kPodsSlot) {
      out.emplace_back("Too many pods");
    } else {
      out.push_back("Insufficient " + slot_display_name(t, names, slot));
    }
  }
  return out;
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

std::optional<std::string> exceeds_every_node(const PodTemplate& t, const ClusterState& state) {
  ResourceVector max(state.names.size());
  bool any = false;
  for (const NodeInfo& n : state.nodes) {
    if (!n.present) {
      continue;
    }
    any = true;
    for (size_t slot = 0; slot < n.allocatable.size(); ++slot) {
      max.set(slot, std::max(max.get(slot), n.allocatable.get(slot)));
    }
  }
  if (!any) {
    return std::string("no nodes are available");
  }
  for (size_t slot = 0; slot < t.request.size(); ++slot) {
    const int64_t want = t.request.get(slot);
    if (want <= 0 || want <= max.get(slot)) {
      continue;
    }
    const std::string name = slot_display_name(t, state.names, slot);
    const std::string amount = state.names.format_amount(slot, want);
    if (max.get(slot) == 0) {
      return fmt::format("the pod requests {} {} but no node in the pool has any", amount, name);
    }
    return fmt::format("the pod requests {} {} but the largest node in the pool has {}", amount,
                       name, state.names.format_amount(slot, max.get(slot)));
  }
  return std::nullopt;
}

}  // namespace drasim::model
