#pragma once
/// KAI's eviction actions that run after allocate (kai-scheduler-behavior.md 3.7, 4.8, 4.9),
/// each over the jobs allocate left pending and each through the shared EvictionSolver:
/// - consolidation: a preemptible job that fits the cluster's free GPUs in total moves
///   preemptible jobs around to make room on one node; every victim must find a new place;
/// - reclaim: a queue below its fair share takes resources back from queues above theirs
///   (proportion plugin: CanReclaimResources, the victim filter and `Reclaimable`);
/// - preempt: a job evicts lower-priority preemptible jobs of its own leaf queue.

#include "model/kai/actions/allocate.h"
#include "model/kai/actions/eviction_candidates.h"
#include "model/kai/framework/cycle_result.h"
#include "model/kai/framework/session.h"

#include <array>
#include <string>
#include <string_view>

namespace drasim::model {

/// What an eviction step means, in words (drasim explain): the action's own rule for the
/// step, followed by the trace's detail.
std::string eviction_step_text(const EvictionTrace& trace);

/// Names of ScenarioOutcome for JSON, in enum order.
inline constexpr std::array<std::string_view, 7> kScenarioOutcomeNames = {
    "noRoom", "overCapacity", "noFit", "notPlaced", "notAllMoved", "rejected", "accepted"};

/// How a scenario of `action` ended, in words (drasim explain).
std::string scenario_text(Action action, const ScenarioTrace& scenario);

void run_consolidation(Session& session, AllocateAction& placer, EvictionCandidates& candidates,
                       CycleResult& result);
void run_reclaim(Session& session, AllocateAction& placer, EvictionCandidates& candidates,
                 CycleResult& result);
void run_preempt(Session& session, AllocateAction& placer, EvictionCandidates& candidates,
                 CycleResult& result);

}  // namespace drasim::model
