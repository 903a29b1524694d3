#pragma once
/// KAI's eviction actions that run after allocate (kai-scheduler-behavior.md 3.7, 4.8, 4.9):
/// consolidation, reclaim and preempt, in that order, each over the jobs allocate left pending.

#include "model/allocate_action.h"
#include "model/cluster_state.h"
#include "model/eviction_candidates.h"
#include "model/scheduler.h"

#include <cstdint>

namespace drasim::model {

/// preempt: a pending job may evict preemptible jobs of strictly lower priority in its own leaf
/// queue; a non-preemptible preemptor must stay within its quota. No fair-share check.
void run_preempt(ClusterState& state, AllocateAction& placer, int64_t now_us,
                 const EvictionCandidates::QueueOrder& order, CycleResult& result);

}  // namespace drasim::model
