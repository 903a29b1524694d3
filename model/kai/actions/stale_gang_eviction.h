#pragma once
/// KAI's stalegangeviction action (kai-scheduler-behavior.md 3.7; KAI:
/// pkg/scheduler/actions/stalegangeviction).

#include "model/cluster/cluster_state.h"
#include "model/kai/framework/cycle_result.h"

#include <cstdint>

namespace drasim::model {

/// stalegangeviction: a job with pods on nodes but fewer than minMember of them (and none
/// succeeded) is stale from the first cycle that sees it so; once its grace period has passed
/// (negative = never; a PodGroup without `stalenessGracePeriod` has `default_grace_us`, KAI's
/// global default) every binding or running pod of it is evicted. Asks the engine to wake up
/// when the earliest pending grace period ends.
void run_stale_gang_eviction(ClusterState& state, int64_t now_us, int64_t default_grace_us,
                             CycleResult& result);

}  // namespace drasim::model
