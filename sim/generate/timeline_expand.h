#pragma once
/// Expands Scenario::events into objects with lifetimes and Scenario::steps (sim/load/timeline.h),
/// in time order (events at one time in file order), and reports what cannot happen: an event
/// after the horizon or an object applied with a time before its event, a selector that
/// matches no node present then, a node, object or device that does not exist at that time, a
/// change drasim cannot model mid-run (a new Queue, a changed Pod).

#include "sim/load/diagnostic.h"
#include "sim/load/scenario.h"

namespace drasim::sim {

void expand_timeline(Scenario& scenario, Diagnostics& diagnostics);

}  // namespace drasim::sim
