// The engine's pod lifecycle, cycle timing and termination, on small scenarios.
#include "sim/engine/engine.h"

#include "sim/scenario_loader.h"

#include <doctest/doctest.h>

#include "tests/sim/run_helpers.h"
#include <string>

namespace drasim::sim {
namespace {

const char* const kCluster = R"(
apiVersion: v1
kind: Node
metadata: {name: gpu-a}
status:
  allocatable: {cpu: "16", memory: 64Gi, pods: "110", nvidia.com/gpu: "2"}
---
apiVersion: v1
kind: Node
metadata: {name: gpu-b}
status:
  allocatable: {cpu: "16", memory: 64Gi, pods: "110", nvidia.com/gpu: "2"}
)";

RunResult run_text(const std::string& text) {
  const Scenario s = load_scenario_texts({{"t.yaml", std::string(kCluster) + text}});
  return run_scenario(s);
}

TEST_CASE("a pod submitted between cycles is bound at the next cycle plus the bind latency") {
  const RunResult r = run_text(R"(
---
apiVersion: drasim.dev/v1alpha1
kind: Scenario
metadata: {name: t}
spec:
  scheduler: {period: 2s, bindLatency: 300ms}
---
apiVersion: v1
kind: Pod
metadata: {name: p, annotations: {drasim.dev/at: 3s, drasim.dev/runtime: 10s}}
spec:
  containers: [{name: c, resources: {limits: {nvidia.com/gpu: "1"}}}]
)");
  const model::PodInfo& p = pod(r, "p");
  // Submitted at 3 s; cycles fall on multiples of 2 s, so the next one is at 4 s; the bind
  // completes 300 ms later at 4.3 s; the pod runs 10 s and succeeds at 14.3 s.
  CHECK(p.submitted_us == 3'000'000);
  CHECK(p.bound_us == 4'300'000);
  CHECK(p.finished_us == 14'300'000);
  CHECK(p.phase == model::PodPhase::kSucceeded);
  // No horizon: the run ends with the last event, the pod finishing.
  CHECK(r.end == SimTime{14'300'000});
}

TEST_CASE("the horizon ends the run and pods still pending keep their reason") {
  const RunResult r = run_text(R"(
---
apiVersion: drasim.dev/v1alpha1
kind: Scenario
metadata: {name: t}
spec: {horizon: 5m}
---
apiVersion: v1
kind: Pod
metadata: {name: big}
spec:
  containers: [{name: c, resources: {limits: {nvidia.com/gpu: "3"}}}]
)");
  CHECK(r.end == SimTime{300'000'000});
  CHECK(pod(r, "big").phase == model::PodPhase::kPending);
  // KAI's MaxNodePoolResources pre-predicate: 3 GPUs requested, every node has 2.
  const auto big =
      model::PodId::from_index(static_cast<size_t>(&pod(r, "big") - r.state.pods.data()));
  CHECK(r.state.reason_of(big)
        == "the pod requests 3 nvidia.com/gpu but the largest node in the pool has 2");
}

TEST_CASE("a pod with spec.nodeName is bound at its arrival and charged to its node") {
  const RunResult r = run_text(R"(
---
apiVersion: v1
kind: Pod
metadata: {name: old}
spec:
  nodeName: gpu-b
  containers: [{name: c, resources: {limits: {nvidia.com/gpu: "2"}}}]
---
apiVersion: v1
kind: Pod
metadata: {name: new}
spec:
  containers: [{name: c, resources: {limits: {nvidia.com/gpu: "2"}}}]
)");
  CHECK(pod(r, "old").bound_us == 0);
  CHECK(r.state.node(pod(r, "old").node).name == "gpu-b");
  // gpu-b's two GPUs are held by `old`, so `new` goes to gpu-a.
  CHECK(r.state.node(pod(r, "new").node).name == "gpu-a");
  const auto b = *r.state.find_node("gpu-b");
  CHECK(r.state.node(b).idle.get(model::kGpuSlot) == 0);
}

TEST_CASE("expectations with a time are checked at that time, not at the end") {
  const RunResult r = run_text(R"(
---
apiVersion: drasim.dev/v1alpha1
kind: Scenario
metadata: {name: t}
spec:
  expect:
  - {name: early, at: 500ms, pendingAtMost: 0}
  - {name: late, pendingAtMost: 0}
---
apiVersion: v1
kind: Pod
metadata: {name: p, annotations: {drasim.dev/at: 1s}}
spec:
  containers: [{name: c, resources: {requests: {cpu: "1"}}}]
)");
  REQUIRE(r.expectations.size() == 2);
  // At 0.5 s the pod has not been submitted, so nothing is pending: passes.
  CHECK(r.expectations[0].passed);
  CHECK(r.expectations[0].message == "0 pods pending at 0.5s, expected at most 0");
  // At the end it is bound: passes too.
  CHECK(r.expectations[1].passed);
}

}  // namespace
}  // namespace drasim::sim
