// GPU sharing (gpu-fraction / gpu-memory): request parsing, node GPU memory, GPU groups on a
// node, fit, device choice and scoring (kai-scheduler-behavior.md sections 1.3, 1.5, 1.7, 2.1,
// 2.2, 3.5 and behaviours 4 to 8, 34 and 35).
#include "model/cluster/gpu_sharing.h"

#include "model/cluster/cluster_state.h"
#include "model/cluster_builder.h"
#include "model/k8s/object_set.h"
#include "model/kai/api/gpu_groups.h"
#include "model/kai/api/gpu_request.h"
#include "model/kai/api/resource_vector.h"
#include "model/kai/framework/statement.h"
#include "model/kai/plugins/nodeplacement.h"
#include "model/kai/plugins/predicates.h"
#include "model/scheduler.h"

#include <doctest/doctest.h>

#include "tests/model/cluster_fixture.h"
#include <cstdint>
#include <string>
#include <vector>

using drasim::model::ClusterState;
using drasim::model::CycleResult;
using drasim::model::GpuRequestType;
using drasim::model::GpuShare;
using drasim::model::kGpuSlot;
using drasim::model::kMilliPerGpu;
using drasim::model::NodeInfo;
using drasim::model::ObjectSet;
using drasim::model::PlacementStrategy;
using drasim::model::PodPhase;
using drasim::model::SchedulerOptions;
using drasim::model::StringMap;
using drasim::test::build_submitted;
using drasim::test::make_node;
using drasim::test::make_pod;
using drasim::test::node_id;
using drasim::test::pod_id;
using drasim::test::run_on;

namespace {

/// A 1-core pod with the given sharing annotations and no GPU in its containers.
drasim::model::Pod shared_pod(std::string name, StringMap annotations) {
  drasim::model::Pod p = make_pod(std::move(name), "1");
  p.meta.annotations = std::move(annotations);
  return p;
}

/// A node with `gpus` GPUs of 16384 MiB each (floored to 16300 by KAI).
drasim::model::Node gpu_node(std::string name, int64_t gpus) {
  return make_node(std::move(name), 32, gpus, {{"nvidia.com/gpu.memory", "16384"}});
}

CycleResult cycle(ClusterState& state, PlacementStrategy strategy = PlacementStrategy::kBinpack) {
  SchedulerOptions options;
  options.placement = strategy;
  const CycleResult result = drasim::model::run_cycle(state, options);
  state.check_invariants();
  return result;
}

const NodeInfo& node(const ClusterState& state, const char* name) {
  return state.node(node_id(state, name));
}

const std::vector<uint32_t>& groups_of(const ClusterState& state, const char* pod) {
  return state.pod(pod_id(state, pod)).gpu_groups;
}

}  // namespace

TEST_CASE(
    "gpu-fraction 0.5 is a Fraction request of 500 milli-GPUs, 1.5 and 0 are ignored "
    "(behaviour 4)") {
  const GpuShare half = drasim::model::parse_gpu_share({{"gpu-fraction", "0.5"}});
  CHECK(half.type == GpuRequestType::kFraction);
  CHECK(half.portion == 0.5);
  CHECK(half.devices == 1);
  // round(0.5 * 100) * 1 device * 10 milli per hundredth = 500.
  CHECK(drasim::model::share_request_milli(half) == 500);
  // Outside (0, 1] or not a number: the scheduler ignores the annotation (Regular request).
  for (const char* bad : {"1.5", "0", "-0.5", "half", ""}) {
    CHECK(drasim::model::parse_gpu_share({{"gpu-fraction", bad}}).type == GpuRequestType::kRegular);
  }
  // The ignored value leaves the pod CPU-only in the built template.
  ObjectSet objects;
  objects.nodes = {gpu_node("n", 1)};
  objects.pods = {shared_pod("ignored", {{"gpu-fraction", "1.5"}}),
                  shared_pod("half", {{"gpu-fraction", "0.5"}})};
  const ClusterState state = build_submitted(objects);
  CHECK(state.spec_of(pod_id(state, "ignored")).cpu_only());
  CHECK(state.spec_of(pod_id(state, "half")).request.get(kGpuSlot) == 500);
}

TEST_CASE(
    "gpu-fraction 0.5 on 2 devices asks 1.0 GPU, takes two groups and is charged 1.0 "
    "(behaviour 5)") {
  ObjectSet objects;
  objects.nodes = {gpu_node("n", 4)};
  objects.pods = {
      shared_pod("multi", {{"gpu-fraction", "0.5"}, {"gpu-fraction-num-devices", "2"}})};
  ClusterState state = build_submitted(objects);
  const auto& t = state.spec_of(pod_id(state, "multi"));
  // round(0.5 * 100) * 2 devices * 10 = 1000 milli-GPUs = 1.0 GPU in the request vector.
  CHECK(t.request.get(kGpuSlot) == 1000);
  const CycleResult result = cycle(state);
  REQUIRE(result.binds.size() == 1u);
  // Two whole GPUs open groups 1 and 2; each holds 0.5 * 16300 = 8150 MiB of the pod.
  CHECK(groups_of(state, "multi") == std::vector<uint32_t>{1, 2});
  const NodeInfo& n = node(state, "n");
  CHECK(n.gpu_groups.groups().size() == 2u);
  CHECK(n.gpu_groups.groups()[0].used_mib == 8150);
  CHECK(n.gpu_groups.groups()[1].used_mib == 8150);
  // Idle 4 - 2 whole GPUs taken by the groups; the pod's own tracked GPU is 0.
  CHECK(n.idle.get(kGpuSlot) == 2000);
  CHECK(n.used.get(kGpuSlot) == 0);
  // Accepted (queue) GPUs: 2 devices * 0.5 = 1.0 GPU.
  CHECK(drasim::model::share_accepted_milli(t.gpu_share, n.gpu_groups.memory_mib) == 1000);
}

TEST_CASE(
    "gpu-memory 2000 on a 16384 MiB node: node memory 16300, portion 0.13, pending GPU "
    "slot 0, placed and charged (behaviour 6)") {
  ObjectSet objects;
  objects.nodes = {gpu_node("n", 2)};
  objects.pods = {shared_pod("mem", {{"gpu-memory", "2000"}})};
  ClusterState state = build_submitted(objects);
  const auto& t = state.spec_of(pod_id(state, "mem"));
  CHECK(t.gpu_share.type == GpuRequestType::kGpuMemory);
  CHECK(t.gpu_share.memory_mib == 2000);
  // The GPU amount is known only on a node, so the pending vector has 0 GPUs; still not CPU-only.
  CHECK(t.request.get(kGpuSlot) == 0);
  CHECK_FALSE(t.cpu_only());
  const NodeInfo& n = node(state, "n");
  // 16384 < 1048576, so MiB; floored to a multiple of 100: 16300.
  CHECK(n.gpu_groups.memory_mib == 16300);
  CHECK(n.gpu_groups.memory_synced);
  // ceil(2000 / 16300 * 100) / 100 = ceil(12.27) / 100 = 0.13.
  CHECK(drasim::model::share_portion_on_node(t.gpu_share, 16300) == 0.13);
  CHECK(drasim::model::share_accepted_milli(t.gpu_share, 16300) == 130);
  REQUIRE(cycle(state).binds.size() == 1u);
  // Placed: one group holding 2000 MiB; one whole GPU left idle.
  CHECK(groups_of(state, "mem") == std::vector<uint32_t>{1});
  REQUIRE(n.gpu_groups.groups().size() == 1u);
  CHECK(n.gpu_groups.groups()[0].used_mib == 2000);
  CHECK(n.gpu_groups.groups()[0].allocated_mib == 2000);
  CHECK(n.idle.get(kGpuSlot) == 1000);
}

TEST_CASE(
    "without the gpu.memory label gpu-memory pods are rejected and gpu-fraction pods use "
    "100 MiB GPUs (behaviour 7)") {
  ObjectSet objects;
  objects.nodes = {make_node("bare", 32, 1)};
  objects.pods = {shared_pod("mem", {{"gpu-memory", "50"}}),
                  shared_pod("frac", {{"gpu-fraction", "0.25"}})};
  ClusterState state = build_submitted(objects);
  const NodeInfo& n = node(state, "bare");
  CHECK(n.gpu_groups.memory_mib == 100);
  CHECK_FALSE(n.gpu_groups.memory_synced);
  cycle(state);
  CHECK(state.pod(pod_id(state, "mem")).phase == PodPhase::kPending);
  CHECK(state.reason_of(pod_id(state, "mem"))
        == "0/1 nodes are available: 1 node(s) didn't report GPU memory (label "
           "nvidia.com/gpu.memory) for a gpu-memory request.");
  CHECK(state.pod(pod_id(state, "frac")).phase == PodPhase::kBinding);
  // 0.25 * 100 MiB = 25 MiB on the group.
  REQUIRE(n.gpu_groups.groups().size() == 1u);
  CHECK(n.gpu_groups.groups()[0].used_mib == 25);
}

TEST_CASE("a gpu.memory label in bytes is converted to MiB and floored to 100 (behaviour 8)") {
  // 85899345920 >= 1048576, so bytes: 85899345920 / 1048576 = 81920 MiB, floored to 81900.
  const auto bytes = drasim::model::node_gpu_memory({{"nvidia.com/gpu.memory", "85899345920"}});
  CHECK(bytes.mib == 81900);
  CHECK(bytes.synced);
  const auto missing = drasim::model::node_gpu_memory({});
  CHECK(missing.mib == 100);
  CHECK_FALSE(missing.synced);
  CHECK_FALSE(drasim::model::node_gpu_memory({{"nvidia.com/gpu.memory", "16G"}}).synced);
}

TEST_CASE(
    "gpupack puts a fraction on the half-used group, gpuspread opens a new group on an "
    "idle GPU (behaviour 34)") {
  for (const PlacementStrategy strategy :
       {PlacementStrategy::kBinpack, PlacementStrategy::kSpread}) {
    ObjectSet objects;
    objects.nodes = {gpu_node("n", 3)};
    objects.pods = {shared_pod("first", {{"gpu-fraction", "0.5"}}),
                    shared_pod("task", {{"gpu-fraction", "0.5"}})};
    ClusterState state = build_submitted(objects);
    run_on(state, "first", "n");  // group 1 at 0.5 used; 3 - 1 = 2 idle GPUs
    CHECK(groups_of(state, "first") == std::vector<uint32_t>{1});
    CHECK(node(state, "n").idle.get(kGpuSlot) == 2000);
    REQUIRE(cycle(state, strategy).binds.size() == 1u);
    if (strategy == PlacementStrategy::kBinpack) {
      // gpupack: group 1 scores its used portion 0.5, a whole GPU 0 -> group 1; idle unchanged.
      CHECK(groups_of(state, "task") == std::vector<uint32_t>{1});
      CHECK(node(state, "n").gpu_groups.groups()[0].used_mib == 16300);
      CHECK(node(state, "n").idle.get(kGpuSlot) == 2000);
    } else {
      // gpuspread: group 1 scores 1 - 0.5, a whole GPU 1 -> new group 2; one more GPU taken.
      CHECK(groups_of(state, "task") == std::vector<uint32_t>{2});
      CHECK(node(state, "n").idle.get(kGpuSlot) == 1000);
    }
  }
}

TEST_CASE("a shared task that opens a new GPU group needs 2 free pod slots (behaviour 35)") {
  for (const int64_t slots : {1, 2}) {
    ObjectSet objects;
    drasim::model::Node n = gpu_node("n", 1);
    n.allocatable["pods"] = drasim::model::Quantity::from_units(slots);
    objects.nodes = {n};
    objects.pods = {shared_pod("task", {{"gpu-fraction", "0.5"}})};
    ClusterState state = build_submitted(objects);
    cycle(state);
    if (slots == 1) {
      // The pod itself fits the one slot, but the group's reservation pod would not.
      CHECK(state.pod(pod_id(state, "task")).phase == PodPhase::kPending);
      CHECK(state.reason_of(pod_id(state, "task")) == "0/1 nodes are available: 1 Too many pods.");
    } else {
      CHECK(state.pod(pod_id(state, "task")).phase == PodPhase::kBinding);
    }
  }
}

TEST_CASE("gpusharingorder: a node with a group the task fits beats a tighter binpack node") {
  ObjectSet objects;
  objects.nodes = {gpu_node("a-shared", 4), gpu_node("b-tight", 1)};
  objects.pods = {shared_pod("first", {{"gpu-fraction", "0.5"}}),
                  shared_pod("task", {{"gpu-fraction", "0.5"}})};
  ClusterState state = build_submitted(objects);
  run_on(state, "first", "a-shared");  // a-shared: group 1 at 0.5, 3 idle GPUs
  // Binpack alone: b-tight (1 free) scores 9, a-shared (3 free) 0; both +1000 for idle fit.
  // gpusharingorder adds 10000 to a-shared, where the task fits group 1.
  const NodeInfo& a = node(state, "a-shared");
  const auto& t = state.spec_of(pod_id(state, "task"));
  CHECK(drasim::model::gpu_sharing_score(t, a) == drasim::model::kGpuSharingScore);
  CHECK(drasim::model::gpu_sharing_score(t, node(state, "b-tight")) == 0);
  const CycleResult result = cycle(state);
  CHECK(drasim::test::bound_node(state, result.binds, "task") == "a-shared");
  CHECK(groups_of(state, "task") == std::vector<uint32_t>{1});
}

TEST_CASE("a fraction that fits no group and no whole GPU is short of GPUs") {
  ObjectSet objects;
  objects.nodes = {gpu_node("n", 1)};
  objects.pods = {shared_pod("a", {{"gpu-fraction", "0.75"}}),
                  shared_pod("b", {{"gpu-fraction", "0.5"}})};
  ClusterState state = build_submitted(objects);
  run_on(state, "a", "n");  // group 1 holds 0.75 * 16300 = 12225 MiB; no idle GPU left
  cycle(state);
  // 16300 - 12225 = 4075 MiB left on group 1 < 8150 MiB wanted; floor(idle 0) + 0 groups < 1.
  CHECK(state.reason_of(pod_id(state, "b"))
        == "0/1 nodes are available: 1 Insufficient nvidia.com/gpu.");
}

TEST_CASE("a group is freed, its GPU back to idle, when its last pod finishes") {
  ObjectSet objects;
  objects.nodes = {gpu_node("n", 1)};
  objects.pods = {shared_pod("a", {{"gpu-fraction", "0.5"}}),
                  shared_pod("b", {{"gpu-fraction", "0.5"}})};
  ClusterState state = build_submitted(objects);
  run_on(state, "a", "n");
  run_on(state, "b", "n");  // both 8150 MiB on group 1: 16300 of 16300 used
  const NodeInfo& n = node(state, "n");
  CHECK(n.gpu_groups.groups().size() == 1u);
  CHECK(n.gpu_groups.groups()[0].used_mib == 16300);
  CHECK(n.idle.get(kGpuSlot) == 0);
  state.check_invariants();
  state.remove(pod_id(state, "a"), PodPhase::kSucceeded);
  // b still holds 8150 MiB: the group and its GPU stay.
  CHECK(n.gpu_groups.groups()[0].used_mib == 8150);
  CHECK(n.idle.get(kGpuSlot) == 0);
  state.check_invariants();
  state.remove(pod_id(state, "b"), PodPhase::kSucceeded);
  // The last pod left: group 1 is gone and the whole GPU is idle again; the finished pod keeps
  // its group id for the report.
  CHECK(n.gpu_groups.groups().empty());
  CHECK(n.idle.get(kGpuSlot) == kMilliPerGpu);
  CHECK(n.gpu_groups.gpus_taken() == 0);
  CHECK(groups_of(state, "b") == std::vector<uint32_t>{1});
  state.check_invariants();
}

TEST_CASE("rolling back a shared placement restores the node's groups and idle GPUs exactly") {
  ObjectSet objects;
  objects.nodes = {gpu_node("n", 2)};
  objects.pods = {shared_pod("task", {{"gpu-fraction", "0.3"}})};
  ClusterState state = build_submitted(objects);
  const NodeInfo before = node(state, "n");
  drasim::model::Statement stmt(state);
  state.pod(pod_id(state, "task")).gpu_groups = {1};
  stmt.allocate(pod_id(state, "task"), node_id(state, "n"));
  // int64(0.3 * 16300) = 4890 MiB on new group 1, which takes one of the 2 GPUs.
  CHECK(node(state, "n").gpu_groups.groups()[0].used_mib == 4890);
  CHECK(node(state, "n").idle.get(kGpuSlot) == 1000);
  stmt.convert_all_to_pipelined();
  // Pipelined: the group keeps the pod; a new group on a pipelined pod takes a releasing GPU.
  CHECK(groups_of(state, "task") == std::vector<uint32_t>{1});
  CHECK(node(state, "n").releasing.get(kGpuSlot) == -1000);
  stmt.discard();
  CHECK(node(state, "n").gpu_groups.groups().empty());
  CHECK(node(state, "n").idle == before.idle);
  CHECK(node(state, "n").releasing == before.releasing);
  CHECK(groups_of(state, "task").empty());
  state.check_invariants();
}

TEST_CASE("an evicted shared pod's GPU turns releasing when all of its group's memory is") {
  ObjectSet objects;
  objects.nodes = {gpu_node("n", 1)};
  objects.pods = {shared_pod("a", {{"gpu-fraction", "0.5"}})};
  ClusterState state = build_submitted(objects);
  run_on(state, "a", "n");
  state.begin_release(pod_id(state, "a"));
  // All 8150 MiB of group 1 are releasing: the whole GPU counts in the releasing vector, and the
  // group no longer takes new pods (allocated == releasing).
  const NodeInfo& n = node(state, "n");
  CHECK(n.releasing.get(kGpuSlot) == 1000);
  CHECK(n.gpu_groups.groups()[0].releasing_mib == 8150);
  CHECK_FALSE(n.gpu_groups.fits(n.gpu_groups.groups()[0], 1));
  state.check_invariants();
  state.undo_release(pod_id(state, "a"));
  CHECK(n.releasing.get(kGpuSlot) == 0);
  CHECK(n.gpu_groups.groups()[0].releasing_mib == 0);
  state.check_invariants();
  state.begin_release(pod_id(state, "a"));
  state.remove(pod_id(state, "a"), PodPhase::kEvicted);
  CHECK(n.gpu_groups.groups().empty());
  CHECK(n.idle.get(kGpuSlot) == 1000);
  CHECK(n.releasing.get(kGpuSlot) == 0);
  state.check_invariants();
}

TEST_CASE("a shared pod bound in the input on a full node still gets its own groups") {
  ObjectSet objects;
  objects.nodes = {gpu_node("n", 1)};
  objects.pods = {shared_pod("a", {{"gpu-fraction", "0.75"}}),
                  shared_pod("b", {{"gpu-fraction", "0.5"}, {"gpu-fraction-num-devices", "2"}})};
  ClusterState state = build_submitted(objects);
  run_on(state, "a", "n");  // group 1: 12225 MiB; the only GPU taken
  run_on(state, "b", "n");  // fits nowhere, yet the input says it runs here
  // b opens groups 2 and 3; the double-count guard (1 GPU < idle 0 + 0 + groups in use) still
  // takes a GPU for each, so idle goes to 0 - 2 = -2 GPUs, as KAI's accounting would.
  CHECK(groups_of(state, "b") == std::vector<uint32_t>{2, 3});
  CHECK(node(state, "n").idle.get(kGpuSlot) == -2000);
  state.check_invariants();
}

TEST_CASE("a fraction that needs a releasing GPU is pipelined, and the session close undoes it") {
  ObjectSet objects;
  objects.nodes = {gpu_node("n", 1)};
  objects.pods = {make_pod("whole", "1", 1), shared_pod("task", {{"gpu-fraction", "0.5"}})};
  ClusterState state = build_submitted(objects);
  run_on(state, "whole", "n");
  state.begin_release(pod_id(state, "whole"));  // its GPU: idle 0, releasing 1
  const NodeInfo before = node(state, "n");
  // Fit on idle + releasing: floor(0 + 1) + 0 groups >= 1; on idle alone floor(0) + 0 < 1. The
  // only candidate is the releasing whole GPU, so the task is pipelined onto a new group.
  const CycleResult result = cycle(state);
  CHECK(result.binds.empty());
  CHECK(result.pipelined == 1u);
  CHECK(state.pod(pod_id(state, "task")).phase == PodPhase::kPending);
  CHECK(state.reason_of(pod_id(state, "task"))
        == "pipelined onto node n: waiting for resources being released");
  // The pipelined reservation was released at session close: the node is as before.
  CHECK(node(state, "n").gpu_groups.groups().empty());
  CHECK(node(state, "n").idle == before.idle);
  CHECK(node(state, "n").releasing == before.releasing);
}
