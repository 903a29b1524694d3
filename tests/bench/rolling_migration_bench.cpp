// Replaying a 24-hour rolling migration of 10,000 device-plugin nodes to DRA under about
// 100,000 pods (issue 6, PRODUCT.md section 7: under 20 s and 2 GiB on 2 cores). The input is
// tests/bench/rolling-migration-10k.yaml (generators and a migrate event).
// Run: ./build/release/tests/drasim_bench "[rolling]" --benchmark-samples 1
#include "sim/engine/engine.h"
#include "sim/scenario_loader.h"

#include <catch2/catch.hpp>

#include <string>

namespace drasim::bench {

TEST_CASE("replay a rolling migration of 10000 nodes and 100000 pods", "[rolling]") {
  const std::string path =
      std::string(DRASIM_SOURCE_DIR) + "/tests/bench/rolling-migration-10k.yaml";
  const sim::Scenario scenario = sim::load_scenario({path});
  WARN(scenario.objects.nodes.size() << " nodes, " << scenario.objects.pods.size() << " pods");
  REQUIRE(scenario.objects.nodes.size() == 10'000);
  const sim::RunResult once = sim::run_scenario(scenario);
  WARN(once.stats.placements << " placements, " << once.stats.evictions << " evictions in "
                             << once.stats.cycles << " cycles, " << once.stats.events << " events");
  BENCHMARK("load") {
    return sim::load_scenario({path}).objects.pods.size();
  };
  BENCHMARK("replay") {
    return sim::run_scenario(scenario).stats.placements;
  };
}

}  // namespace drasim::bench
