// Decoding the pod expectations of `spec.expect[]` (sim/load/decode_pod_expectations.cpp):
// podPhase, the map form of evictionsAtMost, and the load-time check that an evictionsAtMost
// queue exists (sim/load/scenario_checks.cpp). Messages are pinned exactly; the Scenario's
// expect list starts on line 10 and each item's mapping at column 5.
#include "sim/scenario_loader.h"

#include <doctest/doctest.h>

#include "tests/sim/load/expect_fixture.h"
#include <string>
#include <string_view>

namespace drasim::sim {
namespace {

using expect_fixture::errors_of;
using expect_fixture::load_ok;

Expectation only(std::string_view expect_item) {
  const Scenario s = load_ok(expect_item);
  REQUIRE(s.expectations.size() == 1);
  return s.expectations[0];
}

TEST_CASE("a podPhase expectation about one pod reads the pod, the phase and an optional node") {
  const Expectation e = only("  - podPhase: {pod: serve-0, phase: Running, node: l4-0}\n");
  CHECK(e.kind == Expectation::Kind::kPodPhase);
  CHECK(e.pod == "default/serve-0");  // a bare name is in `default`, as kubectl reads it
  CHECK(e.phase == "Running");
  CHECK(e.node == "l4-0");
  CHECK(e.pod_labels.empty());
  CHECK(e.name == "default/serve-0 Running on l4-0");
}

TEST_CASE("a podPhase expectation selects pods by labels, optionally in one namespace") {
  const Expectation e = only(
      "  - podPhase: {podSelector: {app: train, tier: gpu}, namespace: ml, phase: Succeeded,"
      " nodeSelector: {pool: dra}}\n");
  CHECK(e.pod.empty());
  CHECK(e.pod_labels == model::StringMap{{"app", "train"}, {"tier", "gpu"}});
  CHECK(e.pod_namespace == "ml");
  CHECK(e.node_labels == model::StringMap{{"pool", "dra"}});
  // Labels print as kubectl prints a selector: key=value, comma-separated, in key order.
  CHECK(e.name == "pods with app=train,tier=gpu in ml Succeeded on a node with pool=dra");
}

TEST_CASE("a podPhase expectation needs exactly one of pod and podSelector and a known phase") {
  CHECK(errors_of("  - podPhase: {phase: Running}\n")
        == "t.yaml:10:15: error: spec.expect[0].podPhase: exactly one of pod and podSelector, "
           "got none\n");
  CHECK(errors_of("  - podPhase: {pod: a, podSelector: {app: x}, phase: Running}\n")
        == "t.yaml:10:15: error: spec.expect[0].podPhase: exactly one of pod and podSelector, "
           "got both\n");
  // `phase` values are the report's; `Bound` is not one. The value starts at column 31.
  CHECK(errors_of("  - podPhase: {pod: a, phase: Bound}\n")
        == "t.yaml:10:31: error: spec.expect[0].podPhase.phase: one of Pending, Running, "
           "Succeeded, Failed, Evicted, got \"Bound\"\n");
  CHECK(errors_of("  - podPhase: {pod: a}\n")
        == "t.yaml:10:15: error: spec.expect[0].podPhase.phase: one of Pending, Running, "
           "Succeeded, Failed, Evicted, got nothing\n");
}

TEST_CASE("a podPhase expectation rejects a misspelt field, an empty selector and a stray node") {
  // The value of the unknown `nod` is at column 45.
  CHECK(errors_of("  - podPhase: {pod: a, phase: Running, nod: n1}\n")
        == "t.yaml:10:45: error: spec.expect[0].podPhase.nod: a podPhase field (one of pod, "
           "podSelector, namespace, phase, node, nodeSelector), got \"nod\"\n");
  // An empty selector would select every pod by accident: `{}` at column 29.
  CHECK(errors_of("  - podPhase: {podSelector: {}, phase: Running}\n")
        == "t.yaml:10:15: error: spec.expect[0].podPhase: exactly one of pod and podSelector, "
           "got none\n"
           "t.yaml:10:29: error: spec.expect[0].podPhase.podSelector: at least one label, got "
           "{}\n");
  CHECK(errors_of("  - podPhase: {pod: a, phase: Running, node: n1, nodeSelector: {x: y}}\n")
        == "t.yaml:10:15: error: spec.expect[0].podPhase: at most one of node and nodeSelector, "
           "got both\n");
  // A namespace goes into `pod` itself; `ml` is at column 51.
  CHECK(errors_of("  - podPhase: {pod: a, phase: Running, namespace: ml}\n")
        == "t.yaml:10:51: error: spec.expect[0].podPhase.namespace: no namespace with pod (write "
           "pod: namespace/name), got \"ml\"\n");
}

TEST_CASE("evictionsAtMost counts one pod's or one queue's evictions in its map form") {
  const Expectation pod = only("  - evictionsAtMost: {count: 1, pod: ml/train-0}\n");
  CHECK(pod.kind == Expectation::Kind::kEvictionsAtMost);
  CHECK(pod.count == 1);
  CHECK(pod.pod == "ml/train-0");
  CHECK(pod.name == "at most 1 evictions of ml/train-0");
  const Expectation queue = only("  - evictionsAtMost: {count: 0, queue: team-a}\n");
  CHECK(queue.queue == "team-a");
  CHECK(queue.name == "at most 0 evictions in queue team-a");
}

TEST_CASE("evictionsAtMost in its map form needs a count of zero or more and one subject") {
  CHECK(errors_of("  - evictionsAtMost: {pod: a}\n")
        == "t.yaml:10:22: error: spec.expect[0].evictionsAtMost.count: a whole number of "
           "evictions, got nothing\n");
  // -1 is at column 30.
  CHECK(errors_of("  - evictionsAtMost: {count: -1}\n")
        == "t.yaml:10:30: error: spec.expect[0].evictionsAtMost.count: zero or more evictions, "
           "got -1\n");
  CHECK(errors_of("  - evictionsAtMost: {count: 1, pod: a, queue: team-a}\n")
        == "t.yaml:10:22: error: spec.expect[0].evictionsAtMost: at most one of pod and queue, "
           "got both\n");
  // The value of the unknown `pods` is at column 39 (errors point at the value).
  CHECK(errors_of("  - evictionsAtMost: {count: 1, pods: a}\n")
        == "t.yaml:10:39: error: spec.expect[0].evictionsAtMost.pods: an evictionsAtMost field "
           "(one of count, pod, queue), got \"pods\"\n");
}

TEST_CASE("an evictionsAtMost queue must exist") {
  // `team-z` is at column 40; the check runs after decoding, like fairShare's.
  CHECK(errors_of("  - evictionsAtMost: {count: 1, queue: team-z}\n")
        == "t.yaml:10:40: error: spec.expect[0].evictionsAtMost.queue: the name of an existing "
           "Queue, got \"team-z\"\n");
}

}  // namespace
}  // namespace drasim::sim
