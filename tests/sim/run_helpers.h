#pragma once
// Lookups into a finished run for engine-level tests.
#include "sim/observe/run_result.h"
#include "sim/scenario_loader.h"

#include <doctest/doctest.h>

#include <string>
#include <vector>

namespace drasim::sim {

/// The pod named `name` (names are unique in these tests); fails the test when absent.
inline const model::PodInfo& pod(const RunResult& r, const std::string& name) {
  for (const auto& p : r.state.pods) {
    if (p.name == name) {
      return p;
    }
  }
  FAIL("no pod " << name);
  return r.state.pods.front();
}

/// The node the pod `name` was last bound to, or "" when it never ran.
inline std::string bound_node(const RunResult& r, const std::string& name) {
  const model::PodInfo& p = pod(r, name);
  return p.ran_on.valid() ? r.state.node(p.ran_on).name : std::string();
}

/// Why the pod `name` is pending (the scheduler's last word on it).
inline std::string pending_reason(const RunResult& r, const std::string& name) {
  const model::PodInfo& p = pod(r, name);
  return r.state.reason_of(model::PodId::from_index(static_cast<size_t>(&p - r.state.pods.data())));
}

/// The scenario `text` (as file `t.yaml`) loads into; fails the test on input errors.
inline Scenario load_ok(const std::string& text) {
  try {
    return load_scenario_texts({{"t.yaml", text}});
  } catch (const InputError& e) {
    FAIL("unexpected input errors:\n" << std::string(e.what()));
  }
  return {};
}

/// Every input error of loading `text` (as file `t.yaml`), formatted; empty when it loads.
inline std::vector<std::string> input_errors(const std::string& text) {
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

}  // namespace drasim::sim
