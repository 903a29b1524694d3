// The progress guard (sim/engine/progress_guard.h): a run whose cycles repeat at one instant moves
// on after ProgressGuard::kMaxCyclesPerInstant cycles and says so, and a run past its event
// limit stops with RunLimitError.
#include "sim/engine/engine.h"
#include "sim/scenario_loader.h"

#include <doctest/doctest.h>

#include <string>

namespace drasim::sim {
namespace {

/// One full 4-GPU node: queue0 runs a 2-GPU and a 1-GPU pod, queue1 a 1-GPU pod; pending are a
/// 3-GPU and a 1-GPU pod of queue1 and a 1-GPU pod of queue0. Both queues deserve 2 GPUs with
/// over-quota weight 2. Every pod has an owner (recreated when evicted) and a 0 s grace period.
/// drasim's reclaim evicts here and allocate gives the GPU back, so without the guard cycles
/// repeat at 0 s forever. (KAI does not reclaim at all in this setup, reclaim_test.go "...yet we
/// don't reclaim because allocate will case a loop"; when drasim's victim simulation follows
/// KAI, replace this scenario by another that loops.)
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

TEST_CASE("cycles at one frozen instant stop after 1000 and time moves to the next period") {
  const RunResult r =
      run_scenario(load_scenario_texts({{"t.yaml", looping("spec: {horizon: 10s}\n")}}));
  // The default period is 1 s: the instants 0 s, 1 s, ..., 10 s (the horizon's instant runs
  // its cycles before the run ends) each use up their 1000 cycles.
  CHECK(r.stats.cycles == 11'000);
  REQUIRE(!r.warnings.empty());
  CHECK(r.warnings.back()
        == "at 0.0s (and at 10 later instants) the scheduler ran 1000 cycles without simulated "
           "time moving on (pods evicted with a 0 s grace period and placed again at once?); "
           "drasim moved each time to the next cycle period");
  // The loop is also in the report: r0a, the queue0 pod reclaim takes each cycle, is evicted
  // for the sixth time within the first instant, so the only anomaly is its eviction churn.
  REQUIRE(r.anomalies.size() == 1);
  CHECK(r.anomalies[0].kind == model::AnomalyKind::kEvictionChurn);
  CHECK(r.anomalies[0].message
        == "default/r0a was evicted 6 times between 0.0s and 0.0s and placed again each time: "
           "the scheduler is taking the same resources back and forth");
}

TEST_CASE("a run with no horizon that keeps evicting stops at its event limit") {
  EngineOptions options;
  options.limits.max_events = 20'000;
  const Scenario s = load_scenario_texts({{"t.yaml", looping("spec: {}\n")}});
  CHECK_THROWS_WITH_AS(run_scenario(s, options),
                       doctest::Contains("the run stopped at its --max-events limit of 20000 "
                                         "events at simulated time "),
                       RunLimitError);
  // Where the loop is: the message names the pod evicted most. (The exact message of a limit is
  // pinned in tests/cli/cli_test.cpp on a run that does not depend on this loop's details.)
  CHECK_THROWS_WITH_AS(run_scenario(s, options), doctest::Contains(", most evicted: default/"),
                       RunLimitError);
}

}  // namespace
}  // namespace drasim::sim
