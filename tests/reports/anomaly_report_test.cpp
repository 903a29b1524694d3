// Anomalies and quota drift in the reports (reports/json_report.cpp, reports/quota_rows.cpp,
// reports/summary.cpp): a node without GPUs gets pods bound to it that each ask for one
// `nvidia.com/gpu`, with zeroDelegatedOnReserve off so the node is charged for them.
#include "reports/json_report.h"
#include "reports/quota_rows.h"
#include "reports/summary.h"
#include "sim/engine/engine.h"
#include "sim/scenario_loader.h"

#include <doctest/doctest.h>

#include <string>

namespace drasim::reports {
namespace {

/// a and c bound at 0 s for 10 s, b bound at 20 s.
const char* const kOvercharged = R"(
apiVersion: v1
kind: Node
metadata: {name: cpu-1}
status:
  allocatable: {cpu: "8", memory: 8Gi, pods: "110"}
---
apiVersion: drasim.dev/v1alpha1
kind: Scenario
metadata: {name: overcharged}
spec:
  scheduler: {features: {zeroDelegatedOnReserve: false}}
---
apiVersion: v1
kind: Pod
metadata: {name: a, annotations: {drasim.dev/runtime: 10s}}
spec:
  nodeName: cpu-1
  containers: [{name: c, resources: {requests: {cpu: "1"}, limits: {nvidia.com/gpu: "1"}}}]
---
apiVersion: v1
kind: Pod
metadata: {name: c, annotations: {drasim.dev/runtime: 10s}}
spec:
  nodeName: cpu-1
  containers: [{name: c, resources: {requests: {cpu: "1"}, limits: {nvidia.com/gpu: "1"}}}]
---
apiVersion: v1
kind: Pod
metadata: {name: b, annotations: {drasim.dev/at: 20s}}
spec:
  nodeName: cpu-1
  containers: [{name: c, resources: {requests: {cpu: "1"}, limits: {nvidia.com/gpu: "1"}}}]
)";

sim::RunResult run_overcharged() {
  return sim::run_scenario(sim::load_scenario_texts({{"t.yaml", kOvercharged}}));
}

TEST_CASE("the JSON report lists every anomaly in report order and counts them") {
  const std::string json = json_report(run_overcharged());
  // Two negative-idle episodes on cpu-1 (0 s, 20 s) and two quota-drift episodes of
  // default-queue's gpu (1 GPU charged per pod, none held). At each instant the quota drift,
  // about no node, comes first.
  CHECK(json.find("    \"anomalies\": 4,\n") != std::string::npos);
  const std::string expected = R"json(  "anomalies": [
    {
      "kind": "quota-drift",
      "at": 0.0,
      "node": null,
      "queue": "default-queue",
      "resource": "gpu",
      "value": 1,
      "pod": "default/a",
      "message": "queue default-queue: the scheduler accounts 1 GPUs but its bound pods hold 0 (drift +1)"
    },
    {
      "kind": "negative-idle",
      "at": 0.0,
      "node": "cpu-1",
      "queue": null,
      "resource": "gpu",
      "value": -1,
      "pod": "default/a",
      "message": "node cpu-1: the scheduler's idle gpu is -1 (allocatable 0, used 1): it charged the node more than it has"
    },
    {
      "kind": "quota-drift",
      "at": 20.0,
)json";
  CHECK(json.find(expected) != std::string::npos);
}

TEST_CASE("a quota row shows the actual usage, the drift and the largest drift") {
  const sim::RunResult r = run_overcharged();
  const std::vector<QuotaRow> rows = quota_rows(r);
  REQUIRE(rows.size() == 3);  // default-queue: cpu, memory, gpu
  const QuotaRow& gpu = rows[2];
  // At the end b holds nothing but is charged 1 GPU: accounted 1, actual 0, drift +1. The
  // largest drift was 2, a and c at 0 s. No cycle ever ran (every pod came bound), so the fair
  // share stays 0.
  CHECK(gpu.accounted == 1);
  CHECK(gpu.actual == 0);
  CHECK(gpu.drift == 1);
  CHECK(gpu.max_abs_drift == 2);
  CHECK(gpu.max_abs_drift_at == sim::SimTime{0});
  REQUIRE(gpu.series.size() == 3);
  CHECK(gpu.series[0].accounted == 2);
  CHECK(gpu.series[1].at == sim::SimTime{10'000'000});
  CHECK(gpu.series[1].accounted == 0);
  CHECK(gpu.series[2].accounted == 1);
  // cpu: 1 core per pod, accounted and held alike; never drifted, so no time.
  const QuotaRow& cpu = rows[0];
  CHECK(cpu.actual == 1);
  CHECK(cpu.drift == 0);
  CHECK(cpu.max_abs_drift == 0);
  CHECK_FALSE(cpu.max_abs_drift_at.has_value());
  const std::string json = json_report(r);
  CHECK(json.find(R"(      "accounted": 1,
      "maxAccounted": 2,
      "maxAccountedAt": 0.0,
      "actual": 0,
      "drift": 1,
      "maxAbsDrift": 2,
      "maxAbsDriftAt": 0.0,
      "series": [
        [0.0, 2, 0, 0],
        [10.0, 0, 0, 0],
        [20.0, 1, 0, 0]
      ]
)") != std::string::npos);
  CHECK(json.find(R"(      "maxAbsDrift": 0,
      "maxAbsDriftAt": null,)")
        != std::string::npos);
}

TEST_CASE("the summary counts anomalies by kind, or says there are none") {
  CHECK(text_summary(run_overcharged()).find("  anomalies: 4 (negative-idle 2, quota-drift 2)\n")
        != std::string::npos);
  const std::string root = DRASIM_SOURCE_DIR;
  CHECK(text_summary(sim::run_scenario(sim::load_scenario({root + "/scenarios/reclaim.yaml"})))
            .find("  anomalies: 0\n")
        != std::string::npos);
}

}  // namespace
}  // namespace drasim::reports
