// Binder faults (`spec.events[].binderFault`) and the KEP-5004 claim a failed bind leaves behind
// (kai-scheduler-behavior.md section 6.4, the KAI design's recovery path, PRODUCT.md section 2).
#include "sim/engine/engine.h"
#include "sim/scenario_loader.h"

#include <doctest/doctest.h>

#include "tests/sim/run_helpers.h"
#include <algorithm>
#include <string>

namespace drasim::sim {
namespace {

/// One DRA-only node with two GPUs (gpu-0, gpu-1) behind a class that maps nvidia.com/gpu, and
/// one pod asking nvidia.com/gpu: 1, so every placement goes through the bridge. `scheduler`
/// and `events` are flow YAML.
std::string scenario(const std::string& scheduler, const std::string& events) {
  return R"(apiVersion: drasim.dev/v1alpha1
kind: Scenario
metadata: {name: t}
spec:
  kubernetes: {version: "1.35", featureGates: {DRAExtendedResource: true}}
  scheduler: )"
         + scheduler + R"(
  events: )"
         + events + R"(
---
apiVersion: v1
kind: Node
metadata: {name: dra-0}
status: {allocatable: {cpu: "8", memory: 32Gi, pods: "110"}}
---
apiVersion: resource.k8s.io/v1
kind: DeviceClass
metadata: {name: gpu.nvidia.com}
spec:
  selectors: [{cel: {expression: 'device.driver == "gpu.nvidia.com"'}}]
  extendedResourceName: nvidia.com/gpu
---
apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata: {name: dra-0-gpus}
spec:
  driver: gpu.nvidia.com
  nodeName: dra-0
  pool: {name: dra-0, generation: 1, resourceSliceCount: 1}
  devices: [{name: gpu-0}, {name: gpu-1}]
---
apiVersion: v1
kind: Pod
metadata: {name: train, namespace: ml}
spec:
  containers:
  - name: main
    resources: {limits: {nvidia.com/gpu: "1"}}
)";
}

RunResult run(const std::string& text) {
  return run_scenario(load_scenario_texts({{"t.yaml", text}}));
}

size_t count_kind(const RunResult& r, model::AnomalyKind kind) {
  return static_cast<size_t>(
      std::count_if(r.anomalies.begin(), r.anomalies.end(),
                    [&](const model::Anomaly& a) { return a.kind == kind; }));
}

TEST_CASE("a failed bind rolls the pod back and its bridge claim is deleted with the rollback") {
  // The cycle at 0 s places train (claim allocated gpu-0); the bind at 0.2 s fails (count 1),
  // the rollback deletes the claim, the pod is pending again and the next cycle (1 s) places
  // it anew; that bind (1.2 s) succeeds. Nothing is left over, so no stale claim.
  const RunResult r = run(scenario("{profile: kai}", "[{at: 0s, binderFault: {count: 1}}]"));
  const model::PodInfo& p = pod(r, "train");
  REQUIRE(p.phase == model::PodPhase::kRunning);
  CHECK(*p.bound_us == 1'200'000);
  CHECK(r.stats.failed_binds == 1);
  REQUIRE(p.devices.size() == 1);
  CHECK(p.devices.front().device == "gpu-0");  // the deleted claim freed gpu-0 again
  CHECK(count_kind(r, model::AnomalyKind::kStaleClaim) == 0);
}

TEST_CASE("kai binds a pod with the leftover claim of its failed bind, not the new allocation") {
  // KAI never looks for the leftover (no caller of findExtendedResourceClaim): at 1 s the
  // allocator sees gpu-0 held by the leftover claim and picks gpu-1; the binder then finds the
  // pod's existing claim and keeps its allocation (it writes one only when there is none), so
  // the pod runs on gpu-0. The deletion due at 30.2 s no longer applies: the claim is in use.
  const RunResult r =
      run(scenario("{profile: kai}", "[{at: 0s, binderFault: {count: 1, leaveClaim: 30s}}]"));
  const model::PodInfo& p = pod(r, "train");
  REQUIRE(p.phase == model::PodPhase::kRunning);
  CHECK(*p.bound_us == 1'200'000);
  REQUIRE(p.devices.size() == 1);
  CHECK(p.devices.front().device == "gpu-0");
  REQUIRE(count_kind(r, model::AnomalyKind::kStaleClaim) == 1);
  const auto stale = std::find_if(r.anomalies.begin(), r.anomalies.end(), [](const auto& a) {
    return a.kind == model::AnomalyKind::kStaleClaim;
  });
  CHECK(stale->at_us == 1'000'000);
  CHECK(stale->pod == "ml/train");
  CHECK(stale->message.find("holds device(s) gpu-0 while the scheduler allocated gpu-1")
        != std::string::npos);
  // Only the reused claim holds a device: gpu-1, the scheduler's pick, is free.
  const auto& claim = r.state.claims.at(p.bridge_claim).claim;
  REQUIRE(claim.allocation.has_value());
  CHECK(claim.allocation->results.front().device == "gpu-0");
}

TEST_CASE("with staleClaimRecovery the pod waits until the leftover claim is deleted") {
  // The design's recovery path: from 1 s the pod is unschedulable while its claim from the
  // failed attempt exists; the deletion completes at 0.2 + 30 = 30.2 s, the next cycle (31 s)
  // places the pod on a fresh claim and the bind completes at 31.2 s.
  const RunResult r = run(scenario("{profile: kai, features: {staleClaimRecovery: true}}",
                                   "[{at: 0s, binderFault: {count: 1, leaveClaim: 30s}}]"));
  const model::PodInfo& p = pod(r, "train");
  REQUIRE(p.phase == model::PodPhase::kRunning);
  CHECK(*p.bound_us == 31'200'000);
  CHECK(count_kind(r, model::AnomalyKind::kStaleClaim) == 1);
  CHECK(p.devices.front().device == "gpu-0");  // both devices were free again at 31 s
}

TEST_CASE("the recovery path's pending reason names the leftover claim") {
  // At the 10 s check the pod is pending behind its claim `train-extended-resources-<suffix>`.
  const RunResult r =
      run(scenario("{profile: kai, features: {staleClaimRecovery: true}}",
                   "[{at: 0s, binderFault: {count: 1, leaveClaim: 30s}}]\n  horizon: 10s"));
  CHECK(pod(r, "train").phase == model::PodPhase::kPending);
  const std::string reason = pending_reason(r, "train");
  CHECK(reason.rfind("cannot schedule extended resource claim: claim train-extended-resources-", 0)
        == 0);
  CHECK(reason.find("from an earlier binding attempt still exists") != std::string::npos);
}

TEST_CASE("a binder fault window and probability decide which binds fail, the same every run") {
  // A window that closes before the first bind (0.2 s) fails nothing.
  const RunResult closed = run(scenario("{profile: kai}", "[{at: 0s, binderFault: {for: 100ms}}]"));
  CHECK(closed.stats.failed_binds == 0);
  // Probability 1 with no count fails every bind in the window: 0.2, 1.2 and 2.2 s fail, the
  // bind at 3.2 s is after the window (0 s + 3 s) and succeeds.
  const RunResult every =
      run(scenario("{profile: kai}", "[{at: 0s, binderFault: {for: 3s, probability: 1}}]"));
  CHECK(every.stats.failed_binds == 3);
  CHECK(*pod(every, "train").bound_us == 3'200'000);
}

TEST_CASE("binder fault events are checked at load") {
  const std::string text = scenario(
      "{profile: kai}",
      "[{at: 0s, binderFault: {probability: 1.5, count: 0}}, {at: 1s, reboot: {}}, {binderFault: "
      "{}}]");
  try {
    (void)load_scenario_texts({{"t.yaml", text}});
    FAIL("expected an input error");
  } catch (const InputError& e) {
    std::string all;
    for (const auto& d : e.diagnostics()) {
      all += d.to_string() + "\n";
    }
    CHECK(all.find("spec.events[0].binderFault.count: a count of at least 1, got 0")
          != std::string::npos);
    CHECK(all.find("spec.events[0].binderFault.probability: a probability in (0, 1], got 1.5")
          != std::string::npos);
    // An unknown key names the event kinds there are.
    CHECK(all.find("spec.events[1].reboot: an event: one of apply, delete, cordon, uncordon, "
                   "drain, removeNodes, migrate, driverRestart, deviceTaint, removeDevices, "
                   "binderFault, deviceCondition, got \"reboot\"")
          != std::string::npos);
    CHECK(all.find("spec.events[2].at: a time such as 10m") != std::string::npos);
  }
}

}  // namespace
}  // namespace drasim::sim
