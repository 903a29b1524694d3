// The claims lifecycle in the simulation (dra-semantics.md sections 2.3, 2.4, 6.2 to 6.9):
// template claims per pod, shared claims, pinning by an existing allocation, release on
// completion, and the pending reasons of pods whose claims cannot be served.
#include "sim/engine/engine.h"
#include "sim/scenario_loader.h"

#include <doctest/doctest.h>

#include "tests/sim/run_helpers.h"
#include <string>

namespace drasim::sim {
namespace {

// Two DRA nodes with two GPUs each (node-local slices, one pool per node) and one class.
const char* const kDraCluster = R"(
apiVersion: v1
kind: Node
metadata: {name: dra-a}
status:
  allocatable: {cpu: "16", memory: 64Gi, pods: "110"}
---
apiVersion: v1
kind: Node
metadata: {name: dra-b}
status:
  allocatable: {cpu: "16", memory: 64Gi, pods: "110"}
---
apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata: {name: dra-a-gpus}
spec:
  driver: gpu.example.com
  nodeName: dra-a
  pool: {name: dra-a, generation: 1, resourceSliceCount: 1}
  devices:
  - {name: gpu-0, attributes: {model: {string: H100}}}
  - {name: gpu-1, attributes: {model: {string: H100}}}
---
apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata: {name: dra-b-gpus}
spec:
  driver: gpu.example.com
  nodeName: dra-b
  pool: {name: dra-b, generation: 1, resourceSliceCount: 1}
  devices:
  - {name: gpu-0, attributes: {model: {string: H100}}}
  - {name: gpu-1, attributes: {model: {string: H100}}}
---
apiVersion: resource.k8s.io/v1
kind: DeviceClass
metadata: {name: gpu.example.com}
spec:
  selectors:
  - cel: {expression: 'device.driver == "gpu.example.com"'}
---
apiVersion: resource.k8s.io/v1
kind: ResourceClaimTemplate
metadata: {name: one-gpu, namespace: ml}
spec:
  spec:
    devices:
      requests:
      - name: gpu
        exactly: {deviceClassName: gpu.example.com}
)";

RunResult run_text(const std::string& text) {
  const Scenario s = load_scenario_texts({{"t.yaml", std::string(kDraCluster) + text}});
  return run_scenario(s);
}

std::string pod_with_template(const std::string& name, const std::string& extra = "") {
  return R"(
---
apiVersion: v1
kind: Pod
metadata:
  name: )"
         + name + R"(
  namespace: ml
  annotations: {)"
         + extra + R"(}
spec:
  resourceClaims:
  - {name: gpu, resourceClaimTemplateName: one-gpu}
  containers:
  - name: main
    resources:
      requests: {cpu: "1"}
      claims: [{name: gpu}]
)";
}

/// A ResourceClaim in namespace ml with one request `gpu` of `device_class`; `labels` (flow
/// YAML) and `status` (a block under `status:`) are optional.
std::string named_claim(const std::string& name, const std::string& labels = "",
                        const std::string& status = "",
                        const std::string& device_class = "gpu.example.com") {
  std::string out =
      "\n---\napiVersion: resource.k8s.io/v1\nkind: ResourceClaim\nmetadata:\n  name: " + name
      + "\n  namespace: ml\n";
  if (!labels.empty()) {
    out += "  labels: " + labels + "\n";
  }
  out += "spec:\n  devices:\n    requests:\n    - name: gpu\n      exactly: {deviceClassName: "
         + device_class + "}\n";
  if (!status.empty()) {
    out += "status:\n" + status;
  }
  return out;
}

/// The `status:` block of a claim allocated `device` of pool (and node) `node`, pinned there.
std::string allocated_on(const std::string& node, const std::string& device) {
  return "  allocation:\n    devices:\n      results:\n      - {request: gpu, driver: "
         "gpu.example.com, pool: " +
         node + ", device: " + device +
         "}\n    nodeSelector:\n      nodeSelectorTerms:\n      - matchFields:\n        - {key: "
         "metadata.name, operator: In, values: [" +
         node + "]}\n";
}

/// A pod in namespace ml using the named claim `claim` (no resources), with `spec` lines added.
std::string pod_with_claim(const std::string& name, const std::string& claim,
                           const std::string& spec = "") {
  return "\n---\napiVersion: v1\nkind: Pod\nmetadata: {name: " + name + ", namespace: ml}\nspec:\n"
         + spec + "  resourceClaims: [{name: gpu, resourceClaimName: " + claim
         + "}]\n  containers: [{name: main}]\n";
}

TEST_CASE("each pod gets its own claim from the template, with a generated name and owner") {
  const RunResult r = run_text(pod_with_template("trainer-0") + pod_with_template("trainer-1"));
  const model::PodInfo& p0 = pod(r, "trainer-0");
  const model::PodInfo& p1 = pod(r, "trainer-1");
  REQUIRE(p0.phase == model::PodPhase::kRunning);
  REQUIRE(p1.phase == model::PodPhase::kRunning);
  REQUIRE(p0.claims.size() == 1);
  const model::dra::ClaimInfo& c0 = r.state.claims.at(p0.claims[0]);
  // generateName <pod>-<pod claim>- plus five characters (pkg/controller/resourceclaim).
  CHECK(c0.claim.meta.generate_name == "trainer-0-gpu-");
  CHECK(c0.claim.meta.name.size() == std::string("trainer-0-gpu-").size() + 5);
  CHECK(c0.claim.meta.owner_references.front().name == "trainer-0");
  CHECK(c0.claim.meta.annotations.at("resource.kubernetes.io/pod-claim-name") == "gpu");
  REQUIRE(c0.claim.allocation.has_value());
  CHECK(c0.claim.reserved_for.front().name == "trainer-0");
  // KAI binpacks: both pods on dra-a (first by name among equal scores), one GPU each, in slice
  // order: the allocator takes the first free device.
  REQUIRE(p0.devices.size() == 1);
  REQUIRE(p1.devices.size() == 1);
  CHECK(p0.devices[0].pool == "dra-a");
  CHECK(p0.devices[0].device == "gpu-0");
  CHECK(p1.devices[0].device == "gpu-1");
  CHECK(p0.devices[0].request == "gpu");
  CHECK(p0.devices[0].driver == "gpu.example.com");
}

TEST_CASE("a finished pod frees its devices and its generated claim is deleted") {
  // Four GPUs; five pods that run 10 minutes: the fifth waits for the first to finish and then
  // gets the device that pod held.
  std::string pods;
  for (int i = 0; i < 5; ++i) {
    pods += pod_with_template("job-" + std::to_string(i), "drasim.dev/runtime: 10m");
  }
  const RunResult r = run_text(pods);
  const model::PodInfo& first = pod(r, "job-0");
  const model::PodInfo& last = pod(r, "job-4");
  CHECK(first.phase == model::PodPhase::kSucceeded);
  REQUIRE(last.bound_us.has_value());
  // job-0 is placed by the cycle at 0 s, runs from 0.2 s (bind latency) and finishes 600 s
  // later; job-4 is placed by the next cycle (601 s) and runs from 601.2 s.
  CHECK(*last.bound_us == 601'200'000);
  CHECK(last.devices.front().device == first.devices.front().device);
  CHECK(last.devices.front().pool == first.devices.front().pool);
  CHECK_FALSE(r.state.claims.at(first.claims[0]).present);
  CHECK(r.state.claims.allocated().empty());  // every pod finished: no device is held
}

TEST_CASE("pods sharing a named claim land on the claim's node and share its device") {
  // KAI only schedules pods on a shared GPU claim labelled with their queue.
  const RunResult r =
      run_text(named_claim("shared-gpu", "{kai.scheduler/queue: default-queue}") + R"(
---
apiVersion: v1
kind: Pod
metadata:
  name: reader
  namespace: ml
  annotations: {drasim.dev/replicas: "3"}
spec:
  resourceClaims:
  - {name: shared, resourceClaimName: shared-gpu}
  containers:
  - name: main
    resources:
      requests: {cpu: "6"}
      claims: [{name: shared}]
)");
  // 3 x 6 cores do not fit one 16-core node, but the claim is node-local: the first pod
  // allocates gpu-0 of dra-a, the second reuses it there, and the third cannot go anywhere
  // (dra-a is out of cpu, dra-b cannot use the claim).
  CHECK(pod(r, "reader-0").node == pod(r, "reader-1").node);
  CHECK(pod(r, "reader-0").devices == pod(r, "reader-1").devices);
  const model::PodInfo& third = pod(r, "reader-2");
  CHECK(third.phase == model::PodPhase::kPending);
  CHECK(r.state.reason_of(model::PodId::from_index(2))
        == "0/2 nodes are available: 1 Insufficient cpu, 1 resourceclaim not available on the "
           "node.");
  const auto claim = r.state.claims.find("ml", "shared-gpu");
  REQUIRE(claim.has_value());
  CHECK(r.state.claims.at(*claim).claim.reserved_for.size() == 2);
}

TEST_CASE("claims that cannot be resolved keep the pod pending with the scheduler's words") {
  const RunResult r = run_text(R"(
---
apiVersion: v1
kind: Pod
metadata: {name: no-template, namespace: ml}
spec:
  resourceClaims: [{name: gpu, resourceClaimTemplateName: missing}]
  containers: [{name: main}]
)" + pod_with_claim("no-claim", "nowhere")
                               + named_claim("bad-class", "", "", "no-such-class")
                               + pod_with_claim("no-class", "bad-class"));
  const auto reason = [&](const std::string& name) {
    for (size_t i = 0; i < r.state.pods.size(); ++i) {
      if (r.state.pods[i].name == name) {
        return r.state.reason_of(model::PodId::from_index(i));
      }
    }
    return std::string("?");
  };
  CHECK(reason("no-template")
        == "pod \"ml/no-template\": ResourceClaim not created yet (the ResourceClaim controller "
           "cannot create it: resourceclaimtemplate \"missing\" not found in namespace ml)");
  CHECK(reason("no-claim") == "resourceclaim.resource.k8s.io \"nowhere\" not found");
  // Upstream PreFilter (dynamicresources.go): the class of every request must exist.
  CHECK(reason("no-class") == "request gpu: device class no-such-class does not exist");
}

TEST_CASE("an allocated claim pins its pod to the allocation's node selector") {
  const RunResult r = run_text(
      named_claim("pinned", "{kai.scheduler/queue: default-queue}", allocated_on("dra-b", "gpu-1"))
      + pod_with_claim("user", "pinned") + pod_with_template("other"));
  // KAI would binpack onto dra-a, but the existing allocation only allows dra-b.
  REQUIRE(pod(r, "user").phase == model::PodPhase::kRunning);
  REQUIRE(pod(r, "other").phase == model::PodPhase::kRunning);
  CHECK(r.state.node(pod(r, "user").node).name == "dra-b");
  CHECK(pod(r, "user").devices.front().device == "gpu-1");
  // The input allocation holds dra-b/gpu-1: the template pod does not get it.
  CHECK(!(pod(r, "other").devices.front().pool == "dra-b"
          && pod(r, "other").devices.front().device == "gpu-1"));
}

TEST_CASE("KAI refuses a shared GPU claim without the queue label of the pod's job") {
  // pkg/scheduler/plugins/dynamicresources/dynamicresources.go, validateSharedGpuClaimQueueLabel:
  // a claim not made from a template whose request names a GPU class must carry
  // kai.scheduler/queue=<job queue>. Template claims are exempt (trainer below runs).
  const RunResult r = run_text(
      named_claim("unlabelled") + named_claim("other-queue", "{kai.scheduler/queue: team-b}")
      + pod_with_claim("p1", "unlabelled") + pod_with_claim("p2", "other-queue")
      + pod_with_template("trainer"));
  CHECK(r.state.reason_of(model::PodId::from_index(0))
        == "pod ml/p1 cannot be scheduled: DRA claim unlabelled is a shared GPU claim but does "
           "not have a queue label (kai.scheduler/queue)");
  CHECK(r.state.reason_of(model::PodId::from_index(1))
        == "pod ml/p2 cannot be scheduled: DRA claim other-queue is a shared GPU claim with "
           "wrong queue label (expected queue: default-queue, claim queue label: team-b)");
  CHECK(pod(r, "trainer").phase == model::PodPhase::kRunning);
}

}  // namespace
}  // namespace drasim::sim

namespace drasim::sim {
namespace {

const char* const kKube = R"(
---
apiVersion: drasim.dev/v1alpha1
kind: Scenario
metadata: {name: kube}
spec:
  scheduler: {profile: kube-scheduler}
)";

TEST_CASE("kube-scheduler's PostFilter frees a claim allocated for a node the pod cannot use") {
  // The claim was allocated on dra-a (by a pod long gone: reservedFor is empty), but the new pod
  // selects dra-b. Filter rejects dra-a by its node selector and dra-b because the claim is
  // not available there; PostFilter deallocates the claim (section 6.5) and the next attempt,
  // one period later, allocates it on dra-b.
  const RunResult r = run_text(
      named_claim("stale", "", allocated_on("dra-a", "gpu-0"))
      + pod_with_claim("mover", "stale",
                       "  affinity:\n    nodeAffinity:\n      requiredDuringSchedulingIgnoredDuring"
                       "Execution:\n        nodeSelectorTerms:\n        - matchFields: [{key: "
                       "metadata.name, operator: In, values: [dra-b]}]\n")
      + kKube);
  const model::PodInfo& p = pod(r, "mover");
  REQUIRE(p.phase == model::PodPhase::kRunning);
  CHECK(r.state.node(p.node).name == "dra-b");
  CHECK(p.devices.front().pool == "dra-b");
  // Cycle at 0 s fails and deallocates, the retry at 1 s places it, it runs from 1.2 s.
  CHECK(*p.bound_us == 1'200'000);
}

TEST_CASE("kube-scheduler scores the first available subrequest higher") {
  // Only dra-b has a B200-like device; the claim prefers it (subrequest 0) over any GPU
  // (subrequest 1). DynamicResources scores 8 - index: dra-b 8, dra-a 7, normalised to 100 and
  // 87 (section 6.6). Every other score is equal on the two empty nodes, so dra-b wins although
  // dra-a sorts first.
  const RunResult r = run_text(std::string(R"(
---
apiVersion: resource.k8s.io/v1
kind: ResourceClaimTemplate
metadata: {name: prefer-b200, namespace: ml}
spec:
  spec:
    devices:
      requests:
      - name: gpu
        firstAvailable:
        - name: b200
          deviceClassName: gpu.example.com
          selectors:
          - cel: {expression: 'device.attributes["gpu.example.com"].model == "B200"'}
        - name: any
          deviceClassName: gpu.example.com
---
apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata: {name: dra-b-more}
spec:
  driver: gpu.example.com
  nodeName: dra-b
  pool: {name: dra-b-new, generation: 1, resourceSliceCount: 1}
  devices:
  - {name: b200-0, attributes: {model: {string: B200}}}
---
apiVersion: v1
kind: Pod
metadata: {name: picky, namespace: ml}
spec:
  resourceClaims: [{name: gpu, resourceClaimTemplateName: prefer-b200}]
  containers: [{name: main}]
)") + kKube);
  const model::PodInfo& p = pod(r, "picky");
  REQUIRE(p.phase == model::PodPhase::kRunning);
  CHECK(r.state.node(p.node).name == "dra-b");
  CHECK(p.devices.front().request == "gpu/b200");
  CHECK(p.devices.front().device == "b200-0");
}

TEST_CASE("under KAI a firstAvailable claim needs the DRAPrioritizedList gate turned on") {
  // KAI's allocator runs with every optional feature off, so the upstream PreFilter refuses
  // subrequests (dynamicresources.go) unless the scenario turns the gate on.
  const std::string claim = R"(
---
apiVersion: resource.k8s.io/v1
kind: ResourceClaimTemplate
metadata: {name: alternatives, namespace: ml}
spec:
  spec:
    devices:
      requests:
      - name: gpu
        firstAvailable:
        - {name: any, deviceClassName: gpu.example.com}
---
apiVersion: v1
kind: Pod
metadata: {name: p, namespace: ml}
spec:
  resourceClaims: [{name: gpu, resourceClaimTemplateName: alternatives}]
  containers: [{name: main}]
)";
  const RunResult off = run_text(claim);
  CHECK(off.state.reason_of(model::PodId::from_index(0))
            .find("request gpu: has subrequests, but the DRAPrioritizedList feature is disabled")
        != std::string::npos);
  const RunResult on = run_text(claim + R"(
---
apiVersion: drasim.dev/v1alpha1
kind: Scenario
metadata: {name: s}
spec:
  kubernetes: {featureGates: {DRAPrioritizedList: true}}
)");
  CHECK(pod(on, "p").devices.front().request == "gpu/any");
}

TEST_CASE("a gang whose second pod finds no device gives back the first pod's claim") {
  // Two DRA nodes with two GPUs each = 4 GPUs; a gang of 3 pods wanting 2 GPUs each needs 6.
  // The allocate action places two pods (allocating their claims), fails the third, and rolls
  // the statement back: no claim stays allocated and no device is held. KAI counts the claim's
  // 2 GPUs in the pod's GPU slot and the slices' devices in the nodes' GPU slots (section
  // 2.6), so the third pod already fails KAI's resource fit on both nodes (idle GPU 0 < 2).
  std::string pods = R"(
---
apiVersion: scheduling.run.ai/v2alpha2
kind: PodGroup
metadata: {name: gang, namespace: ml}
spec: {minMember: 3}
---
apiVersion: resource.k8s.io/v1
kind: ResourceClaimTemplate
metadata: {name: two-gpus, namespace: ml}
spec:
  spec:
    devices:
      requests:
      - name: gpus
        exactly: {deviceClassName: gpu.example.com, count: 2}
---
apiVersion: v1
kind: Pod
metadata:
  name: worker
  namespace: ml
  annotations: {pod-group-name: gang, drasim.dev/replicas: "3"}
spec:
  resourceClaims: [{name: gpus, resourceClaimTemplateName: two-gpus}]
  containers: [{name: main}]
)";
  const RunResult r = run_text(pods);
  for (int i = 0; i < 3; ++i) {
    CHECK(pod(r, "worker-" + std::to_string(i)).phase == model::PodPhase::kPending);
  }
  CHECK(r.state.claims.allocated().empty());
  for (size_t c = 0; c < r.state.claims.size(); ++c) {
    CHECK(r.state.claims.at(model::ClaimId::from_index(c)).claim.reserved_for.empty());
  }
  CHECK(r.state.reason_of(model::PodId::from_index(0))
        == "pod group gang: resources were found for 2 pods while 3 are required; pod "
           "worker-2: 0/2 nodes are available: 2 Insufficient gpu.");
}

TEST_CASE("KAI refuses a claim whose reservedFor is full") {
  // ResourceClaimReservedForMaxSize = 256: KAI's pre-filter stops there (upstream 1.35 only
  // fails later, in PreBind).
  std::string reserved;
  for (int i = 0; i < 256; ++i) {
    reserved += "  - {resource: pods, name: other-" + std::to_string(i) + ", uid: u"
                + std::to_string(i) + "}\n";
  }
  const RunResult r =
      run_text(named_claim("popular", "{kai.scheduler/queue: default-queue}",
                           allocated_on("dra-a", "gpu-0") + "  reservedFor:\n" + reserved)
               + pod_with_claim("one-more", "popular"));
  CHECK(r.state.reason_of(model::PodId::from_index(0))
        == "resource claim ml/popular has reached its maximum number of consumers (256)");
}

}  // namespace
}  // namespace drasim::sim
