// The implicit-tolerations plugin end to end (dra-semantics.md section 7, model/
// implicit_tolerations.h): rules from `spec.scheduler.implicitTolerations` let GPU pods onto
// tainted GPU nodes without tolerations, keep other pods off, and both profiles use them.
#include "sim/engine/engine.h"
#include "sim/scenario_loader.h"

#include <doctest/doctest.h>

#include "tests/sim/run_helpers.h"
#include <string>

namespace drasim::sim {
namespace {

// gpu-dp: a device-plugin node (4 nvidia.com/gpu) tainted nvidia.com/gpu:NoSchedule.
// dra-0: a DRA node tainted nvidia.com/gpu:NoSchedule and nvidia.com/gpu:NoExecute, publishing
// two H100s (gpu.example.com) and one NIC (nic.example.com). cpu-0: an untainted 2-core node.
const char* const kCluster = R"(
apiVersion: v1
kind: Node
metadata: {name: gpu-dp, labels: {pool: gpu-dp}}
spec:
  taints: [{key: nvidia.com/gpu, value: present, effect: NoSchedule}]
status:
  allocatable: {cpu: "16", memory: 64Gi, pods: "110", nvidia.com/gpu: "4"}
---
apiVersion: v1
kind: Node
metadata: {name: dra-0, labels: {pool: dra}}
spec:
  taints:
  - {key: nvidia.com/gpu, value: present, effect: NoSchedule}
  - {key: nvidia.com/gpu, value: present, effect: NoExecute}
status:
  allocatable: {cpu: "16", memory: 64Gi, pods: "110"}
---
apiVersion: v1
kind: Node
metadata: {name: cpu-0, labels: {pool: cpu}}
status:
  allocatable: {cpu: "2", memory: 64Gi, pods: "110"}
---
apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata: {name: dra-0-gpus}
spec:
  driver: gpu.example.com
  nodeName: dra-0
  pool: {name: dra-0, generation: 1, resourceSliceCount: 1}
  devices:
  - {name: gpu-0, attributes: {model: {string: H100}, cores: {int: 132}}}
  - {name: gpu-1, attributes: {model: {string: H100}, cores: {int: 132}}}
---
apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata: {name: dra-0-nics}
spec:
  driver: nic.example.com
  nodeName: dra-0
  pool: {name: dra-0, generation: 1, resourceSliceCount: 1}
  devices:
  - {name: nic-0, attributes: {model: {string: cx7}}}
---
apiVersion: resource.k8s.io/v1
kind: DeviceClass
metadata: {name: gpu.example.com}
spec:
  selectors:
  - cel: {expression: 'device.driver == "gpu.example.com"'}
---
apiVersion: resource.k8s.io/v1
kind: DeviceClass
metadata: {name: nic.example.com}
spec:
  selectors:
  - cel: {expression: 'device.driver == "nic.example.com"'}
---
apiVersion: resource.k8s.io/v1
kind: ResourceClaimTemplate
metadata: {name: gpu, namespace: ml}
spec:
  spec:
    devices:
      requests:
      - name: gpu
        exactly: {deviceClassName: gpu.example.com}
---
apiVersion: resource.k8s.io/v1
kind: ResourceClaimTemplate
metadata: {name: nic, namespace: ml}
spec:
  spec:
    devices:
      requests:
      - name: nic
        exactly: {deviceClassName: nic.example.com}
)";

// Tolerations of both taints of the GPU nodes, granted by `selector`.
std::string both_effects(const std::string& name, const std::string& selector) {
  return "    - name: " + name + "\n      selector: " + selector
         + "\n      toleration: {key: nvidia.com/gpu, operator: Exists, effect: NoSchedule}\n"
           "    - name: "
         + name + "-exec\n      selector: " + selector
         + "\n      toleration: {key: nvidia.com/gpu, operator: Exists, effect: NoExecute}\n";
}

std::string scenario(const std::string& rules, const std::string& profile = "kai") {
  return "apiVersion: drasim.dev/v1alpha1\nkind: Scenario\nmetadata: {name: t}\nspec:\n  horizon: "
         "1h\n  scheduler:\n"
         "    profile: "
         + profile + "\n    implicitTolerations:\n" + rules + "---\n";
}

// A pod in ml with 1 core; `claim` names a template, `gpus` a device-plugin request, `extra` is
// spliced under spec (nodeSelector, tolerations).
std::string pod(const std::string& name, const std::string& claim, int gpus = 0,
                const std::string& extra = "") {
  std::string out = "---\napiVersion: v1\nkind: Pod\nmetadata: {name: " + name
                    + ", namespace: ml, labels: {team: ml}}\nspec:\n" + extra;
  if (!claim.empty()) {
    out += "  resourceClaims: [{name: dev, resourceClaimTemplateName: " + claim + "}]\n";
  }
  out += "  containers:\n  - name: main\n    resources:\n      requests: {cpu: \"1\"";
  if (gpus > 0) {
    out += ", nvidia.com/gpu: \"" + std::to_string(gpus) + "\"";
  }
  out += "}\n";
  if (!claim.empty()) {
    out += "      claims: [{name: dev}]\n";
  }
  return out;
}

RunResult run(const std::string& scenario_doc, const std::string& pods) {
  return run_scenario(
      load_scenario_texts({{"t.yaml", scenario_doc + std::string(kCluster) + pods}}));
}

std::string node_of(const RunResult& r, const std::string& name) {
  const model::PodInfo& p = pod(r, name);
  return p.node.valid() ? r.state.node(p.node).name : "";
}

std::vector<std::string> rules_of(const RunResult& r, const std::string& name) {
  std::vector<std::string> out;
  const model::PodInfo& p = pod(r, name);
  for (const auto& i : r.state.templates[p.spec.index()].implicit_tolerations) {
    out.push_back(i.rule);
  }
  return out;
}

std::string reason_of(const RunResult& r, const std::string& name) {
  for (size_t i = 0; i < r.state.pods.size(); ++i) {
    if (r.state.pods[i].name == name) {
      return r.state.reason_of(model::PodId::from_index(i));
    }
  }
  return "";
}

const std::string kTaintReason = "untolerated taint {nvidia.com/gpu: present}";

TEST_CASE("an ExtendedResource rule lets device-plugin GPU pods onto the tainted pool only") {
  const RunResult r =
      run(scenario("    - name: gpu-by-resource\n"
                   "      selector: {type: ExtendedResource, resourceNames: "
                   "[nvidia.com/gpu]}\n      toleration: {key: nvidia.com/gpu, "
                   "operator: Exists, effect: NoSchedule}\n"),
          pod("train", "", 2) + pod("web", "", 0, "  nodeSelector: {pool: gpu-dp}\n"));
  // train requests nvidia.com/gpu > 0: the rule tolerates the NoSchedule taint and gpu-dp is the
  // only node with GPUs.
  CHECK(node_of(r, "train") == "gpu-dp");
  CHECK(rules_of(r, "train") == std::vector<std::string>{"gpu-by-resource"});
  // web requests no GPU: no implied toleration, so the taint keeps it off its only candidate.
  CHECK(node_of(r, "web").empty());
  CHECK(rules_of(r, "web").empty());
  CHECK(reason_of(r, "web").find(kTaintReason)
        != std::string::npos);  // the pending reason names the untolerated taint
}

TEST_CASE("a DeviceClass rule applies to claims of the class and not to claims of another") {
  const RunResult r =
      run(scenario(both_effects("gpu-by-class",
                                "{type: DeviceClass, deviceClassNames: [gpu.example.com]}")),
          pod("gpu-user", "gpu") + pod("nic-user", "nic"));
  // The GPU claim names gpu.example.com: both taints of dra-0 are tolerated, and dra-0 is the
  // only node with GPU devices.
  CHECK(node_of(r, "gpu-user") == "dra-0");
  CHECK(rules_of(r, "gpu-user") == std::vector<std::string>{"gpu-by-class", "gpu-by-class-exec"});
  // The NIC claim's class is nic.example.com: the rule does not apply, and dra-0 (the only NIC
  // node) stays tainted for it.
  CHECK(node_of(r, "nic-user").empty());
  CHECK(rules_of(r, "nic-user").empty());
}

TEST_CASE("a Device rule applies when some device the claim could use matches the prototype") {
  const std::string h100 =
      "{type: Device, devicePrototypes: [{driver: gpu.example.com, attributes: {model: {string: "
      "H100}, cores: {int: 132}}}]}";
  const std::string b200 =
      "{type: Device, devicePrototypes: [{driver: gpu.example.com, attributes: {model: {string: "
      "B200}}}]}";
  const RunResult yes = run(scenario(both_effects("h100", h100)), pod("p", "gpu"));
  // dra-0's GPUs pass the class selector and have model H100 and 132 cores (an int compared as
  // text; bare names are under gpu.example.com).
  CHECK(node_of(yes, "p") == "dra-0");
  CHECK(rules_of(yes, "p") == std::vector<std::string>{"h100", "h100-exec"});
  const RunResult no = run(scenario(both_effects("b200", b200)), pod("p", "gpu"));
  // No published device is a B200: no toleration, and the only GPU node stays tainted.
  CHECK(node_of(no, "p").empty());
  CHECK(rules_of(no, "p").empty());
  const RunResult nic = run(scenario(both_effects("h100", h100)), pod("p", "nic"));
  // The NIC class selects only nic.example.com devices, none of which is like the prototype.
  CHECK(rules_of(nic, "p").empty());
}

TEST_CASE("a CEL rule over pod, claims and deviceClasses") {
  const std::string by_class =
      "{type: CEL, expression: 'claims.exists(c, c.spec.devices.requests.exists(r, "
      "r.exactly.deviceClassName == \"gpu.example.com\"))'}";
  const RunResult r =
      run(scenario(both_effects("cel", by_class)), pod("gpu-user", "gpu") + pod("nic-user", "nic"));
  // PRODUCT.md's example expression: true for the GPU claim, false for the NIC claim.
  CHECK(node_of(r, "gpu-user") == "dra-0");
  CHECK(rules_of(r, "gpu-user") == std::vector<std::string>{"cel", "cel-exec"});
  CHECK(rules_of(r, "nic-user").empty());

  const std::string by_pod =
      "{type: CEL, expression: 'pod.metadata.labels.team == \"ml\" && "
      "deviceClasses.exists(d, d.metadata.name == \"gpu.example.com\") && "
      "pod.spec.containers[0].resources.requests.cpu == \"1\"'}";
  const RunResult p = run(scenario(both_effects("cel", by_pod)), pod("gpu-user", "gpu"));
  // Label team=ml, the claim's class is in deviceClasses, and the cpu request reads "1".
  CHECK(rules_of(p, "gpu-user") == std::vector<std::string>{"cel", "cel-exec"});

  const std::string failing = "{type: CEL, expression: 'pod.metadata.labels.missing == \"x\"'}";
  const RunResult e = run(scenario(both_effects("cel", failing)), pod("gpu-user", "gpu"));
  // `no such key: missing` at run time: the rule does not apply.
  CHECK(rules_of(e, "gpu-user").empty());
  CHECK(node_of(e, "gpu-user").empty());
}

TEST_CASE("both taint effects count: a NoSchedule toleration alone does not open the node") {
  const RunResult r = run(scenario("    - name: only-noschedule\n      selector: {type: "
                                   "DeviceClass, deviceClassNames: [gpu.example.com]}\n"
                                   "      toleration: {key: nvidia.com/gpu, operator: Exists, "
                                   "effect: NoSchedule}\n"),
                          pod("gpu-user", "gpu"));
  // dra-0 also carries nvidia.com/gpu:NoExecute, which the implied toleration does not cover.
  CHECK(rules_of(r, "gpu-user") == std::vector<std::string>{"only-noschedule"});
  CHECK(node_of(r, "gpu-user").empty());
}

TEST_CASE("replicas whose CEL results differ get their own template and placement class") {
  const std::string by_name = "{type: CEL, expression: 'pod.metadata.name == \"p-1\"'}";
  const std::string pods =
      "---\napiVersion: v1\nkind: Pod\nmetadata: {name: p, namespace: ml, annotations: "
      "{drasim.dev/replicas: \"2\"}}\nspec:\n  nodeSelector: {pool: dra}\n  containers:\n  - "
      "name: main\n    resources:\n      requests: {cpu: \"1\"}\n";
  const RunResult r = run(scenario(both_effects("second", by_name)), pods);
  // Only p-1 matches the expression, so only p-1 may use dra-0; p-0 keeps the taint.
  CHECK(node_of(r, "p-1") == "dra-0");
  CHECK(node_of(r, "p-0").empty());
  CHECK(pod(r, "p-0").spec != pod(r, "p-1").spec);  // split into two templates
  CHECK(r.state.spec_of(model::PodId::from_index(0)).placement_class
        != r.state.spec_of(model::PodId::from_index(1)).placement_class);  // and two classes
}

}  // namespace
}  // namespace drasim::sim

namespace drasim::sim {
namespace {

std::vector<std::string> errors_of(const std::string& rules) {
  std::vector<std::string> out;
  try {
    (void)load_scenario_texts({{"t.yaml", scenario(rules)}});
  } catch (const InputError& e) {
    for (const Diagnostic& d : e.diagnostics()) {
      out.push_back(d.to_string());
    }
  }
  return out;
}

// The scenario header puts the first rule on line 9 (`    - name: ...`), its selector on
// line 10 and its toleration on line 11; a flow mapping's values start after `key: `.

TEST_CASE("an unknown selector type is an input error at the type") {
  const auto errors = errors_of(
      "    - name: r\n      selector: {type: Label, resourceNames: [x]}\n"
      "      toleration: {key: k, operator: Exists}\n");
  REQUIRE(errors.size() == 1);
  // Line 10; `      selector: {type: ` is 23 characters, so Label starts at column 24.
  CHECK(errors[0]
        == "t.yaml:10:24: error: spec.scheduler.implicitTolerations[0].selector.type: one of "
           "ExtendedResource, DeviceClass, Device, CEL, got \"Label\"");
}

TEST_CASE("a selector without names, or with a field of another type, is an input error") {
  // A rule that can never fire is a mistake worth stopping for.
  const auto empty = errors_of(
      "    - name: r\n      selector: {type: ExtendedResource, resourceNames: []}\n"
      "      toleration: {key: k, operator: Exists}\n");
  REQUIRE(empty.size() == 1);
  // `      selector: {type: ExtendedResource, resourceNames: ` is 56 characters: column 57.
  CHECK(empty[0]
        == "t.yaml:10:57: error: spec.scheduler.implicitTolerations[0].selector.resourceNames: at "
           "least one resource name, got an empty list");
  const auto foreign = errors_of(
      "    - name: r\n      selector: {type: DeviceClass, deviceClassNames: [c], expression: "
      "'true'}\n      toleration: {key: k, operator: Exists}\n");
  REQUIRE(foreign.size() == 1);
  // `      selector: {type: DeviceClass, deviceClassNames: [c], expression: ` is 71 characters.
  CHECK(foreign[0]
        == "t.yaml:10:72: error: spec.scheduler.implicitTolerations[0].selector.expression: no "
           "field of another selector type, got \"expression\"");
}

TEST_CASE("a toleration with an invalid operator or effect is an input error at the field") {
  const auto op = errors_of(
      "    - name: r\n      selector: {type: DeviceClass, deviceClassNames: [c]}\n"
      "      toleration: {key: k, operator: Matches, effect: NoSchedule}\n");
  REQUIRE(op.size() == 1);
  // `      toleration: {key: k, operator: ` is 37 characters: Matches starts at column 38.
  CHECK(op[0]
        == "t.yaml:11:38: error: spec.scheduler.implicitTolerations[0].toleration.operator: one "
           "of Equal, Exists, got \"Matches\"");
  const auto effect = errors_of(
      "    - name: r\n      selector: {type: DeviceClass, deviceClassNames: [c]}\n"
      "      toleration: {key: k, operator: Exists, effect: NoRun}\n");
  REQUIRE(effect.size() == 1);
  // `      toleration: {key: k, operator: Exists, effect: ` is 53 characters: column 54.
  CHECK(effect[0]
        == "t.yaml:11:54: error: spec.scheduler.implicitTolerations[0].toleration.effect: one of "
           "NoSchedule, PreferNoSchedule, NoExecute, got \"NoRun\"");
}

TEST_CASE("an invalid CEL rule is an input error at the expression") {
  const auto syntax = errors_of(
      "    - name: r\n      selector: {type: CEL, expression: 'claims.exists(c, '}\n"
      "      toleration: {key: k, operator: Exists}\n");
  REQUIRE(syntax.size() == 1);
  // `      selector: {type: CEL, expression: ` is 40 characters: the scalar starts at column 41.
  CHECK(syntax[0].rfind("t.yaml:10:41: error: spec.scheduler.implicitTolerations[0].selector."
                        "expression: a CEL expression over pod, claims and deviceClasses, got "
                        "ERROR: <input>:1:",
                        0)
        == 0);
  const auto type = errors_of(
      "    - name: r\n      selector: {type: CEL, expression: '1 + 2'}\n"
      "      toleration: {key: k, operator: Exists}\n");
  REQUIRE(type.size() == 1);
  // The result must be bool (or dyn, as with the DRA selectors); `1 + 2` is an int.
  CHECK(type[0].find("must evaluate to bool or the unknown type, not int") != std::string::npos);
  // Only pod, claims and deviceClasses are declared.
  const auto undeclared = errors_of(
      "    - name: r\n      selector: {type: CEL, expression: 'device.driver == \"x\"'}\n"
      "      toleration: {key: k, operator: Exists}\n");
  REQUIRE(undeclared.size() == 1);
  CHECK(undeclared[0].find("undeclared reference to 'device'") != std::string::npos);
}

}  // namespace
}  // namespace drasim::sim
