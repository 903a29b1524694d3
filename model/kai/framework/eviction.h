#pragma once
/// Evicting pods (KAI deletes them; the owner recreates them): the pod starts terminating on
/// its node (kReleasing) and the engine removes it after its grace period. And KAI's
/// stalegangeviction action (kai-scheduler-behavior.md 3.7).

#include "model/cluster_state.h"
#include "model/scheduler.h"

#include <cstdint>
#include <string>

namespace drasim::model {

/// Evicts a binding or running pod: kReleasing, its queue is no longer charged, the message is
/// kept for the report, and the pod is listed in `result.evictions`.
void evict(ClusterState& state, PodId pod, std::string message, CycleResult& result);

/// Makes a pod that a scenario already released virtually (kReleasing) a real eviction.
void confirm_eviction(ClusterState& state, PodId pod, std::string message, CycleResult& result);

/// KAI's default `stalenessGracePeriod` (60 s).
inline constexpr int64_t kDefaultStalenessGraceUs = 60'000'000;

/// stalegangeviction: a job with pods on nodes but fewer than minMember of them (and none
/// succeeded) is stale from the first cycle that sees it so; once its grace period has passed
/// (negative = never) every binding or running pod of it is evicted. Asks the engine to wake up
/// when the earliest pending grace period ends.
void run_stale_gang_eviction(ClusterState& state, int64_t now_us, CycleResult& result);

}  // namespace drasim::model
