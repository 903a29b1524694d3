// Cross-object checks made after decoding (sim/load/scenario_checks.cpp).
#include "sim/load/scenario_checks.h"

#include "sim/scenario_loader.h"

#include <doctest/doctest.h>

#include <string>

namespace drasim::sim {
namespace {

/// The only diagnostic that loading `text` as t.yaml reports.
std::string only_error(const char* text) {
  try {
    (void)load_scenario_texts({{"t.yaml", text}});
  } catch (const InputError& e) {
    REQUIRE(e.diagnostics().size() == 1);
    return e.diagnostics()[0].to_string();
  }
  FAIL("expected an InputError");
  return {};
}

TEST_CASE("a pod bound to a node that is not in the scenario is an input error") {
  // Found by the loader fuzzer: the engine would otherwise meet a pre-bound pod without a node.
  const char* text = R"(apiVersion: v1
kind: Pod
metadata: {name: p}
spec:
  nodeName: ghost
  containers: [{name: c}]
)";
  CHECK(only_error(text)
        == "t.yaml:1:1: error: spec.nodeName: the name of a Node in the scenario, got \"ghost\"");
}

TEST_CASE("a resource quantity beyond 1P is rejected so vector arithmetic cannot overflow") {
  // Found by the loader fuzzer: 10P GPUs is 10^16 devices, 10^19 milli-GPUs, past int64.
  const char* text = R"(apiVersion: v1
kind: Pod
metadata: {name: p}
spec: {containers: [{name: c, resources: {limits: {nvidia.com/gpu: 10P}}}]}
)";
  CHECK(only_error(text) == "t.yaml:4:68: error: spec.containers[0].resources.limits[\"nvidia.com/gpu\"]: a "
             "quantity of at most 1P, got \"10P\"");
}

TEST_CASE("a PodGroup naming a Topology that does not exist is an input error") {
  const char* text = R"(apiVersion: scheduling.run.ai/v2alpha2
kind: PodGroup
metadata: {name: g}
spec:
  topologyConstraint: {topology: nowhere, requiredTopologyLevel: rack}
)";
  CHECK(only_error(text)
        == "t.yaml:5:34: error: spec.topologyConstraint.topology: the name of an existing "
           "Topology, got \"nowhere\"");
}

TEST_CASE("a topology level that is neither a label nor an alias of the Topology is an error") {
  const char* text = R"(apiVersion: kai.scheduler/v1alpha1
kind: Topology
metadata: {name: net}
spec:
  levels: [{nodeLabel: example.com/rack, alias: rack}]
---
apiVersion: scheduling.run.ai/v2alpha2
kind: PodGroup
metadata: {name: g}
spec:
  topologyConstraint:
    topology: net
    requiredTopologyLevel: rack
    preferredTopologyLevel: row
)";
  // `rack` is the alias of example.com/rack; `row` names nothing.
  CHECK(only_error(text)
        == "t.yaml:14:29: error: spec.topologyConstraint.preferredTopologyLevel: a level (node "
           "label or alias) of Topology net, got \"row\"");
}

TEST_CASE("a subgroup's topology constraint is checked too") {
  const char* text = R"(apiVersion: kai.scheduler/v1alpha1
kind: Topology
metadata: {name: net}
spec:
  levels: [{nodeLabel: example.com/rack}]
---
apiVersion: scheduling.run.ai/v2alpha2
kind: PodGroup
metadata: {name: g}
spec:
  subGroups:
  - name: workers
    topologyConstraint: {topology: net, requiredTopologyLevel: example.com/row}
    minMember: 2
)";
  CHECK(only_error(text)
        == "t.yaml:13:64: error: spec.subGroups[0].topologyConstraint.requiredTopologyLevel: a "
           "level (node label or alias) of Topology net, got \"example.com/row\"");
}

}  // namespace
}  // namespace drasim::sim
