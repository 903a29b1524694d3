// Tests of the resource.k8s.io decoders (sim/load/decode_dra_*.cpp): each kind's fields, the
// v1beta1 spelling, the API server's validation rules and 1.35 limits, and real manifests from
// /work/shared/fixtures.
#include "sim/load/decoders.h"
#include "sim/load/yaml_source.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace drasim::sim {
namespace {

using model::AllocationMode;
using model::Quantity;

/// The error messages of an Input. Compares equal to a list of expected lines and prints one
/// message a line when a CHECK fails (a local type, so no doctest::StringMaker specialisation
/// for a standard type can clash with another test file's).
struct Messages {
  std::vector<std::string> lines;

  [[nodiscard]] bool empty() const { return lines.empty(); }

  friend bool operator==(const Messages& a, const std::vector<std::string>& b) {
    return a.lines == b;
  }

  friend std::ostream& operator<<(std::ostream& os, const Messages& m) {
    for (const std::string& line : m.lines) {
      os << "\n  " << line;
    }
    return os << "\n";
  }
};

/// `file:line:col` of a source reference, for readable comparisons.
std::string where(const model::SourceRef& s) {
  return std::to_string(s.file) + ":" + std::to_string(s.line) + ":" + std::to_string(s.col);
}

/// One YAML text, parsed, with the context its Cursors share. Not movable: the context points
/// at the diagnostics.
class Input {
 public:
  explicit Input(std::string_view text, std::string file = "t.yaml")
      : file_(std::move(file)), documents_(parse_yaml(text, 0, file_, diagnostics_)) {}

  Input(const Input&) = delete;
  Input& operator=(const Input&) = delete;

  [[nodiscard]] Cursor root(size_t i = 0) const {
    const Document& doc = documents_.at(i);
    return Cursor(&doc.root(), doc.root().mark, "", &context_);
  }

  [[nodiscard]] size_t size() const { return documents_.size(); }

  [[nodiscard]] Messages errors() const {
    Messages out;
    for (const Diagnostic& d : diagnostics_.errors()) {
      out.lines.push_back(d.to_string());
    }
    return out;
  }

 private:
  std::string file_;
  Diagnostics diagnostics_;
  std::vector<Document> documents_;
  DecodeContext context_{file_, &diagnostics_};
};

std::string read_fixture(const std::string& relative) {
  std::ifstream in(std::string(DRASIM_SHARED_DIR) + "/fixtures/" + relative);
  REQUIRE_MESSAGE(in.good(), "missing fixture " << relative);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

Quantity q(std::string_view text) {
  return Quantity::parse(text).value();
}

std::string slice_with_devices(size_t count, std::string_view extra) {
  std::string text =
      "apiVersion: resource.k8s.io/v1\nkind: ResourceSlice\nmetadata: {name: s}\nspec:\n"
      "  driver: d\n  pool: {name: p, resourceSliceCount: 1}\n  nodeName: n\n  devices:\n";
  for (size_t i = 0; i < count; ++i) {
    text += "  - {name: dev-" + std::to_string(i) + std::string(extra) + "}\n";
  }
  return text;
}

std::string claim_with_requests(size_t count) {
  std::string text =
      "apiVersion: resource.k8s.io/v1\nkind: ResourceClaim\nmetadata: {name: c}\nspec:\n"
      "  devices:\n    requests:\n";
  for (size_t i = 0; i < count; ++i) {
    text += "    - {name: r" + std::to_string(i) + ", exactly: {deviceClassName: gpu}}\n";
  }
  return text;
}

// ---------------------------------------------------------------------------------------------
// DeviceClass

TEST_CASE("a DeviceClass keeps its selectors, opaque config and extended resource name") {
  const Input in(R"(apiVersion: resource.k8s.io/v1
kind: DeviceClass
metadata:
  name: gpu-h100
spec:
  selectors:
  - cel:
      expression: device.driver == "gpu.example.com"
  - cel: {expression: 'device.attributes["gpu.example.com"].model == "H100"'}
  config:
  - opaque:
      driver: gpu.example.com
      parameters: {kind: GpuConfig}
  extendedResourceName: example.com/gpu
)");
  const model::DeviceClass c = decode_device_class(in.root(), 4);
  CHECK(in.errors().empty());
  CHECK(c.meta.name == "gpu-h100");
  // Cluster-scoped: no default namespace.
  CHECK(c.meta.namespace_name.empty());
  REQUIRE(c.selectors.size() == 2);
  CHECK(c.selectors[0].expression == R"(device.driver == "gpu.example.com")");
  // The expression scalar starts on line 8 at column 19 (after `      expression: `); the source
  // carries the file index given to the decoder.
  CHECK(where(c.selectors[0].source) == "4:8:19");
  CHECK(c.selectors[1].expression == R"(device.attributes["gpu.example.com"].model == "H100")");
  // A quoted scalar starts at its opening quote: column 23 of `  - cel: {expression: '`.
  CHECK(where(c.selectors[1].source) == "4:9:23");
  REQUIRE(c.config.size() == 1);
  CHECK(c.config[0].driver == "gpu.example.com");
  CHECK(c.config[0].requests.empty());
  CHECK(c.extended_resource_name == "example.com/gpu");
}

TEST_CASE("a DeviceClass without a spec selects every device") {
  // DeviceClassSpec is a value field upstream: an absent spec is an empty one.
  const Input in("apiVersion: resource.k8s.io/v1\nkind: DeviceClass\nmetadata: {name: any}\n");
  const model::DeviceClass c = decode_device_class(in.root(), 0);
  CHECK(in.errors().empty());
  CHECK(c.selectors.empty());
  CHECK(c.extended_resource_name.empty());
}

TEST_CASE("a DeviceClass selector whose cel has no expression is an error") {
  const Input in(R"(apiVersion: resource.k8s.io/v1
kind: DeviceClass
metadata: {name: c}
spec:
  selectors:
  - cel: {}
  - cel: {expression: ""}
  - {}
)");
  decode_device_class(in.root(), 0);
  // An empty mapping, an empty string and a missing `cel` all leave the expression missing; a
  // missing node reports at its parent's position (`{}` at 6:10, the selector at 8:5).
  CHECK(in.errors()
        == std::vector<std::string>{"t.yaml:6:10: error: spec.selectors[0].cel.expression: a CEL "
                                    "expression, got nothing",
                                    "t.yaml:7:23: error: spec.selectors[1].cel.expression: a CEL "
                                    "expression, got \"\"",
                                    "t.yaml:8:5: error: spec.selectors[2].cel.expression: a CEL "
                                    "expression, got nothing"});
}

TEST_CASE("a DeviceClass extended resource name needs a domain and a config needs opaque") {
  const Input in(R"(apiVersion: resource.k8s.io/v1
kind: DeviceClass
metadata: {name: c}
spec:
  config:
  - {requests: [a]}
  extendedResourceName: gpu
)");
  decode_device_class(in.root(), 0);
  // `requests` belongs to claim configs only; `opaque` is the only config kind there is.
  CHECK(in.errors()
        == std::vector<std::string>{
            "t.yaml:6:5: error: spec.config[0].opaque: an opaque configuration "
            "{driver, parameters}, got nothing",
            "t.yaml:6:16: error: spec.config[0].requests: no requests in a class "
            "configuration, got a list",
            "t.yaml:7:25: error: spec.extendedResourceName: an extended resource "
            "name such as example.com/gpu, got \"gpu\""});
}

TEST_CASE("a DeviceClass extended resource name may not take a class's implicit name") {
  const Input in(R"(apiVersion: resource.k8s.io/v1
kind: DeviceClass
metadata: {name: c}
spec:
  extendedResourceName: deviceclass.resource.kubernetes.io/other
)");
  decode_device_class(in.root(), 0);
  // KEP-5004: every class answers to deviceclass.resource.kubernetes.io/<its name>; the API
  // server rejects an explicit name under that prefix, which would collide with one.
  CHECK(in.errors()
        == std::vector<std::string>{
            "t.yaml:5:25: error: spec.extendedResourceName: an extended resource name outside "
            "deviceclass.resource.kubernetes.io/ (those are the classes' implicit names), got "
            "\"deviceclass.resource.kubernetes.io/other\""});
}

TEST_CASE("more than 32 selectors in a DeviceClass is an error") {
  std::string text =
      "apiVersion: resource.k8s.io/v1\nkind: DeviceClass\nmetadata: {name: c}\n"
      "spec:\n  selectors:\n";
  for (int i = 0; i < 33; ++i) {
    text += "  - cel: {expression: 'true'}\n";
  }
  const Input in(text);
  const model::DeviceClass c = decode_device_class(in.root(), 0);
  // 33 selectors against the limit of 32; the list starts at the first `-` (6:3). All 33 are
  // still decoded so later checks see them.
  CHECK(in.errors()
        == std::vector<std::string>{
            "t.yaml:6:3: error: spec.selectors: at most 32 selectors, got 33"});
  CHECK(c.selectors.size() == 33);
}

// ---------------------------------------------------------------------------------------------
// ResourceSlice

TEST_CASE("a node-local ResourceSlice keeps its pool, attributes, capacity and taints") {
  const Input in(R"(apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata:
  name: node-a-gpu
spec:
  driver: gpu.example.com
  pool: {name: node-a, generation: 3, resourceSliceCount: 2}
  nodeName: node-a
  devices:
  - name: gpu-0
    attributes:
      model: {string: H100}
      driverVersion: {version: 550.54.15}
      numaNode: {int: 1}
      healthy: {bool: true}
      resource.kubernetes.io/pcieRoot: {string: "pci0000:40"}
    capacity:
      memory: {value: 80Gi}
    taints:
    - {key: gpu.example.com/ecc-errors, value: "high", effect: NoSchedule}
    - {key: gpu.example.com/info, effect: None}
    bindsToNode: true
    bindingConditions: [attached]
    bindingFailureConditions: [failed]
)");
  const model::ResourceSlice s = decode_resource_slice(in.root(), 0);
  CHECK(in.errors().empty());
  CHECK(s.meta.name == "node-a-gpu");
  CHECK(s.driver == "gpu.example.com");
  CHECK(s.pool == model::ResourcePool{"node-a", 3, 2});
  CHECK(s.node_name == "node-a");
  CHECK_FALSE(s.node_selector.has_value());
  CHECK_FALSE(s.all_nodes);
  CHECK_FALSE(s.per_device_node_selection);
  REQUIRE(s.devices.size() == 1);
  const model::Device& d = s.devices[0];
  CHECK(d.name == "gpu-0");
  // Keys stay as written: bare names belong to the driver's domain, qualified ones keep theirs.
  CHECK(d.attributes.size() == 5);
  CHECK(d.attributes.at("model") == model::AttributeValue{std::string("H100")});
  CHECK(d.attributes.at("driverVersion") == model::AttributeValue{model::SemVer{"550.54.15"}});
  CHECK(d.attributes.at("numaNode") == model::AttributeValue{int64_t{1}});
  CHECK(d.attributes.at("healthy") == model::AttributeValue{true});
  CHECK(d.attributes.at("resource.kubernetes.io/pcieRoot")
        == model::AttributeValue{std::string("pci0000:40")});
  // 80Gi = 80 * 2^30 bytes.
  CHECK(d.capacity.at("memory").value == Quantity::from_units(int64_t{80} << 30));
  CHECK_FALSE(d.capacity.at("memory").request_policy.has_value());
  // Device taints accept the DRA-only effect None (new in 1.35).
  CHECK(d.taints
        == std::vector<model::Taint>{
            {"gpu.example.com/ecc-errors", "high", model::TaintEffect::kNoSchedule},
            {"gpu.example.com/info", "", model::TaintEffect::kNone}});
  CHECK(d.binds_to_node);
  CHECK(d.binding_conditions == std::vector<std::string>{"attached"});
  CHECK(d.binding_failure_conditions == std::vector<std::string>{"failed"});
  CHECK_FALSE(d.allow_multiple_allocations);
}

TEST_CASE("a ResourceSlice pool defaults its generation to 0") {
  const Input in(R"(apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata: {name: s}
spec:
  driver: d
  pool: {name: p, resourceSliceCount: 1}
  allNodes: true
)");
  const model::ResourceSlice s = decode_resource_slice(in.root(), 0);
  CHECK(in.errors().empty());
  // int64 generation omitted = 0; allNodes: true is the node selection.
  CHECK(s.pool == model::ResourcePool{"p", 0, 1});
  CHECK(s.all_nodes);
  CHECK(s.devices.empty());
}

TEST_CASE("a partitionable ResourceSlice keeps its counter sets and counter consumption") {
  const Input in(R"(apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata: {name: s}
spec:
  driver: gpu.example.com
  pool: {name: node-b, generation: 1, resourceSliceCount: 2}
  nodeName: node-b
  sharedCounters:
  - name: gpu-0-parts
    counters:
      memory: {value: 80Gi}
      compute: {value: "7"}
  devices:
  - name: gpu-0-slice-a
    capacity: {memory: {value: 10Gi}}
    consumesCounters:
    - counterSet: gpu-0-parts
      counters: {memory: {value: 10Gi}, compute: {value: "1"}}
)");
  const model::ResourceSlice s = decode_resource_slice(in.root(), 0);
  CHECK(in.errors().empty());
  // Example B of the DRA spec, both halves in one slice (the 1.34 layout, still decodable).
  REQUIRE(s.shared_counters.size() == 1);
  CHECK(s.shared_counters[0].name == "gpu-0-parts");
  CHECK(s.shared_counters[0].counters
        == std::map<std::string, Quantity>{{"compute", q("7")}, {"memory", q("80Gi")}});
  REQUIRE(s.devices.size() == 1);
  CHECK(s.devices[0].consumes_counters
        == std::vector<model::CounterConsumption>{
            {"gpu-0-parts", {{"compute", q("1")}, {"memory", q("10Gi")}}}});
}

TEST_CASE("per-device node selection puts nodeName, allNodes or nodeSelector on each device") {
  // Example C of the DRA spec: each device names its own reachability, one field each.
  const Input in(R"(apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata: {name: s}
spec:
  driver: fabric.example.com
  pool: {name: mixed, generation: 1, resourceSliceCount: 1}
  perDeviceNodeSelection: true
  devices:
  - {name: local-0, nodeName: node-a}
  - {name: shared-0, allNodes: true}
  - name: rack-0
    nodeSelector:
      nodeSelectorTerms:
      - matchExpressions: [{key: rack, operator: In, values: ["7"]}]
)");
  const model::ResourceSlice s = decode_resource_slice(in.root(), 0);
  CHECK(in.errors().empty());
  CHECK(s.per_device_node_selection);
  REQUIRE(s.devices.size() == 3);
  CHECK(s.devices[0].node_name == "node-a");
  CHECK(s.devices[1].all_nodes);
  REQUIRE(s.devices[2].node_selector.has_value());
  REQUIRE(s.devices[2].node_selector->terms.size() == 1);
  CHECK(s.devices[2].node_selector->terms[0].match_expressions
        == std::vector<model::NodeSelectorRequirement>{
            {"rack", model::SelectorOperator::kIn, {"7"}}});
}

TEST_CASE("a shareable device keeps its capacity request policies") {
  const Input in(R"(apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata: {name: s}
spec:
  driver: nic.example.com
  pool: {name: p, resourceSliceCount: 1}
  nodeName: n
  devices:
  - name: nic-0
    allowMultipleAllocations: true
    capacity:
      bandwidth:
        value: 100G
        requestPolicy:
          default: 10G
          validRange: {min: 10G, step: 10G}
      queues:
        value: "8"
        requestPolicy: {default: "2", validValues: ["1", "2", "4"]}
)");
  const model::ResourceSlice s = decode_resource_slice(in.root(), 0);
  CHECK(in.errors().empty());
  REQUIRE(s.devices.size() == 1);
  const model::Device& d = s.devices[0];
  CHECK(d.allow_multiple_allocations);
  // Example D of the DRA spec: a range with a minimum and a step, no maximum.
  const auto& bandwidth = d.capacity.at("bandwidth");
  CHECK(bandwidth.value == q("100G"));
  REQUIRE(bandwidth.request_policy.has_value());
  CHECK(bandwidth.request_policy->default_value == q("10G"));
  CHECK(bandwidth.request_policy->range_min == q("10G"));
  CHECK_FALSE(bandwidth.request_policy->range_max.has_value());
  CHECK(bandwidth.request_policy->range_step == q("10G"));
  const auto& queues = d.capacity.at("queues");
  REQUIRE(queues.request_policy.has_value());
  CHECK(queues.request_policy->valid_values == std::vector<Quantity>{q("1"), q("2"), q("4")});
}

TEST_CASE("a v1beta1 ResourceSlice reads device fields from basic") {
  const Input in(R"(apiVersion: resource.k8s.io/v1beta1
kind: ResourceSlice
metadata: {name: s}
spec:
  driver: gpu.example.com
  pool: {name: p, resourceSliceCount: 1}
  nodeName: n
  devices:
  - name: gpu-0
    basic:
      attributes: {index: {int: 0}}
      capacity: {memory: {value: 80Gi}}
)");
  const model::ResourceSlice s = decode_resource_slice(in.root(), 0);
  CHECK(in.errors().empty());
  // v1beta1 wraps everything but the name in `basic` (BasicDevice); the model is the v1 shape.
  REQUIRE(s.devices.size() == 1);
  CHECK(s.devices[0].attributes.at("index") == model::AttributeValue{int64_t{0}});
  CHECK(s.devices[0].capacity.at("memory").value == q("80Gi"));
}

TEST_CASE("a duplicate device name in a slice is an error naming the device") {
  // The second `name:` value sits at 10:11; both devices are kept for later checks.
  const Input in(R"(apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata: {name: s}
spec:
  driver: d
  pool: {name: p, resourceSliceCount: 1}
  nodeName: n
  devices:
  - name: gpu-0
  - name: gpu-0
)");
  const model::ResourceSlice s = decode_resource_slice(in.root(), 0);
  CHECK(in.errors()
        == std::vector<std::string>{
            "t.yaml:10:11: error: spec.devices[1].name: a device name unique in "
            "the slice, got \"gpu-0\""});
  CHECK(s.devices.size() == 2);
}

TEST_CASE("a ResourceSlice without driver, pool name or slice count is an error") {
  const Input in(R"(apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata: {name: s}
spec:
  pool: {generation: -1}
  nodeName: n
)");
  const model::ResourceSlice s = decode_resource_slice(in.root(), 0);
  // Missing keys report at their parent (`spec` at 5:3, the pool mapping at 5:9).
  CHECK(
      in.errors()
      == std::vector<std::string>{"t.yaml:5:3: error: spec.driver: a driver name, got nothing",
                                  "t.yaml:5:9: error: spec.pool.name: a pool name, got nothing",
                                  "t.yaml:5:22: error: spec.pool.generation: a generation of 0 or "
                                  "more, got -1",
                                  "t.yaml:5:9: error: spec.pool.resourceSliceCount: a slice count "
                                  "greater than 0, got nothing"});
  // The invalid values fall back to the defaults.
  CHECK(s.pool == model::ResourcePool{"", 0, 1});
}

TEST_CASE("a ResourceSlice with a zero slice count or no pool is an error") {
  // resourceSliceCount must be > 0 (the `0` at 6:39); a missing pool reports at `spec` (12:7).
  const Input in(R"(apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata: {name: s}
spec:
  driver: d
  pool: {name: p, resourceSliceCount: 0}
  nodeName: n
---
apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata: {name: s2}
spec: {driver: d, nodeName: n}
)");
  decode_resource_slice(in.root(0), 0);
  decode_resource_slice(in.root(1), 0);
  CHECK(
      in.errors()
      == std::vector<std::string>{"t.yaml:6:39: error: spec.pool.resourceSliceCount: a slice count "
                                  "greater than 0, got 0",
                                  "t.yaml:12:7: error: spec.pool: a pool {name, generation, "
                                  "resourceSliceCount}, got nothing"});
}

TEST_CASE("a ResourceSlice needs exactly one node selection field") {
  const Input in(R"(apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata: {name: none}
spec:
  driver: d
  pool: {name: p, resourceSliceCount: 1}
  allNodes: false
---
apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata: {name: two}
spec:
  driver: d
  pool: {name: p, resourceSliceCount: 1}
  nodeName: n
  allNodes: true
)");
  decode_resource_slice(in.root(0), 0);
  decode_resource_slice(in.root(1), 0);
  // `allNodes: false` counts as unset, as upstream (`AllNodes != nil && *AllNodes`).
  CHECK(in.errors()
        == std::vector<std::string>{
            "t.yaml:5:3: error: spec: exactly one of nodeName, nodeSelector, "
            "allNodes: true, perDeviceNodeSelection: true, got none of them",
            "t.yaml:13:3: error: spec: exactly one of nodeName, nodeSelector, "
            "allNodes: true, perDeviceNodeSelection: true, got nodeName and "
            "allNodes"});
}

TEST_CASE("a slice node selector must have exactly one term") {
  const Input in(R"(apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata: {name: s}
spec:
  driver: d
  pool: {name: p, resourceSliceCount: 1}
  nodeSelector:
    nodeSelectorTerms:
    - matchExpressions: [{key: a, operator: Exists}]
    - matchExpressions: [{key: b, operator: Exists}]
)");
  decode_resource_slice(in.root(), 0);
  // Upstream validates a slice's nodeSelector with oneTerm = true.
  CHECK(in.errors()
        == std::vector<std::string>{
            "t.yaml:9:5: error: spec.nodeSelector.nodeSelectorTerms: exactly one "
            "node selector term, got 2"});
}

TEST_CASE("device node fields need perDeviceNodeSelection and then exactly one is set") {
  // A device-level nodeName is only valid with spec.perDeviceNodeSelection; with it, each
  // device needs exactly one of the three fields (upstream ResourceSlice validation).
  const Input in(R"(apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata: {name: s}
spec:
  driver: d
  pool: {name: p, resourceSliceCount: 1}
  nodeName: n
  devices:
  - {name: a, nodeName: other}
---
apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata: {name: s2}
spec:
  driver: d
  pool: {name: p, resourceSliceCount: 1}
  perDeviceNodeSelection: true
  devices:
  - {name: b}
)");
  decode_resource_slice(in.root(0), 0);
  decode_resource_slice(in.root(1), 0);
  CHECK(in.errors()
        == std::vector<std::string>{
            "t.yaml:9:25: error: spec.devices[0].nodeName: no nodeName on a device "
            "unless spec.perDeviceNodeSelection is true, got \"other\"",
            "t.yaml:19:5: error: spec.devices[0]: exactly one of nodeName, "
            "nodeSelector, allNodes: true (perDeviceNodeSelection), got none of "
            "them"});
}

TEST_CASE("an attribute value must hold exactly one of int, bool, string, version") {
  const Input in(R"(apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata: {name: s}
spec:
  driver: d
  pool: {name: p, resourceSliceCount: 1}
  nodeName: n
  devices:
  - name: a
    attributes:
      both: {int: 1, string: x}
      none: {}
      bare: H100
      quoted: {int: "3"}
      flag: {bool: yes}
)");
  decode_resource_slice(in.root(), 0);
  // A quoted "3" is a string, not an int; `yes` is not a JSON boolean.
  CHECK(in.errors()
        == std::vector<std::string>{
            "t.yaml:11:13: error: spec.devices[0].attributes.both: exactly one of "
            "int, bool, string, version, got int and string",
            "t.yaml:12:13: error: spec.devices[0].attributes.none: exactly one of "
            "int, bool, string, version, got none of them",
            "t.yaml:13:13: error: spec.devices[0].attributes.bare: exactly one of "
            "int, bool, string, version, got \"H100\"",
            "t.yaml:14:21: error: spec.devices[0].attributes.quoted.int: an "
            "integer, got \"3\"",
            "t.yaml:15:20: error: spec.devices[0].attributes.flag.bool: true or "
            "false, got \"yes\""});
}

TEST_CASE("string attributes are at most 64 characters and versions are semantic versions") {
  const std::string long_text(65, 'x');
  const Input in(R"(apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata: {name: s}
spec:
  driver: d
  pool: {name: p, resourceSliceCount: 1}
  nodeName: n
  devices:
  - name: a
    attributes:
      long: {string: )"
                 + long_text + R"(}
      v1: {version: "1.2"}
      v2: {version: 01.2.3}
      v3: {version: 1.0.0-rc.1+build.5}
)");
  const model::ResourceSlice s = decode_resource_slice(in.root(), 0);
  // 65 > 64 characters (the message quotes the first 40, kQuotedBytes); `1.2` lacks a patch
  // number; `01` has a leading zero (semver 2.0.0 §2).
  CHECK(in.errors()
        == std::vector<std::string>{
            "t.yaml:11:22: error: spec.devices[0].attributes.long.string: a value "
            "of at most 64 characters, got \""
                + std::string(40, 'x') + "...\"",
            "t.yaml:12:21: error: spec.devices[0].attributes.v1.version: a "
            "semantic version such as 1.2.3, got \"1.2\"",
            "t.yaml:13:21: error: spec.devices[0].attributes.v2.version: a "
            "semantic version such as 1.2.3, got \"01.2.3\""});
  CHECK(s.devices.at(0).attributes.at("v3")
        == model::AttributeValue{model::SemVer{"1.0.0-rc.1+build.5"}});
}

TEST_CASE("device capacity must be a mapping with a value") {
  const Input in(R"(apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata: {name: s}
spec:
  driver: d
  pool: {name: p, resourceSliceCount: 1}
  nodeName: n
  devices:
  - name: a
    capacity:
      tpus: "16"
      memory: {}
      cores: {value: lots}
)");
  decode_resource_slice(in.root(), 0);
  // `tpus: "16"` is the KEP-4815 multi-host example's mistake: capacity is {value: ...}.
  CHECK(in.errors()
        == std::vector<std::string>{"t.yaml:11:13: error: spec.devices[0].capacity.tpus: a mapping "
                                    "{value: <quantity>}, got \"16\"",
                                    "t.yaml:12:15: error: spec.devices[0].capacity.memory.value: a "
                                    "quantity such as 500m, 2 or 16Gi, got nothing",
                                    "t.yaml:13:22: error: spec.devices[0].capacity.cores.value: a "
                                    "quantity such as 500m, 2 or 16Gi, got \"lots\""});
}

TEST_CASE("a request policy needs allowMultipleAllocations and consistent values") {
  const Input in(R"(apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata: {name: s}
spec:
  driver: d
  pool: {name: p, resourceSliceCount: 1}
  nodeName: n
  devices:
  - name: a
    capacity:
      memory: {value: 80Gi, requestPolicy: {default: 1Gi}}
  - name: b
    allowMultipleAllocations: true
    capacity:
      memory:
        value: 80Gi
        requestPolicy:
          default: 3Gi
          validValues: [2Gi, 1Gi]
          validRange: {max: 4Gi}
)");
  decode_resource_slice(in.root(), 0);
  // validValues must ascend and contain the default; validRange needs min; only one of the two.
  CHECK(in.errors()
        == std::vector<std::string>{
            "t.yaml:11:44: error: spec.devices[0].capacity.memory.requestPolicy: "
            "no requestPolicy unless the device has allowMultipleAllocations: "
            "true, got a mapping",
            "t.yaml:18:11: error: spec.devices[1].capacity.memory.requestPolicy: "
            "at most one of validValues and validRange, got validValues and "
            "validRange",
            "t.yaml:19:30: error: spec.devices[1].capacity.memory.requestPolicy."
            "validValues[1]: a value larger than the one before (ascending, no "
            "duplicates), got \"1Gi\"",
            "t.yaml:18:20: error: spec.devices[1].capacity.memory.requestPolicy."
            "default: one of the validValues, got \"3Gi\"",
            "t.yaml:20:23: error: spec.devices[1].capacity.memory.requestPolicy."
            "validRange.min: a quantity such as 500m, 2 or 16Gi, got nothing"});
}

TEST_CASE("device taints reject PreferNoSchedule and need an effect") {
  const Input in(R"(apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata: {name: s}
spec:
  driver: d
  pool: {name: p, resourceSliceCount: 1}
  nodeName: n
  devices:
  - name: a
    taints:
    - {key: k, effect: PreferNoSchedule}
    - {key: k2}
)");
  decode_resource_slice(in.root(), 0);
  // Device taint effects are NoSchedule, NoExecute and None (no PreferNoSchedule).
  CHECK(in.errors()
        == std::vector<std::string>{"t.yaml:11:24: error: spec.devices[0].taints[0].effect: one of "
                                    "NoSchedule, NoExecute, None, got \"PreferNoSchedule\"",
                                    "t.yaml:12:7: error: spec.devices[0].taints[1].effect: one of "
                                    "NoSchedule, NoExecute, None, got nothing"});
}

TEST_CASE("a slice holds at most 128 devices") {
  const Input ok(slice_with_devices(128, ""));
  decode_resource_slice(ok.root(), 0);
  CHECK(ok.errors().empty());
  const Input in(slice_with_devices(129, ""));
  const model::ResourceSlice s = decode_resource_slice(in.root(), 0);
  // 129 > 128; the devices list starts on line 9 (after the 8 header lines).
  CHECK(
      in.errors()
      == std::vector<std::string>{"t.yaml:9:3: error: spec.devices: at most 128 devices, got 129"});
  CHECK(s.devices.size() == 129);
}

TEST_CASE("a slice with a tainted device holds at most 64 devices") {
  const Input ok(slice_with_devices(64, ", taints: [{key: k, effect: NoSchedule}]"));
  decode_resource_slice(ok.root(), 0);
  CHECK(ok.errors().empty());
  const Input in(slice_with_devices(65, ", taints: [{key: k, effect: NoSchedule}]"));
  decode_resource_slice(in.root(), 0);
  // ResourceSliceMaxDevicesWithTaintsOrConsumesCounters = 64 (1.35).
  CHECK(in.errors()
        == std::vector<std::string>{
            "t.yaml:9:3: error: spec.devices: at most 64 devices when a device has "
            "taints or consumesCounters, got 65"});
}

TEST_CASE("a device has at most 32 attributes and capacities and 16 taints") {
  std::string text = slice_with_devices(0, "") + "  - name: big\n    attributes:\n";
  for (int i = 0; i < 20; ++i) {
    text += "      a" + std::to_string(i) + ": {int: 1}\n";
  }
  text += "    capacity:\n";
  for (int i = 0; i < 13; ++i) {
    text += "      c" + std::to_string(i) + ": {value: 1}\n";
  }
  text += "    taints:\n";
  for (int i = 0; i < 17; ++i) {
    text += "    - {key: t" + std::to_string(i) + ", effect: NoSchedule}\n";
  }
  const Input in(text);
  decode_resource_slice(in.root(), 0);
  // 20 attributes + 13 capacities = 33 > 32; 17 taints > 16. The device starts at 9:5 and
  // its taint list at line 9 + 1 + 20 + 1 + 13 + 1 + 1 = 46.
  CHECK(in.errors()
        == std::vector<std::string>{
            "t.yaml:9:5: error: spec.devices[0]: at most 32 attributes and "
            "capacities together, got 33",
            "t.yaml:46:5: error: spec.devices[0].taints: at most 16 taints, got "
            "17"});
}

TEST_CASE("a slice has at most 8 counter sets with distinct names") {
  std::string text = slice_with_devices(0, "") + "  sharedCounters:\n";
  for (int i = 0; i < 9; ++i) {
    text += "  - {name: set, counters: {c: {value: 1}}}\n";
  }
  const Input in(text);
  decode_resource_slice(in.root(), 0);
  // `devices:` with no items is null; the 9 sets start on line 10. Every repeat of `set` after
  // the first is also reported.
  std::vector<std::string> expected{
      "t.yaml:10:3: error: spec.sharedCounters: at most 8 counter sets, got 9"};
  for (int i = 1; i < 9; ++i) {
    expected.push_back("t.yaml:" + std::to_string(10 + i) + ":12: error: spec.sharedCounters["
                       + std::to_string(i) + "].name: a counter set name unique in the slice, "
                       + "got \"set\"");
  }
  CHECK(in.errors() == expected);
}

// ---------------------------------------------------------------------------------------------
// ResourceClaim

TEST_CASE("a v1 ResourceClaim keeps exactly, firstAvailable, constraints and config") {
  const Input in(R"(apiVersion: resource.k8s.io/v1
kind: ResourceClaim
metadata: {name: trainer-gpus, namespace: ml}
spec:
  devices:
    requests:
    - name: gpus
      exactly:
        deviceClassName: gpu-h100
        allocationMode: ExactCount
        count: 2
        selectors:
        - cel:
            expression: device.capacity["gpu.example.com"].memory.compareTo(quantity("80Gi")) >= 0
        tolerations:
        - {key: gpu.example.com/ecc-errors, operator: Exists, effect: NoSchedule}
    - name: nic
      firstAvailable:
      - {name: rdma, deviceClassName: rdma-nic, count: 1}
      - {name: plain, deviceClassName: any-nic, allocationMode: ExactCount, count: 1}
    constraints:
    - requests: [gpus, nic]
      matchAttribute: resource.kubernetes.io/pcieRoot
    config:
    - requests: [gpus, nic/rdma]
      opaque:
        driver: gpu.example.com
        parameters: {apiVersion: gpu.example.com/v1, kind: GpuClaimConfig, mps: true}
)");
  const model::ResourceClaim c = decode_resource_claim(in.root(), 1, "resource.k8s.io/v1");
  CHECK(in.errors().empty());
  CHECK(c.meta.name == "trainer-gpus");
  CHECK(c.meta.namespace_name == "ml");
  REQUIRE(c.spec.requests.size() == 2);
  const model::DeviceRequest& gpus = c.spec.requests[0];
  CHECK(gpus.name == "gpus");
  REQUIRE(gpus.exactly.has_value());
  CHECK(gpus.exactly->device_class_name == "gpu-h100");
  CHECK(gpus.exactly->allocation_mode == AllocationMode::kExactCount);
  CHECK(gpus.exactly->count == 2);
  REQUIRE(gpus.exactly->selectors.size() == 1);
  // Line 14, after `            expression: ` (12 spaces + 12 characters) = column 25.
  CHECK(where(gpus.exactly->selectors[0].source) == "1:14:25");
  CHECK(gpus.exactly->tolerations
        == std::vector<model::Toleration>{{"gpu.example.com/ecc-errors",
                                           model::TolerationOperator::kExists, "",
                                           model::TaintEffect::kNoSchedule, std::nullopt}});
  // adminAccess unset stays unset (nil upstream), not false.
  CHECK_FALSE(gpus.admin_access.has_value());
  CHECK(gpus.first_available.empty());
  const model::DeviceRequest& nic = c.spec.requests[1];
  CHECK_FALSE(nic.exactly.has_value());
  REQUIRE(nic.first_available.size() == 2);
  CHECK(nic.first_available[0].name == "rdma");
  CHECK(nic.first_available[0].device_class_name == "rdma-nic");
  CHECK(nic.first_available[1].name == "plain");
  CHECK(nic.first_available[1].device_class_name == "any-nic");
  CHECK(c.spec.constraints
        == std::vector<model::DeviceConstraint>{
            {{"gpus", "nic"}, "resource.kubernetes.io/pcieRoot", ""}});
  CHECK(c.spec.config
        == std::vector<model::OpaqueConfig>{{"gpu.example.com", {"gpus", "nic/rdma"}}});
  CHECK_FALSE(c.allocation.has_value());
  CHECK(c.reserved_for.empty());
}

TEST_CASE("a v1 request with allocationMode All and admin access has no count") {
  // The §2.3 "All" example: no count, and adminAccess is kept as an explicit true.
  const Input in(R"(apiVersion: resource.k8s.io/v1
kind: ResourceClaim
metadata: {name: gpu-monitor, namespace: ops}
spec:
  devices:
    requests:
    - name: all-gpus
      exactly: {deviceClassName: gpu-h100, allocationMode: All, adminAccess: true}
)");
  const model::ResourceClaim c = decode_resource_claim(in.root(), 0, "resource.k8s.io/v1");
  CHECK(in.errors().empty());
  REQUIRE(c.spec.requests.size() == 1);
  REQUIRE(c.spec.requests[0].exactly.has_value());
  CHECK(c.spec.requests[0].exactly->allocation_mode == AllocationMode::kAll);
  CHECK(c.spec.requests[0].admin_access == std::optional<bool>(true));
}

TEST_CASE("a v1beta2 claim uses the v1 request shape and defaults count to 1") {
  const Input in(R"(apiVersion: resource.k8s.io/v1beta2
kind: ResourceClaim
metadata: {name: c}
spec:
  devices:
    requests:
    - name: gpu
      exactly: {deviceClassName: gpu.example.com}
)");
  const model::ResourceClaim c = decode_resource_claim(in.root(), 0, "resource.k8s.io/v1beta2");
  CHECK(in.errors().empty());
  // Namespaced with no namespace: "default".
  CHECK(c.meta.namespace_name == "default");
  REQUIRE(c.spec.requests.at(0).exactly.has_value());
  CHECK(c.spec.requests[0].exactly->count == 1);
  CHECK(c.spec.requests[0].exactly->allocation_mode == AllocationMode::kExactCount);
}

TEST_CASE("a v1beta1 request has its fields directly on it") {
  const Input in(R"(apiVersion: resource.k8s.io/v1beta1
kind: ResourceClaim
metadata: {name: c, namespace: gpu-test3}
spec:
  devices:
    requests:
    - name: gpu
      deviceClassName: gpu.nvidia.com
      count: 3
      adminAccess: false
      selectors:
      - cel: {expression: "true"}
      capacity: {requests: {memory: 16Gi}}
    - name: alt
      firstAvailable:
      - {name: big, deviceClassName: big-gpu}
)");
  const model::ResourceClaim c = decode_resource_claim(in.root(), 0, "resource.k8s.io/v1beta1");
  CHECK(in.errors().empty());
  REQUIRE(c.spec.requests.size() == 2);
  const model::DeviceRequest& gpu = c.spec.requests[0];
  REQUIRE(gpu.exactly.has_value());
  // Normalised into the v1 model: the flat fields become `exactly`.
  CHECK(gpu.exactly->device_class_name == "gpu.nvidia.com");
  CHECK(gpu.exactly->count == 3);
  CHECK(gpu.exactly->selectors.size() == 1);
  CHECK(gpu.exactly->capacity_requests == std::map<std::string, Quantity>{{"memory", q("16Gi")}});
  CHECK(gpu.admin_access == std::optional<bool>(false));
  const model::DeviceRequest& alt = c.spec.requests[1];
  CHECK_FALSE(alt.exactly.has_value());
  REQUIRE(alt.first_available.size() == 1);
  CHECK(alt.first_available[0].device_class_name == "big-gpu");
}

TEST_CASE("a v1beta1 request with firstAvailable has no device class of its own") {
  // v1beta1 has no `exactly`; next to firstAvailable the request carries no device fields.
  const Input in(R"(apiVersion: resource.k8s.io/v1beta1
kind: ResourceClaim
metadata: {name: c}
spec:
  devices:
    requests:
    - name: gpu
      deviceClassName: gpu
      exactly: {deviceClassName: gpu}
      firstAvailable:
      - {name: a, deviceClassName: gpu}
)");
  decode_resource_claim(in.root(), 0, "resource.k8s.io/v1beta1");
  CHECK(in.errors()
        == std::vector<std::string>{
            "t.yaml:9:16: error: spec.devices.requests[0].exactly: the request's "
            "fields directly on it (v1beta1 has no exactly), got a mapping",
            "t.yaml:8:24: error: spec.devices.requests[0].deviceClassName: no "
            "deviceClassName next to firstAvailable, got \"gpu\""});
}

TEST_CASE("a v1 request needs exactly one of exactly and firstAvailable") {
  const Input in(R"(apiVersion: resource.k8s.io/v1
kind: ResourceClaim
metadata: {name: c}
spec:
  devices:
    requests:
    - name: flat
      deviceClassName: gpu
    - name: empty
    - name: both
      exactly: {deviceClassName: gpu}
      firstAvailable: [{name: a, deviceClassName: gpu}]
)");
  decode_resource_claim(in.root(), 0, "resource.k8s.io/v1");
  // The first is the v1beta1 spelling under a v1 apiVersion; the message says so.
  CHECK(in.errors()
        == std::vector<std::string>{
            "t.yaml:7:7: error: spec.devices.requests[0]: exactly one of exactly, "
            "firstAvailable, got deviceClassName directly on the request (the "
            "v1beta1 spelling)",
            "t.yaml:9:7: error: spec.devices.requests[1]: exactly one of exactly, "
            "firstAvailable, got neither",
            "t.yaml:10:7: error: spec.devices.requests[2]: exactly one of "
            "exactly, firstAvailable, got both"});
}

TEST_CASE("request fields are checked: class, allocation mode and count") {
  const Input in(R"(apiVersion: resource.k8s.io/v1
kind: ResourceClaim
metadata: {name: c}
spec:
  devices:
    requests:
    - name: a
      exactly: {count: 1}
    - name: b
      exactly: {deviceClassName: gpu, count: 0}
    - name: c
      exactly: {deviceClassName: gpu, allocationMode: All, count: 2}
    - name: d
      exactly: {deviceClassName: gpu, allocationMode: Some}
    - name: e
      exactly: {deviceClassName: gpu, count: "2"}
)");
  decode_resource_claim(in.root(), 0, "resource.k8s.io/v1");
  // count must be > 0 for ExactCount and unset for All (upstream: "must not be specified when
  // allocationMode is 'All'"); a quoted "2" is a string.
  CHECK(in.errors()
        == std::vector<std::string>{
            "t.yaml:8:16: error: spec.devices.requests[0].exactly.deviceClassName: "
            "a device class name, got nothing",
            "t.yaml:10:46: error: spec.devices.requests[1].exactly.count: a count "
            "greater than 0, got 0",
            "t.yaml:12:67: error: spec.devices.requests[2].exactly.count: no count "
            "with allocationMode All, got 2",
            "t.yaml:14:55: error: spec.devices.requests[3].exactly.allocationMode: "
            "one of ExactCount, All, got \"Some\"",
            "t.yaml:16:46: error: spec.devices.requests[4].exactly.count: a count "
            "greater than 0, got \"2\""});
}

TEST_CASE("firstAvailable has 1 to 8 uniquely named subrequests without adminAccess") {
  std::string text =
      "apiVersion: resource.k8s.io/v1\nkind: ResourceClaim\nmetadata: {name: c}\nspec:\n"
      "  devices:\n    requests:\n    - name: many\n      firstAvailable:\n";
  for (int i = 0; i < 9; ++i) {
    text += "      - {name: s" + std::to_string(i % 8) + ", deviceClassName: gpu}\n";
  }
  text += "    - name: none\n      firstAvailable: []\n";
  text +=
      "    - name: admin\n      firstAvailable: [{name: a, deviceClassName: g, "
      "adminAccess: true}]\n";
  const Input in(text);
  decode_resource_claim(in.root(), 0, "resource.k8s.io/v1");
  // Nine subrequests (lines 9-17) > 8, and the ninth repeats the name s0.
  CHECK(in.errors()
        == std::vector<std::string>{
            "t.yaml:9:7: error: spec.devices.requests[0].firstAvailable: at most 8 "
            "subrequests, got 9",
            "t.yaml:17:16: error: spec.devices.requests[0].firstAvailable[8].name: "
            "a subrequest name unique in the request, got \"s0\"",
            "t.yaml:19:23: error: spec.devices.requests[1].firstAvailable: at "
            "least one subrequest, got an empty list",
            "t.yaml:21:67: error: spec.devices.requests[2].firstAvailable[0]."
            "adminAccess: no adminAccess in a subrequest (only on exactly), got "
            "\"true\""});
}

TEST_CASE("a claim has at most 32 requests with unique names") {
  const Input ok(claim_with_requests(32));
  decode_resource_claim(ok.root(), 0, "resource.k8s.io/v1");
  CHECK(ok.errors().empty());
  std::string text = claim_with_requests(33) + "    - {name: r0, exactly: {deviceClassName: g}}\n";
  const Input in(text);
  decode_resource_claim(in.root(), 0, "resource.k8s.io/v1");
  // 34 requests (r0..r32 plus a second r0 on line 7 + 33 = 40).
  CHECK(in.errors()
        == std::vector<std::string>{
            "t.yaml:7:5: error: spec.devices.requests: at most 32 requests, got 34",
            "t.yaml:40:14: error: spec.devices.requests[33].name: a request name "
            "unique in the claim, got \"r0\""});
}

TEST_CASE("a request has at most 16 tolerations") {
  // 17 > 16 (DeviceTolerationsMaxLength); the list starts on line 11 at its first `-`.
  std::string text =
      "apiVersion: resource.k8s.io/v1\nkind: ResourceClaim\nmetadata: {name: c}\nspec:\n"
      "  devices:\n    requests:\n    - name: r\n      exactly:\n        deviceClassName: g\n"
      "        tolerations:\n";
  for (int i = 0; i < 17; ++i) {
    text += "        - {operator: Exists}\n";
  }
  const Input in(text);
  decode_resource_claim(in.root(), 0, "resource.k8s.io/v1");
  CHECK(in.errors()
        == std::vector<std::string>{
            "t.yaml:11:9: error: spec.devices.requests[0].exactly.tolerations: at "
            "most 16 tolerations, got 17"});
}

TEST_CASE("constraints name existing requests and exactly one qualified attribute") {
  const Input in(R"(apiVersion: resource.k8s.io/v1
kind: ResourceClaim
metadata: {name: c}
spec:
  devices:
    requests:
    - {name: gpu, exactly: {deviceClassName: g}}
    - {name: nic, firstAvailable: [{name: rdma, deviceClassName: n}]}
    constraints:
    - {requests: [gpu, nic/rdma], matchAttribute: example.com/numa}
    - {requests: [cpu, nic/tcp], matchAttribute: numa}
    - {matchAttribute: a.com/x, distinctAttribute: a.com/y}
    - {}
    config:
    - {requests: [gpus], opaque: {driver: d}}
)");
  const model::ResourceClaim c = decode_resource_claim(in.root(), 0, "resource.k8s.io/v1");
  // `cpu` is no request and `tcp` no subrequest of nic; constraint attributes are fully
  // qualified (domain/name); config request references are checked the same way.
  CHECK(in.errors()
        == std::vector<std::string>{
            "t.yaml:11:19: error: spec.devices.constraints[1].requests[0]: the "
            "name of a request of the claim, or <request>/<subrequest>, got "
            "\"cpu\"",
            "t.yaml:11:24: error: spec.devices.constraints[1].requests[1]: the "
            "name of a request of the claim, or <request>/<subrequest>, got "
            "\"nic/tcp\"",
            "t.yaml:11:50: error: spec.devices.constraints[1].matchAttribute: a "
            "fully qualified attribute name such as gpu.example.com/model, got "
            "\"numa\"",
            "t.yaml:12:7: error: spec.devices.constraints[2]: exactly one of "
            "matchAttribute, distinctAttribute, got both",
            "t.yaml:13:7: error: spec.devices.constraints[3]: exactly one of "
            "matchAttribute, distinctAttribute, got none of them",
            "t.yaml:15:19: error: spec.devices.config[0].requests[0]: the name of "
            "a request of the claim, or <request>/<subrequest>, got \"gpus\""});
  CHECK(c.spec.constraints.size() == 4);
}

TEST_CASE("null constraints and selectors are accepted as absent") {
  const Input in(R"(apiVersion: resource.k8s.io/v1
kind: ResourceClaim
metadata: {name: c}
spec:
  devices:
    requests:
    - name: gpu
      exactly:
        deviceClassName: g
        selectors: null
    constraints: null
    config: ~
)");
  const model::ResourceClaim c = decode_resource_claim(in.root(), 0, "resource.k8s.io/v1");
  // The Kubernetes API treats an explicit null like an omitted field.
  CHECK(in.errors().empty());
  CHECK(c.spec.requests.at(0).exactly->selectors.empty());
  CHECK(c.spec.constraints.empty());
  CHECK(c.spec.config.empty());
}

TEST_CASE("a claim's allocation status and reservations are decoded") {
  const Input in(R"(apiVersion: resource.k8s.io/v1
kind: ResourceClaim
metadata: {name: c, namespace: ml}
spec:
  devices:
    requests:
    - {name: gpus, exactly: {deviceClassName: g, count: 2}}
status:
  allocation:
    devices:
      results:
      - {request: gpus, driver: gpu.example.com, pool: node-a, device: gpu-0}
      - request: gpus
        driver: gpu.example.com
        pool: node-a
        device: gpu-1
        adminAccess: true
        shareID: 2f0c
        consumedCapacity: {memory: 16Gi}
    nodeSelector:
      nodeSelectorTerms:
      - matchFields:
        - {key: metadata.name, operator: In, values: [node-a]}
  reservedFor:
  - {resource: pods, name: trainer-0, uid: 6f1c}
  - {name: trainer-1, uid: 7a2d}
)");
  const model::ResourceClaim c = decode_resource_claim(in.root(), 0, "resource.k8s.io/v1");
  CHECK(in.errors().empty());
  REQUIRE(c.allocation.has_value());
  CHECK(c.allocation->results
        == std::vector<model::DeviceAllocationResult>{
            {"gpus", "gpu.example.com", "node-a", "gpu-0", std::nullopt, {}, {}, {}, "", {}},
            {"gpus",
             "gpu.example.com",
             "node-a",
             "gpu-1",
             true,
             {},
             {},
             {},
             "2f0c",
             {{"memory", q("16Gi")}}}});
  REQUIRE(c.allocation->node_selector.has_value());
  REQUIRE(c.allocation->node_selector->terms.size() == 1);
  CHECK(c.allocation->node_selector->terms[0].match_fields
        == std::vector<model::NodeSelectorRequirement>{
            {"metadata.name", model::SelectorOperator::kIn, {"node-a"}}});
  // An omitted `resource` is the model default "pods".
  CHECK(c.reserved_for
        == std::vector<model::ClaimConsumer>{{"pods", "trainer-0", "6f1c"},
                                             {"pods", "trainer-1", "7a2d"}});
}

TEST_CASE("an allocation result needs request, driver, pool and device") {
  // Missing keys report at their flow mapping (`{request: r}` at 10:17, `{resource: pods}`
  // at 11:17); `resource` alone is optional.
  const Input in(R"(apiVersion: resource.k8s.io/v1
kind: ResourceClaim
metadata: {name: c}
spec:
  devices:
    requests: [{name: r, exactly: {deviceClassName: g}}]
status:
  allocation:
    devices:
      results: [{request: r}]
  reservedFor: [{resource: pods}]
)");
  decode_resource_claim(in.root(), 0, "resource.k8s.io/v1");
  CHECK(in.errors()
        == std::vector<std::string>{
            "t.yaml:10:17: error: status.allocation.devices.results[0].driver: a "
            "driver name, got nothing",
            "t.yaml:10:17: error: status.allocation.devices.results[0].pool: a "
            "pool name, got nothing",
            "t.yaml:10:17: error: status.allocation.devices.results[0].device: a "
            "device name, got nothing",
            "t.yaml:11:17: error: status.reservedFor[0].name: a consumer name, got "
            "nothing",
            "t.yaml:11:17: error: status.reservedFor[0].uid: a consumer uid, got "
            "nothing"});
}

TEST_CASE("a claim is reserved for at most 256 consumers") {
  std::string text =
      "apiVersion: resource.k8s.io/v1\nkind: ResourceClaim\nmetadata: {name: c}\nspec: {}\n"
      "status:\n  reservedFor:\n";
  for (int i = 0; i < 257; ++i) {
    text += "  - {name: p" + std::to_string(i) + ", uid: u" + std::to_string(i) + "}\n";
  }
  const Input in(text);
  const model::ResourceClaim c = decode_resource_claim(in.root(), 0, "resource.k8s.io/v1");
  // ResourceClaimReservedForMaxSize = 256.
  CHECK(in.errors()
        == std::vector<std::string>{
            "t.yaml:7:3: error: status.reservedFor: at most 256 consumers, got 257"});
  CHECK(c.reserved_for.size() == 257);
}

TEST_CASE("a ResourceClaim without a spec is an error") {
  const Input in("apiVersion: resource.k8s.io/v1\nkind: ResourceClaim\nmetadata: {name: c}\n");
  decode_resource_claim(in.root(), 0, "resource.k8s.io/v1");
  // The root mapping starts at 1:1, where a missing top-level key is reported.
  CHECK(in.errors()
        == std::vector<std::string>{"t.yaml:1:1: error: spec: a spec mapping, got nothing"});
}

// ---------------------------------------------------------------------------------------------
// ResourceClaimTemplate

TEST_CASE("a ResourceClaimTemplate keeps the generated claims' metadata and spec") {
  // The §2.3 template: spec.metadata is copied onto generated claims, spec.spec is the claim.
  const Input in(R"(apiVersion: resource.k8s.io/v1
kind: ResourceClaimTemplate
metadata: {name: one-gpu, namespace: ml}
spec:
  metadata:
    labels: {team: ml}
    annotations: {note: x}
  spec:
    devices:
      requests:
      - name: gpu
        exactly: {deviceClassName: gpu-h100}
)");
  const model::ResourceClaimTemplate t =
      decode_resource_claim_template(in.root(), 0, "resource.k8s.io/v1");
  CHECK(in.errors().empty());
  CHECK(t.meta.name == "one-gpu");
  CHECK(t.meta.namespace_name == "ml");
  CHECK(t.claim_labels == model::StringMap{{"team", "ml"}});
  CHECK(t.claim_annotations == model::StringMap{{"note", "x"}});
  REQUIRE(t.spec.requests.size() == 1);
  CHECK(t.spec.requests[0].exactly->device_class_name == "gpu-h100");
}

TEST_CASE("a v1beta1 ResourceClaimTemplate uses flat requests") {
  // Flat v1beta1 fields under spec.spec.devices become the v1 `exactly` block.
  const Input in(R"(apiVersion: resource.k8s.io/v1beta1
kind: ResourceClaimTemplate
metadata: {name: t}
spec:
  spec:
    devices:
      requests:
      - {name: gpu, deviceClassName: gpu.nvidia.com, allocationMode: All}
)");
  const model::ResourceClaimTemplate t =
      decode_resource_claim_template(in.root(), 0, "resource.k8s.io/v1beta1");
  CHECK(in.errors().empty());
  REQUIRE(t.spec.requests.at(0).exactly.has_value());
  CHECK(t.spec.requests[0].exactly->allocation_mode == AllocationMode::kAll);
}

TEST_CASE("a ResourceClaimTemplate without spec.spec is an error") {
  const Input in(R"(apiVersion: resource.k8s.io/v1
kind: ResourceClaimTemplate
metadata: {name: t}
spec:
  devices:
    requests: [{name: gpu, exactly: {deviceClassName: g}}]
)");
  const model::ResourceClaimTemplate t =
      decode_resource_claim_template(in.root(), 0, "resource.k8s.io/v1");
  // A claim's spec written directly under the template's spec (a common slip).
  CHECK(
      in.errors()
      == std::vector<std::string>{"t.yaml:5:3: error: spec.spec: a claim spec {devices: ...}, got "
                                  "nothing"});
  CHECK(t.spec.requests.empty());
}

// ---------------------------------------------------------------------------------------------
// DeviceTaintRule

TEST_CASE("a DeviceTaintRule keeps its selector and taint") {
  // The §2.6 example, with the NoExecute effect (taint rules take None|NoSchedule|NoExecute).
  const Input in(R"(apiVersion: resource.k8s.io/v1alpha3
kind: DeviceTaintRule
metadata: {name: drain-node-a-gpu-1}
spec:
  deviceSelector: {driver: gpu.example.com, pool: node-a, device: gpu-1}
  taint: {key: example.com/maintenance, value: planned, effect: NoExecute}
)");
  const model::DeviceTaintRule r = decode_device_taint_rule(in.root(), 0);
  CHECK(in.errors().empty());
  CHECK(r.meta.name == "drain-node-a-gpu-1");
  CHECK(r.driver == "gpu.example.com");
  CHECK(r.pool == "node-a");
  CHECK(r.device == "gpu-1");
  CHECK(r.taint
        == model::Taint{"example.com/maintenance", "planned", model::TaintEffect::kNoExecute});
}

TEST_CASE("a DeviceTaintRule needs a taint and has no 1.34 class or CEL selectors") {
  const Input in(R"(apiVersion: resource.k8s.io/v1beta2
kind: DeviceTaintRule
metadata: {name: a}
spec:
  deviceSelector: {deviceClassName: gpu}
---
apiVersion: resource.k8s.io/v1
kind: DeviceTaintRule
metadata: {name: b}
spec:
  taint: {key: k, effect: PreferNoSchedule}
)");
  decode_device_taint_rule(in.root(0), 0);
  decode_device_taint_rule(in.root(1), 0);
  CHECK(in.errors()
        == std::vector<std::string>{
            "t.yaml:5:37: error: spec.deviceSelector.deviceClassName: no "
            "deviceClassName (removed from DeviceTaintRule in Kubernetes 1.35), "
            "got \"gpu\"",
            "t.yaml:5:3: error: spec.taint: a taint {key, value, effect}, got "
            "nothing",
            "t.yaml:11:27: error: spec.taint.effect: one of NoSchedule, "
            "NoExecute, None, got \"PreferNoSchedule\""});
}

// ---------------------------------------------------------------------------------------------
// Real manifests

TEST_CASE("the website claim with a mis-indented CEL expression is rejected") {
  const std::string file = "real-cases/invalid-website-resourceclaim-cel-indentation.yaml";
  const Input in(read_fixture(file), file);
  REQUIRE(in.size() == 2);
  const model::DeviceClass c = decode_device_class(in.root(0), 0);
  decode_resource_claim(in.root(1), 0, "resource.k8s.io/v1");
  // The class is fine. In the claim `expression:` sits at the level of `cel:` (line 29), so
  // `cel` is null; yaml-cpp marks a null value at the next token, the `expression` key.
  CHECK(c.selectors.at(0).expression == R"(device.driver == "driver.example.com")");
  CHECK(
      in.errors()
      == std::vector<std::string>{file
                                  + ":29:11: error: spec.devices.requests[0].exactly.selectors[0]."
                                    "cel.expression: a CEL expression, got nothing"});
}

TEST_CASE("the KEP-4815 counter slice without node selection is rejected") {
  const std::string file =
      "kep-4815-partitionable-devices/extracted/counter-slice-and-device-"
      "slice.yaml";
  const Input in(read_fixture(file), file);
  REQUIRE(in.size() == 2);
  const model::ResourceSlice counters = decode_resource_slice(in.root(0), 0);
  const model::ResourceSlice devices = decode_resource_slice(in.root(1), 0);
  // The file header says so: the counter slice has no nodeName/nodeSelector/allNodes.
  CHECK(in.errors()
        == std::vector<std::string>{file
                                    + ":10:3: error: spec: exactly one of nodeName, nodeSelector, "
                                      "allNodes: true, perDeviceNodeSelection: true, got none of "
                                      "them"});
  CHECK(counters.shared_counters.at(0).counters.at("memory") == q("40Gi"));
  // gpu-0 plus 4 partitions of 10Gi each.
  CHECK(devices.devices.size() == 5);
  CHECK(devices.devices[1].consumes_counters.at(0).counters.at("memory") == q("10Gi"));
}

TEST_CASE("the NVIDIA chart's gpu DeviceClass maps nvidia.com/gpu") {
  const std::string file =
      "nvidia-dra-driver-gpu/deployments/helm/dra-driver-nvidia-gpu/"
      "templates/deviceclass-gpu.yaml";
  const Input in(read_fixture(file), file);
  const model::DeviceClass c = decode_device_class(in.root(0), 0);
  CHECK(in.errors().empty());
  CHECK(c.meta.name == "gpu.nvidia.com");
  // The header: only the gpu.nvidia.com class carries extendedResourceName, on v1.
  CHECK(c.extended_resource_name == "nvidia.com/gpu");
  CHECK(c.selectors.size() == 1);
}

TEST_CASE("the dynamic MIG slices of two A100s decode with their counters") {
  const std::string file =
      "nvidia-dra-driver-gpu/constructed/node-2x-a100-dynamic-mig-"
      "resourceslices.yaml";
  const Input in(read_fixture(file), file);
  // Documents: the Node, the counter slice, one device slice per GPU.
  REQUIRE(in.size() == 4);
  const model::ResourceSlice counters = decode_resource_slice(in.root(1), 0);
  const model::ResourceSlice gpu0 = decode_resource_slice(in.root(2), 0);
  const model::ResourceSlice gpu1 = decode_resource_slice(in.root(3), 0);
  CHECK(in.errors().empty());
  CHECK(counters.pool.resource_slice_count == 3);
  REQUIRE(counters.shared_counters.size() == 2);
  // A100 40GB: 98 SMs and 40192Mi of memory per GPU, 8 memory slices + 7 other dimensions.
  CHECK(counters.shared_counters[0].counters.at("multiprocessors") == q("98"));
  CHECK(counters.shared_counters[0].counters.at("memory") == q("40192Mi"));
  CHECK(counters.shared_counters[0].counters.size() == 15);
  // Every MIG placement of an A100: 1g.5gb x7, 1g.5gb+me x7, 1g.10gb x4, 2g.10gb x3,
  // 3g.20gb x2, 4g.20gb x1, 7g.40gb x1 = 25 devices per GPU.
  CHECK(gpu0.devices.size() == 25);
  CHECK(gpu1.devices.size() == 25);
  CHECK(gpu0.devices[0].name == "gpu-0-mig-1g10gb-15-0");
  CHECK(gpu0.devices[0].attributes.at("driverVersion")
        == model::AttributeValue{model::SemVer{"580.95.5"}});
  CHECK(gpu0.devices[0].consumes_counters.at(0).counter_set == "gpu-0-counter-set");
  CHECK(gpu0.devices[0].consumes_counters[0].counters.at("memory") == q("9856Mi"));
}

TEST_CASE("the example driver's kubectl List of slices decodes its 8 GPUs") {
  const std::string file = "dra-example-driver/README.md.kubectl-get-resourceslice-o-yaml.yaml";
  const Input in(read_fixture(file), file);
  const auto items = in.root()["items"].items();
  REQUIRE(items.size() == 1);
  const model::ResourceSlice s = decode_resource_slice(items[0], 0);
  CHECK(in.errors().empty());
  // The header: an older output with pool generation 0; gpu-0 .. gpu-7 of 80Gi each.
  CHECK(s.pool == model::ResourcePool{"dra-example-driver-cluster-worker", 0, 1});
  REQUIRE(s.devices.size() == 8);
  CHECK(s.devices[7].name == "gpu-7");
  CHECK(s.devices[7].attributes.at("index") == model::AttributeValue{int64_t{7}});
  CHECK(s.devices[7].capacity.at("memory").value == q("80Gi"));
}

TEST_CASE("the scheduler-perf consumable capacity slice keeps its request policies") {
  // shareable-device: 80Gi memory, default 1Gi, validRange min 1Gi; counter-set counter2: "1".
  const std::string file =
      "kubernetes-scheduler-perf/rendered/resourceslice-consumablecapacity-"
      "0.yaml";
  const Input in(read_fixture(file), file);
  const model::ResourceSlice s = decode_resource_slice(in.root(), 0);
  CHECK(in.errors().empty());
  REQUIRE_FALSE(s.devices.empty());
  const auto& memory = s.devices[0].capacity.at("memory");
  CHECK(memory.value == q("80Gi"));
  REQUIRE(memory.request_policy.has_value());
  CHECK(memory.request_policy->default_value == q("1Gi"));
  CHECK(memory.request_policy->range_min == q("1Gi"));
  CHECK(s.shared_counters.at(0).counters.at("counter2") == q("1"));
}

TEST_CASE("NVIDIA v1beta1 quickstart claims decode with flat requests") {
  const std::string file = "nvidia-dra-driver-gpu/demo/specs/quickstart/v1beta1/gpu-test3.yaml";
  const Input in(read_fixture(file), file);
  // Namespace, the claim, two pods.
  REQUIRE(in.size() == 4);
  const model::ResourceClaim c =
      decode_resource_claim(in.root(1), 0, in.root(1)["apiVersion"].str());
  CHECK(in.errors().empty());
  CHECK(c.meta.namespace_name == "gpu-test3");
  REQUIRE(c.spec.requests.size() == 1);
  CHECK(c.spec.requests[0].exactly->device_class_name == "gpu.nvidia.com");
  CHECK(c.spec.requests[0].exactly->count == 1);
}

TEST_CASE("the example driver's prioritized alternatives template keeps its subrequests") {
  const std::string file =
      "real-cases/sources/dra-example-driver/demo/examples/"
      "prioritized-alternatives/prioritized-alternatives.yaml";
  const Input in(read_fixture(file), file);
  // Document 1 (after the Namespace) is pod0's template: three alternatives, in order.
  const model::ResourceClaimTemplate t =
      decode_resource_claim_template(in.root(1), 0, "resource.k8s.io/v1");
  CHECK(in.errors().empty());
  REQUIRE(t.spec.requests.size() == 1);
  const auto& subs = t.spec.requests[0].first_available;
  REQUIRE(subs.size() == 3);
  CHECK(subs[0].name == "bleeding-edge-gpu");
  CHECK(subs[1].name == "huge-gpu");
  CHECK(subs[2].name == "older-gpu");
  CHECK(subs[2].selectors.empty());
}

/// Decodes `root` if it is a resource.k8s.io object (or a List of them); returns how many.
size_t decode_any_dra(const Cursor& root) {
  const std::string api = root["apiVersion"].str();
  const std::string kind = root["kind"].str();
  size_t count = 0;
  if (kind == "List") {
    for (const Cursor& item : root["items"].items()) {
      count += decode_any_dra(item);
    }
    return count;
  }
  if (api.rfind("resource.k8s.io/", 0) != 0) {
    return 0;
  }
  if (kind == "DeviceClass") {
    decode_device_class(root, 0);
  } else if (kind == "ResourceSlice") {
    decode_resource_slice(root, 0);
  } else if (kind == "ResourceClaim") {
    decode_resource_claim(root, 0, api);
  } else if (kind == "ResourceClaimTemplate") {
    decode_resource_claim_template(root, 0, api);
  } else if (kind == "DeviceTaintRule") {
    decode_device_taint_rule(root, 0);
  } else {
    return 0;
  }
  return 1;
}

TEST_CASE("every DRA object of the fixture corpus decodes except the known-invalid ones") {
  // The files whose headers (or SOURCE.md) say the API server rejects them; each is pinned by
  // its own test above, except the TPU example, which has many mistakes.
  const std::set<std::string> invalid{
      "kep-4815-partitionable-devices/extracted/counter-slice-and-device-slice.yaml",
      "kep-4815-partitionable-devices/extracted/multi-host-tpu-example.yaml",
      "real-cases/invalid-website-resourceclaim-cel-indentation.yaml",
      "real-cases/sources/kubernetes-website/content/en/examples/dra/resourceclaim.yaml"};
  const std::filesystem::path root = std::filesystem::path(DRASIM_SHARED_DIR) / "fixtures";
  std::vector<std::string> files;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(root)) {
    if (entry.path().extension() == ".yaml") {
      files.push_back(entry.path().lexically_relative(root).string());
    }
  }
  std::sort(files.begin(), files.end());
  size_t objects = 0;
  size_t rejected = 0;
  for (const std::string& file : files) {
    const Input in(read_fixture(file), file);
    for (size_t i = 0; i < in.size(); ++i) {
      objects += decode_any_dra(in.root(i));
    }
    if (invalid.count(file) != 0) {
      if (!in.errors().empty()) {
        ++rejected;
      }
      continue;
    }
    CHECK_MESSAGE(in.errors().empty(), file << ": " << in.errors());
  }
  // All four known-invalid files fail; the corpus has well over 200 DRA objects (219 when this
  // test was written), so a broken walk would not pass silently.
  CHECK(rejected == invalid.size());
  CHECK(objects > 200);
}

}  // namespace
}  // namespace drasim::sim
