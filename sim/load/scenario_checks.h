#pragma once
/// Checks across objects that no single decoder can make: duplicate names, references to
/// PriorityClasses, PodGroups and parent queues that do not exist, queue cycles, expectations
/// about queues that do not exist.

#include "sim/load/diagnostic.h"
#include "sim/load/scenario.h"

#include <string>
#include <vector>

namespace drasim::sim {

/// The most pods a run builds, every `drasim.dev/replicas` copy counted (a PodGroup's copies
/// times its members'). 4 million is 28 times the largest cluster PRODUCT.md sizes for, and
/// about 6 GiB of state.
inline constexpr int64_t kMaxPods = 4'000'000;

/// Reports every cross-object problem of `scenario` to `diagnostics`.
void check_scenario(const Scenario& scenario, Diagnostics& diagnostics);

/// One line per pod of a PodGroup with subgroups that joins none of its leaf subgroups (its
/// `kai.scheduler/subgroup-name` label names no leaf, or it has none and no leaf is named
/// `default`). The API server accepts such a pod; KAI never schedules, counts or evicts it as
/// part of the job (InvalidSubGroupTasks), so it stays pending.
[[nodiscard]] std::vector<std::string> outside_subgroup_warnings(const Scenario& scenario);

}  // namespace drasim::sim
