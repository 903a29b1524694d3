// Verdicts of the pod expectations (sim/observe/expectations.cpp): podPhase and the per-pod and
// per-queue forms of evictionsAtMost, with their messages pinned exactly. Passing runs of both
// are also scenario tests in tests/cases/; these pin what a failing one says.
#include "sim/engine/engine.h"
#include "sim/scenario_loader.h"

#include <doctest/doctest.h>

#include <string>
#include <vector>

namespace drasim::sim {
namespace {

/// One 2-GPU node; three 1-GPU pods labelled app=train in `ml`: t1 (runs 10 s) and t2 at 0 s,
/// t3 at 1 s (no GPU left until t1 finishes at 10.2 s; the next cycle, at the 11 s period
/// boundary, places it, and it is Running from 11.2 s after the 200 ms bind latency); and a 1-GPU
/// pod `solo` in `default` at 30 s, which waits: t2 and t3 run for an hour. No queues: every pod is
/// in `default-queue`, and nothing is evicted.
std::vector<ExpectationResult> verdicts(const std::string& expect) {
  const std::string pod = R"(---
apiVersion: v1
kind: Pod
metadata:
  name: NAME
  namespace: NS
  labels: {app: APP}
  annotations: {drasim.dev/at: AT, drasim.dev/runtime: RUN}
spec:
  containers: [{name: c, resources: {limits: {nvidia.com/gpu: "1"}}}]
)";
  auto make = [&](std::string name, std::string ns, std::string app, std::string at,
                  std::string run) {
    std::string out = pod;
    for (const auto& [from, to] : {std::pair<std::string, std::string>{"NAME", name},
                                   {"NS", ns},
                                   {"APP", app},
                                   {"AT", at},
                                   {"RUN", run}}) {
      out.replace(out.find(from), from.size(), to);
    }
    return out;
  };
  const std::string text = std::string(R"(apiVersion: v1
kind: Node
metadata: {name: n1, labels: {pool: a100}}
status:
  allocatable: {cpu: "16", memory: 64Gi, pods: "110", nvidia.com/gpu: "2"}
)") + make("t1", "ml", "train", "0s", "10s")
                           + make("t2", "ml", "train", "0s", "1h")
                           + make("t3", "ml", "train", "1s", "1h")
                           + make("solo", "default", "serve", "30s", "1h") + R"(---
apiVersion: drasim.dev/v1alpha1
kind: Scenario
metadata: {name: t}
spec:
  horizon: 1m
  expect:
)" + expect;
  return run_scenario(load_scenario_texts({{"t.yaml", text}})).expectations;
}

TEST_CASE("podPhase by selector names the pods that are not in the phase, with phase and node") {
  const std::vector<ExpectationResult> v = verdicts(
      "  - podPhase: {podSelector: {app: train}, phase: Running}\n"
      "    at: 5s\n"
      "  - podPhase: {podSelector: {app: train}, phase: Running, nodeSelector: {pool: "
      "a100}}\n"
      "    at: 12s\n");
  REQUIRE(v.size() == 2);
  // At 5 s t1 and t2 hold both GPUs and t3 waits: one of three is not Running.
  CHECK_FALSE(v[0].passed);
  CHECK(v[0].message == "1 of 3 pods are not Running at 5.0s: ml/t3 (Pending)");
  // At 12 s t1 has succeeded (at 10.2 s it had run 10 s) and t3 runs in its place: t1 is
  // Succeeded, and it last ran on n1, which has pool=a100.
  CHECK_FALSE(v[1].passed);
  CHECK(v[1].message
        == "1 of 3 pods are not Running on a matching node at 12.0s: ml/t1 (Succeeded on n1)");
}

TEST_CASE("podPhase passes with every selected pod in the phase and says where they are") {
  const std::vector<ExpectationResult> v = verdicts(
      "  - podPhase: {podSelector: {app: train}, namespace: ml, phase: Running}\n"
      "    at: 2s\n"
      "  - podPhase: {pod: ml/t1, phase: Succeeded, node: n1}\n"
      "  - podPhase: {pod: solo, phase: Pending}\n");
  REQUIRE(v.size() == 3);
  // At 2 s t3 has arrived but waits: only t1 and t2 are Running, so the selector fails...
  CHECK_FALSE(v[0].passed);
  CHECK(v[0].message == "1 of 3 pods are not Running at 2.0s: ml/t3 (Pending)");
  // ...t1 ran on n1 and finished; `solo` (a bare name: namespace default) finds no GPU free.
  CHECK(v[1].passed);
  CHECK(v[1].message == "ml/t1 (Succeeded on n1) at 60.0s");
  CHECK(v[2].passed);
  CHECK(v[2].message == "default/solo (Pending) at 60.0s");
}

TEST_CASE("podPhase fails when no pod matches") {
  const std::vector<ExpectationResult> v = verdicts(
      "  - podPhase: {podSelector: {app: train}, namespace: other, phase: Running}\n"
      "  - podPhase: {pod: ml/t9, phase: Running}\n");
  REQUIRE(v.size() == 2);
  CHECK_FALSE(v[0].passed);
  CHECK(v[0].message == "no pod matches the podSelector");
  CHECK_FALSE(v[1].passed);
  CHECK(v[1].message == "no pod named ml/t9");
}

TEST_CASE("evictionsAtMost counts one pod's and one queue's scheduler evictions") {
  const std::vector<ExpectationResult> v = verdicts(
      "  - evictionsAtMost: {count: 0, pod: ml/t2}\n"
      "  - evictionsAtMost: {count: 0, queue: default-queue}\n"
      "  - evictionsAtMost: {count: 0, pod: ml/nobody}\n");
  REQUIRE(v.size() == 3);
  // Nothing is evicted in this run (one queue, no quota, no preemptible victims needed).
  CHECK(v[0].passed);
  CHECK(v[0].message == "0 evictions of ml/t2 by 60.0s, expected at most 0");
  CHECK(v[1].passed);
  CHECK(v[1].message == "0 evictions in queue default-queue by 60.0s, expected at most 0");
  CHECK_FALSE(v[2].passed);
  CHECK(v[2].message == "no pod named ml/nobody");
}

}  // namespace
}  // namespace drasim::sim
