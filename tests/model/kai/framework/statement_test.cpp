#include "model/kai/framework/statement.h"

#include "model/cluster/cluster_state.h"
#include "model/k8s/object_set.h"
#include "model/kai/api/resource_vector.h"

#include <doctest/doctest.h>

#include "tests/model/cluster_fixture.h"
#include <cstddef>
#include <cstdint>

using drasim::model::ClusterState;
using drasim::model::kCpuSlot;
using drasim::model::kGpuSlot;
using drasim::model::kPodsSlot;
using drasim::model::NodeId;
using drasim::model::NodeInfo;
using drasim::model::ObjectSet;
using drasim::model::PodId;
using drasim::model::PodPhase;
using drasim::model::Statement;
using drasim::test::build_submitted;
using drasim::test::make_node;
using drasim::test::make_pod;
using drasim::test::mark_releasing;
using drasim::test::node_id;
using drasim::test::pod_id;
using drasim::test::run_on;

namespace {

/// node-a: 16 cores, 8 GPUs, with `old` (2 cores, 4 GPUs) running and being deleted, so
/// idle = 14 cores / 4 GPUs and releasing = 2 cores / 4 GPUs. Pending pods p1 and p2 ask
/// 1 core and 2 GPUs each.
ClusterState releasing_cluster() {
  ObjectSet objects;
  objects.nodes = {make_node("node-a", 16, 8)};
  objects.pods = {make_pod("old", "2", 4), make_pod("p1", "1", 2), make_pod("p2", "1", 2)};
  ClusterState state = build_submitted(objects);
  run_on(state, "old", "node-a");
  mark_releasing(state, "old");
  return state;
}

/// The node's four accounting vectors, to compare before and after.
struct Snapshot {
  drasim::model::ResourceVector allocatable, idle, used, releasing;
  uint32_t pod_count = 0;

  explicit Snapshot(const NodeInfo& n)
      : allocatable(n.allocatable),
        idle(n.idle),
        used(n.used),
        releasing(n.releasing),
        pod_count(n.pod_count) {}

  friend bool operator==(const Snapshot&, const Snapshot&) = default;
};

}  // namespace

TEST_CASE("the releasing fixture starts with idle and releasing split as described") {
  const ClusterState state = releasing_cluster();
  const NodeInfo& n = state.node(node_id(state, "node-a"));
  CHECK(n.idle.get(kCpuSlot) == 14000);      // 16000 - 2000
  CHECK(n.idle.get(kGpuSlot) == 4000);       // 8000 - 4000
  CHECK(n.releasing.get(kGpuSlot) == 4000);  // old's 4 GPUs are being released
  CHECK(n.used.get(kGpuSlot) == 4000);
}

TEST_CASE("allocate charges the node's idle vector and marks the pod binding") {
  ClusterState state = releasing_cluster();
  const NodeId a = node_id(state, "node-a");
  const PodId p1 = pod_id(state, "p1");
  Statement stmt(state);
  stmt.allocate(p1, a);
  const NodeInfo& n = state.node(a);
  CHECK(n.idle.get(kCpuSlot) == 13000);      // 14000 - 1000
  CHECK(n.idle.get(kGpuSlot) == 2000);       // 4000 - 2000
  CHECK(n.idle.get(kPodsSlot) == 108);       // 110 - old - p1
  CHECK(n.used.get(kGpuSlot) == 6000);       // 4000 + 2000
  CHECK(n.releasing.get(kGpuSlot) == 4000);  // untouched
  CHECK(n.pod_count == 2u);
  CHECK(state.pod(p1).phase == PodPhase::kBinding);
  CHECK(state.pod(p1).node == a);
  REQUIRE(stmt.operations().size() == 1u);
  CHECK_FALSE(stmt.operations()[0].pipelined);
  state.check_invariants();  // a binding pod keeps idle + used == allocatable
}

TEST_CASE("pipeline consumes releasing capacity and leaves idle alone") {
  ClusterState state = releasing_cluster();
  const NodeId a = node_id(state, "node-a");
  const PodId p1 = pod_id(state, "p1");
  Statement stmt(state);
  stmt.pipeline(p1, a);
  const NodeInfo& n = state.node(a);
  CHECK(n.idle.get(kGpuSlot) == 4000);       // unchanged
  CHECK(n.releasing.get(kGpuSlot) == 2000);  // 4000 - 2000 (KAI: Releasing -= track)
  CHECK(n.used.get(kGpuSlot) == 6000);       // 4000 + 2000
  CHECK(state.pod(p1).phase == PodPhase::kPipelined);
  REQUIRE(stmt.operations().size() == 1u);
  CHECK(stmt.operations()[0].pipelined);
}

TEST_CASE("rolling back to a checkpoint undoes only the later operations") {
  ClusterState state = releasing_cluster();
  const NodeId a = node_id(state, "node-a");
  Statement stmt(state);
  stmt.allocate(pod_id(state, "p1"), a);
  const size_t mark = stmt.checkpoint();
  CHECK(mark == 1u);
  const Snapshot at_mark(state.node(a));
  stmt.pipeline(pod_id(state, "p2"), a);
  stmt.rollback(mark);
  CHECK(Snapshot(state.node(a)) == at_mark);
  CHECK(state.pod(pod_id(state, "p1")).phase == PodPhase::kBinding);  // before the mark: kept
  CHECK(state.pod(pod_id(state, "p2")).phase == PodPhase::kPending);  // after: undone
  CHECK_FALSE(state.pod(pod_id(state, "p2")).node.valid());
  CHECK(stmt.operations().size() == 1u);
}

TEST_CASE("discarding a statement restores every node vector exactly") {
  ClusterState state = releasing_cluster();
  const NodeId a = node_id(state, "node-a");
  const Snapshot before(state.node(a));
  Statement stmt(state);
  stmt.allocate(pod_id(state, "p1"), a);
  stmt.pipeline(pod_id(state, "p2"), a);
  stmt.discard();
  CHECK(Snapshot(state.node(a)) == before);
  CHECK(state.pod(pod_id(state, "p1")).phase == PodPhase::kPending);
  CHECK(state.pod(pod_id(state, "p2")).phase == PodPhase::kPending);
  CHECK(stmt.operations().empty());
  state.check_invariants();
}

TEST_CASE("converting to pipelined moves allocated pods from idle to releasing") {
  ClusterState state = releasing_cluster();
  const NodeId a = node_id(state, "node-a");
  const PodId p1 = pod_id(state, "p1");
  const PodId p2 = pod_id(state, "p2");
  Statement stmt(state);
  stmt.allocate(p1, a);
  stmt.pipeline(p2, a);
  stmt.convert_all_to_pipelined();
  const NodeInfo& n = state.node(a);
  CHECK(state.pod(p1).phase == PodPhase::kPipelined);
  CHECK(state.pod(p1).node == a);  // same node as before
  CHECK(state.pod(p2).phase == PodPhase::kPipelined);
  CHECK(n.idle.get(kGpuSlot) == 4000);  // p1's 2 GPUs went back to idle: 2000 + 2000
  CHECK(n.idle.get(kCpuSlot) == 14000);
  CHECK(n.releasing.get(kGpuSlot) == 0);  // 4000 - p2 2000 - p1 2000
  CHECK(n.used.get(kGpuSlot) == 8000);    // old 4000 + p1 2000 + p2 2000
  CHECK(n.pod_count == 3u);
  for (const auto& op : stmt.operations()) {
    CHECK(op.pipelined);
  }
}

TEST_CASE("discarding a converted statement still restores the node exactly") {
  ClusterState state = releasing_cluster();
  const NodeId a = node_id(state, "node-a");
  const Snapshot before(state.node(a));
  Statement stmt(state);
  stmt.allocate(pod_id(state, "p1"), a);
  stmt.pipeline(pod_id(state, "p2"), a);
  stmt.convert_all_to_pipelined();
  stmt.discard();
  CHECK(Snapshot(state.node(a)) == before);
  state.check_invariants();
}

namespace {

/// node-a: 16 cores, 8 GPUs, running v (2 cores, 4 GPUs), which a scenario has just evicted
/// (begin_release: its 4 GPUs are releasing); node-b: 16 cores, 8 GPUs, running w (1 core,
/// 6 GPUs), so 2 GPUs are idle there.
ClusterState evicted_cluster() {
  ObjectSet objects;
  objects.nodes = {make_node("node-a", 16, 8), make_node("node-b", 16, 8)};
  objects.pods = {make_pod("v", "2", 4), make_pod("w", "1", 6)};
  ClusterState state = build_submitted(objects);
  run_on(state, "v", "node-a");
  run_on(state, "w", "node-b");
  state.begin_release(pod_id(state, "v"));
  return state;
}

}  // namespace

TEST_CASE("restoring an evicted pod un-evicts it, and undoing that evicts it again") {
  ClusterState state = evicted_cluster();
  const NodeId a = node_id(state, "node-a");
  const PodId v = pod_id(state, "v");
  CHECK(state.pod(v).released_from == PodPhase::kRunning);
  CHECK(state.node(a).releasing.get(kGpuSlot) == 4000);
  Statement stmt(state);
  stmt.restore(v);
  // KAI's Statement.Pipeline onto the node that holds the task: it runs again as before.
  CHECK(state.pod(v).phase == PodPhase::kRunning);
  CHECK(state.node(a).releasing.get(kGpuSlot) == 0);
  CHECK(state.node(a).idle.get(kGpuSlot) == 4000);  // 8000 - v's 4000, as before the eviction
  REQUIRE(stmt.operations().size() == 1u);
  CHECK(stmt.operations()[0].kind == Statement::Kind::kRestore);
  stmt.discard();
  CHECK(state.pod(v).phase == PodPhase::kReleasing);
  CHECK(state.node(a).releasing.get(kGpuSlot) == 4000);
}

TEST_CASE("a shadow holds a moved victim's room on another node, idle first, until undone") {
  ClusterState state = evicted_cluster();
  const NodeId a = node_id(state, "node-a");
  const NodeId b = node_id(state, "node-b");
  const PodId v = pod_id(state, "v");
  // node-b has 2 idle GPUs; make 2 more releasing there (w's, as if w were also a victim).
  state.begin_release(pod_id(state, "w"));
  const Snapshot a_before(state.node(a));
  const Snapshot b_before(state.node(b));
  Statement stmt(state);
  CHECK(stmt.shadow(v, b));
  const NodeInfo& n = state.node(b);
  REQUIRE(stmt.operations().size() == 1u);
  const Statement::Op& op = stmt.operations()[0];
  CHECK(op.kind == Statement::Kind::kShadow);
  // v's 4 GPUs: the 2 idle ones first, then 2 of w's 6 releasing.
  CHECK(op.from_idle.get(kGpuSlot) == 2000);
  CHECK(op.from_releasing.get(kGpuSlot) == 2000);
  CHECK(n.idle.get(kGpuSlot) == 0);
  CHECK(n.releasing.get(kGpuSlot) == 4000);  // 6000 - 2000
  CHECK(n.idle.get(kCpuSlot) == 13000);      // 15000 idle - v's 2 cores
  // The victim itself stays releasing where it is.
  CHECK(state.pod(v).phase == PodPhase::kReleasing);
  CHECK(Snapshot(state.node(a)) == a_before);
  stmt.discard();
  CHECK(Snapshot(state.node(b)) == b_before);
}
