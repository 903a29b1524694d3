#include "model/kai/plugins/predicates.h"

#include "model/cluster/cluster_state.h"
#include "model/k8s/object_set.h"
#include "model/kai/api/resource_vector.h"

#include <doctest/doctest.h>

#include "tests/model/cluster_fixture.h"
#include <optional>
#include <string>
#include <vector>

using drasim::model::ClusterState;
using drasim::model::exceeds_every_node;
using drasim::model::host_ports_conflict;
using drasim::model::HostPort;
using drasim::model::kCpuSlot;
using drasim::model::kGpuSlot;
using drasim::model::kMemorySlot;
using drasim::model::kPodsSlot;
using drasim::model::max_allocatable;
using drasim::model::NodeCondition;
using drasim::model::NodeInfo;
using drasim::model::NodeSelector;
using drasim::model::NodeSelectorRequirement;
using drasim::model::NodeSelectorTerm;
using drasim::model::ObjectSet;
using drasim::model::PodTemplate;
using drasim::model::resource_problems;
using drasim::model::ResourceVector;
using drasim::model::SelectorOperator;
using drasim::model::static_node_problem;
using drasim::model::Taint;
using drasim::model::TaintEffect;
using drasim::model::Toleration;
using drasim::model::TolerationOperator;
using drasim::test::build_submitted;
using drasim::test::make_node;
using drasim::test::make_pod;
using drasim::test::node_id;
using drasim::test::pod_id;
using drasim::test::qty;

namespace {

const Taint kInfraTaint{"dedicated", "infra", TaintEffect::kNoSchedule};

/// The static problem of pod `pod` on node `node` in `state`.
std::string problem(const ClusterState& state, const char* pod, const char* node) {
  return static_node_problem(state.spec_of(pod_id(state, pod)), state.node(node_id(state, node)));
}

/// A cluster with one node of each kind static_node_problem rejects, plus a plain one.
ClusterState static_cluster() {
  ObjectSet objects;
  auto cordoned = make_node("cordoned", 8, 1, {}, {kInfraTaint});
  cordoned.unschedulable = true;
  auto not_ready = make_node("not-ready", 8, 1);
  not_ready.conditions = {NodeCondition{"Ready", "False"}};
  auto unknown = make_node("unknown", 8, 1);
  unknown.conditions = {NodeCondition{"Ready", "Unknown"}};
  auto pressure = make_node("pressure", 8, 1);
  pressure.conditions = {NodeCondition{"Ready", "True"}, NodeCondition{"MemoryPressure", "True"}};
  auto ready = make_node("ready", 8, 1, {{"zone", "a"}});
  ready.conditions = {NodeCondition{"Ready", "True"}, NodeCondition{"MemoryPressure", "False"}};
  objects.nodes = {cordoned,
                   not_ready,
                   unknown,
                   pressure,
                   ready,
                   make_node("tainted", 8, 1, {{"zone", "b"}}, {kInfraTaint}),
                   make_node("plain", 8, 1)};

  auto plain_pod = make_pod("plain-pod", "1");
  auto tolerant = make_pod("tolerant", "1");
  tolerant.spec.tolerations = {
      Toleration{"dedicated", TolerationOperator::kEqual, "infra", {}, {}}};
  auto zone_a = make_pod("zone-a", "1");
  zone_a.spec.node_selector = {{"zone", "a"}};
  auto affinity_b = make_pod("affinity-b", "1");
  affinity_b.spec.required_node_affinity = NodeSelector{
      {NodeSelectorTerm{{NodeSelectorRequirement{"zone", SelectorOperator::kIn, {"b"}}}, {}}}};
  objects.pods = {plain_pod, tolerant, zone_a, affinity_b};
  return build_submitted(objects);
}

/// A template built the way build_cluster builds one, for `pod`.
PodTemplate template_of(const drasim::model::Pod& pod) {
  ObjectSet objects;
  objects.nodes = {make_node("n", 1, 0)};
  objects.pods = {pod};
  const ClusterState state = build_submitted(objects);
  return state.templates[0];
}

/// The MaxNodePoolResources verdict for pod `pod`, against the pool max of `state`.
std::optional<std::string> too_big(const ClusterState& state, const char* pod) {
  return exceeds_every_node(state.spec_of(pod_id(state, pod)), max_allocatable(state), state.names);
}

HostPort port(const char* protocol, const char* ip, int64_t number) {
  return HostPort{protocol, ip, number};
}

}  // namespace

TEST_CASE("an untolerated taint is named with its key and value") {
  const ClusterState state = static_cluster();
  // kube-scheduler TaintToleration: "node(s) had untolerated taint {%s: %s}"
  CHECK(problem(state, "plain-pod", "tainted")
        == "node(s) had untolerated taint {dedicated: infra}");
  CHECK(problem(state, "tolerant", "tainted").empty());
}

TEST_CASE("a nodeSelector or required affinity mismatch reads as an affinity problem") {
  const ClusterState state = static_cluster();
  // kube-scheduler NodeAffinity: "node(s) didn't match Pod's node affinity/selector"
  CHECK(problem(state, "zone-a", "plain") == "node(s) didn't match Pod's node affinity/selector");
  CHECK(problem(state, "zone-a", "ready").empty());  // ready carries zone=a
  CHECK(problem(state, "affinity-b", "ready")
        == "node(s) didn't match Pod's node affinity/selector");  // zone=a is not In [b]
}

TEST_CASE("a cordoned node reads as unschedulable before its taints are checked") {
  const ClusterState state = static_cluster();
  // The node-condition predicate runs before the k8s filters (section 2.1 e, f).
  CHECK(problem(state, "plain-pod", "cordoned") == "node(s) were unschedulable");
  CHECK(problem(state, "tolerant", "cordoned") == "node(s) were unschedulable");
}

TEST_CASE("a node whose Ready condition is not True reads as not ready") {
  const ClusterState state = static_cluster();
  CHECK(problem(state, "plain-pod", "not-ready") == "node(s) were not ready");  // Ready=False
  CHECK(problem(state, "plain-pod", "unknown") == "node(s) were not ready");    // Ready=Unknown
}

TEST_CASE("a node under memory pressure names the condition") {
  const ClusterState state = static_cluster();
  CHECK(problem(state, "plain-pod", "pressure") == "node(s) had condition MemoryPressure");
}

TEST_CASE("a Ready node without pressure, taints or selectors has no static problem") {
  const ClusterState state = static_cluster();
  CHECK(problem(state, "plain-pod", "ready").empty());
  CHECK(problem(state, "plain-pod", "plain").empty());  // no conditions listed counts as ready
}

TEST_CASE("a taint is reported before a selector mismatch on the same node") {
  const ClusterState state = static_cluster();
  // tainted carries zone=b, so zone-a both lacks the toleration and mismatches the selector;
  // TaintToleration runs before NodeAffinity.
  CHECK(problem(state, "zone-a", "tainted") == "node(s) had untolerated taint {dedicated: infra}");
}

TEST_CASE("a missing GPU reads as Insufficient with the requested resource name") {
  const PodTemplate t = template_of(make_pod("p", "1", 2));
  const ClusterState names_source;
  ResourceVector available(4);
  available.set(kCpuSlot, 4000);
  available.set(kGpuSlot, 1000);  // 1 GPU free, 2 asked
  available.set(kPodsSlot, 10);
  CHECK(resource_problems(t, available, names_source.names)
        == std::vector<std::string>{"Insufficient nvidia.com/gpu"});
}

TEST_CASE("a GPU requested under another vendor name keeps that name in the message") {
  auto pod = make_pod("p", "1");
  pod.spec.containers[0].requests["amd.com/gpu"] = qty("1");
  const PodTemplate t = template_of(pod);
  const ClusterState names_source;
  ResourceVector available(4);
  available.set(kCpuSlot, 4000);
  available.set(kPodsSlot, 10);
  CHECK(resource_problems(t, available, names_source.names)
        == std::vector<std::string>{"Insufficient amd.com/gpu"});
}

TEST_CASE("no free pod slot reads as Too many pods") {
  const PodTemplate t = template_of(make_pod("p", "1"));
  const ClusterState names_source;
  ResourceVector available(4);
  available.set(kCpuSlot, 4000);
  available.set(kPodsSlot, 0);  // the pod needs 1 slot
  CHECK(resource_problems(t, available, names_source.names)
        == std::vector<std::string>{"Too many pods"});
}

TEST_CASE("every exceeded resource is listed in slot order") {
  auto pod = make_pod("p", "4", 1);
  pod.spec.containers[0].requests["memory"] = qty("2Gi");
  const PodTemplate t = template_of(pod);
  const ClusterState names_source;
  ResourceVector available(4);  // nothing free at all
  CHECK(resource_problems(t, available, names_source.names)
        == std::vector<std::string>{"Insufficient cpu", "Insufficient memory",
                                    "Insufficient nvidia.com/gpu", "Too many pods"});
}

TEST_CASE("a request that fits has no resource problem") {
  const PodTemplate t = template_of(make_pod("p", "1", 1));
  const ClusterState names_source;
  ResourceVector available(4);
  available.set(kCpuSlot, 1000);  // exactly the 1000m asked
  available.set(kMemorySlot, 0);  // memory is not requested
  available.set(kGpuSlot, 1000);
  available.set(kPodsSlot, 1);
  CHECK(resource_problems(t, available, names_source.names).empty());
}

TEST_CASE("the same host port and protocol on a node conflict") {
  PodTemplate t;
  t.host_ports = {port("TCP", "", 8080)};
  NodeInfo n;
  n.host_ports = {port("TCP", "", 8080)};
  CHECK(host_ports_conflict(t, n));
}

TEST_CASE("host ports differing in protocol or port number do not conflict") {
  PodTemplate t;
  t.host_ports = {port("TCP", "", 8080)};
  NodeInfo n;
  n.host_ports = {port("UDP", "", 8080), port("TCP", "", 8081)};
  CHECK_FALSE(host_ports_conflict(t, n));
}

TEST_CASE("host ports on two different specific IPs do not conflict") {
  PodTemplate t;
  t.host_ports = {port("TCP", "10.0.0.1", 8080)};
  NodeInfo n;
  n.host_ports = {port("TCP", "10.0.0.2", 8080)};
  CHECK_FALSE(host_ports_conflict(t, n));
  n.host_ports = {port("TCP", "10.0.0.1", 8080)};
  CHECK(host_ports_conflict(t, n));  // the same IP does
}

TEST_CASE("an unspecified host IP conflicts with every IP on the same port") {
  PodTemplate t;
  t.host_ports = {port("TCP", "0.0.0.0", 8080)};
  NodeInfo n;
  n.host_ports = {port("TCP", "10.0.0.2", 8080)};
  CHECK(host_ports_conflict(t, n));  // 0.0.0.0 binds every address
  t.host_ports = {port("TCP", "10.0.0.1", 8080)};
  n.host_ports = {port("TCP", "", 8080)};
  CHECK(host_ports_conflict(t, n));  // an empty IP on the node side means 0.0.0.0 too
}

TEST_CASE("a pod asking more GPUs than the largest node has is unresolvable (KAI item 19)") {
  ObjectSet objects;
  objects.nodes = {make_node("small", 8, 1), make_node("large", 8, 2)};
  objects.pods = {make_pod("big", "1", 3)};
  const ClusterState state = build_submitted(objects);
  // MaxNodePoolResources: 3 GPUs asked, the element-wise max over nodes is max(1, 2) = 2
  CHECK(too_big(state, "big")
        == std::optional<std::string>{
            "the pod requests 3 nvidia.com/gpu but the largest node in the pool has 2"});
}

TEST_CASE("a pod asking a resource no node has names that resource") {
  ObjectSet objects;
  objects.nodes = {make_node("plain", 8, 2)};
  auto pod = make_pod("nic-user", "1");
  pod.spec.containers[0].requests["example.com/nic"] = qty("1");
  objects.pods = {pod};
  const ClusterState state = build_submitted(objects);
  // 1 nic = 1000 milli-units asked, 0 on every node; format_amount prints 1000 as "1"
  CHECK(too_big(state, "nic-user")
        == std::optional<std::string>{
            "the pod requests 1 example.com/nic but no node in the pool has any"});
}

TEST_CASE("a pod that fits the largest node is not rejected before filtering") {
  ObjectSet objects;
  // No single node has 8 cores and 2 GPUs free together, but the max is taken per resource.
  objects.nodes = {make_node("cpu-heavy", 8, 0), make_node("gpu-heavy", 2, 2)};
  objects.pods = {make_pod("p", "8", 2)};
  const ClusterState state = build_submitted(objects);
  CHECK(too_big(state, "p") == std::nullopt);
}

TEST_CASE("a node that has not appeared yet does not count for the largest node") {
  ObjectSet objects;
  auto later = make_node("later", 8, 8);
  later.meta.appear_us = 60'000'000;  // appears after one minute
  objects.nodes = {make_node("now", 8, 2), later};
  objects.pods = {make_pod("big", "1", 3)};
  const ClusterState state = build_submitted(objects);
  CHECK(too_big(state, "big")
        == std::optional<std::string>{
            "the pod requests 3 nvidia.com/gpu but the largest node in the pool has 2"});
}

TEST_CASE("the pool maximum is taken per resource over the present nodes") {
  ObjectSet objects;
  auto later = make_node("later", 64, 8);
  later.meta.appear_us = 1;  // not present yet
  objects.nodes = {make_node("cpu-heavy", 8, 0), make_node("gpu-heavy", 2, 2), later};
  const ClusterState state = build_submitted(objects);
  const std::optional<ResourceVector> max = max_allocatable(state);
  REQUIRE(max.has_value());
  CHECK(max->get(kCpuSlot) == 8000);  // max(8000, 2000); the absent 64 cores do not count
  CHECK(max->get(kGpuSlot) == 2000);  // max(0, 2000)
  CHECK(max->get(kPodsSlot) == 110);  // both nodes have 110
}

TEST_CASE("with no node present every pod is unresolvable") {
  ObjectSet objects;
  auto later = make_node("later", 8, 8);
  later.meta.appear_us = 1;
  objects.nodes = {later};
  objects.pods = {make_pod("p", "1")};
  const ClusterState state = build_submitted(objects);
  CHECK(max_allocatable(state) == std::nullopt);
  CHECK(too_big(state, "p") == std::optional<std::string>{"no nodes are available"});
}

TEST_CASE("a node whose pressure condition is Unknown is not usable") {
  // KAI's CheckNodeConditionPredicate accepts Memory/Disk/PID pressure and NetworkUnavailable
  // only when their status is False; Unknown is a problem.
  drasim::model::Node node;
  node.conditions = {NodeCondition{"Ready", "True"}, NodeCondition{"MemoryPressure", "Unknown"}};
  CHECK(drasim::model::node_condition_problem(node) == "node(s) had condition MemoryPressure");
}

TEST_CASE("MaxNodePoolResources names the GPU before the CPU when both exceed every node") {
  // KAI's MaxNodeResourcesPredicate checks GPU, then CPU, then memory. The pod asks 16 cores
  // and 4 GPUs; the only node has 8 cores and 2 GPUs, so the GPU is reported.
  ObjectSet objects;
  objects.nodes = {make_node("n", 8, 2)};
  objects.pods = {make_pod("p", "16", 4)};
  const ClusterState state = build_submitted(objects);
  CHECK(too_big(state, "p")
        == "the pod requests 4 nvidia.com/gpu but the largest node in the pool has 2");
}
