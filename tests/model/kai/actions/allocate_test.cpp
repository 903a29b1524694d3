// The allocate action, driven through model::run_cycle on clusters built by model::build_cluster.
#include "model/kai/actions/allocate.h"

#include "model/cluster/cluster_state.h"
#include "model/cluster_builder.h"
#include "model/k8s/object_set.h"
#include "model/kai/api/resource_vector.h"
#include "model/kai/framework/session.h"
#include "model/scheduler.h"

#include <doctest/doctest.h>

#include "tests/model/cluster_fixture.h"
#include <algorithm>
#include <cstddef>
#include <string>
#include <utility>

using drasim::model::BuildOptions;
using drasim::model::ClusterState;
using drasim::model::CycleResult;
using drasim::model::kCpuSlot;
using drasim::model::kGpuSlot;
using drasim::model::kMemorySlot;
using drasim::model::kPodsSlot;
using drasim::model::NodeInfo;
using drasim::model::ObjectSet;
using drasim::model::PodPhase;
using drasim::model::Queue;
using drasim::model::SchedulerOptions;
using drasim::model::Taint;
using drasim::model::TaintEffect;
using drasim::test::bound_node;
using drasim::test::build_submitted;
using drasim::test::in_group;
using drasim::test::make_node;
using drasim::test::make_pod;
using drasim::test::make_pod_group;
using drasim::test::make_priority_class;
using drasim::test::mark_releasing;
using drasim::test::node_id;
using drasim::test::pod_id;
using drasim::test::run_on;

namespace {

const Taint kInfraTaint{"dedicated", "infra", TaintEffect::kNoSchedule};

/// One scheduling cycle with the default options (binpack), followed by the state's own
/// invariant check (idle + used == allocatable, pod counts), which aborts on violation.
CycleResult cycle(ClusterState& state) {
  const CycleResult result = drasim::model::run_cycle(state, SchedulerOptions{});
  state.check_invariants();
  return result;
}

const std::string& reason(const ClusterState& state, const char* pod) {
  return state.reason_of(pod_id(state, pod));
}

PodPhase phase(const ClusterState& state, const char* pod) {
  return state.pod(pod_id(state, pod)).phase;
}

/// A queue with unlimited quota and limit for every resource (an omitted limit is 0, which
/// admits nothing: kai-scheduler-behavior.md 4.1).
/// One node of 32 CPUs and `gpus` GPUs, and `replicas` one-GPU pods worker-0, worker-1, ... of
/// the PodGroup `group` with minMember `min_member`, submitted.
ClusterState gang_on_one_node(int64_t gpus, const char* group, int replicas, int64_t min_member) {
  ObjectSet objects;
  objects.nodes = {make_node("node-a", 32, gpus)};
  auto worker = in_group(make_pod("worker", "1", 1), group);
  worker.replicas = replicas;
  objects.pods = {worker};
  objects.pod_groups = {make_pod_group(group, min_member)};
  return build_submitted(objects);
}

Queue make_queue(std::string name) {
  Queue q;
  q.meta.name = std::move(name);
  q.has_resources = true;
  for (drasim::model::QueueResource* r : {&q.cpu, &q.memory, &q.gpu}) {
    *r = drasim::model::QueueResource{-1, 1, -1};
  }
  return q;
}

}  // namespace

TEST_CASE("binpack places a 1-GPU task on the node with the fewest free GPUs (KAI item 29)") {
  ObjectSet objects;
  objects.nodes = {make_node("node-a", 32, 8), make_node("node-b", 32, 8),
                   make_node("node-c", 32, 8)};
  objects.pods = {make_pod("task", "1", 1), make_pod("fill-a", "1", 7), make_pod("fill-b", "1", 5)};
  ClusterState state = build_submitted(objects);
  run_on(state, "fill-a", "node-a");  // node-a: 8 - 7 = 1 free
  run_on(state, "fill-b", "node-b");  // node-b: 8 - 5 = 3 free; node-c: 8 free
  const CycleResult result = cycle(state);
  // Scores 1000 + 9 (A), 1000 + 6.43 (B), 1000 + 0 (C): A wins.
  REQUIRE(result.binds.size() == 1u);
  CHECK(bound_node(state, result.binds, "task") == "node-a");
  CHECK(phase(state, "task") == PodPhase::kBinding);
  CHECK(reason(state, "task").empty());
}

TEST_CASE("equal scores go to the node whose name sorts first (KAI item 32)") {
  ObjectSet objects;
  // Listed out of order: the builder sorts nodes by name, so the order written does not matter.
  objects.nodes = {make_node("node-b", 32, 8), make_node("node-a", 32, 8)};
  objects.pods = {make_pod("task", "1", 1)};
  ClusterState state = build_submitted(objects);
  const CycleResult result = cycle(state);
  // Both nodes: 1000 (idle fit) + 9 (min == max) = 1009 points; "node-a" < "node-b".
  REQUIRE(result.binds.size() == 1u);
  CHECK(bound_node(state, result.binds, "task") == "node-a");
}

TEST_CASE("the node name tie-break compares names as strings, not as numbers") {
  ObjectSet objects;
  objects.nodes = {make_node("node-9", 32, 8), make_node("node-10", 32, 8)};
  objects.pods = {make_pod("task", "1", 1)};
  ClusterState state = build_submitted(objects);
  const CycleResult result = cycle(state);
  // "node-10" < "node-9" byte by byte ('1' < '9'), so node-10 wins the tie.
  REQUIRE(result.binds.size() == 1u);
  CHECK(bound_node(state, result.binds, "task") == "node-10");
}

TEST_CASE("spread places a 1-GPU task on the node with the most free GPUs (KAI item 30)") {
  ObjectSet objects;
  objects.nodes = {make_node("node-a", 32, 8), make_node("node-b", 32, 8),
                   make_node("node-c", 32, 8)};
  objects.pods = {make_pod("task", "1", 1), make_pod("fill-a", "1", 7), make_pod("fill-b", "1", 5)};
  ClusterState state = build_submitted(objects);
  run_on(state, "fill-a", "node-a");
  run_on(state, "fill-b", "node-b");
  SchedulerOptions options;
  options.placement = drasim::model::PlacementStrategy::kSpread;
  const CycleResult result = drasim::model::run_cycle(state, options);
  state.check_invariants();
  // Scores 1000 + 1/8 (A), 1000 + 3/8 (B), 1000 + 8/8 (C): C wins.
  REQUIRE(result.binds.size() == 1u);
  CHECK(bound_node(state, result.binds, "task") == "node-c");
}

TEST_CASE("a CPU-only task goes to the CPU-only node before a GPU node (KAI item 31)") {
  ObjectSet objects;
  // "a-gpu" sorts first, so only the resource-type score can send the task to "b-cpu".
  objects.nodes = {make_node("a-gpu", 32, 8), make_node("b-cpu", 32, 0)};
  objects.pods = {make_pod("task", "1")};
  ClusterState state = build_submitted(objects);
  const CycleResult result = cycle(state);
  // a-gpu: 1000 + 9 = 1009 points; b-cpu: 1000 + 10 + 9 = 1019 points (equal free CPU).
  REQUIRE(result.binds.size() == 1u);
  CHECK(bound_node(state, result.binds, "task") == "b-cpu");
}

TEST_CASE("a gang of 3 with room for 2 places nothing and says 2 of 3 (KAI item 25)") {
  ClusterState state = gang_on_one_node(2, "train", 3, 3);  // worker-0, worker-1, worker-2
  const CycleResult result = cycle(state);
  CHECK(result.binds.empty());
  CHECK(result.jobs_attempted == 1u);
  CHECK(result.jobs_failed == 1u);
  // worker-0 and worker-1 take the 2 GPUs inside the statement; worker-2 (index 2) finds
  // none left, and the whole attempt is rolled back. KAI's gang wording counts the tasks of
  // this attempt placed before the failing one: 2, while minMember is 3.
  const std::string expected =
      "pod group train: resources were found for 2 pods while 3 are required; pod worker-2: "
      "0/1 nodes are available: 1 Insufficient nvidia.com/gpu.";
  for (const char* pod : {"worker-0", "worker-1", "worker-2"}) {
    CAPTURE(pod);
    CHECK(phase(state, pod) == PodPhase::kPending);
    CHECK(reason(state, pod) == expected);
  }
  // The rollback gave both GPUs back.
  CHECK(state.node(node_id(state, "node-a")).idle.get(kGpuSlot) == 2000);
}

TEST_CASE("a job with minMember 1 places all 3 of its pods in one cycle (KAI item 26)") {
  ClusterState state = gang_on_one_node(8, "elastic", 3, 1);
  const CycleResult result = cycle(state);
  CHECK(result.binds.size() == 3u);
  // One pod per attempt: the job is pushed back while it has pending pods, 3 attempts in all.
  CHECK(result.jobs_attempted == 3u);
  CHECK(result.jobs_failed == 0u);
  for (const char* pod : {"worker-0", "worker-1", "worker-2"}) {
    CAPTURE(pod);
    CHECK(bound_node(state, result.binds, pod) == "node-a");
  }
  CHECK(state.node(node_id(state, "node-a")).idle.get(kGpuSlot) == 5000);  // 8000 - 3 * 1000
}

TEST_CASE("with room for one job the higher-priority job wins over an older one (KAI item 24)") {
  ObjectSet objects;
  objects.nodes = {make_node("node-a", 32, 1)};
  objects.priority_classes = {make_priority_class("high", 100), make_priority_class("low", 50)};
  auto low = make_pod("a-low", "1", 1);
  low.spec.priority_class_name = "low";
  low.meta.appear_us = 0;  // older, and its name sorts first too
  auto high = make_pod("z-high", "1", 1);
  high.spec.priority_class_name = "high";
  high.meta.appear_us = 5'000'000;
  objects.pods = {low, high};
  ClusterState state = build_submitted(objects);
  const CycleResult result = cycle(state);
  // Priority plugin: 100 before 50, whatever the age or name.
  REQUIRE(result.binds.size() == 1u);
  CHECK(bound_node(state, result.binds, "z-high") == "node-a");
  CHECK(phase(state, "a-low") == PodPhase::kPending);
  CHECK(reason(state, "a-low") == "0/1 nodes are available: 1 Insufficient nvidia.com/gpu.");
}

TEST_CASE("with equal priority the older job wins (KAI item 24)") {
  ObjectSet objects;
  objects.nodes = {make_node("node-a", 32, 1)};
  auto newer = make_pod("a-newer", "1", 1);
  newer.meta.appear_us = 2'000'000;
  auto older = make_pod("z-older", "1", 1);
  older.meta.appear_us = 1'000'000;
  objects.pods = {newer, older};
  ClusterState state = build_submitted(objects);
  const CycleResult result = cycle(state);
  // Both default to priority 50 (`train`); creation time 1s < 2s decides before the name.
  REQUIRE(result.binds.size() == 1u);
  CHECK(bound_node(state, result.binds, "z-older") == "node-a");
  CHECK(phase(state, "a-newer") == PodPhase::kPending);
}

TEST_CASE("a pod blocked everywhere gets a sorted per-reason node histogram") {
  ObjectSet objects;
  auto cordoned = make_node("gpu-cordoned", 32, 8);
  cordoned.unschedulable = true;
  objects.nodes = {make_node("gpu-tainted-1", 32, 8, {}, {kInfraTaint}),
                   make_node("gpu-tainted-2", 32, 8, {}, {kInfraTaint}), make_node("cpu-1", 32, 0),
                   make_node("cpu-2", 32, 0), cordoned};
  objects.pods = {make_pod("task", "1", 1)};
  ClusterState state = build_submitted(objects);
  const CycleResult result = cycle(state);
  CHECK(result.binds.empty());
  // cpu-1, cpu-2: no GPU (resource fit is checked first); the tainted ones: the taint; the
  // cordoned one: unschedulable. Entries "<count> <reason>" sorted as strings.
  CHECK(reason(state, "task")
        == "0/5 nodes are available: 1 node(s) were unschedulable, 2 Insufficient "
           "nvidia.com/gpu, 2 node(s) had untolerated taint {dedicated: infra}.");
}

TEST_CASE("histogram entries sort as strings, so a count of 10 comes before 2") {
  ObjectSet objects;
  for (int i = 0; i < 10; ++i) {
    objects.nodes.push_back(make_node("cpu-" + std::to_string(i), 32, 0));
  }
  objects.nodes.push_back(make_node("gpu-1", 32, 8, {}, {kInfraTaint}));
  objects.nodes.push_back(make_node("gpu-2", 32, 8, {}, {kInfraTaint}));
  objects.pods = {make_pod("task", "1", 1)};
  ClusterState state = build_submitted(objects);
  const CycleResult result = cycle(state);
  CHECK(result.binds.empty());
  // kube-scheduler sorts the "<count> <reason>" strings: "10 I..." < "2 n..." since '1' < '2'.
  CHECK(reason(state, "task")
        == "0/12 nodes are available: 10 Insufficient nvidia.com/gpu, 2 node(s) had "
           "untolerated taint {dedicated: infra}.");
}

TEST_CASE("a pod whose host port is taken on every node names the NodePorts reason") {
  ObjectSet objects;
  objects.nodes = {make_node("node-a", 32, 0)};
  auto web = make_pod("web", "1");
  web.spec.containers[0].ports = {drasim::model::ContainerPort{80, 8080, "TCP", ""}};
  web.replicas = 2;  // web-0 and web-1 both want host port 8080
  objects.pods = {web};
  ClusterState state = build_submitted(objects);
  const CycleResult result = cycle(state);
  // web-0 (first by name) takes the port; web-1 fits on resources but not on ports.
  REQUIRE(result.binds.size() == 1u);
  CHECK(bound_node(state, result.binds, "web-0") == "node-a");
  CHECK(reason(state, "web-1")
        == "0/1 nodes are available: 1 node(s) didn't have free ports for the requested pod "
           "ports.");
}

TEST_CASE("a pod whose queue does not exist is not scheduled and says QueueDoesNotExist") {
  ObjectSet objects;
  objects.nodes = {make_node("node-a", 32, 8)};
  objects.queues = {make_queue("team-a")};  // a Queue exists, so no default-queue is made
  auto lost = make_pod("lost", "1", 1);
  lost.meta.labels["kai.scheduler/queue"] = "team-b";
  auto found = make_pod("found", "1", 1);
  found.meta.labels["kai.scheduler/queue"] = "team-a";
  objects.pods = {lost, found};
  ClusterState state = build_submitted(objects);
  const CycleResult result = cycle(state);
  REQUIRE(result.binds.size() == 1u);
  CHECK(bound_node(state, result.binds, "found") == "node-a");
  CHECK(phase(state, "lost") == PodPhase::kPending);
  CHECK(reason(state, "lost") == "queue team-b does not exist (QueueDoesNotExist)");
  CHECK(result.jobs_attempted == 1u);  // the lost job never reaches the queue heap
}

TEST_CASE("a gang with fewer pods than minMember is not tried") {
  ClusterState state = gang_on_one_node(8, "train", 2, 3);
  const CycleResult result = cycle(state);
  CHECK(result.binds.empty());
  CHECK(result.jobs_attempted == 0u);
  CHECK(reason(state, "worker-0") == "pod group train is not ready: 2 of 3 required pods exist");
}

TEST_CASE("the not-ready reason is written once while the gang's pods stand still") {
  ClusterState state = gang_on_one_node(8, "train", 2, 3);
  const std::string said = "pod group train is not ready: 2 of 3 required pods exist";
  cycle(state);
  REQUIRE(reason(state, "worker-0") == said);
  // A mark written past set_pod_reason survives the next session: nothing the reason reads
  // (the gang's pod phases) has moved, so the pods are not told again.
  state.pod(pod_id(state, "worker-1")).reason = "mark";
  cycle(state);
  CHECK(reason(state, "worker-1") == "mark");
  // Any reason written through set_pod_reason clears the memo: the next session says it again.
  state.set_pod_reason(pod_id(state, "worker-0"), "another attempt's reason");
  cycle(state);
  CHECK(reason(state, "worker-0") == said);
  CHECK(reason(state, "worker-1") == said);
  // The reference mode writes it every session.
  state.pod(pod_id(state, "worker-1")).reason = "mark";
  state.reference = true;
  cycle(state);
  CHECK(reason(state, "worker-1") == said);
}

TEST_CASE("a job's next-chunk request is kept until one of its pods changes phase") {
  ObjectSet objects;
  objects.nodes = {make_node("node-a", 32, 8)};
  objects.pods = {make_pod("big", "1", 16), make_pod("small", "1", 1)};
  ClusterState state = build_submitted(objects);
  drasim::model::Session session(state, 0);
  drasim::model::AllocateAction action(session, SchedulerOptions{});
  const drasim::model::JobId big = state.pod(pod_id(state, "big")).job;
  // 16 GPUs (16,000 milli-GPUs in the quota vector's GPU entry), one CPU (1,000 millicores).
  CHECK(action.next_request(big)[2] == 16000);
  CHECK(action.next_request(big)[0] == 1000);
  // A planted request is handed out while the revision stands still...
  state.jobs[big.index()].next_request[2] = 7;
  CHECK(action.next_request(big)[2] == 7);
  // ...but not in the reference mode, which works it out every time.
  state.reference = true;
  CHECK(action.next_request(big)[2] == 16000);
  state.reference = false;
  CHECK(action.next_request(big)[2] == 7);
  // A phase change of the job's pod moves its revision: the request is made again.
  state.set_phase(state.pod(pod_id(state, "big")), PodPhase::kPending);
  CHECK(action.next_request(big)[2] == 16000);
}

TEST_CASE("a releasing gang member is not alive: the gang is not ready without it") {
  ClusterState state = gang_on_one_node(8, "train", 2, 2);
  run_on(state, "worker-0", "node-a");
  state.begin_release(pod_id(state, "worker-0"));
  const CycleResult result = cycle(state);
  // KAI's alive statuses are pending, allocated, pipelined, binding, bound and running, not
  // releasing (pod_status.go aliveStatuses), so 1 pending pod < minMember 2 and the gang is
  // not tried although node-a has room for worker-1.
  CHECK(result.binds.empty());
  CHECK(result.jobs_attempted == 0u);
  CHECK(reason(state, "worker-1") == "pod group train is not ready: 1 of 2 required pods exist");
}

TEST_CASE("a pod asking more than any node has gets the MaxNodePoolResources reason") {
  ObjectSet objects;
  objects.nodes = {make_node("small", 32, 1), make_node("large", 32, 2)};
  objects.pods = {make_pod("big", "1", 3)};
  ClusterState state = build_submitted(objects);
  const CycleResult result = cycle(state);
  CHECK(result.binds.empty());
  // KAI item 19: 3 GPUs asked, max over nodes = 2
  CHECK(reason(state, "big")
        == "the pod requests 3 nvidia.com/gpu but the largest node in the pool has 2");
}

TEST_CASE("a pod nominated to a node goes there regardless of binpack (KAI item 33)") {
  ObjectSet objects;
  objects.nodes = {make_node("node-a", 32, 8), make_node("node-c", 32, 8)};
  auto task = make_pod("task", "1", 1);
  task.status.nominated_node_name = "node-c";
  objects.pods = {task, make_pod("fill-a", "1", 7)};
  ClusterState state = build_submitted(objects);
  run_on(state, "fill-a", "node-a");
  const CycleResult result = cycle(state);
  // node-a: 1000 + 9 = 1009 points; node-c: 1e7 + 1000 + 0 points.
  REQUIRE(result.binds.size() == 1u);
  CHECK(bound_node(state, result.binds, "task") == "node-c");
}

TEST_CASE("a pre-placed pod is charged to its node: idle = allocatable - request") {
  ObjectSet objects;
  objects.nodes = {make_node("node-a", 16, 8)};
  auto running = make_pod("running", "2", 3);
  running.spec.containers[0].requests["memory"] = drasim::test::qty("4Gi");
  objects.pods = {running};
  ClusterState state = build_submitted(objects);
  run_on(state, "running", "node-a");
  const NodeInfo& n = state.node(node_id(state, "node-a"));
  CHECK(n.idle.get(kCpuSlot) == 14000);           // 16000 - 2000
  CHECK(n.idle.get(kMemorySlot) == 64424509440);  // 64 * 2^30 - 4 * 2^30 = 60 * 2^30
  CHECK(n.idle.get(kGpuSlot) == 5000);            // 8000 - 3000
  CHECK(n.idle.get(kPodsSlot) == 109);            // 110 - 1
  CHECK(n.used == state.spec_of(pod_id(state, "running")).request);
  CHECK(n.pod_count == 1u);
  state.check_invariants();
}

TEST_CASE("a pod needing more than a pre-placed pod left idle stays pending") {
  ObjectSet objects;
  objects.nodes = {make_node("node-a", 16, 8)};
  objects.pods = {make_pod("running", "2", 3), make_pod("six", "1", 6), make_pod("five", "1", 5)};
  ClusterState state = build_submitted(objects);
  run_on(state, "running", "node-a");
  const CycleResult result = cycle(state);
  // 8 - 3 = 5 GPUs idle: "five" fits exactly, "six" does not (and nothing is left after five).
  REQUIRE(result.binds.size() == 1u);
  CHECK(bound_node(state, result.binds, "five") == "node-a");
  CHECK(reason(state, "six") == "0/1 nodes are available: 1 Insufficient nvidia.com/gpu.");
  CHECK(state.node(node_id(state, "node-a")).idle.get(kGpuSlot) == 0);  // 5000 - 5000
}

TEST_CASE("a running pod is not charged for a resource its node does not advertise") {
  ObjectSet objects;
  objects.nodes = {make_node("cpu-node", 16, 0)};
  objects.pods = {make_pod("gpu-pod", "1", 1)};
  ClusterState state = build_submitted(objects);
  run_on(state, "gpu-pod", "cpu-node");
  // KAI item 10 (v0.17.0+): slots with allocatable 0 are zeroed before charging the node.
  const NodeInfo& n = state.node(node_id(state, "cpu-node"));
  CHECK(n.used.get(kGpuSlot) == 0);
  CHECK(n.idle.get(kGpuSlot) == 0);
  CHECK(n.used.get(kCpuSlot) == 1000);  // advertised slots are still charged
  state.check_invariants();
}

TEST_CASE("before v0.17.0 a running pod drives an unadvertised idle slot negative") {
  ObjectSet objects;
  objects.nodes = {make_node("cpu-node", 16, 0)};
  objects.pods = {make_pod("gpu-pod", "1", 1)};
  BuildOptions options;
  options.kai.zero_delegated_on_reserve = false;
  ClusterState state = build_submitted(objects, options);
  run_on(state, "gpu-pod", "cpu-node");
  const NodeInfo& n = state.node(node_id(state, "cpu-node"));
  CHECK(n.used.get(kGpuSlot) == 1000);
  CHECK(n.idle.get(kGpuSlot) == -1000);  // 0 - 1000
  state.check_invariants();              // idle + used == allocatable still: -1000 + 1000 == 0
}

TEST_CASE("a task that fits only on releasing capacity is pipelined, not bound (KAI item 27)") {
  ObjectSet objects;
  objects.nodes = {make_node("node-a", 16, 8)};
  objects.pods = {make_pod("old", "1", 8), make_pod("task", "1", 2)};
  ClusterState state = build_submitted(objects);
  run_on(state, "old", "node-a");
  mark_releasing(state, "old");  // idle GPUs 0, releasing 8
  const CycleResult result = cycle(state);
  CHECK(result.binds.empty());
  CHECK(result.pipelined == 1u);
  // Nothing persists: after the session the pod is pending again, with the reason.
  CHECK(phase(state, "task") == PodPhase::kPending);
  CHECK(reason(state, "task")
        == "pipelined onto node node-a: waiting for resources being released");
  CHECK(state.node(node_id(state, "node-a")).releasing.get(kGpuSlot) == 8000);  // given back
}

TEST_CASE("a gang with one member on idle and one on releasing is all pipelined (KAI item 28)") {
  ObjectSet objects;
  objects.nodes = {make_node("node-a", 16, 2)};
  auto worker = in_group(make_pod("worker", "1", 1), "train");
  worker.replicas = 2;
  objects.pods = {worker, make_pod("old", "1", 1)};
  objects.pod_groups = {make_pod_group("train", 2)};
  ClusterState state = build_submitted(objects);
  run_on(state, "old", "node-a");
  mark_releasing(state, "old");  // idle 1 GPU, releasing 1 GPU
  const CycleResult result = cycle(state);
  // worker-0 fits idle and is allocated, worker-1 is pipelined; 1 bound < minMember 2, so the
  // allocated one is converted too: a gang never binds partly.
  CHECK(result.binds.empty());
  CHECK(result.pipelined == 2u);
  CHECK(phase(state, "worker-0") == PodPhase::kPending);
  CHECK(phase(state, "worker-1") == PodPhase::kPending);
}

TEST_CASE("invariants hold over several cycles as pods keep arriving") {
  ObjectSet objects;
  objects.nodes = {make_node("node-a", 8, 2), make_node("node-b", 8, 2)};
  objects.pods = {make_pod("p1", "1", 1), make_pod("p2", "1", 1), make_pod("p3", "1", 1),
                  make_pod("p4", "1", 1), make_pod("p5", "1", 1)};
  ClusterState state = drasim::model::build_cluster(objects, BuildOptions{});
  // Submit two pods per cycle; binds complete (Binding -> Running) between cycles.
  size_t bound = 0;
  for (size_t next = 0; next < state.pods.size(); next += 2) {
    for (size_t i = next; i < std::min(next + 2, state.pods.size()); ++i) {
      state.submit(drasim::model::PodId::from_index(i));
    }
    const CycleResult result = cycle(state);
    bound += result.binds.size();
    for (const auto& bind : result.binds) {
      state.pod(bind.first).phase = PodPhase::kRunning;
    }
  }
  // 2 nodes * 2 GPUs = 4 of the 5 one-GPU pods fit.
  CHECK(bound == 4u);
  CHECK(phase(state, "p5") == PodPhase::kPending);
}

namespace {

using drasim::model::BuildOptions;
using drasim::model::CycleResult;
using drasim::model::ObjectSet;
using drasim::model::PodPhase;
using drasim::test::build_submitted;
using drasim::test::make_node;
using drasim::test::make_pod;

TEST_CASE("a PodGroup and a bare pod with the same name are two jobs and both are placed") {
  // Regression: the job order compared (namespace, name) only, so a set dropped one of two
  // jobs named `job1`. Jobs are distinct objects in KAI and both must be tried.
  ObjectSet objects;
  objects.nodes = {make_node("node-a", 32, 2)};
  auto member = make_pod("job1-worker", "1", 1);
  member.meta.annotations["pod-group-name"] = "job1";
  drasim::model::PodGroup group;
  group.meta.name = "job1";
  group.meta.namespace_name = "default";
  objects.pod_groups = {group};
  objects.pods = {member, make_pod("job1", "1", 1)};
  auto state = build_submitted(objects, BuildOptions{});
  const CycleResult result = drasim::model::run_cycle(state, {});
  // 2 GPUs, two 1-GPU jobs: both bind.
  CHECK(result.binds.size() == 2u);
}

TEST_CASE("a pod beyond a satisfied gang's minMember gets its own reason, not the gang's") {
  // KAI words a failure as a gang failure only below minMember; minMember 2 with 3 one-GPU pods
  // on 2 GPUs: two bind, the third is an elastic extra and gets the plain node message.
  ObjectSet objects;
  objects.nodes = {make_node("node-a", 32, 2)};
  auto worker = make_pod("w", "1", 1);
  worker.meta.annotations["pod-group-name"] = "g";
  worker.replicas = 3;
  drasim::model::PodGroup group;
  group.meta.name = "g";
  group.meta.namespace_name = "default";
  group.min_member = 2;
  objects.pod_groups = {group};
  objects.pods = {worker};
  auto state = build_submitted(objects, BuildOptions{});
  const CycleResult result = drasim::model::run_cycle(state, {});
  CHECK(result.binds.size() == 2u);
  const auto& w2 = state.pods[2];
  CHECK(w2.name == "w-2");
  CHECK(w2.phase == PodPhase::kPending);
  CHECK(state.reason_of(drasim::model::PodId::from_index(2))
        == "0/1 nodes are available: 1 Insufficient nvidia.com/gpu.");
}

}  // namespace
