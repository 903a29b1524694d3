// The human summary (reports/summary.cpp): the evictions line appears only when the scheduler
// evicted something.
#include "reports/summary.h"

#include "sim/engine/engine.h"
#include "sim/scenario_loader.h"

#include <doctest/doctest.h>

#include <string>

namespace drasim::reports {
namespace {

std::string summary_of(const std::string& scenario) {
  const std::string root = DRASIM_SOURCE_DIR;
  return text_summary(sim::run_scenario(sim::load_scenario({root + "/scenarios/" + scenario})));
}

TEST_CASE("the summary counts the scheduler's evictions and the pods left evicted") {
  // Reclaim evicts two bare team-a pods; nothing recreates them, so both end Evicted.
  CHECK(summary_of("reclaim.yaml")
            .find("  evictions: 2 by the scheduler, 2 pods evicted at the "
                  "end\n")
        != std::string::npos);
  // No eviction, no line (device-plugin.yaml's evictionsAtMost expectation still names
  // evictions in its PASS line, so look for the summary line itself).
  CHECK(summary_of("device-plugin.yaml").find("  evictions: ") == std::string::npos);
}

TEST_CASE("the summary gives the wait percentiles and the pods still pending") {
  // device-plugin.yaml: 408 pods (15 hand-written, 393 from the background generators); nothing
  // is evicted, so every pod but one binds exactly once: 407 binds, each adding one wait. The
  // percentiles come mostly from the generated background (p50 0.525 s: arrivals between
  // cycles wait for the next 1 s cycle plus the 0.2 s bind latency). `oversized` (submitted at
  // 300 s) never fits: pending at the 6 h horizon for 21300 s.
  CHECK(summary_of("device-plugin.yaml")
            .find("  waits: p50 0.525s, p95 1204.2s, p99 4801.2s over 407 binds; 1 still "
                  "pending (longest 21300.0s)\n")
        != std::string::npos);
}

}  // namespace
}  // namespace drasim::reports
