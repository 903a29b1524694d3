#pragma once
/// One scheduling cycle over the live cluster state, under the scenario's profile: kube-scheduler,
/// or KAI's actions in KAI's order (allocate, consolidation, reclaim, preempt,
/// stalegangeviction) in one session, working through Statements (KAI: pkg/scheduler/scheduler.go
/// runOnce).

#include "model/cluster/cluster_state.h"
#include "model/kai/framework/cycle_result.h"

#include <cstdint>

namespace drasim::model {

/// Runs one cycle at simulated time `now_us`. Pending pods that were tried and not placed get
/// their `reason` updated.
[[nodiscard]] CycleResult run_cycle(ClusterState& state, const SchedulerOptions& options,
                                    int64_t now_us = 0);

}  // namespace drasim::model
