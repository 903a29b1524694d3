// The progress guard (sim/engine/progress_guard.h): cycles at one instant are used up when they
// come back to a placement they already started from, or after
// ProgressGuard::kMaxCyclesPerInstant, and the report says so; a run past its event limit stops
// with RunLimitError. The loop that made the guard necessary is gone (the first case).
#include "sim/engine/progress_guard.h"

#include "sim/engine/engine.h"
#include "sim/scenario_loader.h"

#include <doctest/doctest.h>

#include <string>

namespace drasim::sim {
namespace {

/// Issue 16's 6-pod reproduction: one full 4-GPU node: queue0 runs a 2-GPU and a 1-GPU pod,
/// queue1 a 1-GPU pod; pending are a 3-GPU and a 1-GPU pod of queue1 and a 1-GPU pod of queue0.
/// Both queues deserve 2 GPUs with over-quota weight 2. Every pod has an owner (recreated when
/// evicted) and a 0 s grace period. Before drasim simulated victims as KAI does, reclaim evicted
/// here, allocate gave the GPU back, and cycles repeated at 0 s forever.
std::string looping(const std::string& scenario_spec) {
  std::string text = R"(apiVersion: v1
kind: Node
metadata: {name: n1}
status:
  allocatable: {cpu: "16", memory: 64Gi, pods: "110", nvidia.com/gpu: "4"}
)";
  for (const char* q : {"queue0", "queue1"}) {
    text += std::string("---\napiVersion: scheduling.run.ai/v2\nkind: Queue\nmetadata: {name: ") + q
            + "}\nspec:\n  resources:\n    gpu: {quota: 2, overQuotaWeight: 2, limit: -1}\n"
              "    cpu: {quota: -1, limit: -1}\n    memory: {quota: -1, limit: -1}\n";
  }

  struct P {
    const char* name;
    const char* queue;
    int gpus;
    bool bound;
  };

  for (const P& p :
       {P{"r0a", "queue0", 2, true}, P{"r0b", "queue0", 1, true}, P{"r1a", "queue1", 1, true},
        P{"p1a", "queue1", 3, false}, P{"p1b", "queue1", 1, false}, P{"p0a", "queue0", 1, false}}) {
    text += std::string("---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: ") + p.name
            + "\n  labels: {kai.scheduler/queue: " + p.queue
            + "}\n  ownerReferences: [{apiVersion: batch/v1, kind: Job, name: " + p.name
            + "-job, uid: u-" + p.name + ", controller: true}]\nspec:\n"
            + (p.bound ? "  nodeName: n1\n" : "") + "  terminationGracePeriodSeconds: 0\n"
            + "  containers: [{name: c, resources: {limits: {nvidia.com/gpu: \""
            + std::to_string(p.gpus) + "\"}}}]\n" + (p.bound ? "status: {phase: Running}\n" : "");
  }
  return text + "---\napiVersion: drasim.dev/v1alpha1\nkind: Scenario\nmetadata: {name: loop}\n"
         + scenario_spec;
}

TEST_CASE("the 6-pod reproduction ends: KAI's simulation un-evicts the victim, so nobody is") {
  // reclaim_test.go "queue0 is over quota, queue1 is under quota, yet we don't reclaim because
  // allocate will case a loop": queue1's 1-GPU pod may reclaim from queue0 (1 + 1 <= fair share
  // 2, queue0 holds 3 > 2). With r0b evicted, the simulation orders queue0 first (2 + 1 over
  // its fair share of 2 is a dominant share of 1.5, queue1's next job 1 + 3 makes 2), so r0b is
  // placed back on its own GPU (un-evicted) and the preemptor no longer fits; with r0a evicted
  // too both come back first. No scenario is valid: one cycle at 0 s, nothing evicted.
  const RunResult r =
      run_scenario(load_scenario_texts({{"t.yaml", looping("spec: {horizon: 10s}\n")}}));
  CHECK(r.stats.cycles == 1);
  CHECK(r.stats.evictions == 0);
  CHECK(r.warnings.empty());
  CHECK(r.anomalies.empty());
  // Without a horizon the run ends by itself once nothing is left to happen.
  const RunResult open = run_scenario(load_scenario_texts({{"t.yaml", looping("spec: {}\n")}}));
  CHECK(open.stats.cycles == 1);
}

TEST_CASE("cycles at one frozen instant are used up after 1000, and the warning counts instants") {
  ProgressGuard guard(RunLimits{});
  for (uint32_t i = 1; i < ProgressGuard::kMaxCyclesPerInstant; ++i) {
    guard.cycle_at(SimTime{0});
  }
  // 999 cycles at 0 s: one more may run.
  CHECK_FALSE(guard.instant_used_up(SimTime{0}));
  guard.cycle_at(SimTime{0});
  CHECK(guard.instant_used_up(SimTime{0}));
  CHECK(guard.instant_used_up(SimTime{0}));  // asked again for another change: still one instant
  // A new instant starts its count again; 1000 cycles at 2 s use it up as well.
  for (uint32_t i = 0; i < ProgressGuard::kMaxCyclesPerInstant; ++i) {
    CHECK_FALSE(guard.instant_used_up(SimTime{2'000'000}));
    guard.cycle_at(SimTime{2'000'000});
  }
  CHECK(guard.instant_used_up(SimTime{2'000'000}));
  REQUIRE(guard.warning().has_value());
  CHECK(*guard.warning()
        == "at 0.0s (and at 1 later instants) the scheduler's cycles stopped making progress "
           "without simulated time moving on (they came back to a placement they had started "
           "from, or ran 1000 times; pods evicted with a 0 s grace period and placed again at "
           "once?); drasim moved each time to the next cycle period");
}

TEST_CASE("cycles that start again from a placement they already started from use the instant up") {
  ProgressGuard guard(RunLimits{});
  const SimTime t0{5'000'000};
  guard.cycle_at(t0);  // the instant's first cycle is never compared
  guard.cycle_at(t0);
  CHECK_FALSE(guard.repeats(t0, 7));  // the second starts from placements 7: new
  CHECK_FALSE(guard.instant_used_up(t0));
  guard.cycle_at(t0);
  CHECK_FALSE(guard.repeats(t0, 8));  // the third from 8: new, progress
  guard.cycle_at(t0);
  CHECK(guard.repeats(t0, 7));  // the fourth from 7 again: it would go round forever
  CHECK(guard.instant_used_up(t0));
  CHECK(guard.cycles_at_instant() == 4u);
  // The next instant starts afresh: 7 is new there.
  const SimTime t1{6'000'000};
  guard.cycle_at(t1);
  guard.cycle_at(t1);
  CHECK_FALSE(guard.repeats(t1, 7));
  CHECK_FALSE(guard.instant_used_up(t1));
  REQUIRE(guard.warning().has_value());
  CHECK(guard.warning()->rfind("at 5.0s the scheduler's cycles stopped making progress", 0) == 0);
}

TEST_CASE("the placement fingerprint follows where pods are, not how often they moved") {
  const Scenario s = load_scenario_texts({{"t.yaml", looping("spec: {horizon: 10s}\n")}});
  RunResult r = run_scenario(s);
  model::ClusterState& state = r.state;
  const uint64_t before = placement_fingerprint(state);
  // Counters are left out: a pod placed again where it was is the same placement.
  state.pods[0].epoch += 3;
  state.pods[0].evictions += 1;
  CHECK(placement_fingerprint(state) == before);
  // A pod on another node, or in another phase, is not.
  const model::PodPhase phase = state.pods[0].phase;
  state.pods[0].phase =
      phase == model::PodPhase::kRunning ? model::PodPhase::kPending : model::PodPhase::kRunning;
  CHECK(placement_fingerprint(state) != before);
  state.pods[0].phase = phase;
  CHECK(placement_fingerprint(state) == before);
}

TEST_CASE("a run stops at its event limit, saying which limit and where") {
  EngineOptions options;
  options.limits.max_events = 3;
  const Scenario s = load_scenario_texts({{"t.yaml", looping("spec: {}\n")}});
  // The scenario's arrivals alone are more than 3 events (6 pods, 1 node, 2 queues), so the
  // third one stops the run, at 0 s, before any cycle.
  CHECK_THROWS_WITH_AS(run_scenario(s, options),
                       "the run stopped at its --max-events limit of 3 events at simulated time "
                       "0.0s: 3 events, 0 scheduling cycles, 0 placements, 0 evictions by the "
                       "scheduler, 0 by timeline events; a run that evicts and places the same "
                       "pods again and again does not end by itself (set spec.horizon, or raise "
                       "the limit)",
                       RunLimitError);
}

TEST_CASE("the guard's in-cycle check stops a cycle once the wall-clock limit is spent") {
  const model::ClusterState state;
  // No limit (0): never.
  const ProgressGuard unlimited(RunLimits{0, 0});
  CHECK_NOTHROW(unlimited.inside_cycle(SimTime{0}, RunStats{}, state));
  // A nanosecond is spent by the time the guard is asked (reading the clock alone takes
  // longer), and the message says it stopped inside the cycle and why.
  const ProgressGuard spent(RunLimits{0, 1e-9});
  CHECK_THROWS_WITH_AS(spent.inside_cycle(SimTime{5'000'000}, RunStats{}, state),
                       "the run stopped at its --max-wall limit of 1e-09s inside the scheduling "
                       "cycle at simulated time 5.0s: 0 events, 0 scheduling cycles, 0 "
                       "placements, 0 evictions by the scheduler, 0 by timeline events; one "
                       "scheduling cycle did not finish within the limit (raise it, or 0 for "
                       "none)",
                       RunLimitError);
}

}  // namespace
}  // namespace drasim::sim
