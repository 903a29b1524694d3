// CEL selectors are compiled at load time as the API server compiles them on create
// (dra-semantics.md section 4.3): a selector it would reject is an input error at the
// expression, exit code 2.
#include "sim/scenario_loader.h"

#include <doctest/doctest.h>

#include <string>
#include <vector>

namespace drasim::sim {
namespace {

std::vector<std::string> errors_of(const std::string& text) {
  std::vector<std::string> out;
  try {
    (void)load_scenario_texts({{"t.yaml", text}});
  } catch (const InputError& e) {
    for (const Diagnostic& d : e.diagnostics()) {
      out.push_back(d.to_string());
    }
  }
  return out;
}

std::string device_class(const std::string& expression) {
  return R"(apiVersion: resource.k8s.io/v1
kind: DeviceClass
metadata: {name: c}
spec:
  selectors:
  - cel: {expression: ')"
         + expression + R"('}
)";
}

TEST_CASE("a selector with a syntax error is rejected at the expression") {
  const auto errors = errors_of(device_class("device.driver == "));
  REQUIRE(errors.size() == 1);
  // Line 6, column 23: where the expression's scalar starts. The CEL message carries its own
  // position inside the expression.
  CHECK(errors[0].rfind("t.yaml:6:23: error: spec.selectors[0].cel.expression: a CEL "
                        "expression the API server accepts, got ERROR: <input>:1:",
                        0)
        == 0);
  CHECK(errors[0].find("Syntax error") != std::string::npos);
}

TEST_CASE("a selector that is not boolean, or names an unknown variable, is rejected") {
  // compile.go: the result must be bool or dyn; `1` is an int.
  CHECK(
      errors_of(device_class("1")).at(0).find("must evaluate to bool or the unknown type, not int")
      != std::string::npos);
  CHECK(errors_of(device_class("pod.name == \"x\"")).at(0).find("undeclared reference to 'pod'")
        != std::string::npos);
}

TEST_CASE("allowMultipleAllocations exists only when DRAConsumableCapacity is on") {
  const std::string expr = "device.allowMultipleAllocations";
  CHECK(errors_of(device_class(expr)).at(0).find("undefined field 'allowMultipleAllocations'")
        != std::string::npos);
  // On by default in 1.36.
  CHECK(errors_of(device_class(expr) + R"(---
apiVersion: drasim.dev/v1alpha1
kind: Scenario
metadata: {name: s}
spec: {kubernetes: {version: "1.36"}}
)")
            .empty());
}

TEST_CASE("selectors in claims and templates are checked with their full path") {
  const auto errors = errors_of(R"(apiVersion: resource.k8s.io/v1
kind: ResourceClaimTemplate
metadata: {name: t, namespace: ml}
spec:
  spec:
    devices:
      requests:
      - name: gpu
        firstAvailable:
        - name: big
          deviceClassName: gpu
          selectors:
          - cel: {expression: 'device.capacity["x"].memory.compareTo(quantity("1Gi")) >= "a"'}
)");
  REQUIRE(errors.size() == 1);
  CHECK(errors[0].find("spec.spec.devices.requests[0].firstAvailable[0].selectors[0].cel."
                       "expression")
        != std::string::npos);
  CHECK(errors[0].find("found no matching overload for '_>=_'") != std::string::npos);
}

TEST_CASE("a selector whose estimated cost exceeds the limit is too complex") {
  // Six nested all() over a 10-element list around the inner expression of upstream's
  // compile_test.go case: estimated cost 8,555,551 > 1,000,000 (five levels, 855,551, pass).
  std::string e = "int(\"1\".find(\"[0-9]*\")) < 100";
  for (int i = 0; i < 6; ++i) {
    e = "[1,2,3,4,5,6,7,8,9,10].all(x" + std::to_string(i) + ", " + e + ")";
  }
  const auto errors = errors_of(device_class(e));
  REQUIRE(errors.size() == 1);
  CHECK(errors[0].find("too complex, exceeds cost limit") != std::string::npos);
}

}  // namespace
}  // namespace drasim::sim
