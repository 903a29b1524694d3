// kube-scheduler's PreBind wait for device binding conditions and the `deviceCondition` event
// that stands in for a driver (dra-semantics.md 3.12 and 6.8; model/kube/binding_conditions.h).
// The whole-run stories are scenario cases in tests/cases/dra/binding-*.yaml; these check what
// a case cannot see: the claim's status, the pending reason, the counts and the load errors.
#include "sim/engine/engine.h"
#include "sim/scenario_loader.h"

#include <doctest/doctest.h>

#include "tests/sim/run_helpers.h"
#include <string>

namespace drasim::sim {
namespace {

/// Node dra-0 with one device fabric.example.com/dra-0/gpu-0 that has bindingConditions
/// [Attached] and bindingFailureConditions [AttachFailed], and pod ml/a with one claim from a
/// template, under kube-scheduler with the binding gates on. `scheduler` and `events` are flow
/// YAML.
std::string scenario(const std::string& scheduler, const std::string& events) {
  return R"(apiVersion: drasim.dev/v1alpha1
kind: Scenario
metadata: {name: t}
spec:
  horizon: 40s
  kubernetes:
    version: "1.35"
    featureGates: {DRADeviceBindingConditions: true, DRAResourceClaimDeviceStatus: true}
  scheduler: )"
         + scheduler + R"(
  events: )"
         + events + R"(
---
apiVersion: v1
kind: Node
metadata: {name: dra-0}
status: {allocatable: {cpu: "8", memory: 32Gi, pods: "110"}}
---
apiVersion: resource.k8s.io/v1
kind: DeviceClass
metadata: {name: fabric}
spec:
  selectors: [{cel: {expression: 'device.driver == "fabric.example.com"'}}]
---
apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata: {name: dra-0-fabric}
spec:
  driver: fabric.example.com
  nodeName: dra-0
  pool: {name: dra-0, generation: 1, resourceSliceCount: 1}
  devices:
  - {name: gpu-0, bindingConditions: [Attached], bindingFailureConditions: [AttachFailed]}
---
apiVersion: resource.k8s.io/v1
kind: ResourceClaimTemplate
metadata: {name: one, namespace: ml}
spec: {spec: {devices: {requests: [{name: gpu, exactly: {deviceClassName: fabric}}]}}}
---
apiVersion: v1
kind: Pod
metadata: {name: a, namespace: ml}
spec:
  resourceClaims: [{name: gpu, resourceClaimTemplateName: one}]
  containers: [{name: main, resources: {requests: {cpu: "1"}, claims: [{name: gpu}]}}]
)";
}

const model::ResourceClaim& claim_of(const RunResult& r, const std::string& pod_name) {
  return r.state.claims.at(pod(r, pod_name).claims.at(0)).claim;
}

TEST_CASE("the driver's condition is in the claim's status once the pod runs") {
  const RunResult r = run_scenario(load_scenario_texts(
      {{"t.yaml",
        scenario("{profile: kube-scheduler}",
                 "[{at: 3s, deviceCondition: {driver: fabric.example.com, type: Attached}}]")}}));
  // PreBind waits from 0.2 s (bind latency 200 ms) and polls every 5 s: the condition written
  // at 3 s is seen at 5.2 s.
  CHECK(*pod(r, "a").bound_us == 5'200'000);
  CHECK(r.stats.failed_binds == 0);
  const model::ResourceClaim& c = claim_of(r, "a");
  REQUIRE(c.devices.size() == 1);
  CHECK(c.devices[0].driver == "fabric.example.com");
  CHECK(c.devices[0].pool == "dra-0");
  CHECK(c.devices[0].device == "gpu-0");
  CHECK(c.devices[0].conditions == std::map<std::string, std::string>{{"Attached", "True"}});
}

TEST_CASE("a condition written before the claim is allocated does not count") {
  // The one-shot event at 0 s runs before the cycle at 0 s allocates the claim (timeline steps
  // come before the cycle at an instant), so it writes nothing and the wait times out: with a
  // 10 s timeout PreBind gives up at 10.2 s, the device is freed, and after the 1 s back-off the
  // pod is placed again at 12 s, waits from 12.2 s and gives up at 22.2 s, and again from 24.2 s
  // to 34.2 s: three failed binds by the horizon at 40 s, the fourth wait (from 36.2 s) still on.
  const RunResult r = run_scenario(load_scenario_texts(
      {{"t.yaml",
        scenario("{profile: kube-scheduler, bindingTimeout: 10s}",
                 "[{at: 0s, deviceCondition: {driver: fabric.example.com, type: Attached}}]")}}));
  CHECK(r.stats.failed_binds == 3);
  CHECK_FALSE(pod(r, "a").bound_us.has_value());
  CHECK(pod(r, "a").phase == model::PodPhase::kBinding);
  CHECK(claim_of(r, "a").devices.empty());
}

TEST_CASE("a failed PreBind names the claim, device and condition in the pending reason") {
  // AttachFailed at 2 s: the poll at 5.2 s fails the bind; the horizon at 5.5 s comes before the
  // retry (back-off to 6.2 s, the next cycle at 7 s), so the reason is still the PreBind's. The
  // claim generated from the template has the ResourceClaim controller's name: the pod's name,
  // the claim's name in the pod, and five characters derived from the seed.
  std::string text =
      scenario("{profile: kube-scheduler}",
               "[{at: 2s, deviceCondition: {driver: fabric.example.com, devices: [gpu-0], type: "
               "AttachFailed}}]");
  text.replace(text.find("horizon: 40s"), 12, "horizon: 5500ms");
  const RunResult r = run_scenario(load_scenario_texts({{"t.yaml", text}}));
  CHECK(r.stats.failed_binds == 1);
  CHECK(pod(r, "a").phase == model::PodPhase::kPending);
  CHECK(pending_reason(r, "a")
        == "binding of resourceclaim \"a-gpu-5k74f\" failed: device "
           "fabric.example.com/dra-0/gpu-0 reports AttachFailed=True");
  // The allocation the scheduler wrote is cleared with its device status.
  CHECK_FALSE(claim_of(r, "a").allocation.has_value());
  CHECK(claim_of(r, "a").devices.empty());
}

TEST_CASE("deviceCondition events are checked at load") {
  const std::vector<std::string> errors = input_errors(scenario(
      "{profile: kube-scheduler, bindingTimeout: 0s}",
      "[{at: 1s, deviceCondition: {driver: fabric.example.com, status: Maybe, color: red}}]"));
  const auto has = [&](const std::string& want) {
    return std::any_of(errors.begin(), errors.end(),
                       [&](const std::string& e) { return e.find(want) != std::string::npos; });
  };
  CHECK(has("spec.scheduler.bindingTimeout: a binding timeout longer than zero"));
  CHECK(has("spec.events[0].deviceCondition.type: a condition type such as Attached"));
  CHECK(has("spec.events[0].deviceCondition.status: one of True, False, Unknown, got \"Maybe\""));
  CHECK(
      has("spec.events[0].deviceCondition.color: one of driver, pool, devices, type, status, "
          "after, got \"color\""));
}

TEST_CASE("a deviceCondition must name a driver, pool and devices the scenario publishes") {
  // The scenario's only slice is fabric.example.com's pool dra-0 with device gpu-0.
  const std::vector<std::string> errors = input_errors(scenario(
      "{profile: kube-scheduler}",
      "[{at: 1s, deviceCondition: {driver: fabirc.example.com, type: Attached}}, "
      "{at: 1s, deviceCondition: {driver: fabric.example.com, pool: dra-9, type: Attached}}, "
      "{at: 1s, deviceCondition: {driver: fabric.example.com, devices: [gpu-7], type: "
      "Attached}}]"));
  REQUIRE(errors.size() == 3);
  CHECK(errors[0].find("spec.events[0].deviceCondition.driver: a driver that publishes "
                       "ResourceSlices in the scenario, got \"fabirc.example.com\"")
        != std::string::npos);
  CHECK(errors[1].find("spec.events[1].deviceCondition.pool: a pool of driver "
                       "fabric.example.com in the scenario, got \"dra-9\"")
        != std::string::npos);
  CHECK(errors[2].find("spec.events[2].deviceCondition.devices: devices that driver "
                       "fabric.example.com publishes, got \"gpu-7\"")
        != std::string::npos);
}

}  // namespace
}  // namespace drasim::sim
