#pragma once
/// Evicting pods (KAI deletes them; the owner recreates them): the pod starts terminating on
/// its node (kReleasing) and the engine removes it after its grace period (KAI:
/// framework/statement.go Evict).

#include "model/cluster/cluster_state.h"
#include "model/kai/framework/cycle_result.h"

#include <cstdint>
#include <string>

namespace drasim::model {

/// Evicts a binding or running pod: kReleasing, its queue is no longer charged, the message is
/// kept for the report, and the pod is listed in `result.evictions`.
void evict(ClusterState& state, PodId pod, std::string message, CycleResult& result);

/// Makes a pod that a scenario already released virtually (kReleasing) a real eviction.
void confirm_eviction(ClusterState& state, PodId pod, std::string message, CycleResult& result);

}  // namespace drasim::model
