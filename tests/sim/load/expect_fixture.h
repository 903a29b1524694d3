#pragma once
// Loading `spec.expect[]` items for the expectation decoder tests: a Scenario with one Queue
// (team-a) whose expect list starts on line 10, so each item's position is easy to count.
#include "sim/scenario_loader.h"

#include <string>
#include <string_view>

namespace drasim::sim::expect_fixture {

inline constexpr const char* kHead = R"(apiVersion: scheduling.run.ai/v2
kind: Queue
metadata: {name: team-a}
---
apiVersion: drasim.dev/v1alpha1
kind: Scenario
metadata: {name: t}
spec:
  expect:
)";

/// Every diagnostic of loading kHead plus `expect_items`, one a line ("" when it loads).
inline std::string errors_of(std::string_view expect_items) {
  try {
    (void)load_scenario_texts({{"t.yaml", std::string(kHead) + std::string(expect_items)}});
  } catch (const InputError& e) {
    std::string out;
    for (const Diagnostic& d : e.diagnostics()) {
      out += d.to_string() + "\n";
    }
    return out;
  }
  return "";
}

/// The scenario of kHead plus `expect_items`; throws InputError when it does not load.
inline Scenario load_ok(std::string_view expect_items) {
  return load_scenario_texts({{"t.yaml", std::string(kHead) + std::string(expect_items)}});
}

}  // namespace drasim::sim::expect_fixture
