// kube-scheduler profile: how many feasible nodes it looks for, in which order, and the node
// answers it keeps from pod to pod within a cycle.
#include "model/kube/kube_scheduler.h"

#include <doctest/doctest.h>
#include <fmt/format.h>

#include "tests/model/cluster_fixture.h"

namespace drasim::model {
namespace {

/// Builds the cluster with every pod submitted (in the reference mode or not) and runs one
/// kube-scheduler cycle into `result`.
ClusterState one_cycle(const ObjectSet& o, bool reference, CycleResult& result) {
  BuildOptions options;
  options.reference = reference;
  ClusterState s = test::build_submitted(o, options);
  run_kube_scheduler(s, result);
  return s;
}

TEST_CASE("kube-scheduler looks for an adaptive share of the nodes") {
  // Below 100 nodes every node is checked.
  CHECK(feasible_nodes_to_find(99) == 99);
  // 1000 nodes: 50 - 1000/125 = 42 percent -> 420.
  CHECK(feasible_nodes_to_find(1000) == 420);
  // 150 nodes: 50 - 1 = 49 percent = 73, raised to the minimum of 100.
  CHECK(feasible_nodes_to_find(150) == 100);
  // 10000 nodes: 50 - 80 < 5, so 5 percent -> 500.
  CHECK(feasible_nodes_to_find(10000) == 500);
}

TEST_CASE("the node tree interleaves zones round robin") {
  ObjectSet o;
  // Zones in order of their first node (a-1 in z1, b-1 in z2); z1 has three nodes, z2 one.
  o.nodes.push_back(test::make_node("a-1", 8, 0, {{"topology.kubernetes.io/zone", "z1"}}));
  o.nodes.push_back(test::make_node("a-2", 8, 0, {{"topology.kubernetes.io/zone", "z1"}}));
  o.nodes.push_back(test::make_node("a-3", 8, 0, {{"topology.kubernetes.io/zone", "z1"}}));
  o.nodes.push_back(test::make_node("b-1", 8, 0, {{"topology.kubernetes.io/zone", "z2"}}));
  const ClusterState s = build_cluster(o, BuildOptions{});
  std::vector<std::string> names;
  for (const NodeId n : node_tree_order(s)) {
    names.push_back(s.node(n).name);
  }
  // Round 0: a-1 (z1), b-1 (z2); round 1: a-2; round 2: a-3.
  CHECK(names == std::vector<std::string>{"a-1", "b-1", "a-2", "a-3"});
}

TEST_CASE("pods of one shape see what the pods before them took in the same cycle") {
  // Two 4-core nodes. big-0 and big-1 ask for 5 cores: neither node has them. p-0 .. p-3 ask
  // for 1 core each and share one row of kept node answers (same fit and signature class, same
  // non-zero requests); all arrive together, so they go in name order, the big pods first.
  ObjectSet o;
  o.nodes.push_back(test::make_node("a", 4, 0));
  o.nodes.push_back(test::make_node("b", 4, 0));
  for (const char* name : {"big-0", "big-1"}) {
    o.pods.push_back(test::make_pod(name, "5"));
  }
  for (const char* name : {"p-0", "p-1", "p-2", "p-3"}) {
    o.pods.push_back(test::make_pod(name, "1"));
  }
  for (const bool reference : {false, true}) {
    CAPTURE(reference);
    CycleResult result;
    ClusterState s = one_cycle(o, reference, result);
    // p-0: both nodes empty, equal scores, the tie goes to a. p-1: on a, LeastAllocated gives
    // cpu (4000 - 2000) * 100 / 4000 = 50 and memory (64Gi - 2 * 200Mi non-zero) -> 99, so
    // (50 + 99) / 2 = 74, and BalancedAllocation (1 - |0.5 - 0| / 2) * 100 = 75: 149. On b: cpu
    // 75, memory 99 -> 87, balance (1 - 0.25 / 2) * 100 = 87: 174, so b. A kept answer for a
    // from p-0's scan (before p-0 took a core) would score a like b and the tie would give a.
    // p-2 then finds both nodes alike again (a), and p-3 goes to b.
    CHECK(test::bound_node(s, result.binds, "p-0") == "a");
    CHECK(test::bound_node(s, result.binds, "p-1") == "b");
    CHECK(test::bound_node(s, result.binds, "p-2") == "a");
    CHECK(test::bound_node(s, result.binds, "p-3") == "b");
    // Both big pods fail on both nodes, the second from the first's kept answers: each node
    // counts once in the message, as kube-scheduler's FitError words it.
    for (const char* name : {"big-0", "big-1"}) {
      CHECK(s.pod(test::pod_id(s, name)).reason == "0/2 nodes are available: 2 Insufficient cpu.");
    }
    CHECK(result.jobs_attempted == 6);
    CHECK(result.jobs_failed == 2);
  }
}

TEST_CASE("a large cycle picks the same nodes with kept answers as with none") {
  // 200 nodes: kube-scheduler looks for 100 feasible nodes per pod (200 * 49% = 98, raised to
  // 100), so each scan covers half the cluster and the next one starts where it stopped. The
  // shared rows read their scan tree; the reference mode answers node by node. Every 7th node
  // has a PreferNoSchedule taint no pod tolerates and every 5th the label the pref pods prefer,
  // so some scans normalise non-zero scores and some do not.
  ObjectSet o;
  for (int i = 0; i < 200; ++i) {
    StringMap labels{{"topology.kubernetes.io/zone", i % 2 == 0 ? "a" : "b"}};
    if (i % 5 == 0) {
      labels["fast"] = "yes";
    }
    std::vector<Taint> taints;
    if (i % 7 == 0) {
      taints.push_back(Taint{"soft", "", TaintEffect::kPreferNoSchedule});
    }
    o.nodes.push_back(test::make_node(fmt::format("n-{:03}", i), 4, 2, labels, taints));
  }
  // In name order (they arrive together): 300 cpu pods, 300 gpu pods, 5 huge pods, 100 pref
  // pods. 700 of the 800 cores and 300 of the 400 GPUs are asked for by pods of one core each.
  for (int i = 0; i < 300; ++i) {
    o.pods.push_back(test::make_pod(fmt::format("cpu-{:03}", i), "1"));
    o.pods.push_back(test::make_pod(fmt::format("gpu-{:03}", i), "1", 1));
  }
  for (int i = 0; i < 5; ++i) {
    o.pods.push_back(test::make_pod(fmt::format("huge-{}", i), "64"));
  }
  for (int i = 0; i < 100; ++i) {
    Pod p = test::make_pod(fmt::format("pref-{:03}", i), "1");
    NodeSelectorTerm term;
    term.match_expressions.push_back({"fast", SelectorOperator::kIn, {"yes"}});
    p.spec.preferred_node_affinity.push_back({10, term});
    o.pods.push_back(std::move(p));
  }
  std::vector<std::string> outcome[2];
  size_t next_start[2] = {0, 0};
  for (const bool reference : {false, true}) {
    CAPTURE(reference);
    CycleResult result;
    ClusterState s = one_cycle(o, reference, result);
    // Only the huge pods fail: 64 cores on 4-core nodes. Every other pod fits somewhere, since
    // each node keeps a free core and a free GPU for as long as the cluster has them (the
    // scores spread pods, and 700 cores and 300 GPUs are asked of 800 and 400).
    CHECK(result.jobs_attempted == 705);
    CHECK(result.jobs_failed == 5);
    CHECK(s.pod(test::pod_id(s, "huge-0")).reason
          == "0/200 nodes are available: 200 Insufficient cpu.");
    for (const PodInfo& p : s.pods) {
      outcome[reference ? 1 : 0].push_back(
          fmt::format("{} {} {}", p.name, p.node.valid() ? s.node(p.node).name : "-", p.reason));
    }
    next_start[reference ? 1 : 0] = s.kube_next_start_node;
  }
  CHECK(outcome[0] == outcome[1]);
  CHECK(next_start[0] == next_start[1]);
}

}  // namespace
}  // namespace drasim::model
