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

}  // namespace
}  // namespace drasim::reports
