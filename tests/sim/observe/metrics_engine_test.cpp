// Metrics over time as the engine records them (sim/observe/metrics_recorder.h): the main series of
// pending / running / evictions / failed binds / GPUs offline / wait percentiles, per-pool
// utilization, and the waitTime and utilization expectations (sim/observe/metric_expectations.h).
#include "sim/engine/engine.h"
#include "sim/scenario_loader.h"

#include <doctest/doctest.h>

#include "tests/sim/run_helpers.h"
#include "tests/two_waves.h"
#include <algorithm>
#include <optional>
#include <string>

namespace drasim::sim {
namespace {

constexpr size_t kCpu = 0;
constexpr size_t kGpu = 2;

/// One device-plugin node with 2 GPUs and 4 one-GPU pods running 10 minutes each, then the
/// Scenario document whose `spec.expect` takes `expect_items`.
std::string two_waves(const std::string& expect_items) {
  return std::string(testing::kTwoWaves) + R"(---
apiVersion: drasim.dev/v1alpha1
kind: Scenario
metadata: {name: two-waves}
spec:
  expect:
)" + expect_items;
}

RunResult run_text(const std::string& text) {
  return run_scenario(load_scenario_texts({{"t.yaml", text}}));
}

SimTime at_s(double seconds) {
  return SimTime{static_cast<int64_t>(seconds * 1'000'000)};
}

std::optional<SimDuration> wait_s(double seconds) {
  return SimDuration{static_cast<int64_t>(seconds * 1'000'000)};
}

TEST_CASE("each GPU node's GPUs used and capacity are sampled at every change, and waits kept") {
  const RunResult r = run_text(two_waves("  - {allPodsBound: true}\n"));
  REQUIRE(r.metrics.node_gpus.size() == 1);
  const UsageSeries& a = r.metrics.node_gpus[0];
  // gpu-a (2 GPUs, 2000 milli-GPUs): the 0 s cycle binds p-0 and p-1 (Binding holds the node),
  // both finish at 600.2 s, the 601 s cycle binds the other two, which finish at 1201.2 s.
  REQUIRE(a.size() == 4);
  CHECK(a[0].at == at_s(0));
  CHECK(a[0].used == 2000);
  CHECK(a[0].capacity == 2000);
  CHECK(a[1].at == at_s(600.2));
  CHECK(a[1].used == 0);
  CHECK(a[2].at == at_s(601));
  CHECK(a[2].used == 2000);
  CHECK(a[3].at == at_s(1201.2));
  CHECK(a[3].used == 0);
  // The waits behind the percentiles, ascending: two of 0.2 s, two of 601.2 s (see below).
  CHECK(r.metrics.all_waits == std::vector<int64_t>{200'000, 200'000, 601'200'000, 601'200'000});
}

TEST_CASE("pending, running and wait percentiles are sampled at every change, one row an instant") {
  const RunResult r = run_text(two_waves("  - {allPodsBound: true}\n"));
  const std::vector<MetricsRow>& rows = r.metrics.rows;
  REQUIRE(rows.size() == 6);
  // 0 s: four submissions (4 pending), then the cycle binds p-0 and p-1 (2 pending, 2 running):
  // the instant collapses into its last state. No bind has completed, so no wait yet.
  CHECK(rows[0].at == at_s(0));
  CHECK(rows[0].pending == 2);
  CHECK(rows[0].running == 2);
  CHECK_FALSE(rows[0].wait_p50.has_value());
  // 0.2 s: both binds complete (bind latency 200 ms): waits {0.2, 0.2}, every percentile 0.2 s.
  CHECK(rows[1].at == at_s(0.2));
  CHECK(rows[1].wait_p50 == wait_s(0.2));
  CHECK(rows[1].wait_p99 == wait_s(0.2));
  // 600.2 s: both finish (running 0); the next cycle is at the boundary 601 s and binds the
  // other two, whose binds complete at 601.2 s: waits {0.2, 0.2, 601.2, 601.2}. Nearest rank:
  // p50 is the ceil(0.50 x 4) = 2nd value, 0.2 s; p95 the ceil(3.8) = 4th, p99 the ceil(3.96)
  // = 4th, 601.2 s.
  CHECK(rows[2].at == at_s(600.2));
  CHECK(rows[2].running == 0);
  CHECK(rows[2].pending == 2);
  CHECK(rows[3].at == at_s(601));
  CHECK(rows[3].pending == 0);
  CHECK(rows[3].running == 2);
  CHECK(rows[4].at == at_s(601.2));
  CHECK(rows[4].wait_p50 == wait_s(0.2));
  CHECK(rows[4].wait_p95 == wait_s(601.2));
  CHECK(rows[4].wait_p99 == wait_s(601.2));
  // 1201.2 s: the second wave finishes.
  CHECK(rows[5].at == at_s(1201.2));
  CHECK(rows[5].running == 0);
  CHECK(r.metrics.waits.count == 4);
  CHECK(r.metrics.waits.max == wait_s(601.2));
  REQUIRE(r.metrics.by_queue.size() == 1);
  CHECK(r.metrics.by_queue[0].queue == "default-queue");
  CHECK(r.metrics.by_queue[0].waits.p50 == wait_s(0.2));
  CHECK(r.metrics.still_pending == 0);
}

TEST_CASE("a device-plugin node's GPU and cpu use are sampled as the pods hold them") {
  const RunResult r = run_text(two_waves("  - {allPodsBound: true}\n"));
  const UsageSeries& gpu = r.metrics.usage[static_cast<size_t>(NodePool::kDevicePlugin)][kGpu];
  // In milli-GPUs: 2 of 2 held from 0 s (binding holds), none from 600.2 s, both again from the
  // cycle at 601 s to 1201.2 s.
  REQUIRE(gpu.size() == 4);
  CHECK((gpu[0].at == at_s(0) && gpu[0].used == 2000 && gpu[0].capacity == 2000));
  CHECK((gpu[1].at == at_s(600.2) && gpu[1].used == 0));
  CHECK((gpu[2].at == at_s(601) && gpu[2].used == 2000));
  CHECK((gpu[3].at == at_s(1201.2) && gpu[3].used == 0 && gpu[3].capacity == 2000));
  // cpu in millicores: two pods of 1 core of 8.
  const UsageSeries& cpu = r.metrics.usage[static_cast<size_t>(NodePool::kDevicePlugin)][kCpu];
  CHECK((cpu[0].used == 2000 && cpu[0].capacity == 8000));
  // The node is the whole cluster: the all pool is the same, no dra pool.
  CHECK(r.metrics.usage[static_cast<size_t>(NodePool::kAll)][kGpu].size() == 4);
  CHECK(r.metrics.usage[static_cast<size_t>(NodePool::kDra)][kGpu].empty());
}

TEST_CASE("waitTime holds or fails with the measured percentile") {
  const RunResult r =
      run_text(two_waves("  - {waitTime: {percentile: 50, atMost: 1s}}\n"
                         "  - {waitTime: {percentile: 95, atMost: 10m, queue: default-queue}}\n"
                         "  - {waitTime: {percentile: 95, atMost: 10m}, at: 700s}\n"));
  REQUIRE(r.expectations.size() == 3);
  // p50 of {0.2, 0.2, 601.2, 601.2} is 0.2 s.
  CHECK(r.expectations[0].passed);
  CHECK(r.expectations[0].message
        == "p50 wait 0.2s over 4 waits at 1201.2s, expected at most 1.0s");
  // p95 is 601.2 s, above 600 s.
  CHECK_FALSE(r.expectations[1].passed);
  CHECK(r.expectations[1].message
        == "default-queue p95 wait 601.2s over 4 waits at 1201.2s, expected at most 600.0s");
  // Checked at 700 s: the second wave was bound at 601.2 s, so the four waits are in; p95 is
  // 601.2 s.
  CHECK_FALSE(r.expectations[2].passed);
  CHECK(r.expectations[2].message
        == "p95 wait 601.2s over 4 waits at 700.0s, expected at most 600.0s");
}

TEST_CASE("waitTime counts the pods still pending with what they waited so far") {
  // With a horizon of 300 s the second wave never starts: waits {0.2, 0.2} and two pods
  // pending for 300 s. p95 = the 4th of {0.2, 0.2, 300, 300} = 300 s.
  const RunResult r =
      run_text(two_waves("  - {waitTime: {percentile: 95, atMost: 1m}}\n  horizon: 300s\n"));
  CHECK_FALSE(r.expectations[0].passed);
  CHECK(r.expectations[0].message
        == "p95 wait 300.0s over 4 waits, 2 of them still pending at 300.0s, expected at most "
           "60.0s");
  CHECK(r.metrics.still_pending == 2);
  CHECK(r.metrics.still_pending_max_wait == wait_s(300));
  CHECK(r.metrics.waits.count == 2);
}

TEST_CASE("utilization holds or fails with the measured value, at an instant or over a window") {
  const RunResult r = run_text(
      two_waves("  - {utilization: {resource: gpu, pool: device-plugin, atLeast: 100%}, at: 300s}\n"
                "  - {utilization: {resource: gpu, pool: device-plugin, atLeast: 99%, over: [600s, "
                "1200s]}}\n"
                "  - {utilization: {resource: gpu, atMost: 90%}}\n"
                "  - {utilization: {resource: gpu, pool: dra, atLeast: 1%}}\n"));
  REQUIRE(r.expectations.size() == 4);
  CHECK(r.expectations[0].passed);
  CHECK(r.expectations[0].message
        == "device-plugin gpu utilization 100% at 300.0s, expected at least 100%");
  // Over [600, 1200): 2 GPUs for 0.2 s, none for 0.8 s, 2 for 599 s: 1198.4 of 1200
  // GPU-seconds = 99.87%.
  CHECK(r.expectations[1].passed);
  CHECK(r.expectations[1].message
        == "device-plugin gpu utilization 99.87% (time-weighted over [600.0s, 1200.0s]), expected at "
           "least 99%");
  // The whole run [0, 1201.2): 2 GPUs for 600.2 + 600.2 s of 2 x 1201.2 GPU-seconds: 99.93%.
  CHECK_FALSE(r.expectations[2].passed);
  CHECK(r.expectations[2].message
        == "all gpu utilization 99.93% (time-weighted over [0.0s, 1201.2s]), expected at most 90%");
  CHECK_FALSE(r.expectations[3].passed);
  CHECK(r.expectations[3].message
        == "dra gpu utilization: no capacity over [0.0s, 1201.2s], expected at least 1%");
}

/// A device-plugin node, a cordoned one, and a DRA node with two GPU devices in its slice; one
/// pod with a claim for a DRA GPU, and `extra` appended.
std::string pools(const std::string& extra) {
  return R"(
apiVersion: v1
kind: Node
metadata: {name: dp-1}
status:
  allocatable: {cpu: "8", memory: 32Gi, pods: "110", nvidia.com/gpu: "4"}
---
apiVersion: v1
kind: Node
metadata: {name: dp-2}
spec: {unschedulable: true}
status:
  allocatable: {cpu: "8", memory: 32Gi, pods: "110", nvidia.com/gpu: "4"}
---
apiVersion: v1
kind: Node
metadata: {name: dra-1}
status:
  allocatable: {cpu: "16", memory: 64Gi, pods: "110"}
---
apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata: {name: dra-1-gpus}
spec:
  driver: gpu.example.com
  nodeName: dra-1
  pool: {name: dra-1, generation: 1, resourceSliceCount: 1}
  devices:
  - {name: gpu-0}
  - {name: gpu-1}
---
apiVersion: resource.k8s.io/v1
kind: DeviceClass
metadata: {name: gpu.example.com}
spec:
  selectors:
  - cel: {expression: 'device.driver == "gpu.example.com"'}
---
apiVersion: resource.k8s.io/v1
kind: ResourceClaimTemplate
metadata: {name: one-gpu}
spec:
  spec:
    devices:
      requests:
      - name: gpu
        exactly: {deviceClassName: gpu.example.com}
---
apiVersion: v1
kind: Pod
metadata: {name: claimer}
spec:
  resourceClaims:
  - {name: gpu, resourceClaimTemplateName: one-gpu}
  containers:
  - name: main
    resources: {claims: [{name: gpu}]}
)" + extra;
}

TEST_CASE("nodes fall into device-plugin and dra pools; a cordoned node's GPUs are offline") {
  const RunResult r = run_text(pools(""));
  const auto& usage = r.metrics.usage;
  // dp-1 and dp-2 advertise nvidia.com/gpu (4 each): device-plugin capacity 8 GPUs.
  const UsageSeries& dp = usage[static_cast<size_t>(NodePool::kDevicePlugin)][kGpu];
  REQUIRE_FALSE(dp.empty());
  CHECK(dp.back().capacity == 8000);
  CHECK(dp.back().used == 0);
  // dra-1: two devices in its slice; the claimer's claim holds one from the cycle at 0 s.
  const UsageSeries& dra = usage[static_cast<size_t>(NodePool::kDra)][kGpu];
  REQUIRE(dra.size() == 1);
  CHECK((dra[0].at == at_s(0) && dra[0].used == 1000 && dra[0].capacity == 2000));
  CHECK(bound_node(r, "claimer") == "dra-1");
  // dp-2 is cordoned (spec.unschedulable) with offline_gpus 0: all its 4 GPUs count as offline.
  REQUIRE_FALSE(r.metrics.rows.empty());
  CHECK(r.metrics.rows.back().capacity_offline_gpus == 4);
  CHECK(usage[static_cast<size_t>(NodePool::kMixed)][kGpu].empty());
}

TEST_CASE("a failed bind is counted once") {
  // The bind of the claimer at 0.2 s fails (count 1); the next cycle at 1 s places it again.
  const RunResult r =
      run_text(pools("---\napiVersion: drasim.dev/v1alpha1\nkind: Scenario\nmetadata: {name: "
                     "f}\nspec:\n  events: [{at: 0s, binderFault: {count: 1}}]\n"));
  REQUIRE_FALSE(r.metrics.rows.empty());
  CHECK(r.metrics.rows.back().failed_binds == 1);
  CHECK(r.stats.failed_binds == 1);
  // Its wait is from submission (0 s) to the bind that held, 1.2 s.
  CHECK(r.metrics.waits.count == 1);
  CHECK(r.metrics.waits.p50 == wait_s(1.2));
}

TEST_CASE("evictions are counted when the scheduler decides them; releasing pods still run") {
  // team-a's four bare pods fill the 4-GPU node beyond its quota of 2; team-b (quota 2) arrives
  // at 10 s and the cycle then reclaims two team-a pods: evictions 2 at 10 s. They terminate
  // for their 30 s grace period, so running stays 4 until they leave at 40 s.
  const RunResult r = run_text(R"(
apiVersion: v1
kind: Node
metadata: {name: gpu-a}
status:
  allocatable: {cpu: "16", memory: 64Gi, pods: "110", nvidia.com/gpu: "4"}
---
apiVersion: scheduling.run.ai/v2
kind: Queue
metadata: {name: team-a}
spec:
  resources:
    gpu: {quota: 2, limit: -1, overQuotaWeight: 1}
    cpu: {quota: -1, limit: -1, overQuotaWeight: 1}
    memory: {quota: -1, limit: -1, overQuotaWeight: 1}
---
apiVersion: scheduling.run.ai/v2
kind: Queue
metadata: {name: team-b}
spec:
  resources:
    gpu: {quota: 2, limit: 4, overQuotaWeight: 1}
    cpu: {quota: 8000, limit: -1, overQuotaWeight: 1}
    memory: {quota: -1, limit: -1, overQuotaWeight: 1}
---
apiVersion: v1
kind: Pod
metadata:
  name: a
  labels: {kai.scheduler/queue: team-a}
  annotations: {drasim.dev/replicas: "4"}
spec:
  containers: [{name: c, resources: {requests: {cpu: "1"}, limits: {nvidia.com/gpu: "1"}}}]
---
apiVersion: v1
kind: Pod
metadata:
  name: b
  labels: {kai.scheduler/queue: team-b}
  annotations: {drasim.dev/at: 10s, drasim.dev/replicas: "2", drasim.dev/runtime: 1m}
spec:
  containers: [{name: c, resources: {requests: {cpu: "1"}, limits: {nvidia.com/gpu: "1"}}}]
)");
  const auto first_evicting = std::find_if(r.metrics.rows.begin(), r.metrics.rows.end(),
                                           [](const MetricsRow& row) { return row.evictions > 0; });
  REQUIRE(first_evicting != r.metrics.rows.end());
  CHECK(first_evicting->at == at_s(10));
  CHECK(first_evicting->evictions == 2);
  CHECK(first_evicting->running == 4);
  CHECK(first_evicting->pending == 2);
  CHECK(r.metrics.rows.back().evictions == 2);
}

}  // namespace
}  // namespace drasim::sim
