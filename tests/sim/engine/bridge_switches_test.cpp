// Every KAI behaviour switch of model/kai/api/switches.h, one scenario each: the failure mode the
// KAI DRA-extended-resources design describes with the switch off, and its absence with the
// switch on (the same YAML run twice, flipping `spec.scheduler.features`, or two profiles).
// Sources: KAI's docs/developer/designs/dra-extended-resources/README.md ("Design",
// "Implications", "Follow-ups"), kai-scheduler-behavior.md sections 2.2, 2.4, 2.6, 2.7 and 6.3,
// dra-semantics.md section 5.
#include "reports/pod_rows.h"
#include "sim/engine/engine.h"
#include "sim/scenario_loader.h"

#include <doctest/doctest.h>

#include "tests/sim/run_helpers.h"
#include <string>
#include <vector>

namespace drasim::sim {
namespace {

constexpr int64_t kGpu = 1000;   // milli-GPUs per GPU in the gpu slot
constexpr size_t kQueueGpu = 2;  // the GPU row of a queue's quota series

/// The Scenario document: Kubernetes 1.35 with DRAExtendedResource on (so DeviceClasses keep
/// `extendedResourceName`), `profile`, and the switches `features` (flow YAML entries) if given.
std::string scenario(const std::string& profile, const std::string& features = "") {
  return "\n---\napiVersion: drasim.dev/v1alpha1\nkind: Scenario\nmetadata: {name: t}\nspec:\n"
         "  kubernetes: {version: \"1.35\", featureGates: {DRAExtendedResource: true}}\n"
         "  scheduler: {profile: "
         + profile + (features.empty() ? "" : ", features: {" + features + "}") + "}\n";
}

/// A DeviceClass selecting every device of `driver`, mapped to `extended` if not empty.
std::string device_class(const std::string& name, const std::string& driver,
                         const std::string& extended) {
  return "\n---\napiVersion: resource.k8s.io/v1\nkind: DeviceClass\nmetadata: {name: " + name
         + "}\nspec:\n  selectors:\n  - cel: {expression: 'device.driver == \"" + driver + "\"'}\n"
         + (extended.empty() ? "" : "  extendedResourceName: " + extended + "\n");
}

/// gpu.nvidia.com mapped to nvidia.com/gpu (KEP-5004's migration path).
std::string gpu_class() {
  return device_class("gpu.nvidia.com", "gpu.nvidia.com", "nvidia.com/gpu");
}

/// nic.example.com mapped to example.com/nic: a non-GPU DRA-backed extended resource.
std::string nic_class() {
  return device_class("nic.example.com", "nic.example.com", "example.com/nic");
}

/// A node with 32 cores, 128Gi and `extra` added to its allocatable (flow YAML entries).
std::string node(const std::string& name, const std::string& extra = "",
                 const std::string& labels = "") {
  return "\n---\napiVersion: v1\nkind: Node\nmetadata: {name: " + name
         + (labels.empty() ? "" : ", labels: {" + labels + "}")
         + "}\nstatus:\n  allocatable: {cpu: \"32\", memory: 128Gi, pods: \"110\""
         + (extra.empty() ? "" : ", " + extra) + "}\n";
}

/// A ResourceSlice of `driver` on node `node_name` (pool = the node's name) with `devices`
/// devices named `<prefix>-0`, `<prefix>-1`, ...
std::string slice(const std::string& node_name, const std::string& driver, int devices,
                  const std::string& prefix) {
  std::string out =
      "\n---\napiVersion: resource.k8s.io/v1\nkind: ResourceSlice\nmetadata: {name: " + node_name
      + "-" + prefix + "}\nspec:\n  driver: " + driver + "\n  nodeName: " + node_name
      + "\n  pool: {name: " + node_name + ", generation: 1, resourceSliceCount: 1}\n  devices:\n";
  for (int i = 0; i < devices; ++i) {
    out += "  - {name: " + prefix + "-" + std::to_string(i) + "}\n";
  }
  return out;
}

/// A DRA-only GPU node: `gpus` gpu.nvidia.com devices, no nvidia.com/gpu in its allocatable.
std::string dra_gpu_node(const std::string& name, int gpus, const std::string& labels = "") {
  return node(name, "", labels) + slice(name, "gpu.nvidia.com", gpus, "gpu");
}

/// A pod with one container `main` whose only resources are `limits` (flow entries; requests
/// default to them), with `annotations` (flow entries) and `spec` lines added. With no other
/// request names, a DRA-backed name is index 0 among the container's requests.
std::string pod_doc(const std::string& name, const std::string& limits,
                    const std::string& annotations = "", const std::string& spec = "") {
  return "\n---\napiVersion: v1\nkind: Pod\nmetadata: {name: " + name + ", annotations: {"
         + annotations + "}}\nspec:\n" + spec + "  containers:\n  - name: main\n    resources:\n"
         + (limits.empty() ? "      {}\n" : "      limits: {" + limits + "}\n");
}

RunResult run_text(const std::string& text) {
  return run_scenario(load_scenario_texts({{"t.yaml", text}}));
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

/// The report row of pod `name` (path, devices, extendedResourceClaimStatus).
reports::PodRow row_of(const RunResult& r, const std::string& name) {
  for (reports::PodRow& row : reports::pod_rows(r)) {
    if (row.name == name) {
      return row;
    }
  }
  FAIL("no pod " << name);
  return {};
}

/// The queue's last quota sample of `row` (0 cpu, 1 memory, 2 gpu): accounted and actual.
QuotaSample last_sample(const RunResult& r, size_t row) {
  REQUIRE(r.quota.size() == 1);
  REQUIRE_FALSE(r.quota[0][row].empty());
  return r.quota[0][row].back();
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

bool starts_with(const std::string& text, const std::string& prefix) {
  return text.rfind(prefix, 0) == 0;
}

const char* const kSharedGuard =
    "fractional/shared GPU pods are not yet supported on DRA-only nodes";
const char* const kWideGuard = "device-plugin GPU requests cannot be scheduled on DRA-only nodes";

// --- extendedResourceBridge ---------------------------------------------------------------------

/// One DRA-only node with 2 GPUs and one `nvidia.com/gpu: 1` pod `trainer-0`.
std::string bridge_scenario(const std::string& scenario_doc) {
  return gpu_class() + dra_gpu_node("dra", 2) + pod_doc("trainer-0", "nvidia.com/gpu: \"1\"")
         + scenario_doc;
}

TEST_CASE("extendedResourceBridge on: an nvidia.com/gpu pod runs on a DRA-only node via a claim") {
  // Behaviour 20 (section 6.3): nvidia.com/gpu maps to gpu.nvidia.com and dra does not
  // advertise it, so DRA serves it there: one request container-0-request-0 (container 0,
  // index 0 among its sorted DRA-backed request names) of count 1; the allocator takes the
  // first device, gpu-0. The binder names the claim <pod>-extended-resources-<5 chars> and
  // writes the pod's extendedResourceClaimStatus.
  const RunResult r = run_text(bridge_scenario(scenario("kai")));
  const model::PodInfo& p = pod(r, "trainer-0");
  REQUIRE(p.phase == model::PodPhase::kRunning);
  CHECK(bound_node(r, "trainer-0") == "dra");
  REQUIRE(p.bridge_claim.valid());
  const model::dra::ClaimInfo& claim = r.state.claims.at(p.bridge_claim);
  const std::string prefix = "trainer-0-extended-resources-";
  CHECK(claim.claim.meta.generate_name == prefix);
  CHECK(starts_with(claim.claim.meta.name, prefix));
  CHECK(claim.claim.meta.name.size() == prefix.size() + 5);
  CHECK(claim.claim.meta.annotations.at("resource.kubernetes.io/extended-resource-claim")
        == "true");
  REQUIRE(claim.claim.meta.owner_references.size() == 1);
  CHECK(claim.claim.meta.owner_references[0].name == "trainer-0");
  REQUIRE(claim.claim.spec.requests.size() == 1);
  CHECK(claim.claim.spec.requests[0].name == "container-0-request-0");
  REQUIRE(claim.claim.spec.requests[0].exactly.has_value());
  CHECK(claim.claim.spec.requests[0].exactly->device_class_name == "gpu.nvidia.com");
  CHECK(claim.claim.spec.requests[0].exactly->count == 1);
  const reports::PodRow row = row_of(r, "trainer-0");
  CHECK(row.path == "dra");
  REQUIRE(row.devices.size() == 1);
  CHECK(row.devices[0]
        == model::PodDevice{claim.claim.meta.name, "container-0-request-0", "gpu.nvidia.com", "dra",
                            "gpu-0"});
  REQUIRE(row.extended_claim_status.has_value());
  CHECK(row.extended_claim_status->name == claim.claim.meta.name);
  CHECK(*row.extended_claim_status->mappings
        == std::vector<model::RequestMapping>{{"main", "nvidia.com/gpu", "container-0-request-0"}});
  CHECK(r.anomalies.empty());
}

TEST_CASE("extendedResourceBridge off: the same pod runs on phantom GPU capacity, no claim") {
  // Without the bridge nothing routes nvidia.com/gpu to DRA. The v0.17 guard lets a whole-GPU
  // pod through and KAI's GPU slot of dra holds its 2 DRA GPUs (AddDRAGPUs, section 2.6.2), so
  // AS-READ (section 2.4 history: "counted against the combined GPU slot if no DeviceClass maps
  // nvidia.com/gpu") the pod is placed against that slot with no device behind it: no claim,
  // no devices, path device-plugin. The queue accounts 1 GPU its pod does not hold: accounted
  // 1, actual 0 (no advertised nvidia.com/gpu, no claim device), one quota-drift of +1.
  const RunResult r = run_text(bridge_scenario(scenario("kai", "extendedResourceBridge: false")));
  const model::PodInfo& p = pod(r, "trainer-0");
  CHECK(p.phase == model::PodPhase::kRunning);
  CHECK_FALSE(p.bridge_claim.valid());
  CHECK(p.devices.empty());
  CHECK_FALSE(p.extended_claim_status.has_value());
  CHECK(row_of(r, "trainer-0").path == "device-plugin");
  const QuotaSample gpu = last_sample(r, kQueueGpu);
  CHECK(gpu.accounted == 1);
  CHECK(gpu.actual == 0);
  const std::vector<model::Anomaly> drift = of_kind(r, model::AnomalyKind::kQuotaDrift);
  REQUIRE(drift.size() == 1);
  CHECK(drift[0].queue == "default-queue");
  CHECK(drift[0].resource == "gpu");
  CHECK(drift[0].value == 1);
  CHECK(drift[0].pod == "default/trainer-0");
  CHECK(r.anomalies.size() == 1);
}

TEST_CASE("kai-v0.13 keeps an nvidia.com/gpu pod off a DRA-only node, kai-v0.17 places it") {
  // v0.13 has no bridge and the wide guard (section 2.4, #937): HasDRAGPUs and GPUs() = 1 > 0
  // -> rejected with the device-plugin guard message. v0.17 (#1943) narrowed the guard and
  // added the bridge: the pod runs on dra through its claim.
  const RunResult old = run_text(bridge_scenario(scenario("kai-v0.13")));
  CHECK(pod(old, "trainer-0").phase == model::PodPhase::kPending);
  CHECK(contains(pending_reason(old, "trainer-0"), kWideGuard));
  CHECK_FALSE(pod(old, "trainer-0").bridge_claim.valid());
  const RunResult now = run_text(bridge_scenario(scenario("kai-v0.17")));
  CHECK(pod(now, "trainer-0").phase == model::PodPhase::kRunning);
  CHECK(bound_node(now, "trainer-0") == "dra");
  CHECK(pod(now, "trainer-0").bridge_claim.valid());
  CHECK(row_of(now, "trainer-0").path == "dra");
}

// --- draOnlyNodeGuard and draGuardSharedOnly ---------------------------------------------------

/// A DRA-only node with 2 GPUs (labelled with its GPU memory, as shared pods need) and one pod
/// `p` with `annotations` and `limits`.
std::string guard_scenario(const std::string& annotations, const std::string& limits,
                           const std::string& scenario_doc) {
  return gpu_class() + dra_gpu_node("dra", 2, "nvidia.com/gpu.memory: \"16384\"")
         + pod_doc("p", limits, annotations) + scenario_doc;
}

TEST_CASE("draOnlyNodeGuard: a gpu-fraction pod is refused by a DRA node, placed without it") {
  // Section 2.4 step 3 (v0.17 form): HasDRAGPUs (2 DRA GPUs) and a shared request
  // (gpu-fraction 0.5) -> rejected with the shared-GPU message. Off: nothing refuses it and
  // it shares one of the node's 2 DRA GPUs (phantom capacity, section 2.7).
  const RunResult on = run_text(guard_scenario("gpu-fraction: \"0.5\"", "", scenario("kai")));
  CHECK(pod(on, "p").phase == model::PodPhase::kPending);
  CHECK(contains(pending_reason(on, "p"), kSharedGuard));
  const RunResult off = run_text(
      guard_scenario("gpu-fraction: \"0.5\"", "", scenario("kai", "draOnlyNodeGuard: false")));
  CHECK(pod(off, "p").phase == model::PodPhase::kRunning);
  CHECK(bound_node(off, "p") == "dra");
}

TEST_CASE("draGuardSharedOnly off: the v0.13 guard refuses an nvidia.com/gpu pod, on: bridged") {
  // Section 2.4 history: with the guard in its v0.13 form (#937) any task with GPUs() > 0 is
  // refused on a node with DRA GPUs, so the nvidia.com/gpu: 1 pod never reaches the bridge.
  // The v0.17 form (#1943) refuses only shared requests: the pod runs on dra through its claim.
  const std::string whole = "nvidia.com/gpu: \"1\"";
  const RunResult wide =
      run_text(guard_scenario("", whole, scenario("kai", "draGuardSharedOnly: false")));
  CHECK(pod(wide, "p").phase == model::PodPhase::kPending);
  CHECK(contains(pending_reason(wide, "p"), kWideGuard));
  CHECK_FALSE(pod(wide, "p").bridge_claim.valid());
  const RunResult narrow = run_text(guard_scenario("", whole, scenario("kai")));
  CHECK(pod(narrow, "p").phase == model::PodPhase::kRunning);
  CHECK(bound_node(narrow, "p") == "dra");
  CHECK(pod(narrow, "p").bridge_claim.valid());
  CHECK(row_of(narrow, "p").path == "dra");
}

// --- skipDelegatedInFit and zeroDelegatedOnReserve -----------------------------------------------

/// nic.example.com mapped to example.com/nic, a node n1 with 2 NICs in its slices and no
/// example.com/nic in its allocatable, and one pod `p` asking example.com/nic: 1.
std::string nic_scenario(const std::string& scenario_doc) {
  return nic_class() + node("n1") + slice("n1", "nic.example.com", 2, "nic")
         + pod_doc("p", "example.com/nic: \"1\"") + scenario_doc;
}

TEST_CASE(
    "skipDelegatedInFit off in every kai profile: a pod asking a DRA-backed NIC stays pending") {
  // Section 2.2 AS-READ: a regular pod compares every slot; example.com/nic is 0 on every node
  // (no node advertises it), so the MaxNodePoolResources pre-predicate (section 2.3) refuses it
  // and the reason names the resource. This holds in kai, kai-v0.17 (the bridge exists but the
  // fit does not skip), kai-v0.13 and kai-v0.12 (no bridge at all).
  for (const char* profile : {"kai", "kai-v0.17", "kai-v0.13", "kai-v0.12"}) {
    CAPTURE(profile);
    const RunResult r = run_text(nic_scenario(scenario(profile)));
    CHECK(pod(r, "p").phase == model::PodPhase::kPending);
    CHECK(pending_reason(r, "p")
          == "the pod requests 1 example.com/nic but no node in the pool has any");
    CHECK_FALSE(pod(r, "p").bridge_claim.valid());
  }
}

TEST_CASE("skipDelegatedInFit on: the NIC pod is placed through the bridge") {
  // The design's fit rule (lessEqualVectorsExcludingGPU for every pod): example.com/nic is
  // mapped and n1's allocatable lacks it, so the slot is skipped and the allocator decides: one
  // request container-0-request-0 of class nic.example.com, device nic-0 of pool n1. Zeroing on
  // reserve (on in kai) keeps n1's idle example.com/nic at 0: no anomaly. Non-GPU DRA
  // resources are outside quota (design non-goal): no drift either.
  const RunResult r = run_text(nic_scenario(scenario("kai", "skipDelegatedInFit: true")));
  REQUIRE(pod(r, "p").phase == model::PodPhase::kRunning);
  CHECK(bound_node(r, "p") == "n1");
  const reports::PodRow row = row_of(r, "p");
  CHECK(row.path == "dra");
  REQUIRE(row.devices.size() == 1);
  CHECK(row.devices[0].request == "container-0-request-0");
  CHECK(row.devices[0].driver == "nic.example.com");
  CHECK(row.devices[0].pool == "n1");
  CHECK(row.devices[0].device == "nic-0");
  CHECK(starts_with(row.devices[0].claim, "p-extended-resources-"));
  REQUIRE(row.extended_claim_status.has_value());
  CHECK(
      *row.extended_claim_status->mappings
      == std::vector<model::RequestMapping>{{"main", "example.com/nic", "container-0-request-0"}});
  CHECK(r.anomalies.empty());
}

TEST_CASE("zeroDelegatedOnReserve off: the node's idle example.com/nic goes negative") {
  // The design's "Negative IdleVector on Allocation": n1's AllocatableVector[example.com/nic]
  // is 0; charging the pod's full request gives idle 0 - 1 = -1, reported once for n1. On:
  // the slot is zeroed before the node is charged, idle stays 0, no anomaly.
  const RunResult off = run_text(
      nic_scenario(scenario("kai", "skipDelegatedInFit: true, zeroDelegatedOnReserve: false")));
  REQUIRE(pod(off, "p").phase == model::PodPhase::kRunning);
  const std::vector<model::Anomaly> idle = of_kind(off, model::AnomalyKind::kNegativeIdle);
  REQUIRE(idle.size() == 1);
  CHECK(idle[0].node == "n1");
  CHECK(idle[0].resource == "example.com/nic");
  CHECK(idle[0].value == -1);
  CHECK(idle[0].pod == "default/p");
  CHECK(idle[0].message
        == "node n1: the scheduler's idle example.com/nic is -1 (allocatable 0, used 1): it "
           "charged the node more than it has");
  CHECK(off.anomalies.size() == 1);
  const RunResult on = run_text(nic_scenario(scenario("kai", "skipDelegatedInFit: true")));
  REQUIRE(pod(on, "p").phase == model::PodPhase::kRunning);
  CHECK(of_kind(on, model::AnomalyKind::kNegativeIdle).empty());
}

// --- skipDelegatedInTopology ---------------------------------------------------------------------

/// A rack topology, node n1 in rack r1 with 2 NICs in its slices, and a gang `gang` of two pods
/// (minMember 2, required level rack) asking example.com/nic: 1 each.
std::string topology_scenario(const std::string& scenario_doc) {
  return nic_class() + R"(
---
apiVersion: kai.scheduler/v1alpha1
kind: Topology
metadata: {name: net}
spec:
  levels:
  - {nodeLabel: example.com/rack, alias: rack}
---
apiVersion: scheduling.run.ai/v2alpha2
kind: PodGroup
metadata: {name: gang}
spec:
  minMember: 2
  topologyConstraint: {topology: net, requiredTopologyLevel: rack}
)" + node("n1", "", "example.com/rack: r1")
         + slice("n1", "nic.example.com", 2, "nic")
         + pod_doc("member", "example.com/nic: \"1\"",
                   "pod-group-name: gang, drasim.dev/replicas: \"2\"")
         + scenario_doc;
}

TEST_CASE("skipDelegatedInTopology off: a NIC gang is falsely rejected by every domain") {
  // The design's "Topology Domain Fitness": rack r1's free example.com/nic is 0 (n1 does not
  // advertise it), so the job's 2 NICs do not fit the only domain although n1's slices hold
  // 2; both members stay pending with the topology reason, and the model reports the false
  // rejection once for the job (fit skips the slot: skipDelegatedInFit on).
  const RunResult off = run_text(topology_scenario(
      scenario("kai", "skipDelegatedInFit: true, skipDelegatedInTopology: false")));
  CHECK(pod(off, "member-0").phase == model::PodPhase::kPending);
  CHECK(pod(off, "member-1").phase == model::PodPhase::kPending);
  CHECK(contains(pending_reason(off, "member-0"), "not enough resources in domain r1"));
  const std::vector<model::Anomaly> reject = of_kind(off, model::AnomalyKind::kTopologyFalseReject);
  REQUIRE(reject.size() == 1);
  CHECK(reject[0].queue == "default-queue");
  CHECK(reject[0].resource == "example.com/nic");
  CHECK(reject[0].pod == "default/member-0");
  CHECK(contains(reject[0].message, "job default/gang was rejected by topology"));
  // On (every kai profile): the domain check skips the mapped slot; both members land on n1,
  // one NIC each (nic-0, nic-1), no anomaly.
  const RunResult on = run_text(topology_scenario(scenario("kai", "skipDelegatedInFit: true")));
  REQUIRE(pod(on, "member-0").phase == model::PodPhase::kRunning);
  REQUIRE(pod(on, "member-1").phase == model::PodPhase::kRunning);
  CHECK(bound_node(on, "member-0") == "n1");
  CHECK(bound_node(on, "member-1") == "n1");
  CHECK(pod(on, "member-0").devices.at(0).device == "nic-0");
  CHECK(pod(on, "member-1").devices.at(0).device == "nic-1");
  CHECK(on.anomalies.empty());
}

// --- skipBridgeClaimsInGpuCount -----------------------------------------------------------------

TEST_CASE("skipBridgeClaimsInGpuCount off: a bridged GPU is counted twice once its claim exists") {
  // The design's "Skip annotated claims in ExtractDRAGPUResourcesFromClaims": after bind the
  // pod owns its claim (1 gpu.nvidia.com device), which is counted on top of the container's
  // nvidia.com/gpu: 1. Node dra: used 1000 + 1000 = 2000 milli-GPUs for 1 device (idle
  // 2000 - 2000 = 0); queue: accounted 2 against actual 1 (the one device): quota drift +1.
  // Both reported at bind (0.2 s).
  const RunResult off =
      run_text(bridge_scenario(scenario("kai", "skipBridgeClaimsInGpuCount: false")));
  REQUIRE(pod(off, "trainer-0").phase == model::PodPhase::kRunning);
  REQUIRE(pod(off, "trainer-0").devices.size() == 1);
  const model::NodeInfo& dra = node_of(off, "dra");
  CHECK(dra.used.get(model::kGpuSlot) == 2 * kGpu);
  CHECK(dra.idle.get(model::kGpuSlot) == 0);
  const std::vector<model::Anomaly> twice = of_kind(off, model::AnomalyKind::kDoubleCount);
  REQUIRE(twice.size() == 1);
  CHECK(twice[0].at_us == 200'000);
  CHECK(twice[0].node == "dra");
  CHECK(twice[0].queue == "default-queue");
  CHECK(twice[0].resource == "nvidia.com/gpu");
  CHECK(twice[0].value == 1);
  CHECK(twice[0].pod == "default/trainer-0");
  const QuotaSample gpu = last_sample(off, kQueueGpu);
  CHECK(gpu.accounted == 2);
  CHECK(gpu.actual == 1);
  const std::vector<model::Anomaly> drift = of_kind(off, model::AnomalyKind::kQuotaDrift);
  REQUIRE(drift.size() == 1);
  CHECK(drift[0].at_us == 200'000);
  CHECK(drift[0].value == 1);
  CHECK(drift[0].message
        == "queue default-queue: the scheduler accounts 2 GPUs but its bound pods hold 1 (drift "
           "+1)");
  CHECK(off.anomalies.size() == 2);
  // On: the annotated claim is skipped; used 1000, accounted 1 = actual 1, no anomaly.
  const RunResult on = run_text(bridge_scenario(scenario("kai")));
  CHECK(node_of(on, "dra").used.get(model::kGpuSlot) == 1 * kGpu);
  CHECK(last_sample(on, kQueueGpu).accounted == 1);
  CHECK(last_sample(on, kQueueGpu).actual == 1);
  CHECK(on.anomalies.empty());
}

// --- remapImplicitGpuNames ----------------------------------------------------------------------

/// The bridge scenario with the pod asking the implicit name of gpu.nvidia.com.
std::string implicit_scenario(const std::string& scenario_doc) {
  return gpu_class() + dra_gpu_node("dra", 2)
         + pod_doc("trainer-0", "deviceclass.resource.kubernetes.io/gpu.nvidia.com: \"1\"")
         + scenario_doc;
}

TEST_CASE("remapImplicitGpuNames off: an implicit-name GPU request is invisible to GPU quota") {
  // The design's follow-up "Implicit extended resource name GPU accounting": the request sits
  // in a scalar slot, not the GPU slot. With the kai defaults the regular fit compares that
  // slot (0 on every node, section 2.2) and the pool maximum refuses the pod:
  const RunResult plain = run_text(implicit_scenario(scenario("kai")));
  CHECK(pod(plain, "trainer-0").phase == model::PodPhase::kPending);
  CHECK(pending_reason(plain, "trainer-0")
        == "the pod requests 1 deviceclass.resource.kubernetes.io/gpu.nvidia.com but no node in "
           "the pool has any");
  // With the fit delegating (skipDelegatedInFit on) the bridge serves it (device gpu-0), but
  // the queue's GPU is accounted 0 while its pod holds 1 device: drift 0 - 1 = -1.
  const RunResult off = run_text(implicit_scenario(scenario("kai", "skipDelegatedInFit: true")));
  REQUIRE(pod(off, "trainer-0").phase == model::PodPhase::kRunning);
  CHECK(row_of(off, "trainer-0").path == "dra");
  REQUIRE(pod(off, "trainer-0").devices.size() == 1);
  CHECK(pod(off, "trainer-0").devices[0].device == "gpu-0");
  CHECK(last_sample(off, kQueueGpu).accounted == 0);
  CHECK(last_sample(off, kQueueGpu).actual == 1);
  const std::vector<model::Anomaly> drift = of_kind(off, model::AnomalyKind::kQuotaDrift);
  REQUIRE(drift.size() == 1);
  CHECK(drift[0].value == -1);
  CHECK(drift[0].resource == "gpu");
  CHECK(off.anomalies.size() == 1);
}

TEST_CASE("remapImplicitGpuNames on: the implicit-name GPU is accounted in the GPU slot") {
  // Remapped to the GPU slot, the request fits dra's 2 DRA GPUs without any fit skipping, the
  // bridge serves it (mapping names the implicit resource), the node is charged 1000 and the
  // queue accounts 1 = actual 1: no drift.
  const RunResult on = run_text(implicit_scenario(scenario("kai", "remapImplicitGpuNames: true")));
  REQUIRE(pod(on, "trainer-0").phase == model::PodPhase::kRunning);
  const reports::PodRow row = row_of(on, "trainer-0");
  CHECK(row.path == "dra");
  REQUIRE(row.extended_claim_status.has_value());
  CHECK(
      *row.extended_claim_status->mappings
      == std::vector<model::RequestMapping>{
          {"main", "deviceclass.resource.kubernetes.io/gpu.nvidia.com", "container-0-request-0"}});
  CHECK(node_of(on, "dra").used.get(model::kGpuSlot) == 1 * kGpu);
  CHECK(last_sample(on, kQueueGpu).accounted == 1);
  CHECK(last_sample(on, kQueueGpu).actual == 1);
  CHECK(on.anomalies.empty());
}

// --- sharedClaimDedup ----------------------------------------------------------------------------

/// Behaviour 17: a 1-GPU DRA node n1 (pool pool-a, device gpu-0), a named claim labelled with
/// default-queue already allocated gpu-0, and two pods a and b bound to n1 that both use it.
std::string shared_claim_scenario(const std::string& scenario_doc) {
  return device_class("gpu.nvidia.com", "gpu.nvidia.com", "") + node("n1") + R"(
---
apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata: {name: n1-gpu}
spec:
  driver: gpu.nvidia.com
  nodeName: n1
  pool: {name: pool-a, generation: 1, resourceSliceCount: 1}
  devices:
  - {name: gpu-0}
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
---
apiVersion: v1
kind: Pod
metadata: {name: a}
spec:
  nodeName: n1
  resourceClaims: [{name: gpu, resourceClaimName: shared}]
  containers: [{name: main}]
---
apiVersion: v1
kind: Pod
metadata: {name: b}
spec:
  nodeName: n1
  resourceClaims: [{name: gpu, resourceClaimName: shared}]
  containers: [{name: main}]
)" + scenario_doc;
}

TEST_CASE("sharedClaimDedup off: two pods sharing a claim drive the node's idle GPU negative") {
  // Section 2.6.4 / 2.7: each pod charges the claim's 1 GPU: used 2000, idle 1000 - 2000 =
  // -1000, one negative-idle of -1 GPU on n1 when b (the second) is placed.
  const RunResult off = run_text(shared_claim_scenario(scenario("kai", "sharedClaimDedup: false")));
  const std::vector<model::Anomaly> idle = of_kind(off, model::AnomalyKind::kNegativeIdle);
  REQUIRE(idle.size() == 1);
  CHECK(idle[0].node == "n1");
  CHECK(idle[0].resource == "gpu");
  CHECK(idle[0].value == -1);
  CHECK(idle[0].pod == "default/b");
  CHECK(node_of(off, "n1").idle.get(model::kGpuSlot) == -1 * kGpu);
  // On (#1930): b finds gpu-0 already referenced and is charged 0: used 1000, idle 0.
  const RunResult on = run_text(shared_claim_scenario(scenario("kai")));
  CHECK(of_kind(on, model::AnomalyKind::kNegativeIdle).empty());
  CHECK(node_of(on, "n1").idle.get(model::kGpuSlot) == 0);
  // The dedup is node-only: in both runs the queue is charged each pod's 1 GPU (2) while the
  // pods hold one device (1), so the quota drift (+1) stays.
  for (const RunResult* r : {&off, &on}) {
    const std::vector<model::Anomaly> drift = of_kind(*r, model::AnomalyKind::kQuotaDrift);
    REQUIRE(drift.size() == 1);
    CHECK(drift[0].value == 1);
  }
}

// --- draGpuAccounting ---------------------------------------------------------------------------

/// A DRA node n1 with 4 GPUs and a pod `p` whose template claim asks 2 of them.
std::string claim_scenario(const std::string& scenario_doc) {
  return device_class("gpu.nvidia.com", "gpu.nvidia.com", "") + node("n1")
         + slice("n1", "gpu.nvidia.com", 4, "gpu") + R"(
---
apiVersion: resource.k8s.io/v1
kind: ResourceClaimTemplate
metadata: {name: two}
spec:
  spec:
    devices:
      requests:
      - name: gpu
        exactly: {deviceClassName: gpu.nvidia.com, count: 2}
---
apiVersion: v1
kind: Pod
metadata: {name: p}
spec:
  resourceClaims: [{name: gpu, resourceClaimTemplateName: two}]
  containers:
  - name: main
    resources:
      requests: {cpu: "1"}
      claims: [{name: gpu}]
)" + scenario_doc;
}

TEST_CASE("draGpuAccounting off: a claim's GPUs are invisible to quota") {
  // Before v0.13 (#900): the claim's 2 GPUs are not in the pod's request, so the queue
  // accounts 0 GPUs while the pod holds 2 devices: drift 0 - 2 = -2 at placement.
  const RunResult off = run_text(claim_scenario(scenario("kai", "draGpuAccounting: false")));
  REQUIRE(pod(off, "p").phase == model::PodPhase::kRunning);
  CHECK(pod(off, "p").devices.size() == 2);
  CHECK(last_sample(off, kQueueGpu).accounted == 0);
  CHECK(last_sample(off, kQueueGpu).actual == 2);
  const std::vector<model::Anomaly> drift = of_kind(off, model::AnomalyKind::kQuotaDrift);
  REQUIRE(drift.size() == 1);
  CHECK(drift[0].value == -2);
  CHECK(drift[0].message
        == "queue default-queue: the scheduler accounts 0 GPUs but its bound pods hold 2 (drift "
           "-2)");
  CHECK(off.anomalies.size() == 1);
  // On: the claim's ExactCount 2 joins the pod's GPU request: accounted 2 = actual 2.
  const RunResult on = run_text(claim_scenario(scenario("kai")));
  CHECK(last_sample(on, kQueueGpu).accounted == 2);
  CHECK(last_sample(on, kQueueGpu).actual == 2);
  CHECK(on.anomalies.empty());
}

// --- Filter answers shared by a fit class --------------------------------------------------------

/// A pod in `ns` whose containers a and b ask `a_gpus` and `b_gpus` nvidia.com/gpu (none when
/// 0) and 1 cpu each.
std::string split_pod(const std::string& name, const std::string& ns, int a_gpus, int b_gpus) {
  const auto container = [](const std::string& c, int gpus) {
    const std::string gpu = gpus == 0 ? "" : "nvidia.com/gpu: \"" + std::to_string(gpus) + "\"";
    return "  - name: " + c + "\n    resources: {requests: {cpu: \"1\"" + (gpu.empty() ? "" : ", ")
           + gpu + "}, limits: {" + gpu + "}}\n";
  };
  return "\n---\napiVersion: v1\nkind: Pod\nmetadata: {name: " + name + ", namespace: " + ns
         + "}\nspec:\n  containers:\n" + container("a", a_gpus) + container("b", b_gpus);
}

TEST_CASE("bridged pods with the same total but another split or namespace get their own claim") {
  // Filter answers on a node are shared by the pods of a fit class, and a bridged answer holds
  // the node's synthetic claim. Three pods ask 2 nvidia.com/gpu and 2 cpu in all, at 0 s, on
  // three DRA-only nodes of 2 GPUs each: split-1-1 (team-a, containers a and b ask 1 each),
  // split-2-0 (team-a, a asks 2) and other-ns (team-b, the split-1-1 spec). Each fills one node:
  // both profiles take the tie by node name (kube: equal scores; KAI: equal binpack scores) and
  // order the pods by namespace, then name. Every pod's claim must be built from its own
  // containers and live in its own namespace, although the filter looked at every node for the
  // first pod already:
  // - split-1-1 on dra-0: container-0-request-1 (a, 1; request 1 because cpu sorts before
  //   nvidia.com/gpu among the container's request names) gets gpu-0, container-1-request-1 (b,
  //   1) gets gpu-1;
  // - split-2-0 on dra-1: one request container-0-request-1 of 2 (b asks none): gpu-0, gpu-1;
  // - other-ns on dra-2, in namespace team-b, with split-1-1's requests.
  for (const std::string profile : {"kai", "kube-scheduler"}) {
    CAPTURE(profile);
    const RunResult r = run_text(gpu_class() + dra_gpu_node("dra-0", 2) + dra_gpu_node("dra-1", 2)
                                 + dra_gpu_node("dra-2", 2) + split_pod("split-1-1", "team-a", 1, 1)
                                 + split_pod("split-2-0", "team-a", 2, 0)
                                 + split_pod("other-ns", "team-b", 1, 1) + scenario(profile));
    const auto claim_of = [&](const std::string& name) -> const model::ResourceClaim& {
      const model::PodInfo& p = pod(r, name);
      REQUIRE(p.bridge_claim.valid());
      return r.state.claims.at(p.bridge_claim).claim;
    };
    const auto requests = [](const model::ResourceClaim& c) {
      std::string out;
      for (const model::DeviceRequest& q : c.spec.requests) {
        REQUIRE(q.exactly.has_value());
        out += (out.empty() ? "" : " ") + q.name + ":" + std::to_string(q.exactly->count);
      }
      return out;
    };
    const auto devices = [&](const std::string& name) {
      std::string out;
      for (const model::PodDevice& d : row_of(r, name).devices) {
        out += (out.empty() ? "" : " ") + d.request + "=" + d.pool + "/" + d.device;
      }
      return out;
    };
    CHECK(bound_node(r, "split-1-1") == "dra-0");
    CHECK(bound_node(r, "split-2-0") == "dra-1");
    CHECK(bound_node(r, "other-ns") == "dra-2");
    CHECK(requests(claim_of("split-1-1")) == "container-0-request-1:1 container-1-request-1:1");
    CHECK(requests(claim_of("split-2-0")) == "container-0-request-1:2");
    CHECK(requests(claim_of("other-ns")) == "container-0-request-1:1 container-1-request-1:1");
    CHECK(devices("split-1-1")
          == "container-0-request-1=dra-0/gpu-0 container-1-request-1=dra-0/gpu-1");
    CHECK(devices("split-2-0")
          == "container-0-request-1=dra-1/gpu-0 container-0-request-1=dra-1/gpu-1");
    CHECK(devices("other-ns")
          == "container-0-request-1=dra-2/gpu-0 container-1-request-1=dra-2/gpu-1");
    using Owner = std::pair<std::string, std::string>;  // pod, namespace
    for (const auto& [name, ns] : std::vector<Owner>{
             {"split-1-1", "team-a"}, {"split-2-0", "team-a"}, {"other-ns", "team-b"}}) {
      CAPTURE(name);
      const model::ResourceClaim& c = claim_of(name);
      CHECK(c.meta.namespace_name == ns);
      CHECK(c.meta.generate_name == name + "-extended-resources-");
      CHECK(starts_with(c.meta.name, c.meta.generate_name));
    }
    CHECK(*row_of(r, "split-2-0").extended_claim_status->mappings
          == std::vector<model::RequestMapping>{{"a", "nvidia.com/gpu", "container-0-request-1"}});
    // The synthetic claims were built once per fit class: three (the containers' split or the
    // namespace differ), each asking one mapped resource that no node advertises, so three
    // (class, served set) entries, however many nodes Filter looked at. The reference mode keeps
    // none and builds the same claims.
    CHECK(r.state.dra.synthetic_claims.size() == 3);
    const RunResult ref = run_scenario(
        load_scenario_texts(
            {{"t.yaml", gpu_class() + dra_gpu_node("dra-0", 2) + dra_gpu_node("dra-1", 2)
                            + dra_gpu_node("dra-2", 2) + split_pod("split-1-1", "team-a", 1, 1)
                            + split_pod("split-2-0", "team-a", 2, 0)
                            + split_pod("other-ns", "team-b", 1, 1) + scenario(profile)}}),
        EngineOptions{.detect_anomalies = true, .limits = {}, .reference = true});
    CHECK(ref.state.dra.synthetic_claims.empty());
    for (const char* name : {"split-1-1", "split-2-0", "other-ns"}) {
      CAPTURE(name);
      CHECK(r.state.claims.at(pod(r, name).bridge_claim).claim.spec
            == ref.state.claims.at(pod(ref, name).bridge_claim).claim.spec);
    }
  }
}

}  // namespace
}  // namespace drasim::sim
