// Cross-object checks made after decoding (sim/scenario_checks.cpp).
#include "sim/scenario_checks.h"

#include "sim/scenario_loader.h"

#include <doctest/doctest.h>

#include <string>

namespace drasim::sim {
namespace {

/// The only diagnostic that loading `text` as t.yaml reports.
std::string only_error(const char* text) {
  try {
    (void)load_scenario_texts({{"t.yaml", text}});
  } catch (const InputError& e) {
    REQUIRE(e.diagnostics().size() == 1);
    return e.diagnostics()[0].to_string();
  }
  FAIL("expected an InputError");
  return {};
}

TEST_CASE("a pod bound to a node that is not in the scenario is an input error") {
  // Found by the loader fuzzer: the engine would otherwise meet a pre-bound pod without a node.
  const char* text = R"(apiVersion: v1
kind: Pod
metadata: {name: p}
spec:
  nodeName: ghost
  containers: [{name: c}]
)";
  CHECK(only_error(text)
        == "t.yaml:1:1: error: spec.nodeName: the name of a Node in the scenario, got \"ghost\"");
}

TEST_CASE("a resource quantity beyond 1P is rejected so vector arithmetic cannot overflow") {
  // Found by the loader fuzzer: 10P GPUs is 10^16 devices, 10^19 milli-GPUs, past int64.
  const char* text = R"(apiVersion: v1
kind: Pod
metadata: {name: p}
spec: {containers: [{name: c, resources: {limits: {nvidia.com/gpu: 10P}}}]}
)";
  CHECK(only_error(text) == "t.yaml:4:68: error: spec.containers[0].resources.limits[\"nvidia.com/gpu\"]: a "
             "quantity of at most 1P, got \"10P\"");
}

}  // namespace
}  // namespace drasim::sim
