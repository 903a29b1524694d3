// Timeline events of `spec.events[]` (PRODUCT.md section 2): node pool changes, objects applied
// and deleted mid-run, DRA driver restarts and device faults.
#include "sim/engine/engine.h"
#include "sim/scenario_loader.h"

#include <doctest/doctest.h>

#include "tests/sim/run_helpers.h"
#include <string>

namespace drasim::sim {
namespace {

RunResult run(const std::string& text) {
  return run_scenario(load_scenario_texts({{"t.yaml", text}}));
}

/// A Scenario document (kai, 1 s period, 200 ms bind latency) with `events` (flow YAML) and
/// `extra` spec lines, followed by `objects`.
std::string scenario(const std::string& events, const std::string& objects,
                     const std::string& extra = "") {
  return R"(apiVersion: drasim.dev/v1alpha1
kind: Scenario
metadata: {name: t}
spec:
  scheduler: {profile: kai}
)" + extra
         + "  events: " + events + "\n" + objects;
}

/// Two device-plugin nodes with one GPU each (pool=a, pool=b).
const std::string kTwoNodes = R"(---
apiVersion: v1
kind: Node
metadata: {name: a, labels: {pool: a}}
status: {allocatable: {cpu: "8", memory: 32Gi, pods: "110", nvidia.com/gpu: "1"}}
---
apiVersion: v1
kind: Node
metadata: {name: b, labels: {pool: b}}
status: {allocatable: {cpu: "8", memory: 32Gi, pods: "110", nvidia.com/gpu: "1"}}
)";

/// A pod asking one GPU; `owned` gives it a Job owner (recreated after an eviction).
std::string gpu_pod(const std::string& name, const std::string& at, bool owned,
                    const std::string& extra_meta = "") {
  return "---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: " + name
         + "\n  annotations: {drasim.dev/at: " + at + "}\n"
         + (owned ? "  ownerReferences: [{apiVersion: batch/v1, kind: Job, name: " + name
                        + "-job, uid: u-" + name + ", controller: true}]\n"
                  : "")
         + extra_meta
         + "spec:\n  terminationGracePeriodSeconds: 30\n  containers:\n  - name: main\n"
           "    resources: {limits: {nvidia.com/gpu: \"1\"}}\n";
}

/// Every input error of `text`, one per line.
std::string load_errors(const std::string& text) {
  std::string all;
  for (const std::string& e : input_errors(text)) {
    all += e + "\n";
  }
  return all;
}

TEST_CASE("a pending pod on a cordoned cluster names the cordon") {
  const RunResult r =
      run(scenario("[{at: 0s, cordon: {selector: {pool: a}}}, {at: 0s, cordon: "
                   "{selector: {pool: b}}}]\n  horizon: 10s",
                   kTwoNodes + gpu_pod("p1", "0s", false)));
  CHECK(pending_reason(r, "p1") == "0/2 nodes are available: 2 node(s) were unschedulable.");
}

TEST_CASE("a drain evicts with its grace period and the owner recreates the pod elsewhere") {
  // p1 (owned by a Job) runs on a from 0.2 s. b is taken by p0 until 100 s. The drain of a at
  // 60 s with a 30 s grace period: p1 terminates until 90 s, then its Job recreates it; the
  // only free GPU is b's once p0 finishes at 100.2 s (bound at 0.2 s + 100 s runtime), so the
  // 101 s cycle binds it there at 101.2 s.
  std::string objects = kTwoNodes + gpu_pod("p1", "0s", true);
  objects += R"(---
apiVersion: v1
kind: Pod
metadata: {name: p0, annotations: {drasim.dev/runtime: 100s}}
spec:
  nodeSelector: {pool: b}
  containers:
  - name: main
    resources: {limits: {nvidia.com/gpu: "1"}}
)";
  const RunResult r = run(scenario("[{at: 60s, drain: {nodes: [a], gracePeriod: 30s}}]", objects));
  const model::PodInfo& p1 = pod(r, "p1");
  CHECK(p1.evictions == 1);
  CHECK(p1.eviction_message == "node a drained");
  CHECK(bound_node(r, "p1") == "b");
  CHECK(p1.submitted_us == 90'000'000);
  CHECK(*p1.bound_us == 101'200'000);
  CHECK(r.stats.event_evictions == 1);
  CHECK(r.stats.evictions == 0);  // the scheduler evicted nobody
  // The reports' eviction table: one record, at the drain, from the node it left.
  REQUIRE(r.evictions.size() == 1);
  CHECK(r.evictions[0].at == SimTime{60'000'000});
  CHECK(r.state.node(r.evictions[0].node).name == "a");
  CHECK(r.evictions[0].by == "timeline");
  CHECK(r.evictions[0].message == "node a drained");
  // The reports' time axis: the drain, lasting its 30 s grace period.
  REQUIRE(r.marks.size() == 1);
  CHECK(r.marks[0].kind == "drain");
  CHECK(r.marks[0].at == SimTime{60'000'000});
  CHECK(r.marks[0].until == SimTime{90'000'000});
  CHECK(r.marks[0].text == "spec.events[0]: drain 1 node (a)");
}

TEST_CASE("removing a node deletes its pods at once; a bare pod is gone") {
  const RunResult r = run(
      scenario("[{at: 30s, removeNodes: {nodes: [a]}}]", kTwoNodes + gpu_pod("p1", "0s", false)));
  const model::PodInfo& p1 = pod(r, "p1");
  CHECK(p1.phase == model::PodPhase::kEvicted);
  CHECK(*p1.finished_us == 30'000'000);
  CHECK(p1.eviction_message == "node a removed");
  CHECK_FALSE(r.state.nodes[0].present);
}

TEST_CASE("a pod deleted before it appears never runs, a pending one stops waiting") {
  const RunResult r = run(
      scenario("[{at: 10s, delete: {kind: Pod, name: late}}, {at: 10s, delete: {kind: Pod, name: "
               "waiting}}]",
               kTwoNodes + gpu_pod("p1", "0s", false) + gpu_pod("p2", "0s", false)
                   + gpu_pod("waiting", "0s", false) + gpu_pod("late", "20s", false)));
  CHECK(pod(r, "late").phase == model::PodPhase::kEvicted);
  CHECK_FALSE(pod(r, "late").bound_us.has_value());
  CHECK(pod(r, "waiting").phase == model::PodPhase::kEvicted);
  CHECK(pod(r, "waiting").eviction_message == "deleted at 10s");
}

/// One DRA-only node with two GPUs behind class gpu.nvidia.com.
std::string dra_node(const std::string& extended_resource) {
  return R"(---
apiVersion: v1
kind: Node
metadata: {name: dra-0}
status: {allocatable: {cpu: "8", memory: 32Gi, pods: "110"}}
---
apiVersion: resource.k8s.io/v1
kind: DeviceClass
metadata: {name: gpu.nvidia.com}
spec:
  selectors: [{cel: {expression: 'device.driver == "gpu.nvidia.com"'}}]
)" + extended_resource
         + R"(---
apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata: {name: dra-0-gpus}
spec:
  driver: gpu.nvidia.com
  nodeName: dra-0
  pool: {name: dra-0, generation: 1, resourceSliceCount: 1}
  devices: [{name: gpu-0}, {name: gpu-1}]
)";
}

/// A pod with a claim template asking one gpu.nvidia.com device.
std::string claim_pod(const std::string& name, const std::string& at) {
  return "---\napiVersion: v1\nkind: Pod\nmetadata: {name: " + name
         + ", annotations: {drasim.dev/at: " + at + R"(}}
spec:
  terminationGracePeriodSeconds: 10
  containers: [{name: main, resources: {claims: [{name: gpu}]}}]
  resourceClaims: [{name: gpu, resourceClaimTemplateName: one-gpu}]
)";
}

const std::string kTemplate = R"(---
apiVersion: resource.k8s.io/v1
kind: ResourceClaimTemplate
metadata: {name: one-gpu}
spec:
  spec:
    devices:
      requests: [{name: gpu, exactly: {deviceClassName: gpu.nvidia.com}}]
)";

TEST_CASE("a DRA driver restart wipes the slices; new pods wait for the republished pool") {
  // p1 holds gpu-0 from 0.2 s. The driver restarts at 60 s for 2 minutes: p2 (at 90 s) finds
  // no slice until 180 s, then takes gpu-1. p1 keeps running throughout.
  const RunResult r = run(
      scenario("[{at: 60s, driverRestart: {nodes: [dra-0], driver: gpu.nvidia.com, downFor: 2m}}]",
               dra_node("") + kTemplate + claim_pod("p1", "0s") + claim_pod("p2", "90s")));
  CHECK(pod(r, "p1").phase == model::PodPhase::kRunning);
  CHECK(*pod(r, "p2").bound_us == 180'200'000);
  CHECK(pod(r, "p2").devices.at(0).device == "gpu-1");
  REQUIRE(r.marks.size() == 1);
  CHECK(r.marks[0].kind == "driver-restart");
  CHECK(r.marks[0].until == SimTime{180'000'000});  // down for 2 minutes from 60 s
  CHECK(r.marks[0].text
        == "spec.events[0]: driver gpu.nvidia.com restarts on 1 node (dra-0), down 2m");
}

TEST_CASE("a NoExecute device taint evicts the pod using the device") {
  // Device taints need DRADeviceTaints (kai: set explicitly). p1 takes gpu-0; the taint at
  // 60 s evicts it with its 10 s grace period; as a bare pod it is gone at 70 s, and p2 (at
  // 100 s) avoids the tainted gpu-0.
  const RunResult r =
      run(scenario("[{at: 60s, deviceTaint: {nodes: [dra-0], driver: gpu.nvidia.com, devices: "
                   "[gpu-0], key: health, value: xid-79, effect: NoExecute}}]",
                   dra_node("") + kTemplate + claim_pod("p1", "0s") + claim_pod("p2", "100s"),
                   "  kubernetes: {version: \"1.36\", featureGates: {DRADeviceTaints: true}}\n"));
  const model::PodInfo& p1 = pod(r, "p1");
  CHECK(p1.phase == model::PodPhase::kEvicted);
  CHECK(*p1.finished_us == 70'000'000);
  CHECK(p1.eviction_message
        == "device gpu.nvidia.com/dra-0/gpu-0 has the NoExecute taint health=xid-79");
  CHECK(pod(r, "p2").devices.at(0).device == "gpu-1");
  REQUIRE(r.marks.size() == 1);
  CHECK(r.marks[0].text
        == "spec.events[0]: taint health:NoExecute on 1 device (gpu-0) of driver gpu.nvidia.com "
           "on 1 node (dra-0)");
  REQUIRE(r.evictions.size() == 1);
  CHECK(r.evictions[0].by == "timeline");
}

TEST_CASE("timeline events that cannot happen are errors at file:line:col") {
  const std::string events = R"([
    {at: 2h, cordon: {nodes: [a]}},
    {at: 1m, drain: {selector: {pool: gpu}}},
    {at: 1m, cordon: {nodes: [zz]}},
    {at: 1m, driverRestart: {nodes: [a], driver: gpu.nvidia.com, downFor: 1m}},
    {at: 1m, deviceTaint: {nodes: [a], driver: gpu.nvidia.com, key: k, effect: NoSchedule}},
    {at: 1m, delete: {kind: DeviceClass, name: nope}},
    {at: 1m, apply: {apiVersion: scheduling.run.ai/v2, kind: Queue, metadata: {name: new}}},
    {at: 1m, apply: {apiVersion: v1, kind: ConfigMap, metadata: {name: x}}},
    {at: 1m, apply: {apiVersion: v1, kind: Pod, metadata: {name: p1, annotations:
      {drasim.dev/at: 30s}}, spec: {containers: [{name: c}]}}},
    {at: 1m, drain: {nodes: [a], gracePeriod: 5m, force: true}}
  ]
  horizon: 1h)";
  const std::string all = load_errors(scenario(events, kTwoNodes));
  // After the horizon.
  CHECK(all.find("t.yaml:7:5: error: spec.events[0].at: a time within the horizon (1h), got 2h")
        != std::string::npos);
  // A selector that matches nothing.
  CHECK(all.find("spec.events[1].drain.selector: a selector matching at least one node present "
                 "at 1m, got no node with pool=gpu")
        != std::string::npos);
  CHECK(all.find("spec.events[2].cordon.nodes: nodes present at 1m, got \"zz\"")
        != std::string::npos);
  CHECK(all.find("spec.events[3].driverRestart.driver: a driver with ResourceSlices on node a "
                 "at 1m, got \"gpu.nvidia.com\" (none)")
        != std::string::npos);
  // The kai profiles allocate with the gates the scenario turns on (none here).
  CHECK(all.find("spec.events[4].deviceTaint: the DRADeviceTaints feature gate on (kai profiles "
                 "use only the gates spec.kubernetes.featureGates sets; kube-scheduler has it on "
                 "from 1.36), got kai on Kubernetes 1.35 without it")
        != std::string::npos);
  CHECK(all.find("spec.events[5].delete.name: a DeviceClass that exists at 1m, got \"nope\"")
        != std::string::npos);
  CHECK(all.find("a Queue that exists from the start (drasim sizes queues at load), got new "
                 "Queue \"new\"")
        != std::string::npos);
  CHECK(all.find("spec.events[7].apply.kind: a kind drasim models (Node, Pod, Queue, PodGroup, "
                 "DeviceClass, ...), got \"ConfigMap\" (\"v1\")")
        != std::string::npos);
  CHECK(all.find("no time before the event's (1m), got 30s, in the past") != std::string::npos);
  CHECK(all.find("spec.events[9].drain.force: one of nodes, selector, gracePeriod, got \"force\"")
        != std::string::npos);
}

}  // namespace
}  // namespace drasim::sim

namespace drasim::sim {
namespace {

/// Four device-plugin nodes gpu-0..gpu-3 with two GPUs each (pool=gpu) and a DeviceClass that
/// serves nvidia.com/gpu through KEP-5004 once they move to DRA.
std::string migration_cluster() {
  std::string out = R"(---
apiVersion: resource.k8s.io/v1
kind: DeviceClass
metadata: {name: gpu.nvidia.com}
spec:
  selectors: [{cel: {expression: 'device.driver == "gpu.nvidia.com"'}}]
  extendedResourceName: nvidia.com/gpu
)";
  for (int i = 0; i < 4; ++i) {
    out += "---\napiVersion: v1\nkind: Node\nmetadata: {name: gpu-" + std::to_string(i)
           + ", labels: {pool: gpu}}\nstatus: {allocatable: {cpu: \"8\", memory: 32Gi, pods: "
             "\"110\", nvidia.com/gpu: \"2\"}}\n";
  }
  return out;
}

const std::string kGates =
    "  kubernetes: {version: \"1.35\", featureGates: {DRAExtendedResource: true}}\n";

TEST_CASE("migration waves switch nodes to DRA in batches; undrained pods keep running") {
  // Batches of 2 every 60 s from 60 s: gpu-0 and gpu-1 switch at 60 s, gpu-2 and gpu-3 at
  // 120 s. p1 (bound to gpu-0 at 0.2 s through the device plugin) keeps running; KAI charges
  // its GPU on the node as before, against the 2 DRA GPUs that replaced the plugin's 2.
  const RunResult r = run(scenario(
      "[{at: 60s, migrate: {selector: {pool: gpu}, batchSize: 2, interval: 60s, driver: {name: "
      "gpu.nvidia.com}}}]",
      migration_cluster() + gpu_pod("p1", "0s", false) + gpu_pod("p2", "200s", false), kGates));
  const model::NodeInfo& n0 = r.state.nodes[0];
  CHECK(n0.name == "gpu-0");
  CHECK_FALSE(n0.advertises("nvidia.com/gpu"));
  CHECK(n0.labels.at("nvidia.com/gpu.deploy.device-plugin") == "false");
  CHECK(n0.dra_gpus == 2);
  // GPU slot: 0 device-plugin + 2 DRA GPUs; p1's device-plugin GPU and p2's bridged GPU (below)
  // are charged: used 2, idle 0.
  CHECK(n0.allocatable.get(model::kGpuSlot) == 2000);
  CHECK(n0.used.get(model::kGpuSlot) == 2000);
  CHECK(n0.idle.get(model::kGpuSlot) == 0);
  CHECK(pod(r, "p1").phase == model::PodPhase::kRunning);
  CHECK(pod(r, "p1").devices.empty());
  // p2 arrives after every node switched: the bridge serves it with one device. Binpack puts it
  // on gpu-0 (the fullest node), whose DRA driver publishes gpu-0 and gpu-1 (neither is known
  // to be held by p1: the driver cannot see device-plugin allocations).
  CHECK(bound_node(r, "p2") == "gpu-0");
  CHECK(pod(r, "p2").devices.size() == 1);
}

TEST_CASE("a migration publishes one slice per node, pool named after the node, at the switch") {
  const Scenario s =
      load_scenario_texts({{"t.yaml", scenario("[{at: 60s, migrate: {selector: {pool: gpu}, "
                                               "batchSize: 2, interval: 60s, driver: {name: "
                                               "gpu.nvidia.com}}}]",
                                               migration_cluster(), kGates)}});
  REQUIRE(s.objects.resource_slices.size() == 4);
  const model::ResourceSlice& last = s.objects.resource_slices[3];
  CHECK(last.meta.name == "gpu-3-gpu-nvidia-com-0");
  CHECK(last.pool.name == "gpu-3");
  CHECK(last.pool.generation == 1);
  CHECK(last.node_name == "gpu-3");
  CHECK(last.devices.size() == 2);  // the node advertised nvidia.com/gpu: 2
  // gpu-2 and gpu-3 are the second batch: 60 s + 60 s.
  CHECK(last.meta.appear_us == 120'000'000);
  // One node-update step per node, in time order.
  REQUIRE(s.steps.size() == 4);
  CHECK(s.steps[0].kind == TimelineStep::Kind::kUpdateNode);
  CHECK(s.steps[3].at == SimTime{120'000'000});
}

TEST_CASE("a drained migration evicts, switches after the grace period and uncordons") {
  // p1 (owned) runs on gpu-0. The first batch (gpu-0, gpu-1) drains at 60 s with a 30 s grace:
  // p1 terminates until 90 s, is recreated then, and the nodes switch and uncordon at 90 s.
  // The 90 s cycle binds p1 again (binpack: gpu-0, now DRA) through the bridge at 90.2 s.
  const RunResult r = run(scenario(
      "[{at: 60s, migrate: {selector: {pool: gpu}, batchSize: 2, interval: 60s, drain: true, "
      "gracePeriod: 30s, driver: {name: gpu.nvidia.com}}}]",
      migration_cluster() + gpu_pod("p1", "0s", true), kGates));
  const model::PodInfo& p1 = pod(r, "p1");
  CHECK(p1.evictions == 1);
  CHECK(p1.eviction_message == "node gpu-0 drained for its migration to DRA");
  CHECK(p1.submitted_us == 90'000'000);
  CHECK(*p1.bound_us == 90'200'000);
  CHECK(p1.devices.size() == 1);
  CHECK_FALSE(r.state.nodes[0].cordoned);
  CHECK(r.state.nodes[0].offline_gpus == 0);
  // Four nodes in batches of 2: two waves, at 60 s and 120 s, each marked until its switch
  // (the 30 s grace period later).
  REQUIRE(r.marks.size() == 2);
  CHECK(r.marks[0].kind == "migration-wave");
  CHECK(r.marks[0].until == SimTime{90'000'000});
  CHECK(r.marks[0].text
        == "spec.events[0]: migration wave 1 of 2: 2 nodes (gpu-0, gpu-1) to DRA, drained first");
  CHECK(r.marks[1].at == SimTime{120'000'000});
  CHECK(r.marks[1].text
        == "spec.events[0]: migration wave 2 of 2: 2 nodes (gpu-2, gpu-3) to DRA, drained first");
}

TEST_CASE("migration waves that cannot happen are errors") {
  const std::string all = load_errors(scenario(
      "[{at: 10m, migrate: {selector: {pool: gpu}, batchSize: 1, interval: 30m, driver: {name: "
      "gpu.nvidia.com}}}, {at: 1m, migrate: {nodes: [gpu-0], batchSize: 0, driver: {name: "
      "gpu.nvidia.com, devices: 0}}}]\n  horizon: 1h",
      migration_cluster(), kGates));
  // 4 waves of one node every 30 minutes from 10m end at 1h40m.
  CHECK(all.find("spec.events[0].migrate: waves that end within the horizon (1h), got 4 waves "
                 "of 1 every 30m from 10m ending at 1h40m")
        != std::string::npos);
  CHECK(all.find("spec.events[1].migrate.batchSize: a batch size of at least 1, got 0")
        != std::string::npos);
  CHECK(all.find("spec.events[1].migrate.driver.devices: at least one device")
        != std::string::npos);
}

}  // namespace
}  // namespace drasim::sim

namespace drasim::sim {
namespace {

TEST_CASE("an undrained node's DRA driver can give a GPU the device plugin still holds") {
  // kube-scheduler: p1 holds both of gpu-0's GPUs through the device plugin; the node switches
  // at 60 s without a drain. NodeResourcesFit skips nvidia.com/gpu on the switched node (DRA
  // serves it) and the driver publishes both GPUs as free devices, so p2 (pinned to gpu-0 at
  // 100 s) gets one: 2 held + 1 allocated on a 2-GPU node, one GPU given twice.
  std::string objects = migration_cluster();
  objects += R"(---
apiVersion: v1
kind: Pod
metadata: {name: p1}
spec:
  nodeName: gpu-0
  containers: [{name: main, resources: {limits: {nvidia.com/gpu: "2"}}}]
---
apiVersion: v1
kind: Pod
metadata: {name: p2, annotations: {drasim.dev/at: 100s}}
spec:
  affinity:
    nodeAffinity:
      requiredDuringSchedulingIgnoredDuringExecution:
        nodeSelectorTerms: [{matchFields: [{key: metadata.name, operator: In, values: [gpu-0]}]}]
  containers: [{name: main, resources: {limits: {nvidia.com/gpu: "1"}}}]
)";
  std::string text = scenario(
      "[{at: 60s, migrate: {nodes: [gpu-0], driver: {name: gpu.nvidia.com}}}]", objects, kGates);
  text.replace(text.find("profile: kai"), 12, "profile: kube-scheduler");
  const RunResult r = run(text);
  CHECK(bound_node(r, "p2") == "gpu-0");
  REQUIRE(r.anomalies.size() == 1);
  const model::Anomaly& a = r.anomalies[0];
  CHECK(a.kind == model::AnomalyKind::kDoubleCount);
  CHECK(a.node == "gpu-0");
  CHECK(a.value == 1);  // 2 + 1 - 2
  // p2 binds in the 100 s cycle.
  CHECK(a.at_us == 100'000'000);
  CHECK(a.message
        == "node gpu-0 has 2 GPUs but 2 are still held through the device plugin from before its "
           "migration and 1 DRA devices are allocated: the DRA driver cannot see device-plugin "
           "allocations, so a GPU is given twice (drain nodes before switching them)");
}

}  // namespace
}  // namespace drasim::sim
