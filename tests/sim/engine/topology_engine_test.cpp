// The topology plugin end to end: scenarios with a Topology and PodGroups constrained to it,
// loaded from YAML and run by the engine.
#include "sim/engine/engine.h"
#include "sim/scenario_loader.h"

#include <doctest/doctest.h>

#include "tests/sim/run_helpers.h"
#include <fstream>
#include <sstream>
#include <string>

namespace drasim::sim {
namespace {

std::string node_of(const RunResult& r, const std::string& pod_name) {
  const model::PodInfo& p = pod(r, pod_name);
  return p.ran_on.valid() ? r.state.node(p.ran_on).name : std::string();
}

TEST_CASE("KAI's zone and rack example: zone A, two pods in rack A1 and one in another rack") {
  const std::string name = "real-cases/kai-topology-doc-zone-rack-example.yaml";
  std::ifstream in(std::string(DRASIM_SHARED_DIR) + "/fixtures/" + name, std::ios::binary);
  REQUIRE(in.good());
  std::ostringstream text;
  text << in.rdbuf();
  const RunResult r = run_scenario(load_scenario_texts({{name, text.str()}}));
  // Three 1-GPU pods, required zone, preferred rack; one GPU per node. No rack has 3 GPUs, so
  // the candidate sets are the zones, most packed first: zone A (3 of 5 GPUs, ratio 0.6)
  // before zone B (3 of 6, 0.5). Rack scores follow the sorted tree: zone A's racks A2, A3, A4
  // (ratio 3 each, by id) then A1 (1.5), then zone B's B1..B3; with n = 7 the steps are
  // floor(i/7*10) for i = 1..7: A2 1, A3 2, A4 4, A1 5, B1 7, B2 8, B3 10. Inside zone A the
  // A1 nodes score highest (5e5), then A4 (4e5): A1's two nodes in name order, then A4.
  CHECK(node_of(r, "distributed-training-0") == "node-a1-1");
  CHECK(node_of(r, "distributed-training-1") == "node-a1-2");
  CHECK(node_of(r, "distributed-training-2") == "node-a4-1");
}

TEST_CASE("a gang requiring a rack by alias waits until one rack has room for all of it") {
  const char* const text = R"(
apiVersion: kai.scheduler/v1alpha1
kind: Topology
metadata: {name: net}
spec:
  levels:
  - {nodeLabel: example.com/rack, alias: rack}
---
apiVersion: v1
kind: Node
metadata: {name: r1-a, labels: {example.com/rack: r1}}
status: {allocatable: {cpu: "16", memory: 64Gi, pods: "110", nvidia.com/gpu: "2"}}
---
apiVersion: v1
kind: Node
metadata: {name: r2-a, labels: {example.com/rack: r2}}
status: {allocatable: {cpu: "16", memory: 64Gi, pods: "110", nvidia.com/gpu: "2"}}
---
apiVersion: v1
kind: Node
metadata: {name: r2-b, labels: {example.com/rack: r2}}
status: {allocatable: {cpu: "16", memory: 64Gi, pods: "110", nvidia.com/gpu: "2"}}
---
apiVersion: v1
kind: Pod
metadata: {name: first, annotations: {drasim.dev/runtime: 30s}}
spec:
  nodeName: r2-b
  priorityClassName: inference   # non-preemptible: consolidation may not move it
  containers: [{name: c, resources: {limits: {nvidia.com/gpu: "2"}}}]
---
apiVersion: scheduling.run.ai/v2alpha2
kind: PodGroup
metadata: {name: gang}
spec:
  minMember: 2
  topologyConstraint: {topology: net, requiredTopologyLevel: rack}
---
apiVersion: v1
kind: Pod
metadata:
  name: member
  annotations: {pod-group-name: gang, drasim.dev/replicas: "2"}
spec:
  containers: [{name: c, resources: {limits: {nvidia.com/gpu: "2"}}}]
)";
  const RunResult r = run_scenario(load_scenario_texts({{"t.yaml", text}}));
  // The members are alike, so racks are judged by how many 2-GPU copies they hold. At first
  // r1 holds 1 and r2 holds 1 (r2-b is taken by `first`), both fewer than 2: without the
  // constraint the gang would straddle r1-a and r2-a; with it, no rack is a candidate. Once
  // `first` ends (30 s), r2 holds 1 + 1 = 2 and both members go there.
  CHECK(pod(r, "member-0").bound_us > pod(r, "first").finished_us);
  CHECK(node_of(r, "member-0").rfind("r2-", 0) == 0);
  CHECK(node_of(r, "member-1").rfind("r2-", 0) == 0);
  CHECK(node_of(r, "member-0") != node_of(r, "member-1"));
}

}  // namespace
}  // namespace drasim::sim
