// The JSON report's `claims` (reports/claims_json.cpp): the KEP-5004 claim the binder created
// for a bridged pod, with everything it wrote (kai-scheduler-behavior.md section 6.4).
#include "reports/json_report.h"
#include "sim/engine/engine.h"
#include "sim/scenario_loader.h"

#include <doctest/doctest.h>

#include <string>

namespace drasim::reports {
namespace {

const char* const kBridged = R"(
apiVersion: drasim.dev/v1alpha1
kind: Scenario
metadata: {name: bridged}
spec:
  seed: 3
  kubernetes: {version: "1.35", featureGates: {DRAExtendedResource: true}}
---
apiVersion: v1
kind: Node
metadata: {name: dra-0}
status: {allocatable: {cpu: "8", memory: 32Gi, pods: "110"}}
---
apiVersion: resource.k8s.io/v1
kind: DeviceClass
metadata: {name: gpu.nvidia.com}
spec: {extendedResourceName: nvidia.com/gpu}
---
apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata: {name: dra-0-gpus}
spec:
  driver: gpu.nvidia.com
  nodeName: dra-0
  pool: {name: dra-0, generation: 1, resourceSliceCount: 1}
  devices: [{name: gpu-0}]
---
apiVersion: v1
kind: Pod
metadata: {name: p, namespace: ml}
spec:
  containers: [{name: main, resources: {limits: {nvidia.com/gpu: "1"}}}]
)";

TEST_CASE("the report lists the bridge's claim as the binder wrote it") {
  const sim::RunResult r =
      sim::run_scenario(sim::load_scenario_texts({{"t.yaml", std::string(kBridged)}}));
  const std::string json = json_report(r);
  // Name: generateName `<pod>-extended-resources-` plus the seed's deterministic suffix (the
  // same text as the pod's extendedResourceClaimStatus); the pod owns and reserves it, the
  // finalizer protects it, the one request is `container-0-request-0` (the only resource of
  // container 0) for 1 device of the class, allocated gpu-0.
  const std::string name = r.state.pod(model::PodId::from_index(0)).extended_claim_status->name;
  CHECK(name.rfind("p-extended-resources-", 0) == 0);
  CHECK(name.size() == std::string("p-extended-resources-").size() + 5);
  const std::string expected =
      "\"claims\": [\n    {\n      \"namespace\": \"ml\",\n      \"name\": \"" + name
      + "\",\n      \"generateName\": \"p-extended-resources-\",\n      \"annotations\": {\n"
        "        \"resource.kubernetes.io/extended-resource-claim\": \"true\"\n      },\n"
        "      \"ownerReferences\": [\n        {\n          \"kind\": \"Pod\",\n"
        "          \"name\": \"p\",\n          \"controller\": true\n        }\n      ],\n"
        "      \"finalizers\": [\n        \"resource.kubernetes.io/delete-protection\"\n      ],\n"
        "      \"requests\": [\n        {\n          \"name\": \"container-0-request-0\",\n"
        "          \"deviceClassName\": \"gpu.nvidia.com\",\n          \"count\": 1\n        }\n"
        "      ],\n      \"allocation\": [\n        {\n"
        "          \"request\": \"container-0-request-0\",\n"
        "          \"driver\": \"gpu.nvidia.com\",\n          \"pool\": \"dra-0\",\n"
        "          \"device\": \"gpu-0\"\n        }\n      ],\n"
        "      \"reservedFor\": [\n        \"p\"\n      ]\n    }\n  ],";
  CHECK(json.find(expected) != std::string::npos);
}

}  // namespace
}  // namespace drasim::reports
