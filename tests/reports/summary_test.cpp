// The human summary (reports/summary.cpp): the evictions line appears only when the scheduler
// evicted something.
#include "reports/summary.h"

#include "sim/engine.h"
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
  // No eviction, no line.
  CHECK(summary_of("device-plugin.yaml").find("evictions") == std::string::npos);
}

TEST_CASE("the summary gives the wait percentiles and the pods still pending") {
  // device-plugin.yaml: 15 binds; 13 of them complete 0.2 s after submission (bind latency), the
  // finetune gang (submitted at 600 s) binds when train-llm ends at 5400 s, bound at 5401.2 s:
  // waits of 4801.2 s. Nearest rank: p50 the 8th of 15 (0.2 s), p95 and p99 the 15th (4801.2 s).
  // `oversized` (submitted at 300 s) never fits: pending at the 4 h horizon for 14100 s.
  CHECK(summary_of("device-plugin.yaml")
            .find("  waits: p50 0.2s, p95 4801.2s, p99 4801.2s over 15 binds; 1 still pending "
                  "(longest 14100.0s)\n")
        != std::string::npos);
}

}  // namespace
}  // namespace drasim::reports
