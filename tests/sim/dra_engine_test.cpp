// The claims lifecycle in the simulation (dra-semantics.md sections 2.3, 2.4, 6.2 to 6.9):
// template claims per pod, shared claims, pinning by an existing allocation, release on
// completion, and the pending reasons of pods whose claims cannot be served.
#include "sim/engine.h"
#include "sim/scenario_loader.h"

#include <doctest/doctest.h>

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

const model::PodInfo& pod(const RunResult& r, const std::string& name) {
  for (const auto& p : r.state.pods) {
    if (p.name == name) {
      return p;
    }
  }
  FAIL("no pod " << name);
  return r.state.pods.front();
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
  const RunResult r = run_text(R"(
---
apiVersion: resource.k8s.io/v1
kind: ResourceClaim
metadata:
  name: shared-gpu
  namespace: ml
  # KAI only schedules pods on a shared GPU claim labelled with their queue.
  labels: {kai.scheduler/queue: default-queue}
spec:
  devices:
    requests:
    - name: gpu
      exactly: {deviceClassName: gpu.example.com}
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
---
apiVersion: v1
kind: Pod
metadata: {name: no-claim, namespace: ml}
spec:
  resourceClaims: [{name: gpu, resourceClaimName: nowhere}]
  containers: [{name: main}]
---
apiVersion: resource.k8s.io/v1
kind: ResourceClaim
metadata: {name: bad-class, namespace: ml}
spec:
  devices:
    requests:
    - name: gpu
      exactly: {deviceClassName: no-such-class}
---
apiVersion: v1
kind: Pod
metadata: {name: no-class, namespace: ml}
spec:
  resourceClaims: [{name: gpu, resourceClaimName: bad-class}]
  containers: [{name: main}]
)");
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
  const RunResult r = run_text(R"(
---
apiVersion: resource.k8s.io/v1
kind: ResourceClaim
metadata:
  name: pinned
  namespace: ml
  labels: {kai.scheduler/queue: default-queue}
spec:
  devices:
    requests:
    - name: gpu
      exactly: {deviceClassName: gpu.example.com}
status:
  allocation:
    devices:
      results:
      - {request: gpu, driver: gpu.example.com, pool: dra-b, device: gpu-1}
    nodeSelector:
      nodeSelectorTerms:
      - matchFields:
        - {key: metadata.name, operator: In, values: [dra-b]}
---
apiVersion: v1
kind: Pod
metadata: {name: user, namespace: ml}
spec:
  resourceClaims: [{name: gpu, resourceClaimName: pinned}]
  containers: [{name: main}]
)" + pod_with_template("other"));
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
  const RunResult r = run_text(R"(
---
apiVersion: resource.k8s.io/v1
kind: ResourceClaim
metadata: {name: unlabelled, namespace: ml}
spec:
  devices:
    requests:
    - name: gpu
      exactly: {deviceClassName: gpu.example.com}
---
apiVersion: resource.k8s.io/v1
kind: ResourceClaim
metadata:
  name: other-queue
  namespace: ml
  labels: {kai.scheduler/queue: team-b}
spec:
  devices:
    requests:
    - name: gpu
      exactly: {deviceClassName: gpu.example.com}
---
apiVersion: v1
kind: Pod
metadata: {name: p1, namespace: ml}
spec:
  resourceClaims: [{name: gpu, resourceClaimName: unlabelled}]
  containers: [{name: main}]
---
apiVersion: v1
kind: Pod
metadata: {name: p2, namespace: ml}
spec:
  resourceClaims: [{name: gpu, resourceClaimName: other-queue}]
  containers: [{name: main}]
)" + pod_with_template("trainer"));
  CHECK(r.state.reason_of(model::PodId::from_index(0))
        == "pod ml/p1 cannot be scheduled: DRA claim unlabelled is a shared GPU claim but does "
           "not have a queue label (kai.scheduler/queue)");
  CHECK(r.state.reason_of(model::PodId::from_index(1))
        == "pod ml/p2 cannot be scheduled: DRA claim other-queue is a shared GPU claim with "
           "wrong queue label (expected queue: default-queue, claim queue label: team-b)");
  CHECK(pod(r, "trainer").phase == model::PodPhase::kRunning);
}

TEST_CASE("the kube-scheduler profile spreads by LeastAllocated where KAI binpacks") {
  const std::string pods = pod_with_template("a") + pod_with_template("b");
  const std::string kube = R"(
---
apiVersion: drasim.dev/v1alpha1
kind: Scenario
metadata: {name: kube}
spec:
  scheduler: {profile: kube-scheduler}
)";
  const RunResult k = run_text(pods + kube);
  // a goes to dra-a (equal scores, first name); then dra-b has more free cpu and memory, so
  // LeastAllocated prefers it: (16000-1000)/16000 vs (16000-2000)/16000 on cpu.
  CHECK(k.state.node(pod(k, "a").node).name == "dra-a");
  CHECK(k.state.node(pod(k, "b").node).name == "dra-b");
  const RunResult kai = run_text(pods);
  CHECK(kai.state.node(pod(kai, "b").node).name == "dra-a");
}

}  // namespace
}  // namespace drasim::sim
