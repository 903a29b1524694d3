#include "model/dra/feature_gates.h"

#include <array>
#include <string_view>

namespace drasim::model::dra {
namespace {

/// One gate: its default from 1.34 to 1.37 (index minor - 34), whether it exists in that
/// release, and from which release it is locked to its default (GA). Source: the versioned
/// gate specs of pkg/features/kube_features.go as tabulated in dra-semantics.md section 1.1.
struct GateSpec {
  std::string_view name;
  std::array<bool, 4> on;
  std::array<bool, 4> exists;
  int locked_from;  ///< first minor where the gate is locked; 99 = never (in 1.34 .. 1.37)
};

constexpr std::array<GateSpec, 14> kGates = {{
    {"DynamicResourceAllocation", {true, true, true, true}, {true, true, true, true}, 35},
    {"DRASchedulerFilterTimeout", {true, true, true, true}, {true, true, true, true}, 99},
    {"DRAPrioritizedList", {true, true, true, true}, {true, true, true, true}, 37},
    {"DRAAdminAccess", {true, true, true, true}, {true, true, true, true}, 36},
    {"DRAResourceClaimDeviceStatus", {true, true, true, true}, {true, true, true, true}, 37},
    {"DRADeviceTaints", {false, false, true, true}, {true, true, true, true}, 99},
    // 1.34 has no separate gate: DeviceTaintRules come with DRADeviceTaints.
    {"DRADeviceTaintRules", {false, false, false, true}, {false, true, true, true}, 99},
    {"DRAPartitionableDevices", {false, false, true, true}, {true, true, true, true}, 99},
    {"DRAConsumableCapacity", {false, false, true, true}, {true, true, true, true}, 99},
    {"DRAExtendedResource", {false, false, true, true}, {true, true, true, true}, 37},
    {"DRADeviceBindingConditions", {false, false, true, true}, {true, true, true, true}, 99},
    {"DRAListTypeAttributes", {false, false, false, false}, {false, false, true, true}, 99},
    {"DRANodeAllocatableResources", {false, false, false, false}, {false, false, true, true}, 99},
    {"DRAWorkloadResourceClaims", {false, false, false, false}, {false, false, true, true}, 99},
}};

size_t column(int minor) {
  const int clamped = minor < 34 ? 34 : (minor > 37 ? 37 : minor);
  return static_cast<size_t>(clamped - 34);
}

const GateSpec* find(std::string_view name) {
  for (const GateSpec& g : kGates) {
    if (g.name == name) {
      return &g;
    }
  }
  return nullptr;
}

bool gate(int minor, const std::map<std::string, bool>& gates, std::string_view name) {
  if (const auto it = gates.find(std::string(name)); it != gates.end()) {
    return it->second;
  }
  const GateSpec* g = find(name);
  return g != nullptr && g->exists[column(minor)] && g->on[column(minor)];
}

/// A gate as KAI's allocator sees it: on only when the scenario turns it on.
bool explicitly_on(const std::map<std::string, bool>& gates, std::string_view name) {
  const auto it = gates.find(std::string(name));
  return it != gates.end() && it->second;
}

}  // namespace

std::optional<std::string> gate_problem(int minor, const std::string& name, bool value) {
  const GateSpec* g = find(name);
  const size_t col = column(minor);
  if (g == nullptr || !g->exists[col]) {
    return "a feature gate of Kubernetes 1." + std::to_string(minor) + " (unrecognized gate \""
           + name + "\" in that release)";
  }
  if (minor >= g->locked_from && value != g->on[col]) {
    return "a value the gate accepts (cannot set feature gate " + name + " to "
           + (value ? "true" : "false") + ", feature is locked to "
           + (g->on[col] ? "true" : "false") + " in 1." + std::to_string(minor) + ")";
  }
  return std::nullopt;
}

bool dra_enabled(int minor, const std::map<std::string, bool>& gates) {
  return gate(minor, gates, "DynamicResourceAllocation");
}

DraFeatures resolve_features(int minor, const std::map<std::string, bool>& gates, bool kai) {
  const auto on = [&](std::string_view name) {
    return kai ? explicitly_on(gates, name) : gate(minor, gates, name);
  };
  DraFeatures f;
  f.minor = minor;
  f.admin_access = on("DRAAdminAccess");
  f.prioritized_list = on("DRAPrioritizedList");
  f.partitionable_devices = on("DRAPartitionableDevices");
  f.consumable_capacity = on("DRAConsumableCapacity");
  f.device_taints = on("DRADeviceTaints");
  // In 1.34 DeviceTaintRules are part of DRADeviceTaints.
  f.device_taint_rules = f.device_taints && (minor <= 34 || on("DRADeviceTaintRules"));
  f.device_binding_and_status =
      on("DRADeviceBindingConditions") && on("DRAResourceClaimDeviceStatus");
  // The bridge is not an allocator feature: KAI and kube-scheduler both follow the gate.
  f.extended_resource = gate(minor, gates, "DRAExtendedResource");
  return f;
}

}  // namespace drasim::model::dra
