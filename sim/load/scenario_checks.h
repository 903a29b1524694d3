#pragma once
/// Checks across objects that no single decoder can make: duplicate names, references to
/// PriorityClasses, PodGroups and parent queues that do not exist, queue cycles, expectations
/// about queues that do not exist.

#include "sim/load/diagnostic.h"
#include "sim/load/scenario.h"

namespace drasim::sim {

/// Reports every cross-object problem of `scenario` to `diagnostics`.
void check_scenario(const Scenario& scenario, Diagnostics& diagnostics);

}  // namespace drasim::sim
