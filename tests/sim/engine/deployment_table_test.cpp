// The "Deployment Scenarios" table of KAI's DRA-extended-resources design
// (docs/developer/designs/dra-extended-resources/README.md), one test per row, with the outcome
// the design states; then behaviours 20 to 23 of kai-scheduler-behavior.md section 9 and an
// unresolvable request. All run under the kai profile on Kubernetes 1.35 with
// DRAExtendedResource on (dra-semantics.md section 5).
#include "reports/pod_rows.h"
#include "sim/engine/engine.h"
#include "sim/scenario_loader.h"

#include <doctest/doctest.h>

#include "tests/sim/run_helpers.h"
#include <string>
#include <vector>

namespace drasim::sim {
namespace {

constexpr int64_t kGpu = 1000;  // milli-GPUs per GPU in the gpu slot

/// The Scenario document: kai, Kubernetes 1.35, DRAExtendedResource on.
const char* const kScenario = R"(
---
apiVersion: drasim.dev/v1alpha1
kind: Scenario
metadata: {name: t}
spec:
  kubernetes: {version: "1.35", featureGates: {DRAExtendedResource: true}}
  scheduler: {profile: kai}
)";

/// A DeviceClass `name` selecting devices of driver gpu.nvidia.com (and `extra_cel`, a CEL
/// conjunct, if given), mapped to nvidia.com/gpu, created at `created` if given.
std::string gpu_class(const std::string& name = "gpu.nvidia.com", const std::string& extra_cel = "",
                      const std::string& created = "") {
  return "\n---\napiVersion: resource.k8s.io/v1\nkind: DeviceClass\nmetadata: {name: " + name
         + (created.empty() ? "" : ", creationTimestamp: \"" + created + "\"")
         + "}\nspec:\n  selectors:\n  - cel: {expression: 'device.driver == \"gpu.nvidia.com\""
         + (extra_cel.empty() ? "" : " && " + extra_cel)
         + "'}\n  extendedResourceName: nvidia.com/gpu\n";
}

/// A node labelled with its hostname, with 32 cores, 128Gi and `extra` added to its allocatable
/// (flow YAML entries).
std::string node(const std::string& name, const std::string& extra = "") {
  return "\n---\napiVersion: v1\nkind: Node\nmetadata: {name: " + name
         + ", labels: {kubernetes.io/hostname: " + name
         + "}}\nstatus:\n  allocatable: {cpu: \"32\", memory: 128Gi, pods: \"110\""
         + (extra.empty() ? "" : ", " + extra) + "}\n";
}

/// A DRA-only GPU node: a slice of gpu.nvidia.com on it (pool = node name) whose devices are
/// gpu-0.. with `attributes` (flow YAML of one device's attributes, may be empty) each.
std::string dra_node(const std::string& name, const std::vector<std::string>& attributes) {
  std::string out = node(name) + "\n---\napiVersion: resource.k8s.io/v1\nkind: ResourceSlice\n"
                    + "metadata: {name: " + name + "-gpu}\nspec:\n  driver: gpu.nvidia.com\n"
                    + "  nodeName: " + name + "\n  pool: {name: " + name
                    + ", generation: 1, resourceSliceCount: 1}\n  devices:\n";
  for (size_t i = 0; i < attributes.size(); ++i) {
    out += "  - {name: gpu-" + std::to_string(i)
           + (attributes[i].empty() ? "" : ", attributes: " + attributes[i]) + "}\n";
  }
  return out;
}

std::string dra_node(const std::string& name, int gpus) {
  return dra_node(name, std::vector<std::string>(static_cast<size_t>(gpus)));
}

/// A pod whose one container `main` has `limits` (flow entries) as its only resources, with
/// `annotations` (flow entries) and `spec` lines added.
std::string pod_doc(const std::string& name, const std::string& limits,
                    const std::string& annotations = "", const std::string& spec = "") {
  return "\n---\napiVersion: v1\nkind: Pod\nmetadata: {name: " + name + ", annotations: {"
         + annotations + "}}\nspec:\n" + spec
         + "  containers:\n  - name: main\n    resources:\n      limits: {" + limits + "}\n";
}

/// A 1-GPU pod pinned to `node_name` by spec.nodeSelector.
std::string pinned_gpu_pod(const std::string& name, const std::string& node_name,
                           const std::string& annotations = "") {
  return pod_doc(name, "nvidia.com/gpu: \"1\"", annotations,
                 "  nodeSelector: {kubernetes.io/hostname: " + node_name + "}\n");
}

RunResult run_text(const std::string& text) {
  return run_scenario(load_scenario_texts({{"t.yaml", text + kScenario}}));
}

std::vector<model::Anomaly> of_kind(const RunResult& r, model::AnomalyKind kind) {
  std::vector<model::Anomaly> out;
  for (const model::Anomaly& a : r.anomalies) {
    if (a.kind == kind) {
      out.push_back(a);
    }
  }
  return out;
}

const model::NodeInfo& node_of(const RunResult& r, const std::string& name) {
  const auto id = r.state.find_node(name);
  REQUIRE(id.has_value());
  return r.state.node(*id);
}

reports::PodRow row_of(const RunResult& r, const std::string& name) {
  for (reports::PodRow& row : reports::pod_rows(r)) {
    if (row.name == name) {
      return row;
    }
  }
  FAIL("no pod " << name);
  return {};
}

bool starts_with(const std::string& text, const std::string& prefix) {
  return text.rfind(prefix, 0) == 0;
}

/// The pod ran through the device plugin: no bridge claim, no devices, no claim status.
void check_device_plugin(const RunResult& r, const std::string& name) {
  CAPTURE(name);
  const model::PodInfo& p = pod(r, name);
  CHECK(p.phase == model::PodPhase::kRunning);
  CHECK_FALSE(p.bridge_claim.valid());
  CHECK(p.devices.empty());
  CHECK_FALSE(p.extended_claim_status.has_value());
  CHECK(row_of(r, name).path == "device-plugin");
}

/// The pod ran through the bridge: a claim `<pod>-extended-resources-<5>` holding `devices`
/// devices of gpu.nvidia.com, and the claim status naming it.
void check_bridged(const RunResult& r, const std::string& name, size_t devices) {
  CAPTURE(name);
  const model::PodInfo& p = pod(r, name);
  CHECK(p.phase == model::PodPhase::kRunning);
  REQUIRE(p.bridge_claim.valid());
  const std::string& claim = r.state.claims.at(p.bridge_claim).claim.meta.name;
  const std::string prefix = name + "-extended-resources-";
  CHECK(starts_with(claim, prefix));
  CHECK(claim.size() == prefix.size() + 5);
  REQUIRE(p.devices.size() == devices);
  for (const model::PodDevice& d : p.devices) {
    CHECK(d.claim == claim);
    CHECK(d.driver == "gpu.nvidia.com");
  }
  REQUIRE(p.extended_claim_status.has_value());
  CHECK(p.extended_claim_status->name == claim);
  CHECK(row_of(r, name).path == "dra");
}

// --- The design's deployment-scenario table -----------------------------------------------------

TEST_CASE("pure device-plugin cluster: the bridge is a no-op") {
  // Row 1: "GetDeviceClass returns nil for all resources; no DRA path is activated." Two
  // nodes advertise nvidia.com/gpu: 2, no DeviceClass maps it: both 1-GPU pods run through the
  // device plugin, no claim exists, accounted GPUs = held GPUs (2), no anomaly.
  const RunResult r =
      run_text(node("dp-a", "nvidia.com/gpu: \"2\"") + node("dp-b", "nvidia.com/gpu: \"2\"")
               + pod_doc("p0", "nvidia.com/gpu: \"1\"") + pod_doc("p1", "nvidia.com/gpu: \"1\""));
  check_device_plugin(r, "p0");
  check_device_plugin(r, "p1");
  CHECK(r.state.claims.allocated().empty());
  CHECK(r.anomalies.empty());
  REQUIRE(r.quota.size() == 1);
  CHECK(r.quota[0][2].back().accounted == 2);
  CHECK(r.quota[0][2].back().actual == 2);
}

TEST_CASE("pure DRA cluster: every nvidia.com/gpu pod goes through the bridge") {
  // Row 2: "Full feature path ... routed through DRA allocation on every node." Two DRA-only
  // nodes of 1 GPU each, two 1-GPU pods: each gets its own synthetic claim and device; KAI
  // binpacks, so one pod per node once the first node is full (1 device each).
  const RunResult r =
      run_text(gpu_class() + dra_node("dra-a", 1) + dra_node("dra-b", 1)
               + pod_doc("p0", "nvidia.com/gpu: \"1\"") + pod_doc("p1", "nvidia.com/gpu: \"1\""));
  check_bridged(r, "p0", 1);
  check_bridged(r, "p1", 1);
  CHECK(bound_node(r, "p0") != bound_node(r, "p1"));
  CHECK(r.anomalies.empty());
  CHECK(r.quota[0][2].back().accounted == 2);
  CHECK(r.quota[0][2].back().actual == 2);
}

TEST_CASE("mixed cluster: the path is chosen per node") {
  // Row 3 (and row 4, rolling migration, "same as mixed cluster"): the mapped class exists
  // cluster-wide; dp advertises nvidia.com/gpu: 1 (device plugin serves the name there,
  // dra-semantics.md section 5.3), dra advertises none and has 1 device. One pod pinned to
  // each node: the dp pod gets no claim, the dra pod a claim with device gpu-0 of pool dra.
  const RunResult r =
      run_text(gpu_class() + node("dp", "nvidia.com/gpu: \"1\"") + dra_node("dra", 1)
               + pinned_gpu_pod("on-dp", "dp") + pinned_gpu_pod("on-dra", "dra"));
  CHECK(bound_node(r, "on-dp") == "dp");
  check_device_plugin(r, "on-dp");
  CHECK(bound_node(r, "on-dra") == "dra");
  check_bridged(r, "on-dra", 1);
  CHECK(pod(r, "on-dra").devices[0].pool == "dra");
  CHECK(pod(r, "on-dra").devices[0].device == "gpu-0");
  CHECK(r.anomalies.empty());
}

TEST_CASE("GPU sharing on a DRA node is rejected by the guard") {
  // Row 5: "Rejected at PreFilter by the existing HasDRAGPUs guard" (section 2.4 step 3): a
  // gpu-fraction 0.5 pod and the only node is DRA-only -> pending with the shared-GPU message
  // and no claim.
  const RunResult r =
      run_text(gpu_class() + dra_node("dra", 2) + pod_doc("frac", "", "gpu-fraction: \"0.5\""));
  CHECK(pod(r, "frac").phase == model::PodPhase::kPending);
  CHECK(pending_reason(r, "frac").find(
            "fractional/shared GPU pods are not yet supported on DRA-only nodes")
        != std::string::npos);
  CHECK_FALSE(pod(r, "frac").bridge_claim.valid());
}

TEST_CASE(
    "two DeviceClasses with one extendedResourceName: the newer wins, the older is shadowed") {
  // Row 6: gpu-a100 (created 2025-01-01) selects model A100, gpu-h100 (created 2025-06-01)
  // selects model H100, both declare nvidia.com/gpu. The newer, gpu-h100, serves the name, so
  // the pod's one device is gpu-1 (H100) although gpu-0 (A100) comes first in the slice. The
  // loser is reported once as shadowed.
  const RunResult r =
      run_text(gpu_class("gpu-a100", "device.attributes[\"gpu.nvidia.com\"].model == \"A100\"",
                         "2025-01-01T00:00:00Z")
               + gpu_class("gpu-h100", "device.attributes[\"gpu.nvidia.com\"].model == \"H100\"",
                           "2025-06-01T00:00:00Z")
               + dra_node("dra", {"{model: {string: A100}}", "{model: {string: H100}}"})
               + pod_doc("p", "nvidia.com/gpu: \"1\""));
  check_bridged(r, "p", 1);
  CHECK(pod(r, "p").devices[0].device == "gpu-1");
  const model::dra::ClaimInfo& claim = r.state.claims.at(pod(r, "p").bridge_claim);
  REQUIRE(claim.claim.spec.requests.size() == 1);
  REQUIRE(claim.claim.spec.requests[0].exactly.has_value());
  CHECK(claim.claim.spec.requests[0].exactly->device_class_name == "gpu-h100");
  const std::vector<model::Anomaly> shadowed = of_kind(r, model::AnomalyKind::kShadowedDeviceClass);
  REQUIRE(shadowed.size() == 1);
  CHECK(shadowed[0].resource == "nvidia.com/gpu");
  CHECK(shadowed[0].message
        == "DeviceClasses gpu-a100 and gpu-h100 both declare extendedResourceName nvidia.com/gpu; "
           "the newer, gpu-h100, serves it and gpu-a100 is silently shadowed");
  CHECK(r.anomalies.size() == 1);
}

// --- Behaviours 21 to 23 and an unresolvable request ---------------------------------------------

TEST_CASE("a node advertising nvidia.com/gpu serves the pod through its device plugin") {
  // Behaviour 21: the mapped class exists, but dp advertises nvidia.com/gpu: 4, so
  // delegateToDRA is false there (allocatable > 0): device-plugin path, no synthetic claim.
  // KAI charges dp's GPU slot 1000 of 4000.
  const RunResult r = run_text(gpu_class() + node("dp", "nvidia.com/gpu: \"4\"")
                               + pod_doc("p", "nvidia.com/gpu: \"1\""));
  CHECK(bound_node(r, "p") == "dp");
  check_device_plugin(r, "p");
  CHECK(node_of(r, "dp").used.get(model::kGpuSlot) == 1 * kGpu);
  CHECK(r.anomalies.empty());
}

TEST_CASE("an init container of 2 GPUs and a main container of 1 hold 2 devices") {
  // Behaviour 22 and dra-semantics.md section 5.5: containers = [init (0), main (1)]. The
  // long-lived main gets container-1-request-0 (count 1); the short-lived init reuses it
  // (1 < 2) and gets its own container-0-request-0 for the rest (count 2 - 1 = 1). Sorted by
  // name: container-0-request-0, container-1-request-0; 2 devices in all. KAI's demand is
  // max(2, 1) = 2 GPUs: dra's GPU slot used 2000 of 4000.
  const RunResult r = run_text(gpu_class() + dra_node("dra", 4) + R"(
---
apiVersion: v1
kind: Pod
metadata: {name: p}
spec:
  initContainers:
  - {name: init, resources: {limits: {nvidia.com/gpu: "2"}}}
  containers:
  - {name: main, resources: {limits: {nvidia.com/gpu: "1"}}}
)");
  check_bridged(r, "p", 2);
  const model::dra::ClaimInfo& claim = r.state.claims.at(pod(r, "p").bridge_claim);
  REQUIRE(claim.claim.spec.requests.size() == 2);
  CHECK(claim.claim.spec.requests[0].name == "container-0-request-0");
  CHECK(claim.claim.spec.requests[0].exactly->count == 1);
  CHECK(claim.claim.spec.requests[1].name == "container-1-request-0");
  CHECK(claim.claim.spec.requests[1].exactly->count == 1);
  // Mappings: long-lived first, then the init container's reuse and its own request.
  CHECK(*pod(r, "p").extended_claim_status->mappings
        == std::vector<model::RequestMapping>{{"main", "nvidia.com/gpu", "container-1-request-0"},
                                              {"init", "nvidia.com/gpu", "container-1-request-0"},
                                              {"init", "nvidia.com/gpu", "container-0-request-0"}});
  CHECK(node_of(r, "dra").used.get(model::kGpuSlot) == 2 * kGpu);
  CHECK(r.anomalies.empty());
}

TEST_CASE("a DRA node filled by as many bridged pods as it has devices takes no more") {
  // Behaviour 23: dra has N = 3 devices; fill-0..fill-2 (1 GPU each) take gpu-0..gpu-2; the
  // fourth pod, submitted at 30 s, finds GPU idle 3000 - 3000 = 0 and no free device: pending.
  const RunResult r =
      run_text(gpu_class() + dra_node("dra", 3)
               + pod_doc("fill", "nvidia.com/gpu: \"1\"", "drasim.dev/replicas: \"3\"")
               + pod_doc("extra", "nvidia.com/gpu: \"1\"", "drasim.dev/at: 30s"));
  for (const char* name : {"fill-0", "fill-1", "fill-2"}) {
    check_bridged(r, name, 1);
  }
  CHECK(node_of(r, "dra").idle.get(model::kGpuSlot) == 0);
  CHECK(pod(r, "extra").phase == model::PodPhase::kPending);
  CHECK_FALSE(pod(r, "extra").bridge_claim.valid());
  CHECK(r.anomalies.empty());
}

TEST_CASE("a resource no node advertises and no class maps is unresolvable") {
  // example.com/fpga: nothing advertises it and no DeviceClass maps it (the gpu class maps only
  // nvidia.com/gpu): the pool maximum refuses the pod, whose reason names the resource, and
  // the model reports it once as unresolvable (value 1, the amount asked).
  const RunResult r =
      run_text(gpu_class() + dra_node("dra", 1) + pod_doc("p", "example.com/fpga: \"1\""));
  CHECK(pod(r, "p").phase == model::PodPhase::kPending);
  CHECK(pending_reason(r, "p")
        == "the pod requests 1 example.com/fpga but no node in the pool has any");
  const std::vector<model::Anomaly> unresolvable =
      of_kind(r, model::AnomalyKind::kUnresolvableRequest);
  REQUIRE(unresolvable.size() == 1);
  CHECK(unresolvable[0].resource == "example.com/fpga");
  CHECK(unresolvable[0].value == 1);
  CHECK(unresolvable[0].pod == "default/p");
  CHECK(unresolvable[0].queue == "default-queue");
  CHECK(unresolvable[0].message
        == "pod default/p requests example.com/fpga, which no node advertises and which this "
           "scheduler cannot serve through DRA (no DeviceClass maps it, or the KEP-5004 bridge "
           "is off): it can never be scheduled");
  CHECK(r.anomalies.size() == 1);
}

}  // namespace
}  // namespace drasim::sim
