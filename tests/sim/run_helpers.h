#pragma once
// Lookups into a finished run for engine-level tests.
#include "sim/run_result.h"

#include <doctest/doctest.h>

#include <string>

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

}  // namespace drasim::sim
