// kube-scheduler profile helpers: how many feasible nodes it looks for and in which order.
#include "model/kube/kube_scheduler.h"

#include <doctest/doctest.h>

#include "tests/model/cluster_fixture.h"

namespace drasim::model {
namespace {

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

}  // namespace
}  // namespace drasim::model
