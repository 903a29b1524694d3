#pragma once
/// PriorityClasses that exist in a cluster without being in the scenario's manifests: the four
/// the KAI chart installs (deployments/kai-scheduler/templates/priorityclasses/*) and the two
/// Kubernetes creates itself.

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace drasim::model {

struct BuiltinPriority {
  std::string_view name;
  int64_t value;
};

inline constexpr std::array<BuiltinPriority, 6> kBuiltinPriorities = {{
    {"train", 50},              // preemptible (value < 100)
    {"build-preemptible", 75},  // preemptible
    {"build", 100},             // non-preemptible
    {"inference", 125},         // non-preemptible
    {"system-cluster-critical", 2'000'000'000},
    {"system-node-critical", 2'000'001'000},
}};

/// Value of a built-in class, or nullopt.
constexpr std::optional<int64_t> builtin_priority(std::string_view name) {
  for (const auto& p : kBuiltinPriorities) {
    if (p.name == name) {
      return p.value;
    }
  }
  return std::nullopt;
}

}  // namespace drasim::model
