// PodGroup subgroups at load: the PodGroup webhook's checks (KAI v2alpha2 podgroup_webhook.go,
// validateSubGroups) as input errors, and the warning for pods that join no leaf subgroup.
#include "sim/engine/engine.h"
#include "sim/scenario_loader.h"

#include <doctest/doctest.h>

#include "tests/sim/run_helpers.h"
#include <string>

namespace drasim::sim {
namespace {

std::string pod_group(const std::string& spec) {
  return "apiVersion: scheduling.run.ai/v2alpha2\nkind: PodGroup\nmetadata: {name: g}\nspec:\n"
         + spec;
}

TEST_CASE("subgroups that do not form a tree are input errors at the field") {
  // Lines 6, 7 and 8 hold the three subgroups (the PodGroup's header takes lines 1 to 4).
  const std::vector<std::string> errors = input_errors(pod_group(R"(  subGroups:
  - {name: a, minMember: 1}
  - {name: a, minMember: 1}
  - {name: b, parent: nobody, minMember: 1}
)"));
  REQUIRE(errors.size() == 2);
  CHECK(errors[0]
        == "t.yaml:7:12: error: spec.subGroups[1].name: a subgroup name not used before in the "
           "PodGroup, got \"a\" again");
  CHECK(errors[1]
        == "t.yaml:8:23: error: spec.subGroups[2].parent: the name of another subgroup of the "
           "PodGroup, got \"nobody\"");
}

TEST_CASE("parents that loop are an input error") {
  // x -> y -> x never reaches the PodGroup; both subgroups report the cycle.
  const std::vector<std::string> errors = input_errors(pod_group(R"(  subGroups:
  - {name: x, parent: y}
  - {name: y, parent: x}
)"));
  REQUIRE(errors.size() == 2);
  CHECK(errors[0]
        == "t.yaml:6:23: error: spec.subGroups[0].parent: a parent chain that ends at the "
           "PodGroup, got a cycle");
  CHECK(errors[1]
        == "t.yaml:7:23: error: spec.subGroups[1].parent: a parent chain that ends at the "
           "PodGroup, got a cycle");
}

TEST_CASE("leaf subgroups take minMember, parent subgroups minSubGroup") {
  // outer is a parent (inner names it), so minMember there is wrong; inner is a leaf, so it
  // needs minMember and may not have minSubGroup; lone is a leaf without minMember. The
  // PodGroup may not set both minMember and minSubGroup.
  const std::vector<std::string> errors = input_errors(pod_group(R"(  minMember: 2
  minSubGroup: 1
  subGroups:
  - {name: outer, minMember: 2}
  - {name: inner, parent: outer, minSubGroup: 1}
  - {name: lone}
)"));
  REQUIRE(errors.size() == 4);
  CHECK(errors[0]
        == "t.yaml:6:16: error: spec.minSubGroup: minMember or minSubGroup, not both, got both");
  CHECK(errors[1]
        == "t.yaml:8:30: error: spec.subGroups[0].minMember: minSubGroup on a subgroup that has "
           "subgroups, got minMember");
  CHECK(errors[2]
        == "t.yaml:9:47: error: spec.subGroups[1].minSubGroup: minMember on a subgroup without "
           "subgroups, got minSubGroup");
  CHECK(errors[3]
        == "t.yaml:10:5: error: spec.subGroups[2]: minMember on a subgroup without subgroups (the "
           "pods it needs), got a mapping");
}

TEST_CASE("a pod that joins no leaf subgroup is a warning and stays pending") {
  // The PodGroup's leaves are workers and launcher (outer is a parent). Pod p1 names outer,
  // which holds no pods; p2 has no label and no leaf is called default; p3 joins workers.
  const std::string text = pod_group(R"(  queue: q
  subGroups:
  - {name: outer}
  - {name: workers, parent: outer, minMember: 1}
  - {name: launcher, minMember: 0}
---
apiVersion: scheduling.run.ai/v2
kind: Queue
metadata: {name: q}
spec: {resources: {gpu: {quota: -1, limit: -1}, cpu: {quota: -1, limit: -1}}}
---
apiVersion: v1
kind: Node
metadata: {name: n}
status: {allocatable: {cpu: "8", memory: 8Gi, pods: "10"}}
---
apiVersion: v1
kind: Pod
metadata: {name: p1, labels: {kai.scheduler/subgroup-name: outer}, annotations: {pod-group-name: g}}
spec: {containers: [{name: c, resources: {requests: {cpu: "1"}}}]}
---
apiVersion: v1
kind: Pod
metadata: {name: p2, annotations: {pod-group-name: g}}
spec: {containers: [{name: c, resources: {requests: {cpu: "1"}}}]}
---
apiVersion: v1
kind: Pod
metadata: {name: p3, labels: {kai.scheduler/subgroup-name: workers}, annotations: {pod-group-name: g}}
spec: {containers: [{name: c, resources: {requests: {cpu: "1"}}}]}
)");
  const Scenario s = load_scenario_texts({{"t.yaml", text}});
  REQUIRE(s.warnings.size() == 2);
  CHECK(s.warnings[0]
        == "pod default/p1 names subgroup \"outer\", which is not a leaf subgroup in PodGroup g, "
           "whose leaf subgroups are workers, launcher: KAI never schedules it as part of the "
           "job, so it stays pending");
  CHECK(s.warnings[1]
        == "pod default/p2 has no kai.scheduler/subgroup-name label and there is no subgroup "
           "named default in PodGroup g, whose leaf subgroups are workers, launcher: KAI never "
           "schedules it as part of the job, so it stays pending");
  // The root needs both members: outer (workers needs 1: p3) and launcher (needs 0). So the
  // job is ready with p3 alone, which runs; p1 and p2 are never tried.
  const RunResult r = run_scenario(s);
  CHECK(pod(r, "p3").phase == model::PodPhase::kRunning);
  CHECK(pod(r, "p1").phase == model::PodPhase::kPending);
  CHECK(pod(r, "p2").phase == model::PodPhase::kPending);
  CHECK(pending_reason(r, "p1")
        == "Pod references subgroup \"outer\", which does not exist in PodGroup default/g");
  CHECK(pending_reason(r, "p2")
        == "Pod references subgroup \"default\", which does not exist in PodGroup default/g");
}

}  // namespace
}  // namespace drasim::sim
