#pragma once
/// The proportion plugin's reclaim rules (spec 4.8; KAI
/// pkg/scheduler/plugins/proportion/reclaimable/{reclaimable.go,filter_victims.go,
/// strategies/strategies.go}, with the plugin's default `queuePriorityInQuotaReclaim=false`).
/// Queues are addressed by index into `queues`; `request` is the init request of the reclaimer's
/// next chunk (cpu, memory, gpu).

#include "model/kai/plugins/proportion/queue_share.h"

#include <cstdint>
#include <string>
#include <vector>

namespace drasim::model::proportion {

/// `CanReclaimResources`, the action-level gate: the reclaimer's leaf queue stays within its
/// fair share with the request, and a non-preemptible reclaimer also within its quota.
[[nodiscard]] bool can_reclaim_resources(const std::vector<QueueShare>& queues,
                                         uint32_t reclaimer_leaf, const Amounts& request,
                                         bool non_preemptible);

/// Why `can_reclaim_resources` is false, with the arithmetic of the first resource that
/// exceeds (empty when it is true). For drasim explain.
[[nodiscard]] std::string reclaim_gate_problem(const std::vector<QueueShare>& queues,
                                               uint32_t reclaimer_leaf, const Amounts& request,
                                               bool non_preemptible);

/// `FilterVictim`: whether jobs of `victim_leaf` may be considered at all. Compares the two
/// queues just below the lowest common ancestor of the leaves (the top-level queues themselves
/// when the leaves are in different trees).
[[nodiscard]] bool is_reclaim_victim_candidate(const std::vector<QueueShare>& queues,
                                               uint32_t reclaimer_leaf, const Amounts& request,
                                               uint32_t victim_leaf);

/// What one victim chunk frees: the elastic surplus tasks of a victim job count one per chunk,
/// its core tasks as one chunk.
struct VictimChunk {
  uint32_t leaf;
  Amounts resources;
};

/// `Reclaimable`, the scenario validator: every chunk, in order, must be taken from a queue
/// still above its allocatable share (MaintainFairShare) or, with the reclaimer's queue within
/// quota, above its quota (GuaranteeDeservedQuota); then on every level from the reclaimer's
/// leaf up, the reclaimer's saturation (allocated / fair share, with the request) must stay
/// below that of every sibling that lost resources, and a non-preemptible reclaimer must stay
/// within quota.
///
/// KAI visits the victims grouped by leaf queue in Go map order; drasim groups them by leaf in
/// order of first appearance and keeps each leaf's chunks in the given order.
/// `saturation_multiplier` is the plugin argument `relcaimerSaturationMultiplier` (the plugin
/// resets values below 1 to 1).
[[nodiscard]] bool reclaim_scenario_valid(const std::vector<QueueShare>& queues,
                                          uint32_t reclaimer_leaf, const Amounts& request,
                                          bool non_preemptible,
                                          const std::vector<VictimChunk>& victims,
                                          double saturation_multiplier = 1.0);

/// Why `reclaim_scenario_valid` is false, with the arithmetic of the rule that fails (empty
/// when it is true). For drasim explain.
[[nodiscard]] std::string reclaim_scenario_problem(const std::vector<QueueShare>& queues,
                                                   uint32_t reclaimer_leaf, const Amounts& request,
                                                   bool non_preemptible,
                                                   const std::vector<VictimChunk>& victims,
                                                   double saturation_multiplier = 1.0);

}  // namespace drasim::model::proportion
