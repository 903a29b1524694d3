// The engine's anomaly detectors (sim/observe/negative_idle_detector.h,
// sim/observe/quota_drift_detector.h) and the ground truth behind quota drift
// (sim/observe/queue_ground_truth.h), end to end on small scenarios.
#include "model/k8s/assert.h"
#include "sim/engine/engine.h"
#include "sim/observe/negative_idle_detector.h"
#include "sim/scenario_loader.h"

#include <doctest/doctest.h>

#include "tests/sim/run_helpers.h"
#include <string>
#include <vector>

namespace drasim::sim {
namespace {

constexpr size_t kCpu = 0;
constexpr size_t kGpu = 2;

/// A node without GPUs, and the Scenario document with `scheduler` lines under spec.scheduler.
std::string cpu_node_scenario(const std::string& scheduler) {
  return R"(
apiVersion: v1
kind: Node
metadata: {name: cpu-1}
status:
  allocatable: {cpu: "8", memory: 8Gi, pods: "110"}
---
apiVersion: drasim.dev/v1alpha1
kind: Scenario
metadata: {name: t}
spec:
  scheduler:
)" + scheduler;
}

/// A pod already bound to cpu-1 (`spec.nodeName`) asking for one `nvidia.com/gpu`, with extra
/// annotations (flow YAML entries).
std::string bound_gpu_pod(const std::string& name, const std::string& annotations) {
  return "---\napiVersion: v1\nkind: Pod\nmetadata: {name: " + name + ", annotations: {"
         + annotations + "}}\nspec:\n  nodeName: cpu-1\n"
         + "  containers: [{name: c, resources: {requests: {cpu: \"1\"}, limits: "
           "{nvidia.com/gpu: \"1\"}}}]\n";
}

/// a and c bound at 0 s for 10 s, b bound at 20 s: the node's gpu idle is -1, -2, back to 0 at
/// 10 s, and -1 again at 20 s.
std::string two_episodes(const std::string& scheduler) {
  return cpu_node_scenario(scheduler) + "\n" + bound_gpu_pod("a", "drasim.dev/runtime: 10s")
         + bound_gpu_pod("c", "drasim.dev/runtime: 10s") + bound_gpu_pod("b", "drasim.dev/at: 20s");
}

RunResult run_text(const std::string& text) {
  return run_scenario(load_scenario_texts({{"t.yaml", text}}));
}

std::vector<model::Anomaly> of_kind(const RunResult& r, model::AnomalyKind kind) {
  std::vector<model::Anomaly> out;
  for (const model::Anomaly& a : r.anomalies) {
    if (a.kind == kind) {
      out.push_back(a);
    }
  }
  return out;
}

TEST_CASE("a node charged more GPUs than it has reports negative idle once per episode") {
  const RunResult r = run_text(two_episodes("    features: {zeroDelegatedOnReserve: false}\n"));
  const std::vector<model::Anomaly> idle = of_kind(r, model::AnomalyKind::kNegativeIdle);
  REQUIRE(idle.size() == 2);
  // With zeroDelegatedOnReserve off the node is charged its pods' full request, GPUs included,
  // although it advertises none: a takes idle gpu to 0 - 1 = -1 (the episode starts, a is the
  // pod just placed), c to -2 (same episode, not reported again). Both finish at 10 s, idle is
  // back to 0; b at 20 s starts a second episode at -1.
  CHECK(idle[0].at_us == 0);
  CHECK(idle[0].node == "cpu-1");
  CHECK(idle[0].resource == "gpu");
  CHECK(idle[0].value == -1);
  CHECK(idle[0].pod == "default/a");
  CHECK(idle[0].queue.empty());
  CHECK(idle[0].message
        == "node cpu-1: the scheduler's idle gpu is -1 (allocatable 0, used 1): it charged the "
           "node more than it has");
  CHECK(idle[1].at_us == 20'000'000);
  CHECK(idle[1].pod == "default/b");
  CHECK(idle[1].value == -1);
}

TEST_CASE("a negative idle amount that a snapshot of the node's pods does not show is a bug") {
  // After the run cpu-1 holds b: idle gpu -1 with zeroDelegatedOnReserve off, and a fresh
  // snapshot of its pods (0 allocatable - b's 1 GPU) says -1 as well.
  RunResult r = run_text(two_episodes("    features: {zeroDelegatedOnReserve: false}\n"));
  model::ClusterState& state = r.state;
  const model::NodeId node = *state.find_node("cpu-1");
  CHECK(state.snapshot_idle(node).get(kGpu) == -1000);
  CHECK(state.node(node).idle.get(kGpu) == -1000);
  // Bookkeeping gone wrong: one more GPU taken off idle than the pods hold.
  state.node(node).idle.add(kGpu, -1000);
  NegativeIdleDetector detector(state.nodes.size());
  detector.touched(node);
  CHECK_THROWS_AS(detector.check(state), model::InternalError);
  // Where the snapshot agrees, the episode is reported.
  state.node(node).idle.add(kGpu, 1000);
  NegativeIdleDetector agreeing(state.nodes.size());
  agreeing.touched(node);
  const size_t before = state.anomalies.size();
  agreeing.check(state);
  CHECK(state.anomalies.size() == before + 1);
}

TEST_CASE("zeroing delegated slots on reserve keeps idle at zero but the quota still drifts") {
  // The kai profile charges the node nothing for a slot it does not advertise, so idle stays 0;
  // the queue is still charged 1 GPU per pod while no device serves it: accounted 1 against an
  // actual 0 (the node has no device plugin GPU and the pod no claim).
  const RunResult r = run_text(two_episodes("    profile: kai\n"));
  CHECK(of_kind(r, model::AnomalyKind::kNegativeIdle).empty());
  const std::vector<model::Anomaly> drift = of_kind(r, model::AnomalyKind::kQuotaDrift);
  REQUIRE(drift.size() == 2);
  // default-queue, the queue the kai profiles create when there is none.
  CHECK(drift[0].at_us == 0);
  CHECK(drift[0].queue == "default-queue");
  CHECK(drift[0].node.empty());
  CHECK(drift[0].resource == "gpu");
  CHECK(drift[0].value == 1);
  CHECK(drift[0].pod == "default/a");
  CHECK(drift[0].message
        == "queue default-queue: the scheduler accounts 1 GPUs but its bound pods hold 0 (drift "
           "+1)");
  // a and c finish at 10 s (drift back to 0, the episode ends); b starts the next at 20 s.
  CHECK(drift[1].at_us == 20'000'000);
  CHECK(drift[1].pod == "default/b");
  // cpu: each pod requests and is charged 1 core, so cpu never drifts.
  REQUIRE(r.quota.size() == 1);
  for (const QuotaSample& s : r.quota[0][kCpu]) {
    CHECK(s.accounted == s.actual);
  }
  // The largest gpu drift is 2 (a and c at 0 s); cpu never drifted.
  CHECK(r.quota_drift[0][kGpu].max_abs == 2);
  CHECK(r.quota_drift[0][kGpu].at == SimTime{0});
  CHECK(r.quota_drift[0][kCpu].max_abs == 0);
  CHECK_FALSE(r.quota_drift[0][kCpu].at.has_value());
}

TEST_CASE("device-plugin GPUs on a node that advertises them are what the queue accounts") {
  const RunResult r = run_text(R"(
apiVersion: v1
kind: Node
metadata: {name: gpu-1}
status:
  allocatable: {cpu: "8", memory: 8Gi, pods: "110", nvidia.com/gpu: "4"}
---
apiVersion: v1
kind: Pod
metadata: {name: p, annotations: {drasim.dev/replicas: "3"}}
spec:
  containers: [{name: c, resources: {requests: {cpu: 500m}, limits: {nvidia.com/gpu: "1"}}}]
)");
  CHECK(r.anomalies.empty());
  // Three pods of 1 GPU and 0.5 cores: accounted and actual 3 GPUs and 1500 millicores.
  REQUIRE(r.quota.size() == 1);
  CHECK(r.quota[0][kGpu].back().accounted == 3);
  CHECK(r.quota[0][kGpu].back().actual == 3);
  CHECK(r.quota[0][kCpu].back().actual == 1500);
  CHECK(r.quota_drift[0][kGpu].max_abs == 0);
}

/// One DRA node with two GPUs of driver gpu.example.com and its class.
const char* const kDraNode = R"(
apiVersion: v1
kind: Node
metadata: {name: dra-a}
status:
  allocatable: {cpu: "16", memory: 64Gi, pods: "110"}
---
apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata: {name: dra-a-gpus}
spec:
  driver: gpu.example.com
  nodeName: dra-a
  pool: {name: dra-a, generation: 1, resourceSliceCount: 1}
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
kind: ResourceClaim
metadata:
  name: shared-gpu
  namespace: ml
  labels: {kai.scheduler/queue: default-queue}
spec:
  devices:
    requests:
    - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
---
apiVersion: v1
kind: Pod
metadata:
  name: reader
  namespace: ml
  annotations: {drasim.dev/replicas: "2"}
spec:
  resourceClaims: [{name: shared, resourceClaimName: shared-gpu}]
  containers:
  - {name: main, resources: {requests: {cpu: "2"}, claims: [{name: shared}]}}
---
apiVersion: drasim.dev/v1alpha1
kind: Scenario
metadata: {name: t}
spec:
  scheduler: {profile: kai-v0.12}
)";

TEST_CASE("a GPU claim device shared by two pods of a queue is held once and drifts under v0.12") {
  const RunResult r = run_text(kDraNode);
  REQUIRE(pod(r, "reader-0").phase == model::PodPhase::kRunning);
  REQUIRE(pod(r, "reader-1").phase == model::PodPhase::kRunning);
  REQUIRE(pod(r, "reader-0").devices == pod(r, "reader-1").devices);
  // kai-v0.12 never counts a claim as GPUs for quota: accounted 0. Both readers hold the one
  // device gpu-0 of dra-a, counted once for the queue: actual 1, drift 0 - 1 = -1. cpu: 2 + 2
  // cores, accounted and actual alike.
  REQUIRE(r.quota.size() == 1);
  CHECK(r.quota[0][kGpu].back().accounted == 0);
  CHECK(r.quota[0][kGpu].back().actual == 1);
  CHECK(r.quota[0][kCpu].back().actual == 4000);
  CHECK(r.quota[0][kCpu].back().accounted == 4000);
  const std::vector<model::Anomaly> drift = of_kind(r, model::AnomalyKind::kQuotaDrift);
  REQUIRE(drift.size() == 1);
  // The cycle at 0 s binds both; the last pod synced for the queue is named.
  CHECK(drift[0].at_us == 0);
  CHECK(drift[0].value == -1);
  CHECK(drift[0].pod == "ml/reader-1");
  CHECK(drift[0].message
        == "queue default-queue: the scheduler accounts 0 GPUs but its bound pods hold 1 (drift "
           "-1)");
}

/// The verdicts of `expect` items (YAML list lines) on two_episodes under `scheduler`.
std::vector<ExpectationResult> verdicts(const std::string& scheduler, const std::string& expect) {
  return run_text(cpu_node_scenario(scheduler + "  expect:\n" + expect + "\n")
                  + bound_gpu_pod("a", "drasim.dev/runtime: 10s")
                  + bound_gpu_pod("c", "drasim.dev/runtime: 10s")
                  + bound_gpu_pod("b", "drasim.dev/at: 20s"))
      .expectations;
}

TEST_CASE("anomaliesAtMost counts the anomalies of its kind and names the first") {
  const std::vector<ExpectationResult> v =
      verdicts("    features: {zeroDelegatedOnReserve: false}\n",
               "  - anomaliesAtMost: {kind: negative-idle, count: 0}\n"
               "  - anomaliesAtMost: {count: 4}\n"
               "  - {anomaliesAtMost: {kind: negative-idle, count: 0}, at: 5s}");
  REQUIRE(v.size() == 3);
  // Two negative-idle episodes (0 s and 20 s, see above); the run ends at 20 s with b bound.
  CHECK_FALSE(v[0].passed);
  CHECK(v[0].message
        == "2 negative-idle anomalies by 20.0s, expected at most 0 (first: node cpu-1 at 0.0s)");
  // Every kind: 2 negative-idle and 2 quota-drift (1 GPU accounted per pod, none held). At 0 s
  // the quota drift, about no node, sorts before the node's negative idle.
  CHECK(v[1].passed);
  CHECK(v[1].message
        == "4 anomalies by 20.0s, expected at most 4 (first: quota-drift on queue default-queue at "
           "0.0s)");
  // At 5 s only the first episode has happened.
  CHECK_FALSE(v[2].passed);
  CHECK(v[2].message
        == "1 negative-idle anomalies by 5.0s, expected at most 0 (first: node cpu-1 at 0.0s)");
}

TEST_CASE("quotaDrift bounds the largest drift of the run, or the drift at a time") {
  const std::vector<ExpectationResult> v =
      verdicts("    profile: kai\n",
               "  - quotaDrift: {queue: default-queue, resource: gpu, within: 1}\n"
               "  - quotaDrift: {queue: default-queue, resource: cpu, within: 0}\n"
               "  - {quotaDrift: {queue: default-queue, resource: gpu, within: 0}, at: 15s}\n"
               "  - {quotaDrift: {queue: default-queue, resource: gpu, within: 0.5}, at: 5s}");
  REQUIRE(v.size() == 4);
  // a and c at 0 s: accounted 2 GPUs, held 0, the largest gpu drift 2 > 1.
  CHECK_FALSE(v[0].passed);
  CHECK(v[0].message
        == "default-queue gpu: largest quota drift 2 (first at 0.0s) by 20.0s, expected within 1");
  CHECK(v[1].passed);
  CHECK(v[1].message == "default-queue cpu: largest quota drift 0 by 20.0s, expected within 0");
  // At 15 s a and c have finished and b is not there yet: 0 accounted, 0 held.
  CHECK(v[2].passed);
  CHECK(v[2].message
        == "default-queue gpu: accounted 0, actual 0 at 15.0s (drift 0), expected within 0");
  // At 5 s: 2 accounted, 0 held, drift 2 > 0.5.
  CHECK_FALSE(v[3].passed);
  CHECK(v[3].message
        == "default-queue gpu: accounted 2, actual 0 at 5.0s (drift 2), expected within 0.5");
}

}  // namespace
}  // namespace drasim::sim
