#include "sim/load/overrides.h"

#include "sim/scenario_loader.h"

#include <doctest/doctest.h>

namespace drasim::sim {
namespace {

OverridePath path(std::string_view text) {
  auto parsed = parse_override_path(text);
  REQUIRE_MESSAGE(std::holds_alternative<OverridePath>(parsed), std::get<std::string>(parsed));
  return std::get<OverridePath>(parsed);
}

TEST_CASE("overrides: a path is keys, [indexes] and [\"keys.with.dots\"], after Kind/[ns/]name:") {
  const OverridePath p = path("spec.generate[0].nodePool.count");
  CHECK(p.kind.empty());  // the Scenario document
  CHECK(p.steps
        == std::vector<PathStep>{
            {"spec", {}}, {"generate", {}}, {"", 0}, {"nodePool", {}}, {"count", {}}});
  const OverridePath q = path("Pod/ml/trainer-0:metadata.labels[\"kai.scheduler/queue\"]");
  CHECK(q.kind == "Pod");
  CHECK(q.ns == "ml");
  CHECK(q.name == "trainer-0");
  CHECK(q.steps
        == std::vector<PathStep>{{"metadata", {}}, {"labels", {}}, {"kai.scheduler/queue", {}}});
  // Object names with dots (a DeviceClass, a node's host name) are targets too.
  const OverridePath d = path("DeviceClass/gpu.nvidia.com:spec.extendedResourceName");
  CHECK(d.kind == "DeviceClass");
  CHECK(d.name == "gpu.nvidia.com");
  CHECK(d.steps == std::vector<PathStep>{{"spec", {}}, {"extendedResourceName", {}}});
  // A key with a colon stays a Scenario path when the colon is inside brackets.
  const OverridePath c = path("metadata.annotations[\"a/b:c\"]");
  CHECK(c.kind.empty());
  CHECK(c.steps.back().key == "a/b:c");
  const OverridePath n = path("spec.a[1][2]");  // a sequence of sequences
  CHECK(n.steps == std::vector<PathStep>{{"spec", {}}, {"a", {}}, {"", 1}, {"", 2}});
  for (const char* bad : {"", "spec.", ".spec", "spec..a", "spec[x]", "spec[1", "Queue/:a",
                          "Queue:a", "A/b/c/d:a", "spec[0]x"}) {
    CHECK_MESSAGE(std::holds_alternative<std::string>(parse_override_path(bad)), bad);
  }
}

TEST_CASE("overrides: the value replaces the field; missing keys are made; objects of a List too") {
  const std::string text = R"(apiVersion: v1
kind: List
items:
- apiVersion: v1
  kind: Node
  metadata: {name: n1}
  status: {allocatable: {cpu: "8", memory: 32Gi, pods: "110", nvidia.com/gpu: "2"}}
---
apiVersion: drasim.dev/v1alpha1
kind: Scenario
metadata: {name: s}
spec: {horizon: 1m}
)";
  const std::vector<Override> overrides = {
      {path("Node/n1:status.allocatable[\"nvidia.com/gpu\"]"), "6", "--set"},
      {path("spec.scheduler.profile"), "kube-scheduler", "--set"},  // no scheduler block yet
  };
  const Scenario s = load_scenario_texts({{"in.yaml", text}}, overrides);
  REQUIRE(s.objects.nodes.size() == 1);
  // 6 GPUs, not the 2 the file says.
  CHECK(s.objects.nodes[0].allocatable.at("nvidia.com/gpu").value() == 6);
  CHECK(s.scheduler.profile == Profile::kKubeScheduler);
}

TEST_CASE("overrides: an index past the end is reported where the path stopped") {
  const std::string text = R"(apiVersion: drasim.dev/v1alpha1
kind: Scenario
metadata: {name: s}
spec:
  horizon: 1m
  events: []
)";
  try {
    (void)load_scenario_texts({{"in.yaml", text}}, {{path("spec.events[2].at"), "5m", "--vary"}});
    FAIL("no error");
  } catch (const InputError& e) {
    REQUIRE(e.diagnostics().size() == 1);
    CHECK(e.diagnostics()[0].to_string()
          == "in.yaml:6:11: error: spec.events: a sequence with an item [2], got 0 item(s)");
  }
}

}  // namespace
}  // namespace drasim::sim
