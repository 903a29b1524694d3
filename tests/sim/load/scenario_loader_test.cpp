// Tests of the scenario loader (sim/scenario_loader.cpp) end to end: YAML text in, a Scenario or
// an InputError out. Every diagnostic's exact text is pinned, because the message format is the
// contract (PRODUCT.md section 1, STYLE.md "Errors"):
//   FILE:LINE:COL: error: <yaml.path>: <what was expected>, got <what was found>
// Lines and columns are 1-based; a comment next to each expected message says where they point.
#include "sim/scenario_loader.h"

#include "model/k8s/quantity.h"

#include <doctest/doctest.h>

#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace drasim::sim {
namespace {

/// The messages of a failed load, compared against a list of expected lines; prints one message
/// a line when a CHECK fails. (A local type, so no StringMaker for a standard type is needed.)
struct Messages {
  std::vector<std::string> lines;

  friend bool operator==(const Messages& a, const std::vector<std::string>& b) {
    return a.lines == b;
  }

  friend std::ostream& operator<<(std::ostream& os, const Messages& m) {
    if (m.lines.empty()) {
      return os << "(loaded without errors)";
    }
    for (const std::string& line : m.lines) {
      os << "\n  " << line;
    }
    return os << "\n";
  }
};

/// The diagnostics of loading `inputs`, in the order InputError carries them (none if it loads).
Messages errors_of(const std::vector<InputText>& inputs) {
  Messages out;
  try {
    (void)load_scenario_texts(inputs);
  } catch (const InputError& e) {
    for (const Diagnostic& d : e.diagnostics()) {
      out.lines.push_back(d.to_string());
    }
  }
  return out;
}

Messages errors_of(std::string_view text) {
  return errors_of({{"t.yaml", std::string(text)}});
}

/// Loads one text that must be valid; fails the test with the diagnostics otherwise.
Scenario load_ok(std::string_view text) {
  try {
    return load_scenario_texts({{"t.yaml", std::string(text)}});
  } catch (const InputError& e) {
    FAIL("unexpected input errors:\n" << e.what());
  }
  return {};
}

std::string q(const model::Quantity& quantity) {
  return quantity.to_string();
}

/// A minimal valid Pod named `name`, for tests about something else.
std::string pod(std::string_view name, std::string_view extra_spec = "") {
  return "apiVersion: v1\nkind: Pod\nmetadata: {name: " + std::string(name)
         + "}\nspec:\n  containers: [{name: c}]\n" + std::string(extra_spec);
}

// ---------------------------------------------------------------------------------------------
// Document-level problems

TEST_CASE("malformed YAML is reported as a YAML error at yaml-cpp's position") {
  // The flow sequence opened on line 1 is never closed. yaml-cpp gives up at the `:` of line 2
  // (column 2), and its own words become the `got` part; a syntax error has no YAML path.
  CHECK(errors_of("a: [1, 2\nb: 3\n")
        == std::vector<std::string>{
            "t.yaml:2:2: error: <document>: valid YAML, got end of sequence flow not found"});
}

TEST_CASE("a document that is not a mapping is rejected at the document's start") {
  // A document must be a Kubernetes object; this one is a list. There is no path yet, so the
  // message has none.
  CHECK(errors_of("- a\n- b\n")
        == std::vector<std::string>{
            "t.yaml:1:1: error: <document>: a Kubernetes object (a mapping), got a list"});
}

TEST_CASE("a document without apiVersion is rejected at the document's start") {
  // A missing key has no position of its own, so the error points at its parent (the root).
  CHECK(errors_of("kind: Pod\nmetadata: {name: a}\nspec: {containers: [{name: c}]}\n")
        == std::vector<std::string>{
            "t.yaml:1:1: error: apiVersion: an apiVersion such as v1, got nothing"});
}

TEST_CASE("a document without kind is rejected at the document's start") {
  CHECK(errors_of("apiVersion: v1\nmetadata: {name: a}\n")
        == std::vector<std::string>{"t.yaml:1:1: error: kind: a kind such as Pod, got nothing"});
}

TEST_CASE("an object whose metadata has no name is rejected at the metadata mapping") {
  // `metadata: {namespace: x}`: the mapping starts on line 3 at column 11 (after `metadata: `),
  // and metadata.name is missing from it.
  CHECK(errors_of("apiVersion: v1\nkind: Pod\nmetadata: {namespace: x}\n"
                  "spec: {containers: [{name: c}]}\n")
        == std::vector<std::string>{"t.yaml:3:11: error: metadata.name: a name, got nothing"});
}

TEST_CASE("an object without metadata at all is rejected at the document's start") {
  CHECK(errors_of("apiVersion: v1\nkind: Pod\nspec: {containers: [{name: c}]}\n")
        == std::vector<std::string>{
            "t.yaml:1:1: error: metadata: metadata with a name, got nothing"});
}

TEST_CASE("an empty metadata.name is reported like a missing one, showing the empty string") {
  // `metadata: {name: ""}`: the "" scalar is on line 3 at column 18.
  CHECK(errors_of("apiVersion: v1\nkind: Namespace\nmetadata: {name: \"\"}\n")
        == std::vector<std::string>{"t.yaml:3:18: error: metadata.name: a name, got \"\""});
}

TEST_CASE("metadata.creationTimestamp is kept as written when it is an RFC 3339 time") {
  // It orders DeviceClasses that claim one extended resource name (KEP-5004); null is absent.
  const Scenario s = load_ok(R"(apiVersion: resource.k8s.io/v1
kind: DeviceClass
metadata: {name: a, creationTimestamp: 2026-01-02T03:04:05Z}
---
apiVersion: resource.k8s.io/v1
kind: DeviceClass
metadata: {name: b, creationTimestamp: "2026-01-02T03:04:05.25+01:00"}
---
apiVersion: resource.k8s.io/v1
kind: DeviceClass
metadata: {name: c, creationTimestamp: null}
)");
  REQUIRE(s.objects.device_classes.size() == 3);
  CHECK(s.objects.device_classes[0].meta.creation_timestamp == "2026-01-02T03:04:05Z");
  CHECK(s.objects.device_classes[1].meta.creation_timestamp == "2026-01-02T03:04:05.25+01:00");
  CHECK(s.objects.device_classes[2].meta.creation_timestamp.empty());
}

TEST_CASE("a creationTimestamp that is not an RFC 3339 time is rejected at its value") {
  // `yesterday` starts on line 5 at column 22, the date without a time on line 12 at column 22,
  // the `{}` mapping on line 16 at column 40. A date alone is not enough: the time is required.
  CHECK(errors_of(R"(apiVersion: v1
kind: Pod
metadata:
  name: a
  creationTimestamp: yesterday
spec: {containers: [{name: c}]}
---
apiVersion: resource.k8s.io/v1
kind: DeviceClass
metadata:
  name: d
  creationTimestamp: 2026-01-02
---
apiVersion: v1
kind: Namespace
metadata: {name: n, creationTimestamp: {}}
)")
        == std::vector<std::string>{
            "t.yaml:5:22: error: metadata.creationTimestamp: an RFC 3339 time such as "
            "2026-01-02T03:04:05Z, got \"yesterday\"",
            "t.yaml:12:22: error: metadata.creationTimestamp: an RFC 3339 time such as "
            "2026-01-02T03:04:05Z, got \"2026-01-02\"",
            "t.yaml:16:40: error: metadata.creationTimestamp: an RFC 3339 time such as "
            "2026-01-02T03:04:05Z, got a mapping"});
}

// ---------------------------------------------------------------------------------------------
// Wrong types

TEST_CASE("a PriorityClass value that is a word is rejected as not an integer") {
  // `value: "high"`: the scalar starts on line 4 at column 8 (after `value: `).
  CHECK(errors_of(R"(apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: p}
value: "high"
)") == std::vector<std::string>{"t.yaml:4:8: error: value: an integer priority, got \"high\""});
}

TEST_CASE("a quoted number is a string, not an integer, as in the Kubernetes API") {
  // `value: "1000"` is a JSON string; the API server rejects it for an int32 field.
  CHECK(errors_of(R"(apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: p}
value: "1000"
)") == std::vector<std::string>{"t.yaml:4:8: error: value: an integer priority, got \"1000\""});
}

TEST_CASE("a PriorityClass without a value is rejected at the document's start") {
  CHECK(errors_of("apiVersion: scheduling.k8s.io/v1\nkind: PriorityClass\nmetadata: {name: p}\n")
        == std::vector<std::string>{"t.yaml:1:1: error: value: an integer priority, got nothing"});
}

TEST_CASE("a list where a mapping is expected is reported with the list's position") {
  // `metadata: [a, b]`: the flow sequence starts on line 3 at column 11.
  CHECK(errors_of("apiVersion: v1\nkind: Pod\nmetadata: [a, b]\nspec: {containers: [{name: c}]}\n")
        == std::vector<std::string>{"t.yaml:3:11: error: metadata: a mapping, got a list"});
}

TEST_CASE("a mapping where a string is expected is reported as a mapping") {
  // `kind: {a: b}`: the kind is not a scalar; the mapping starts on line 2 at column 7.
  CHECK(errors_of("apiVersion: v1\nkind: {a: b}\nmetadata: {name: a}\n")
        == std::vector<std::string>{"t.yaml:2:7: error: kind: a kind such as Pod, got a mapping"});
}

// ---------------------------------------------------------------------------------------------
// Quantities

TEST_CASE("negative container requests are rejected, each at its own value") {
  // Line 8 is `      requests: {cpu: -1, memory: "-2Gi"}`: `-1` is at column 23 and `"-2Gi"`
  // at column 35. A plain -1 is a number and shown bare; the quoted "-2Gi" is shown quoted.
  CHECK(errors_of(R"(apiVersion: v1
kind: Pod
metadata: {name: a}
spec:
  containers:
  - name: c
    resources:
      requests: {cpu: -1, memory: "-2Gi"}
)")
        == std::vector<std::string>{
            "t.yaml:8:23: error: spec.containers[0].resources.requests.cpu: a quantity of zero "
            "or more, got -1",
            "t.yaml:8:35: error: spec.containers[0].resources.requests.memory: a quantity of "
            "zero or more, got \"-2Gi\""});
}

TEST_CASE("a quantity with a non-Kubernetes suffix such as 2GB is rejected") {
  // Kubernetes suffixes are decimal (k, M, G) or binary (Ki, Mi, Gi); `GB` is neither.
  // `2GB` starts on line 8 at column 26 (after `      requests: {memory: `).
  CHECK(errors_of(R"(apiVersion: v1
kind: Pod
metadata: {name: a}
spec:
  containers:
  - name: c
    resources:
      requests: {memory: 2GB}
)")
        == std::vector<std::string>{
            "t.yaml:8:26: error: spec.containers[0].resources.requests.memory: a quantity such "
            "as 500m, 2 or 16Gi, got \"2GB\""});
}

TEST_CASE("a request larger than its limit is rejected at the request") {
  // Kubernetes validation: requests must not exceed limits. 2 cores > 1500m = 1.5 cores; the
  // limit is printed in the loader's canonical decimal form. `"2"` is on line 8 at column 23.
  CHECK(errors_of(R"(apiVersion: v1
kind: Pod
metadata: {name: a}
spec:
  containers:
  - name: c
    resources:
      requests: {cpu: "2"}
      limits: {cpu: 1500m}
)")
        == std::vector<std::string>{
            "t.yaml:8:23: error: spec.containers[0].resources.requests.cpu: a request no larger "
            "than the limit 1.5, got \"2\""});
}

TEST_CASE("a container with only limits gets requests equal to its limits") {
  // core/v1 SetDefaults_Pod: for each resource with a limit and no request, request = limit.
  // The explicit memory request stays as given.
  const Scenario s = load_ok(R"(apiVersion: v1
kind: Pod
metadata: {name: a}
spec:
  containers:
  - name: c
    resources:
      requests: {memory: 1Gi}
      limits: {cpu: "2", memory: 4Gi, nvidia.com/gpu: 1}
)");
  REQUIRE(s.objects.pods.size() == 1);
  REQUIRE(s.objects.pods[0].spec.containers.size() == 1);
  const model::Container& c = s.objects.pods[0].spec.containers[0];
  CHECK(c.requests.size() == 3);
  CHECK(q(c.requests.at("cpu")) == "2");
  CHECK(q(c.requests.at("nvidia.com/gpu")) == "1");
  CHECK(q(c.requests.at("memory")) == "1073741824");  // 1Gi = 2^30 bytes, not the 4Gi limit
  CHECK(q(c.limits.at("memory")) == "4294967296");    // 4Gi = 4 * 2^30
}

TEST_CASE("a Node with only status.capacity gets allocatable copied from capacity") {
  // Real nodes always report both; hand-written ones (and some fixtures) give only capacity, and
  // the scheduler reads allocatable, so capacity stands in for it.
  const Scenario s = load_ok(R"(apiVersion: v1
kind: Node
metadata: {name: n}
status:
  capacity: {cpu: "8", memory: 32Gi, nvidia.com/gpu: "4"}
)");
  REQUIRE(s.objects.nodes.size() == 1);
  const model::Node& n = s.objects.nodes[0];
  CHECK(n.allocatable == n.capacity);
  REQUIRE(n.allocatable.size() == 3);
  CHECK(q(n.allocatable.at("cpu")) == "8");
  CHECK(q(n.allocatable.at("memory")) == "34359738368");  // 32 * 2^30
  CHECK(q(n.allocatable.at("nvidia.com/gpu")) == "4");
}

TEST_CASE("a Node with both capacity and allocatable keeps allocatable as given") {
  const Scenario s = load_ok(R"(apiVersion: v1
kind: Node
metadata: {name: n}
status:
  capacity: {cpu: "8"}
  allocatable: {cpu: 7500m}
)");
  REQUIRE(s.objects.nodes.size() == 1);
  CHECK(q(s.objects.nodes[0].capacity.at("cpu")) == "8");
  CHECK(q(s.objects.nodes[0].allocatable.at("cpu")) == "7.5");
}

// ---------------------------------------------------------------------------------------------
// Enumerations

TEST_CASE("an unknown toleration operator lists the valid operators") {
  // `operator: Maybe` inside a flow mapping on line 7; `Maybe` starts at column 24.
  CHECK(errors_of(pod("a", "  tolerations:\n  - {key: k, operator: Maybe, effect: NoSchedule}\n"))
        == std::vector<std::string>{
            "t.yaml:7:24: error: spec.tolerations[0].operator: one of Equal, Exists, got "
            "\"Maybe\""});
}

TEST_CASE("an unknown taint effect lists the effects a Node taint may have") {
  // Node taints may not use `None` (that is only for device taints); `Sometimes` starts on
  // line 6 at column 22.
  CHECK(errors_of(R"(apiVersion: v1
kind: Node
metadata: {name: n}
spec:
  taints:
  - {key: k, effect: Sometimes}
)")
        == std::vector<std::string>{
            "t.yaml:6:22: error: spec.taints[0].effect: one of NoSchedule, PreferNoSchedule, "
            "NoExecute, got \"Sometimes\""});
}

TEST_CASE("an unknown scheduler profile and placement are both reported") {
  // PRODUCT.md section 3 names the profiles; placement is binpack or spread. `kai-v9` is on
  // line 6 at column 14, `random` on line 7 at column 16.
  CHECK(errors_of(R"(apiVersion: drasim.dev/v1alpha1
kind: Scenario
metadata: {name: s}
spec:
  scheduler:
    profile: kai-v9
    placement: random
)")
        == std::vector<std::string>{
            "t.yaml:6:14: error: spec.scheduler.profile: one of kai-v0.12, kai-v0.13, kai-v0.17, "
            "kai, kube-scheduler, got \"kai-v9\"",
            "t.yaml:7:16: error: spec.scheduler.placement: one of binpack, spread, got "
            "\"random\""});
}

TEST_CASE("the built-in profiles and placements are accepted") {
  const Scenario s = load_ok(R"(apiVersion: drasim.dev/v1alpha1
kind: Scenario
metadata: {name: s}
spec:
  scheduler: {profile: kai-v0.17, placement: spread}
)");
  CHECK(s.name == "s");
  CHECK(s.scheduler.profile == Profile::kKaiV017);
  CHECK(s.scheduler.placement == Placement::kSpread);
}

TEST_CASE("feature gates are checked against the scenario's Kubernetes release") {
  // DRAListTypeAttributes first exists in 1.36; DRAAdminAccess is GA and locked on in 1.36
  // (pkg/features versioned specs, dra-semantics.md section 1.1).
  CHECK(errors_of(R"(apiVersion: drasim.dev/v1alpha1
kind: Scenario
metadata: {name: s}
spec:
  kubernetes:
    version: "1.35"
    featureGates: {DRAListTypeAttributes: true, DRAPartitionableDevices: true}
)")
        == std::vector<std::string>{
            "t.yaml:7:43: error: spec.kubernetes.featureGates.DRAListTypeAttributes: a feature "
            "gate of Kubernetes 1.35 (unrecognized gate \"DRAListTypeAttributes\" in that "
            "release), got \"DRAListTypeAttributes: true\""});
  CHECK(errors_of(R"(apiVersion: drasim.dev/v1alpha1
kind: Scenario
metadata: {name: s}
spec:
  kubernetes:
    version: "1.36"
    featureGates: {DRAAdminAccess: false}
)")
        == std::vector<std::string>{
            "t.yaml:7:36: error: spec.kubernetes.featureGates.DRAAdminAccess: a value the gate "
            "accepts (cannot set feature gate DRAAdminAccess to false, feature is locked to true "
            "in 1.36), got \"DRAAdminAccess: false\""});
}

// ---------------------------------------------------------------------------------------------
// drasim.dev annotations

TEST_CASE("invalid drasim.dev/at and drasim.dev/runtime durations are rejected") {
  // Durations are Go-style (`5m`), not prose; a runtime cannot be negative. Keys with dots or
  // slashes are written ["..."] in the path. `5 minutes` starts on line 6 at column 20,
  // `-1s` on line 7 at column 25.
  CHECK(errors_of(R"(apiVersion: v1
kind: Pod
metadata:
  name: a
  annotations:
    drasim.dev/at: 5 minutes
    drasim.dev/runtime: -1s
spec: {containers: [{name: c}]}
)")
        == std::vector<std::string>{
            "t.yaml:6:20: error: metadata.annotations[\"drasim.dev/at\"]: a duration such as "
            "250ms, 90s, 5m or 6h, got \"5 minutes\"",
            "t.yaml:7:25: error: metadata.annotations[\"drasim.dev/runtime\"]: a duration such "
            "as 250ms, 90s, 5m or 6h, got \"-1s\""});
}

TEST_CASE("valid drasim.dev annotations set appearance time, runtime and replicas") {
  const Scenario s = load_ok(R"(apiVersion: v1
kind: Pod
metadata:
  name: a
  annotations: {drasim.dev/at: 90s, drasim.dev/runtime: 45m, drasim.dev/replicas: "16"}
spec: {containers: [{name: c}]}
)");
  REQUIRE(s.objects.pods.size() == 1);
  const model::Pod& p = s.objects.pods[0];
  CHECK(p.meta.appear_us == 90'000'000);                // 90 s in microseconds
  CHECK(p.runtime_us == int64_t{45} * 60 * 1'000'000);  // 45 min in microseconds
  CHECK(p.replicas == 16);
}

TEST_CASE("drasim.dev/replicas must be a whole number from 1 to 1000000") {
  // Zero copies would be a pod that is not there; `abc` is not a number. Both values sit on
  // line 5 at column 38 of their documents (the second document starts on line 7).
  CHECK(errors_of(R"(apiVersion: v1
kind: Pod
metadata:
  name: a
  annotations: {drasim.dev/replicas: "0"}
spec: {containers: [{name: c}]}
---
apiVersion: v1
kind: Pod
metadata:
  name: b
  annotations: {drasim.dev/replicas: abc}
spec: {containers: [{name: c}]}
)")
        == std::vector<std::string>{
            "t.yaml:5:38: error: metadata.annotations[\"drasim.dev/replicas\"]: a whole number "
            "of copies from 1 to 1000000, got \"0\"",
            "t.yaml:12:38: error: metadata.annotations[\"drasim.dev/replicas\"]: a whole number "
            "of copies from 1 to 1000000, got \"abc\""});
}

// ---------------------------------------------------------------------------------------------
// Cross-object checks. These run after decoding; objects keep only their own position (the
// start of their mapping), so these messages point at the object and carry the field's path
// relative to it.

TEST_CASE("two Pods with the same namespace and name are rejected at the second") {
  // `namespace: default` is what a missing namespace defaults to, so both are default/a. The
  // first document takes lines 1-5 and `---` line 6, so the second starts on line 7.
  CHECK(errors_of(pod("a") + "---\n" + R"(apiVersion: v1
kind: Pod
metadata: {name: a, namespace: default}
spec: {containers: [{name: c}]}
)")
        == std::vector<std::string>{
            "t.yaml:7:1: error: metadata.name: a Pod name not used before (first at "
            "t.yaml:1:1), got \"a\" again"});
}

TEST_CASE("the same name in two namespaces or for two kinds is not a duplicate") {
  const Scenario s = load_ok(pod("a") + "---\n" + R"(apiVersion: v1
kind: Pod
metadata: {name: a, namespace: other}
spec: {containers: [{name: c}]}
---
apiVersion: v1
kind: Node
metadata: {name: a}
)");
  CHECK(s.objects.pods.size() == 2);
  CHECK(s.objects.nodes.size() == 1);
}

TEST_CASE("a pod naming a missing PriorityClass is rejected") {
  CHECK(errors_of(pod("a", "  priorityClassName: gold\n"))
        == std::vector<std::string>{
            "t.yaml:1:1: error: spec.priorityClassName: the name of an existing PriorityClass, "
            "got \"gold\""});
}

TEST_CASE("KAI's built-in PriorityClasses train and inference need no manifest") {
  // The KAI chart installs train (50), build-preemptible (75), build (100) and inference (125);
  // a scenario may use them without declaring them.
  const Scenario s = load_ok(pod("a", "  priorityClassName: train\n") + "---\n"
                             + pod("b", "  priorityClassName: inference\n"));
  CHECK(s.objects.pods.size() == 2);
}

TEST_CASE("a PriorityClass declared in the scenario can be used by name") {
  const Scenario s = load_ok(R"(apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: gold}
value: 1000
---
)" + pod("a", "  priorityClassName: gold\n"));
  REQUIRE(s.objects.priority_classes.size() == 1);
  CHECK(s.objects.priority_classes[0].value == 1000);
}

TEST_CASE("a pod whose pod-group-name annotation names a missing PodGroup is rejected") {
  // KAI's podgrouper reads the `pod-group-name` annotation; the PodGroup must be in the pod's
  // namespace (default here).
  CHECK(errors_of(R"(apiVersion: v1
kind: Pod
metadata:
  name: a
  annotations: {pod-group-name: pg}
spec: {containers: [{name: c}]}
)")
        == std::vector<std::string>{
            "t.yaml:1:1: error: metadata.annotations.pod-group-name: a PodGroup in namespace "
            "default, got \"pg\""});
}

TEST_CASE("a PodGroup in another namespace does not satisfy pod-group-name") {
  CHECK(errors_of(R"(apiVersion: scheduling.run.ai/v2alpha2
kind: PodGroup
metadata: {name: pg, namespace: team-b}
spec: {minMember: 1}
---
apiVersion: v1
kind: Pod
metadata:
  name: a
  namespace: team-a
  annotations: {pod-group-name: pg}
spec: {containers: [{name: c}]}
)")
        == std::vector<std::string>{
            "t.yaml:6:1: error: metadata.annotations.pod-group-name: a PodGroup in namespace "
            "team-a, got \"pg\""});
}

TEST_CASE("a Queue whose parentQueue does not exist is rejected") {
  CHECK(errors_of("apiVersion: scheduling.run.ai/v2\nkind: Queue\nmetadata: {name: a}\n"
                  "spec: {parentQueue: missing}\n")
        == std::vector<std::string>{
            "t.yaml:1:1: error: spec.parentQueue: the name of an existing Queue, got "
            "\"missing\""});
}

TEST_CASE("a queue cycle is reported once for every queue on it") {
  // a -> b -> a never reaches a top queue; each queue's own parentQueue is part of the cycle, so
  // each is reported (queue b's document starts on line 6).
  CHECK(errors_of(R"(apiVersion: scheduling.run.ai/v2
kind: Queue
metadata: {name: a}
spec: {parentQueue: b}
---
apiVersion: scheduling.run.ai/v2
kind: Queue
metadata: {name: b}
spec: {parentQueue: a}
)")
        == std::vector<std::string>{
            "t.yaml:1:1: error: spec.parentQueue: a parent chain that ends at a top queue, got "
            "a cycle through \"a\"",
            "t.yaml:6:1: error: spec.parentQueue: a parent chain that ends at a top queue, got "
            "a cycle through \"b\""});
}

TEST_CASE("a queue that is its own parent is rejected at its parentQueue") {
  // Caught while decoding, so it points at the value (`a` on line 4 at column 21).
  CHECK(errors_of("apiVersion: scheduling.run.ai/v2\nkind: Queue\nmetadata: {name: a}\n"
                  "spec: {parentQueue: a}\n")
        == std::vector<std::string>{
            "t.yaml:4:21: error: spec.parentQueue: another queue's name, got the queue itself"});
}

TEST_CASE("a Queue with a negative overQuotaWeight is rejected") {
  // KAI divides over-quota resources in proportion to the weights, so they cannot be negative.
  // `-1` is on line 6 at column 38.
  CHECK(errors_of(R"(apiVersion: scheduling.run.ai/v2
kind: Queue
metadata: {name: a}
spec:
  resources:
    gpu: {quota: 2, overQuotaWeight: -1, limit: 4}
)")
        == std::vector<std::string>{
            "t.yaml:6:38: error: spec.resources.gpu.overQuotaWeight: a weight from 0 to 1e15, "
            "got -1"});
}

TEST_CASE("Queue amounts past 1e15 are refused, not wrapped") {
  // 1e30 GPUs in milli-GPUs is past int64 (9.2e18): it once wrapped to a negative limit that
  // turned every job away. drasim refuses amounts past kMaxQueueAmount (1e15); -1 stays
  // unlimited, and .inf is not a number at all.
  CHECK(errors_of(R"(apiVersion: scheduling.run.ai/v2
kind: Queue
metadata: {name: a}
spec:
  resources:
    gpu: {quota: -1, overQuotaWeight: 1e16, limit: 1e30}
    cpu: {quota: .inf, limit: -1}
    memory: {quota: 1e15, limit: -2}
)")
        == std::vector<std::string>{
            "t.yaml:6:39: error: spec.resources.gpu.overQuotaWeight: a weight from 0 to 1e15, "
            "got 1e16",
            "t.yaml:6:52: error: spec.resources.gpu.limit: a limit from -1 (unlimited) to 1e15, "
            "got 1e30",
            "t.yaml:7:18: error: spec.resources.cpu.quota: a number, got \".inf\"",
            "t.yaml:8:34: error: spec.resources.memory.limit: a limit from -1 (unlimited) to 1e15, "
            "got -2"});
}

TEST_CASE("unknown preemptibility values are rejected on PodGroups and on pod labels") {
  // KAI accepts only `preemptible` and `non-preemptible` (podgrouper, PodGroup validation).
  // `maybe` is on line 5 at column 18; `sometimes` on line 10 at column 47.
  CHECK(errors_of(R"(apiVersion: scheduling.run.ai/v2alpha2
kind: PodGroup
metadata: {name: g, namespace: default}
spec:
  preemptibility: maybe
---
apiVersion: v1
kind: Pod
metadata:
  labels: {kai.scheduler/preemptibility: sometimes}
  name: p
spec:
  containers: [{name: c}]
)")
        == std::vector<std::string>{
            "t.yaml:5:19: error: spec.preemptibility: one of preemptible, non-preemptible, got "
            "\"maybe\"",
            "t.yaml:10:42: error: metadata.labels[\"kai.scheduler/preemptibility\"]: one of "
            "preemptible, non-preemptible, got \"sometimes\""});
}

TEST_CASE("a valid queue tree loads, with -1 meaning unlimited") {
  const Scenario s = load_ok(R"(apiVersion: scheduling.run.ai/v2
kind: Queue
metadata: {name: root}
spec:
  resources:
    gpu: {quota: -1, overQuotaWeight: 1, limit: -1}
---
apiVersion: scheduling.run.ai/v2
kind: Queue
metadata: {name: team-a}
spec:
  parentQueue: root
  resources:
    gpu: {quota: 4, overQuotaWeight: 2, limit: 8}
)");
  REQUIRE(s.objects.queues.size() == 2);
  CHECK(s.objects.queues[1].parent_queue == "root");
  CHECK(s.objects.queues[1].gpu.quota == doctest::Approx(4));
}

// ---------------------------------------------------------------------------------------------
// Scenario documents and duplicate keys

TEST_CASE("a second Scenario document is rejected at its kind") {
  // `kind: Scenario` of the second document is on line 6; the value starts at column 7.
  CHECK(errors_of(R"(apiVersion: drasim.dev/v1alpha1
kind: Scenario
metadata: {name: s1}
---
apiVersion: drasim.dev/v1alpha1
kind: Scenario
metadata: {name: s2}
)")
        == std::vector<std::string>{
            "t.yaml:6:7: error: kind: at most one Scenario document in a run, got a second "
            "Scenario"});
}

TEST_CASE("a key that appears twice in one mapping is rejected at the second occurrence") {
  // YAML 1.2 requires unique keys; yaml-cpp keeps both silently, so the loader checks. The
  // second `name` key is on line 5 at column 3.
  CHECK(errors_of(R"(apiVersion: v1
kind: Pod
metadata:
  name: a
  name: b
spec: {containers: [{name: c}]}
)")
        == std::vector<std::string>{
            "t.yaml:5:3: error: metadata.name: a key that appears once, got a duplicate key"});
}

// ---------------------------------------------------------------------------------------------
// Several errors in one run

TEST_CASE("every error of a run is reported together, sorted by file, line and column") {
  // Decoding finds them out of order: in b.yaml the pod's spec (line 9) is decoded before its
  // status.phase (line 7), and the runtime annotation (line 5) last. The files are given b then
  // a; the report is sorted by file name, then line, then column.
  const std::string b = R"(apiVersion: v1
kind: Pod
metadata:
  name: p
  annotations: {drasim.dev/runtime: soon}
status:
  phase: Sleeping
spec:
  containers: [{name: c, resources: {requests: {cpu: lots}}}]
)";
  const std::string a = R"(apiVersion: v1
kind: Node
metadata: {name: n}
spec: {unschedulable: maybe}
)";
  CHECK(errors_of({{"b.yaml", b}, {"a.yaml", a}})
        == std::vector<std::string>{
            "a.yaml:4:23: error: spec.unschedulable: true or false, got \"maybe\"",
            "b.yaml:5:37: error: metadata.annotations[\"drasim.dev/runtime\"]: a duration such "
            "as 250ms, 90s, 5m or 6h, got \"soon\"",
            "b.yaml:7:10: error: status.phase: one of Pending, Running, Succeeded, Failed, "
            "Unknown, got \"Sleeping\"",
            "b.yaml:9:54: error: spec.containers[0].resources.requests.cpu: a quantity such as "
            "500m, 2 or 16Gi, got \"lots\""});
}

TEST_CASE("InputError's what() holds every message, one a line") {
  try {
    (void)load_scenario_texts({{"t.yaml", "- a\n---\nkind: Pod\n"}});
    FAIL("expected an InputError");
  } catch (const InputError& e) {
    CHECK(std::string(e.what())
          == "t.yaml:1:1: error: <document>: a Kubernetes object (a mapping), got a list\n"
             "t.yaml:3:1: error: apiVersion: an apiVersion such as v1, got nothing\n");
  }
}

// ---------------------------------------------------------------------------------------------
// Kinds, wrappers and streams

TEST_CASE("unknown kinds are skipped with one warning line per kind") {
  // Two ConfigMaps make one line; the CronJob (drasim runs no schedules) makes another, with its
  // own reason. Lines are ordered by apiVersion then kind, so batch/v1 comes before v1.
  const Scenario s = load_ok(R"(apiVersion: v1
kind: ConfigMap
metadata: {name: a}
---
apiVersion: v1
kind: ConfigMap
metadata: {name: b}
---
apiVersion: batch/v1
kind: CronJob
metadata: {name: d}
spec: {schedule: "0 0 * * *"}
)");
  CHECK(s.warnings
        == std::vector<std::string>{
            "skipped 1 CronJob object(s) (batch/v1): drasim runs no schedules (the Jobs a "
            "CronJob made are expanded when the input holds them)",
            "skipped 2 ConfigMap object(s) (v1): drasim does not model this kind"});
  CHECK(s.objects == model::ObjectSet{});
}

TEST_CASE("a List wrapper is unwrapped into its items") {
  // The shape `kubectl get nodes,pods -o yaml` prints. Unknown kinds inside are still counted.
  const Scenario s = load_ok(R"(apiVersion: v1
kind: List
metadata: {resourceVersion: ""}
items:
- apiVersion: v1
  kind: Node
  metadata: {name: n}
  status: {allocatable: {cpu: "8"}}
- apiVersion: v1
  kind: Pod
  metadata: {name: p, namespace: ml}
  spec: {containers: [{name: c}]}
- apiVersion: v1
  kind: Service
  metadata: {name: svc}
)");
  REQUIRE(s.objects.nodes.size() == 1);
  REQUIRE(s.objects.pods.size() == 1);
  CHECK(s.objects.nodes[0].meta.name == "n");
  CHECK(s.objects.pods[0].meta.namespace_name == "ml");
  CHECK(s.warnings
        == std::vector<std::string>{
            "skipped 1 Service object(s) (v1): drasim does not model this kind"});
}

TEST_CASE("an error inside a List item carries the item's index in its path") {
  // `2GB` is on line 10 at column 61.
  CHECK(errors_of(R"(apiVersion: v1
kind: List
items:
- apiVersion: v1
  kind: Node
  metadata: {name: n}
- apiVersion: v1
  kind: Pod
  metadata: {name: p}
  spec: {containers: [{name: c, resources: {requests: {cpu: 2GB}}}]}
)")
        == std::vector<std::string>{
            "t.yaml:10:61: error: items[1].spec.containers[0].resources.requests.cpu: a "
            "quantity such as 500m, 2 or 16Gi, got \"2GB\""});
}

TEST_CASE("a List whose items are not a list is rejected") {
  // `items: {a: b}` starts on line 3 at column 8.
  CHECK(errors_of("apiVersion: v1\nkind: List\nitems: {a: b}\n")
        == std::vector<std::string>{"t.yaml:3:8: error: items: a list, got a mapping"});
}

TEST_CASE("every document of a multi-document stream is loaded, in order") {
  const Scenario s = load_ok(R"(---
apiVersion: v1
kind: Namespace
metadata: {name: ml}
---
apiVersion: v1
kind: Node
metadata: {name: n0}
...
---
apiVersion: v1
kind: Node
metadata: {name: n1}
)");
  REQUIRE(s.objects.nodes.size() == 2);
  CHECK(s.objects.nodes[0].meta.name == "n0");
  CHECK(s.objects.nodes[1].meta.name == "n1");
  REQUIRE(s.objects.namespaces.size() == 1);
  CHECK(s.files == std::vector<std::string>{"t.yaml"});
}

TEST_CASE("several input texts are loaded in order into one scenario") {
  const Scenario s = load_scenario_texts(
      {{"a.yaml", "apiVersion: v1\nkind: Node\nmetadata: {name: n0}\n"}, {"b.yaml", pod("p")}});
  CHECK(s.files == std::vector<std::string>{"a.yaml", "b.yaml"});
  CHECK(s.objects.nodes.size() == 1);
  CHECK(s.objects.pods.size() == 1);
}

TEST_CASE("empty documents and comment-only files are ignored") {
  const Scenario s = load_ok(R"(# a header comment only
---
---
# another empty document
---
apiVersion: v1
kind: Node
metadata: {name: n}
---
)");
  CHECK(s.objects.nodes.size() == 1);
  CHECK(s.warnings.empty());
  CHECK(load_ok("").objects == model::ObjectSet{});
}

TEST_CASE("a legacy v1alpha2 ResourceClaim (classic DRA) is rejected at its apiVersion") {
  // Classic DRA (resourceClassName, parametersRef) was removed in Kubernetes 1.31; drasim models
  // only structured parameters. `resource.k8s.io/v1alpha2` starts on line 1 at column 13.
  CHECK(errors_of(R"(apiVersion: resource.k8s.io/v1alpha2
kind: ResourceClaim
metadata: {name: c}
spec:
  resourceClassName: gpu.nvidia.com
)")
        == std::vector<std::string>{
            "t.yaml:1:13: error: apiVersion: one of resource.k8s.io/v1, v1beta2, v1beta1 "
            "(classic DRA before 1.31 is not modelled), got \"resource.k8s.io/v1alpha2\""});
}

TEST_CASE("the default Scenario settings apply when there is no Scenario document") {
  const Scenario s = load_ok(pod("a"));
  CHECK(s.name == "scenario");
  CHECK(s.seed == 1);
  CHECK(s.scheduler.profile == Profile::kKai);
  CHECK(s.scheduler.placement == Placement::kBinpack);
  CHECK_FALSE(s.horizon.has_value());
}

}  // namespace
}  // namespace drasim::sim
