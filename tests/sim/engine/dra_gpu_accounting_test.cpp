// KAI's DRA GPU accounting end to end (kai-scheduler-behavior.md sections 2.4, 2.6 and 2.7,
// behaviours 12 to 17 and 19 of section 9): GPU devices of a node's ResourceSlices join its GPU
// slot, claim GPUs join the pod's GPU request and its queue's quota, pods sharing a claim on a
// node charge its devices once (or not, per profile), the DRA-only-node guard in its v0.13 and
// v0.17 forms, and the `spec.scheduler.features` switches that flip each of these. Scenarios are
// loaded from YAML and run by the engine, which checks the node invariants after every cycle in
// debug builds.
#include "sim/engine/engine.h"
#include "sim/scenario_loader.h"

#include <doctest/doctest.h>

#include "tests/sim/run_helpers.h"
#include <string>
#include <vector>

namespace drasim::sim {
namespace {

constexpr int64_t kGpu = 1000;  // milli-GPUs per GPU in the gpu slot

/// The GPU class every scenario here uses: all devices of driver gpu.nvidia.com.
const char* const kGpuClass = R"(
apiVersion: resource.k8s.io/v1
kind: DeviceClass
metadata: {name: gpu.nvidia.com}
spec:
  selectors:
  - cel: {expression: 'device.driver == "gpu.nvidia.com"'}
)";

/// A node with 32 cores, 128Gi and `extra` added to its allocatable (flow YAML entries).
std::string node(const std::string& name, const std::string& extra = "",
                 const std::string& labels = "") {
  return "\n---\napiVersion: v1\nkind: Node\nmetadata: {name: " + name
         + (labels.empty() ? "" : ", labels: {" + labels + "}")
         + "}\nstatus:\n  allocatable: {cpu: \"32\", memory: 128Gi, pods: \"110\""
         + (extra.empty() ? "" : ", " + extra) + "}\n";
}

/// A ResourceSlice of `driver` with `devices` devices named gpu-0.., alone in pool `pool`.
/// `where` is the node selection: `nodeName: <node>` or `allNodes: true`; `annotations` (flow
/// YAML entries) are optional.
std::string slice(const std::string& name, const std::string& where, const std::string& driver,
                  const std::string& pool, int devices, const std::string& annotations = "") {
  std::string out = "\n---\napiVersion: resource.k8s.io/v1\nkind: ResourceSlice\nmetadata: {name: "
                    + name + (annotations.empty() ? "" : ", annotations: {" + annotations + "}")
                    + "}\nspec:\n  driver: " + driver + "\n  " + where + "\n  pool: {name: " + pool
                    + ", generation: 1, resourceSliceCount: 1}\n  devices:\n";
  for (int i = 0; i < devices; ++i) {
    out += "  - {name: gpu-" + std::to_string(i) + "}\n";
  }
  return out;
}

/// The Scenario document choosing `profile`, with `features` (flow YAML entries) if given.
std::string profile(const std::string& name, const std::string& features = "") {
  return "\n---\napiVersion: drasim.dev/v1alpha1\nkind: Scenario\nmetadata: {name: t}\nspec:\n"
         "  scheduler: {profile: "
         + name + (features.empty() ? "" : ", features: {" + features + "}") + "}\n";
}

/// A pod with `annotations` (flow entries), requesting 1 CPU plus `resources` (flow entries of
/// its limits), with `spec` lines added.
std::string plain_pod(const std::string& name, const std::string& annotations = "",
                      const std::string& limits = "", const std::string& spec = "") {
  return "\n---\napiVersion: v1\nkind: Pod\nmetadata: {name: " + name + ", annotations: {"
         + annotations + "}}\nspec:\n" + spec
         + "  containers:\n  - name: main\n    resources:\n      requests: {cpu: \"1\"}\n"
         + (limits.empty() ? "" : "      limits: {" + limits + "}\n");
}

/// A ResourceClaimTemplate in namespace default whose one request is `request` (the request's
/// fields after `- name: gpu`, already indented by 8).
std::string claim_template(const std::string& name, const std::string& request) {
  return "\n---\napiVersion: resource.k8s.io/v1\nkind: ResourceClaimTemplate\nmetadata: {name: "
         + name + "}\nspec:\n  spec:\n    devices:\n      requests:\n      - name: gpu\n" + request;
}

/// A pod using template `tmpl` (claim `gpu`), with `spec` lines added.
std::string claim_pod(const std::string& name, const std::string& tmpl,
                      const std::string& spec = "") {
  return "\n---\napiVersion: v1\nkind: Pod\nmetadata: {name: " + name + "}\nspec:\n" + spec
         + "  resourceClaims: [{name: gpu, resourceClaimTemplateName: " + tmpl
         + "}]\n  containers:\n  - name: main\n    resources:\n      requests: {cpu: \"1\"}\n"
           "      claims: [{name: gpu}]\n";
}

RunResult run_text(const std::string& text) {
  return run_scenario(load_scenario_texts({{"t.yaml", std::string(kGpuClass) + text}}));
}

const model::NodeInfo& node_of(const RunResult& r, const std::string& name) {
  const auto id = r.state.find_node(name);
  REQUIRE(id.has_value());
  return r.state.node(*id);
}

int64_t gpu(const model::ResourceVector& v) {
  return v.get(model::kGpuSlot);
}

/// The GPU slot of the pod's template request (KAI's ResReqVector[gpu]), in milli-GPUs.
int64_t request_gpu(const RunResult& r, const std::string& pod_name) {
  const model::PodInfo& p = pod(r, pod_name);
  return gpu(
      r.state.spec_of(model::PodId::from_index(static_cast<size_t>(&p - r.state.pods.data())))
          .request);
}

/// The GPUs (milli) the queue `name` has allocated (Binding and Running pods).
int64_t queue_gpu(const RunResult& r, const std::string& name) {
  for (size_t i = 0; i < r.state.queues.size(); ++i) {
    if (r.state.queues[i].spec.meta.name == name) {
      return r.state.queue_usage[i].allocated[2];
    }
  }
  FAIL("no queue " << name);
  return -1;
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

const char* const kSharedGuard =
    "fractional/shared GPU pods are not yet supported on DRA-only nodes";
const char* const kWideGuard = "device-plugin GPU requests cannot be scheduled on DRA-only nodes";

// --- Node capacity (section 2.6.2, behaviours 12 and 13) ---------------------------------------

TEST_CASE("GPU-driver slices naming a node add their devices to its GPU slot, others add nothing") {
  // Behaviour 12: n1 has two gpu.nvidia.com slices of 4 devices (8 GPUs), a nic.example.com slice
  // of 2 (the driver name lacks "gpu", section 2.6.1) and an allNodes gpu.nvidia.com slice of 4
  // (section 2.6.2: allNodes slices go to the "" bucket and are ignored). n2 only has the nic
  // and allNodes slices.
  const RunResult r =
      run_text(node("n1") + node("n2") + slice("n1-a", "nodeName: n1", "gpu.nvidia.com", "n1-a", 4)
               + slice("n1-b", "nodeName: n1", "gpu.nvidia.com", "n1-b", 4)
               + slice("n1-nic", "nodeName: n1", "nic.example.com", "n1-nic", 2)
               + slice("n2-nic", "nodeName: n2", "nic.example.com", "n2-nic", 2)
               + slice("everywhere", "allNodes: true", "gpu.nvidia.com", "shared", 4));
  const model::NodeInfo& n1 = node_of(r, "n1");
  // AddDRAGPUs(4 + 4): allocatable and idle GPU both += 8 GPUs = 8000 milli.
  CHECK(n1.dra_gpus == 8);
  CHECK(n1.has_dra_gpus());
  CHECK(gpu(n1.allocatable) == 8 * kGpu);
  CHECK(gpu(n1.idle) == 8 * kGpu);
  CHECK(gpu(n1.used) == 0);
  const model::NodeInfo& n2 = node_of(r, "n2");
  // Neither the nic slice nor the allNodes slice counts: no GPU slot, HasDRAGPUs false.
  CHECK(n2.dra_gpus == 0);
  CHECK_FALSE(n2.has_dra_gpus());
  CHECK(gpu(n2.allocatable) == 0);
  CHECK(gpu(n2.idle) == 0);
}

TEST_CASE("device-plugin GPUs and DRA GPUs on one node are summed") {
  // Behaviour 13 (section 2.6.2, 2.7 "overlap during migration"): nvidia.com/gpu: 4 in the
  // node's allocatable plus a slice of 4 gpu.nvidia.com devices: 4 + 4 = 8 GPUs = 8000 milli.
  const RunResult r = run_text(node("n1", "nvidia.com/gpu: \"4\"")
                               + slice("n1-gpus", "nodeName: n1", "gpu.nvidia.com", "n1", 4));
  const model::NodeInfo& n1 = node_of(r, "n1");
  CHECK(n1.dra_gpus == 4);
  CHECK(n1.has_dra_gpus());
  CHECK(gpu(n1.allocatable) == 8 * kGpu);
  CHECK(gpu(n1.idle) == 8 * kGpu);
}

// --- Task demand (section 2.6.3, behaviour 14) --------------------------------------------------

TEST_CASE("an exact-count GPU claim puts its count in the pod's GPU request and its queue") {
  // Behaviour 14: exactly{deviceClassName: gpu.nvidia.com, count: 2}: ExactCount adds 2, so
  // the pod's ResReqVector[gpu] = 2 GPUs = 2000 milli. Once it runs, default-queue (the only
  // queue: the scenario has none) is charged those 2 GPUs, and the node (4 DRA GPUs) has 2 used.
  const RunResult r =
      run_text(node("n1") + slice("n1-gpus", "nodeName: n1", "gpu.nvidia.com", "n1", 4)
               + claim_template("two",
                                "        exactly: {deviceClassName: gpu.nvidia.com, "
                                "allocationMode: ExactCount, count: 2}\n")
               + claim_pod("p", "two"));
  CHECK(request_gpu(r, "p") == 2 * kGpu);
  REQUIRE(pod(r, "p").phase == model::PodPhase::kRunning);
  CHECK(pod(r, "p").devices.size() == 2);
  CHECK(queue_gpu(r, "default-queue") == 2 * kGpu);
  const model::NodeInfo& n1 = node_of(r, "n1");
  // 4 GPUs allocatable, the pod charges 2: used 2000, idle 4000 - 2000 = 2000.
  CHECK(gpu(n1.used) == 2 * kGpu);
  CHECK(gpu(n1.idle) == 2 * kGpu);
}

TEST_CASE("allocation mode All counts 1 GPU, firstAvailable and non-GPU classes count none") {
  // Behaviour 14 (section 2.6.3): `All` adds 1 whatever the node has; `firstAvailable` requests
  // are ignored entirely; a class whose name lacks "gpu" (fpga.example.com) fails the GPU name
  // test. Only the template requests are read here (computed when the cluster is built).
  const RunResult r = run_text(
      node("n1") + slice("n1-gpus", "nodeName: n1", "gpu.nvidia.com", "n1", 4) + R"(
---
apiVersion: resource.k8s.io/v1
kind: DeviceClass
metadata: {name: fpga.example.com}
spec:
  selectors:
  - cel: {expression: 'device.driver == "fpga.example.com"'}
)"
      + claim_template("all",
                       "        exactly: {deviceClassName: gpu.nvidia.com, allocationMode: All}\n")
      + claim_template("first",
                       "        firstAvailable:\n        - {name: any, deviceClassName: "
                       "gpu.nvidia.com, count: 3}\n")
      + claim_template("fpga", "        exactly: {deviceClassName: fpga.example.com, count: 2}\n")
      + claim_pod("all-pod", "all") + claim_pod("first-pod", "first")
      + claim_pod("fpga-pod", "fpga"));
  CHECK(request_gpu(r, "all-pod") == 1 * kGpu);
  CHECK(request_gpu(r, "first-pod") == 0);
  CHECK(request_gpu(r, "fpga-pod") == 0);
}

/// A named claim in namespace default for one gpu.nvidia.com device, annotated as the KEP-5004
/// bridge's own claim.
const char* const kBridgeClaim = R"(
---
apiVersion: resource.k8s.io/v1
kind: ResourceClaim
metadata:
  name: bridged
  labels: {kai.scheduler/queue: default-queue}
  annotations: {resource.kubernetes.io/extended-resource-claim: "true"}
spec:
  devices:
    requests:
    - name: gpu
      exactly: {deviceClassName: gpu.nvidia.com}
)";

TEST_CASE("a claim annotated as an extended-resource claim adds no GPUs") {
  // Behaviour 14 (section 2.6.3): KEP-5004 synthetic claims are skipped (their GPUs are already
  // in the container requests), so a pod whose only claim is one has GPU request 0 and its
  // queue is charged no GPU although the claim holds a device.
  const RunResult r = run_text(
      node("n1") + slice("n1-gpus", "nodeName: n1", "gpu.nvidia.com", "n1", 4) + kBridgeClaim
      + "\n---\napiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  resourceClaims: [{name: "
        "gpu, resourceClaimName: bridged}]\n  containers: [{name: main}]\n");
  CHECK(request_gpu(r, "p") == 0);
  REQUIRE(pod(r, "p").phase == model::PodPhase::kRunning);
  CHECK(queue_gpu(r, "default-queue") == 0);
}

TEST_CASE("with skipBridgeClaimsInGpuCount off an extended-resource claim counts its GPUs") {
  // The switch (model/kai/api/switches.h) is off in kai-v0.13: before #1943 ExtractDRAGPUResources-
  // FromClaims had no such skip, so the same claim counts 1 GPU (ExactCount, count defaults
  // to 1) in the pod's request and its queue.
  const RunResult r = run_text(
      node("n1") + slice("n1-gpus", "nodeName: n1", "gpu.nvidia.com", "n1", 4) + kBridgeClaim
      + "\n---\napiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  resourceClaims: [{name: "
        "gpu, resourceClaimName: bridged}]\n  containers: [{name: main}]\n"
      + profile("kai", "skipBridgeClaimsInGpuCount: false"));
  CHECK(request_gpu(r, "p") == 1 * kGpu);
  REQUIRE(pod(r, "p").phase == model::PodPhase::kRunning);
  CHECK(queue_gpu(r, "default-queue") == 1 * kGpu);
}

// --- The DRA-only-node guard (section 2.4, behaviours 15 and 16) --------------------------------

/// One DRA-only node (4 gpu.nvidia.com devices, no nvidia.com/gpu) labelled with its GPU
/// memory so gpu-memory pods are not turned away for a missing label (behaviour 7), and four
/// pods: gpu-fraction 0.5, gpu-memory 2000 MiB, a whole nvidia.com/gpu: 1 and a CPU-only one.
std::string guard_scenario(const std::string& profile_name) {
  return node("dra", "", "nvidia.com/gpu.memory: \"16384\"")
         + slice("dra-gpus", "nodeName: dra", "gpu.nvidia.com", "dra", 4)
         + plain_pod("frac", "gpu-fraction: \"0.5\"") + plain_pod("mem", "gpu-memory: \"2000\"")
         + plain_pod("whole", "", "nvidia.com/gpu: \"1\"") + plain_pod("cpu")
         + profile(profile_name);
}

TEST_CASE("kai rejects shared GPU pods on a DRA node but not whole-GPU or CPU-only pods") {
  // Behaviour 15 (section 2.4 step 3, the v0.17 form): HasDRAGPUs and a shared request
  // (gpu-fraction or gpu-memory) -> rejected with KAI's fit error. The guard lets a whole
  // nvidia.com/gpu: 1 pod through: nothing maps nvidia.com/gpu to a DeviceClass, so AS-READ it
  // takes 1 GPU from the combined GPU slot (4 DRA GPUs, section 2.4 history); the CPU-only pod
  // is accepted at step 2.
  const RunResult r = run_text(guard_scenario("kai"));
  CHECK(pod(r, "frac").phase == model::PodPhase::kPending);
  CHECK(contains(pending_reason(r, "frac"), kSharedGuard));
  CHECK(pod(r, "mem").phase == model::PodPhase::kPending);
  CHECK(contains(pending_reason(r, "mem"), kSharedGuard));
  CHECK_FALSE(contains(pending_reason(r, "whole"), kSharedGuard));
  CHECK_FALSE(contains(pending_reason(r, "whole"), kWideGuard));
  CHECK(pod(r, "whole").phase == model::PodPhase::kRunning);
  CHECK(bound_node(r, "whole") == "dra");
  CHECK(pod(r, "cpu").phase == model::PodPhase::kRunning);
  CHECK(bound_node(r, "cpu") == "dra");
  // The whole pod's GPU comes out of the DRA GPU slot: 4000 - 1000 idle.
  CHECK(gpu(node_of(r, "dra").idle) == 3 * kGpu);
}

TEST_CASE("kai-v0.13 rejects whole and fractional GPU pods on a DRA node, not gpu-memory pods") {
  // Behaviour 16 (section 2.4 history, #937): the older guard rejects when the task's
  // device-plugin GPU amount GPUs() > 0: nvidia.com/gpu: 1 and gpu-fraction 0.5 are caught; a
  // gpu-memory pod has GPUs() == 0 and slips through this guard (it then goes through the
  // shared-GPU fit: 2000 MiB of a 16300 MiB GPU, portion 0.13, on one of the 4 DRA GPUs).
  const RunResult r = run_text(guard_scenario("kai-v0.13"));
  CHECK(pod(r, "whole").phase == model::PodPhase::kPending);
  CHECK(contains(pending_reason(r, "whole"), kWideGuard));
  CHECK(pod(r, "frac").phase == model::PodPhase::kPending);
  CHECK(contains(pending_reason(r, "frac"), kWideGuard));
  CHECK_FALSE(contains(pending_reason(r, "mem"), kWideGuard));
  CHECK_FALSE(contains(pending_reason(r, "mem"), kSharedGuard));
  CHECK(pod(r, "mem").phase == model::PodPhase::kRunning);
  CHECK(bound_node(r, "mem") == "dra");
  CHECK(pod(r, "cpu").phase == model::PodPhase::kRunning);
  // The gpu-memory pod opens a GPU group, which takes one whole GPU out of idle: the node's GPU
  // count (GetNumberOfGPUsInNode: no count label, so AllocatableVector[gpu] with the 4 DRA GPUs,
  // section 1.7) is below whole idle 4 + whole used 0 + 1 group in use. Idle 4000 - 1000.
  const model::NodeInfo& dra = node_of(r, "dra");
  CHECK(dra.gpu_count == 4);
  CHECK(gpu(dra.idle) == 3 * kGpu);
}

TEST_CASE("a shared pod leaving a DRA-only node gives its group's GPU back") {
  // Regression: the node's GPU count ignored its DRA GPUs (0 instead of 4), so KAI's
  // double-count guard took a GPU when the group opened (0 < 4 + 0 + 1) but never returned it
  // when the group closed (0 >= 3 + 0 + 0 is false), and the node invariants failed. With the
  // count at 4: taken on open (4 < 5), returned on close (4 >= 3). The gpu-memory pod runs 10
  // minutes under kai-v0.13 (whose guard lets it through); afterwards idle is back at 4000.
  const RunResult r = run_text(node("dra", "", "nvidia.com/gpu.memory: \"16384\"")
                               + slice("dra-gpus", "nodeName: dra", "gpu.nvidia.com", "dra", 4)
                               + plain_pod("mem", "gpu-memory: \"2000\", drasim.dev/runtime: 10m")
                               + profile("kai-v0.13"));
  CHECK(pod(r, "mem").phase == model::PodPhase::kSucceeded);
  const model::NodeInfo& dra = node_of(r, "dra");
  CHECK(dra.gpu_count == 4);
  CHECK(gpu(dra.idle) == 4 * kGpu);
  CHECK(gpu(dra.used) == 0);
  CHECK(dra.gpu_groups.gpus_taken() == 0);
}

// --- Largest node (section 2.3, behaviour 19) ---------------------------------------------------

TEST_CASE("a pod asking more GPUs than the largest node has fails the pool maximum") {
  // Behaviour 19: n1 has 1 device-plugin GPU and a slice of 1 DRA GPU, so its GPU slot is 2;
  // a pod of nvidia.com/gpu: 3 exceeds that single-node maximum (MaxNodePoolResources) and
  // stays pending with no eviction tried for it.
  const RunResult r = run_text(node("n1", "nvidia.com/gpu: \"1\"")
                               + slice("n1-gpus", "nodeName: n1", "gpu.nvidia.com", "n1", 1)
                               + plain_pod("big", "", "nvidia.com/gpu: \"3\""));
  CHECK(gpu(node_of(r, "n1").allocatable) == 2 * kGpu);
  CHECK(pod(r, "big").phase == model::PodPhase::kPending);
  // The reason names the resource as the pod asked for it and the largest node's amount.
  CHECK(pending_reason(r, "big")
        == "the pod requests 3 nvidia.com/gpu but the largest node in the pool has 2");
  CHECK(r.stats.evictions == 0);
}

// --- Shared claims on one node (section 2.6.4, behaviour 17) ------------------------------------

/// A 1-GPU DRA node n1 (driver gpu.nvidia.com, pool pool-a, device gpu-0), one named claim
/// labelled with default-queue and already allocated gpu-0 on n1, and two pods bound to n1 in
/// the manifest that both use it.
std::string shared_claim_scenario(const std::string& profile_doc) {
  return node("n1") + slice("n1-gpus", "nodeName: n1", "gpu.nvidia.com", "pool-a", 1) + R"(
---
apiVersion: resource.k8s.io/v1
kind: ResourceClaim
metadata:
  name: shared
  labels: {kai.scheduler/queue: default-queue}
spec:
  devices:
    requests:
    - name: gpu
      exactly: {deviceClassName: gpu.nvidia.com}
status:
  allocation:
    devices:
      results:
      - {request: gpu, driver: gpu.nvidia.com, pool: pool-a, device: gpu-0}
    nodeSelector:
      nodeSelectorTerms:
      - matchFields:
        - {key: metadata.name, operator: In, values: [n1]}
)" + "\n---\napiVersion: v1\nkind: Pod\nmetadata: {name: a}\nspec:\n  nodeName: n1\n  resourceClaims: "
         "[{name: gpu, resourceClaimName: shared}]\n  containers: [{name: main}]\n"
         "\n---\napiVersion: v1\nkind: Pod\nmetadata: {name: b}\nspec:\n  nodeName: n1\n  "
         "resourceClaims: [{name: gpu, resourceClaimName: shared}]\n  containers: [{name: main}]\n"
         + profile_doc;
}

TEST_CASE("kai charges a claim shared by two pods on one node once per device") {
  // Behaviour 17, main after v0.17.0 (#1930): both pods track 1 GPU (the claim's count); a adds
  // key gpu.nvidia.com/pool-a/gpu-0 (refs 1) and charges 1000, b finds the key held and is
  // charged 1000 - 1000 = 0. Node: used 1000, idle 1000 - 1000 = 0. The dedup is node-only:
  // the queue is charged each pod's 1 GPU, 2000.
  const RunResult r = run_text(shared_claim_scenario(profile("kai")));
  REQUIRE(pod(r, "a").phase == model::PodPhase::kRunning);
  REQUIRE(pod(r, "b").phase == model::PodPhase::kRunning);
  CHECK(request_gpu(r, "a") == 1 * kGpu);
  const model::NodeInfo& n1 = node_of(r, "n1");
  CHECK(gpu(n1.allocatable) == 1 * kGpu);
  CHECK(gpu(n1.used) == 1 * kGpu);
  CHECK(gpu(n1.idle) == 0);
  CHECK(n1.dra_gpu_saved == 1 * kGpu);
  CHECK(queue_gpu(r, "default-queue") == 2 * kGpu);
}

TEST_CASE("kai-v0.17 charges a shared claim once per pod, driving idle negative") {
  // Behaviour 17, v0.17.0 and earlier: each pod charges its 1 GPU: used 2 x 1000 = 2000,
  // idle 1000 - 2000 = -1000 (never clamped, section 2.7). Queue still 2000.
  const RunResult r = run_text(shared_claim_scenario(profile("kai-v0.17")));
  REQUIRE(pod(r, "a").phase == model::PodPhase::kRunning);
  REQUIRE(pod(r, "b").phase == model::PodPhase::kRunning);
  const model::NodeInfo& n1 = node_of(r, "n1");
  CHECK(gpu(n1.used) == 2 * kGpu);
  CHECK(gpu(n1.idle) == -1 * kGpu);
  CHECK(n1.dra_gpu_saved == 0);
  CHECK(queue_gpu(r, "default-queue") == 2 * kGpu);
}

TEST_CASE("sharedClaimDedup off in the kai profile gives the v0.17 numbers") {
  // The switch alone flips behaviour 17 back: used 2000, idle -1000, queue 2000.
  const RunResult r = run_text(shared_claim_scenario(profile("kai", "sharedClaimDedup: false")));
  const model::NodeInfo& n1 = node_of(r, "n1");
  CHECK(gpu(n1.used) == 2 * kGpu);
  CHECK(gpu(n1.idle) == -1 * kGpu);
  CHECK(queue_gpu(r, "default-queue") == 2 * kGpu);
}

/// The same node and claim, but the claim is not allocated yet and neither pod is bound: the
/// scheduler allocates gpu-0 for the first pod, and the second one finds the claim allocated.
std::string scheduled_shared_claim(const std::string& profile_doc) {
  return node("n1") + slice("n1-gpus", "nodeName: n1", "gpu.nvidia.com", "pool-a", 1) + R"(
---
apiVersion: resource.k8s.io/v1
kind: ResourceClaim
metadata:
  name: shared
  labels: {kai.scheduler/queue: default-queue}
spec:
  devices:
    requests:
    - name: gpu
      exactly: {deviceClassName: gpu.nvidia.com}
)" + "\n---\napiVersion: v1\nkind: Pod\nmetadata: {name: a}\nspec:\n  resourceClaims: "
         "[{name: gpu, resourceClaimName: shared}]\n  containers: [{name: main}]\n"
         "\n---\napiVersion: v1\nkind: Pod\nmetadata: {name: b, annotations: {drasim.dev/at: "
         "10s}}\nspec:\n  resourceClaims: [{name: gpu, resourceClaimName: shared}]\n  containers: "
         "[{name: main}]\n"
         + profile_doc;
}

TEST_CASE("kai lets a second pod of a shared claim onto the node that already counts its GPU") {
  // Section 2.2 (with #1930): before comparing, KAI adds to the node's free GPUs the pod's
  // already-allocated claim devices the node already counts. a takes gpu-0 (idle 1000 - 1000 =
  // 0); b asks 1 GPU, the node counts gpu-0 already, so b needs 1000 - 1000 = 0 <= 0 and binds;
  // its charge is deduplicated (used stays 1000, idle 0).
  const RunResult r = run_text(scheduled_shared_claim(profile("kai")));
  REQUIRE(pod(r, "a").phase == model::PodPhase::kRunning);
  REQUIRE(pod(r, "b").phase == model::PodPhase::kRunning);
  const model::NodeInfo& n1 = node_of(r, "n1");
  CHECK(gpu(n1.used) == 1 * kGpu);
  CHECK(gpu(n1.idle) == 0);
  CHECK(queue_gpu(r, "default-queue") == 2 * kGpu);  // the dedup is node-only
}

TEST_CASE("kai-v0.17 keeps the second pod of a shared claim pending on a full node") {
  // Without the fix the second pod's 1 GPU is compared with idle 0 as is: KAI's resource fit
  // fails on the only node, although the pod needs no new device.
  const RunResult r = run_text(scheduled_shared_claim(profile("kai-v0.17")));
  REQUIRE(pod(r, "a").phase == model::PodPhase::kRunning);
  CHECK(pod(r, "b").phase == model::PodPhase::kPending);
  CHECK(pending_reason(r, "b") == "0/1 nodes are available: 1 Insufficient gpu.");
}

// --- No DRA GPU accounting (kai-v0.12, draGpuAccounting: false) ---------------------------------

/// A DRA-only node with 4 gpu.nvidia.com devices and a pod whose template claim asks 2 of them.
std::string accounting_scenario(const std::string& profile_doc) {
  return node("n1") + slice("n1-gpus", "nodeName: n1", "gpu.nvidia.com", "n1", 4)
         + claim_template("two", "        exactly: {deviceClassName: gpu.nvidia.com, count: 2}\n")
         + claim_pod("p", "two") + profile_doc;
}

void check_no_accounting(const RunResult& r) {
  // Before v0.13 (#900) there is no populateDRAGPUs: the node has no GPU slot and no
  // HasDRAGPUs; the claim's 2 GPUs are not in the pod's request, so the running pod charges
  // its queue 0 GPUs although the allocator gave it 2 devices.
  const model::NodeInfo& n1 = node_of(r, "n1");
  CHECK(n1.dra_gpus == 0);
  CHECK_FALSE(n1.has_dra_gpus());
  CHECK(gpu(n1.allocatable) == 0);
  CHECK(gpu(n1.idle) == 0);
  CHECK(request_gpu(r, "p") == 0);
  REQUIRE(pod(r, "p").phase == model::PodPhase::kRunning);
  CHECK(pod(r, "p").devices.size() == 2);
  CHECK(queue_gpu(r, "default-queue") == 0);
}

TEST_CASE("kai-v0.12 gives DRA nodes no GPU slot and claim GPUs no quota") {
  check_no_accounting(run_text(accounting_scenario(profile("kai-v0.12"))));
}

TEST_CASE("draGpuAccounting off in the kai profile behaves as kai-v0.12") {
  check_no_accounting(run_text(accounting_scenario(profile("kai", "draGpuAccounting: false"))));
}

TEST_CASE("the kai profile counts the same claim and node") {
  // The contrast: 4 DRA GPUs on n1, 2 in the pod's request and its queue, 2 used on n1.
  const RunResult r = run_text(accounting_scenario(profile("kai")));
  const model::NodeInfo& n1 = node_of(r, "n1");
  CHECK(gpu(n1.allocatable) == 4 * kGpu);
  CHECK(gpu(n1.used) == 2 * kGpu);
  CHECK(gpu(n1.idle) == 2 * kGpu);
  CHECK(queue_gpu(r, "default-queue") == 2 * kGpu);
}

// --- Slices appearing mid-run -------------------------------------------------------------------

TEST_CASE("a GPU slice appearing mid-run raises the node's GPU slot under a running pod") {
  // n1 advertises nvidia.com/gpu: 2; `small` (1 GPU) runs from 0.2 s. `big` asks 4 GPUs and
  // cannot fit 2. At 60 s a slice of 4 gpu.nvidia.com devices appears on n1: populateDRAGPUs
  // raises allocatable and idle by 4000 (section 2.6.2) with `small` still charged, so the node
  // has 6000 allocatable and 6000 - 1000 = 5000 idle; the cycle at 60 s places `big` (the kai
  // guard only rejects shared requests), which runs from 60.2 s. End: used 1000 + 4000 = 5000,
  // idle 6000 - 5000 = 1000. The engine checks the node invariants after every cycle.
  const RunResult r =
      run_text(node("n1", "nvidia.com/gpu: \"2\"")
               + slice("late", "nodeName: n1", "gpu.nvidia.com", "n1", 4, "drasim.dev/at: 60s")
               + plain_pod("small", "", "nvidia.com/gpu: \"1\"")
               + plain_pod("big", "", "nvidia.com/gpu: \"4\""));
  CHECK(pod(r, "small").bound_us == 200'000);
  REQUIRE(pod(r, "big").bound_us.has_value());
  CHECK(*pod(r, "big").bound_us == 60'200'000);
  const model::NodeInfo& n1 = node_of(r, "n1");
  CHECK(n1.dra_gpus == 4);
  CHECK(gpu(n1.allocatable) == 6 * kGpu);
  CHECK(gpu(n1.used) == 5 * kGpu);
  CHECK(gpu(n1.idle) == 1 * kGpu);
  CHECK(queue_gpu(r, "default-queue") == 5 * kGpu);
}

// --- Switch decoding ----------------------------------------------------------------------------

TEST_CASE("an unknown switch name and a non-boolean switch value are input errors") {
  // Names come from `drasim profiles` (model/kai/api/switches.h); values are true or false. The
  // unknown name's value `true` is on line 7 at column 23; `maybe` on line 8 at column 25.
  CHECK(input_errors(R"(apiVersion: drasim.dev/v1alpha1
kind: Scenario
metadata: {name: s}
spec:
  scheduler:
    features:
      draGpuCounting: true
      sharedClaimDedup: maybe
)")
        == std::vector<std::string>{
            "t.yaml:7:23: error: spec.scheduler.features.draGpuCounting: a behaviour switch "
            "listed by `drasim profiles`, got \"draGpuCounting\"",
            "t.yaml:8:25: error: spec.scheduler.features.sharedClaimDedup: true or false, got "
            "\"maybe\""});
}

}  // namespace
}  // namespace drasim::sim
