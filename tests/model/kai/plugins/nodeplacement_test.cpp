#include "model/kai/plugins/nodeplacement.h"

#include "model/cluster/cluster_state.h"
#include "model/k8s/object_set.h"
#include "model/kai/api/resource_vector.h"

#include <doctest/doctest.h>

#include "tests/model/cluster_fixture.h"

using drasim::model::ClusterState;
using drasim::model::kGpuSlot;
using drasim::model::kPoint;
using drasim::model::node_score;
using drasim::model::NodeInfo;
using drasim::model::non_allocated;
using drasim::model::ObjectSet;
using drasim::model::placement_range;
using drasim::model::placement_score;
using drasim::model::PlacementRange;
using drasim::model::PlacementStrategy;
using drasim::test::build_submitted;
using drasim::test::make_node;
using drasim::test::make_pod;
using drasim::test::node_id;
using drasim::test::pod_id;
using drasim::test::run_on;

namespace {

constexpr auto kBinpack = PlacementStrategy::kBinpack;
constexpr auto kSpread = PlacementStrategy::kSpread;

/// KAI items 29 and 30: nodes A, B and C with 8 GPUs each and 1, 3 and 8 of them free (fillers
/// of 7 and 5 GPUs run on A and B), plus a pending 1-GPU `task`.
ClusterState three_gpu_nodes(int64_t free_a = 1, int64_t free_b = 3) {
  ObjectSet objects;
  objects.nodes = {make_node("node-a", 32, 8), make_node("node-b", 32, 8),
                   make_node("node-c", 32, 8)};
  objects.pods = {make_pod("task", "1", 1), make_pod("fill-a", "1", 8 - free_a),
                  make_pod("fill-b", "1", 8 - free_b)};
  ClusterState state = build_submitted(objects);
  run_on(state, "fill-a", "node-a");
  run_on(state, "fill-b", "node-b");
  return state;
}

const NodeInfo& node(const ClusterState& s, const char* name) {
  return s.node(node_id(s, name));
}

}  // namespace

TEST_CASE("non-allocated GPUs are whole devices of idle plus releasing") {
  NodeInfo n;
  n.idle.set(kGpuSlot, 2500);
  CHECK(non_allocated(n, true) == 2);  // floor(2500 / 1000)
  n.releasing.set(kGpuSlot, 600);
  CHECK(non_allocated(n, true) == 3);  // floor((2500 + 600) / 1000)
  n.idle.set(kGpuSlot, -500);
  n.releasing.set(kGpuSlot, 0);
  CHECK(non_allocated(n, true) == -1);  // floor(-0.5) rounds down, not towards zero
}

TEST_CASE("the binpack range spans the free GPUs of the GPU nodes") {
  const ClusterState state = three_gpu_nodes();
  CHECK(non_allocated(node(state, "node-a"), true) == 1);  // 8 - 7
  CHECK(non_allocated(node(state, "node-b"), true) == 3);  // 8 - 5
  CHECK(non_allocated(node(state, "node-c"), true) == 8);  // nothing runs there
  const PlacementRange range = placement_range(state, true);
  CHECK(range.min == 1);
  CHECK(range.max == 8);
}

TEST_CASE("the binpack range ignores nodes without the task's resource") {
  ObjectSet objects;
  objects.nodes = {make_node("cpu-1", 32, 0), make_node("gpu-1", 32, 2), make_node("gpu-2", 32, 4)};
  const ClusterState state = build_submitted(objects);
  const PlacementRange range = placement_range(state, true);
  CHECK(range.min == 2);  // not 0: cpu-1 has no allocatable GPU and is skipped
  CHECK(range.max == 4);
}

TEST_CASE("binpack scores the fullest GPU node 9 and the emptiest 0 (KAI item 29)") {
  const ClusterState state = three_gpu_nodes();
  const PlacementRange range{1, 8};
  // score = 9 * (1 - (free - min) / (max - min)) points, 1 point = 1,000,000 micro-points
  // A: 9 * (1 - (1 - 1) / 7) = 9
  CHECK(placement_score(node(state, "node-a"), true, kBinpack, range) == 9'000'000);
  // B: 9 * (1 - (3 - 1) / 7) = 9 * 5 / 7 = 6.428571428..., rounded to the nearest micro-point
  CHECK(placement_score(node(state, "node-b"), true, kBinpack, range) == 6'428'571);
  // C: 9 * (1 - (8 - 1) / 7) = 0
  CHECK(placement_score(node(state, "node-c"), true, kBinpack, range) == 0);
}

TEST_CASE("binpack scores round half up to the nearest micro-point") {
  const ClusterState state = three_gpu_nodes(1, 2);
  const PlacementRange range = placement_range(state, true);
  REQUIRE(range.min == 1);
  REQUIRE(range.max == 8);
  // B: 9 * (8 - 2) / 7 = 54 / 7 = 7.7142857... points = 7,714,285.7 micro-points -> 7,714,286
  CHECK(placement_score(node(state, "node-b"), true, kBinpack, range) == 7'714'286);
}

TEST_CASE("binpack gives every node 9 when all have the same free amount") {
  const ClusterState state = three_gpu_nodes(8, 8);
  const PlacementRange range = placement_range(state, true);
  CHECK(range.min == range.max);  // 8 free everywhere
  CHECK(placement_score(node(state, "node-a"), true, kBinpack, range) == 9 * kPoint);
  CHECK(placement_score(node(state, "node-c"), true, kBinpack, range) == 9 * kPoint);
}

TEST_CASE("binpack scores 0 on a node without the task's resource") {
  ObjectSet objects;
  objects.nodes = {make_node("cpu-1", 32, 0), make_node("gpu-1", 32, 2)};
  const ClusterState state = build_submitted(objects);
  const PlacementRange range = placement_range(state, true);
  CHECK(placement_score(node(state, "cpu-1"), true, kBinpack, range) == 0);
}

TEST_CASE("spread scores free over total GPUs (KAI item 30)") {
  const ClusterState state = three_gpu_nodes();
  const PlacementRange range = placement_range(state, true);
  CHECK(placement_score(node(state, "node-a"), true, kSpread, range) == 125'000);    // 1/8
  CHECK(placement_score(node(state, "node-b"), true, kSpread, range) == 375'000);    // 3/8
  CHECK(placement_score(node(state, "node-c"), true, kSpread, range) == 1'000'000);  // 8/8
}

TEST_CASE("spread divides by the nvidia.com/gpu.count label when a node has one") {
  ObjectSet objects;
  objects.nodes = {make_node("gpu-1", 32, 8, {{"nvidia.com/gpu.count", "16"}})};
  const ClusterState state = build_submitted(objects);
  // GetNumberOfGPUsInNode prefers the label: 8 free / 16 = 0.5
  CHECK(placement_score(node(state, "gpu-1"), true, kSpread, placement_range(state, true))
        == 500'000);
}

TEST_CASE("spread for a CPU-only task scores free over allocatable millicores") {
  ObjectSet objects;
  objects.nodes = {make_node("node-a", 32, 0)};
  objects.pods = {make_pod("busy", "8")};
  ClusterState state = build_submitted(objects);
  run_on(state, "busy", "node-a");
  // (32000 - 8000) / 32000 = 0.75
  CHECK(placement_score(node(state, "node-a"), false, kSpread, placement_range(state, false))
        == 750'000);
}

TEST_CASE("a node where the task fits on idle resources gains 1000 points") {
  const ClusterState state = three_gpu_nodes();
  const auto& task = state.spec_of(pod_id(state, "task"));
  const PlacementRange range = placement_range(state, true);
  const NodeInfo& a = node(state, "node-a");
  // nodeavailability 1000 + binpack 9 = 1009 points
  CHECK(node_score(task, a, true, kBinpack, range) == 1009 * kPoint);
  // without idle fit only binpack's 9 remains
  CHECK(node_score(task, a, false, kBinpack, range) == 9 * kPoint);
}

TEST_CASE("binpack totals pick the node with the fewest free GPUs (KAI item 29)") {
  const ClusterState state = three_gpu_nodes();
  const auto& task = state.spec_of(pod_id(state, "task"));
  const PlacementRange range = placement_range(state, true);
  // 1000 (fits idle) + 9, + 6.428571, + 0 points
  CHECK(node_score(task, node(state, "node-a"), true, kBinpack, range) == 1'009'000'000);
  CHECK(node_score(task, node(state, "node-b"), true, kBinpack, range) == 1'006'428'571);
  CHECK(node_score(task, node(state, "node-c"), true, kBinpack, range) == 1'000'000'000);
}

TEST_CASE("a CPU-only task scores 10 more on a CPU-only node (KAI item 31)") {
  ObjectSet objects;
  objects.nodes = {make_node("cpu-node", 32, 0), make_node("gpu-node", 32, 8)};
  objects.pods = {make_pod("task", "1")};
  const ClusterState state = build_submitted(objects);
  const auto& task = state.spec_of(pod_id(state, "task"));
  const PlacementRange range = placement_range(state, false);
  // Both nodes have 32000 free millicores, so min == max and binpack gives both 9.
  CHECK(range.min == 32000);
  CHECK(range.max == 32000);
  // cpu-node: 1000 + resourcetype 10 + 9 = 1019; gpu-node: 1000 + 9 = 1009
  CHECK(node_score(task, node(state, "cpu-node"), true, kBinpack, range) == 1019 * kPoint);
  CHECK(node_score(task, node(state, "gpu-node"), true, kBinpack, range) == 1009 * kPoint);
}

TEST_CASE("a GPU task gets no resource-type points on a CPU-only node") {
  ObjectSet objects;
  objects.nodes = {make_node("cpu-node", 32, 0), make_node("gpu-node", 32, 8)};
  objects.pods = {make_pod("task", "1", 1)};
  const ClusterState state = build_submitted(objects);
  const auto& task = state.spec_of(pod_id(state, "task"));
  const PlacementRange range = placement_range(state, true);
  // cpu-node: 1000 + 0 (GPU task) + 0 (no GPUs) = 1000 points
  CHECK(node_score(task, node(state, "cpu-node"), true, kBinpack, range) == 1000 * kPoint);
}

TEST_CASE("the nominated node outscores every binpack difference (KAI item 33)") {
  ObjectSet objects;
  objects.nodes = {make_node("node-a", 32, 8), make_node("node-b", 32, 8),
                   make_node("node-c", 32, 8)};
  objects.pods = {make_pod("task", "1", 1), make_pod("fill-a", "1", 7), make_pod("fill-b", "1", 5)};
  objects.pods[0].status.nominated_node_name = "node-c";
  ClusterState state = build_submitted(objects);
  run_on(state, "fill-a", "node-a");
  run_on(state, "fill-b", "node-b");
  const auto& task = state.spec_of(pod_id(state, "task"));
  const PlacementRange range = placement_range(state, true);
  // node-c: nominatednode 10,000,000 + 1000 + binpack 0 = 10,001,000 points
  CHECK(node_score(task, node(state, "node-c"), true, kBinpack, range) == 10'001'000 * kPoint);
  // node-a: 1000 + 9 = 1009 points, far below
  CHECK(node_score(task, node(state, "node-a"), true, kBinpack, range) == 1009 * kPoint);
}
