// The performance issue's arrival case (tests/bench/arrival_cluster.h): 400 mixed nodes, 14,000
// one-GPU pods arriving within the hour in 20 queues, reclaim between them. Replayed to its
// 2-hour horizon, in the normal and in the reference mode.
// Run: ./build/release/tests/drasim_bench "[arrival]" --benchmark-samples 3
#include "sim/engine/engine.h"
#include "sim/scenario_loader.h"

#include <catch2/catch.hpp>

#include "tests/bench/arrival_cluster.h"

namespace drasim::bench {

TEST_CASE("replay the 400-node arrival case", "[arrival]") {
  const sim::Scenario scenario =
      sim::load_scenario_texts({{"arrival.yaml", arrival_scenario(400)}});
  REQUIRE(scenario.objects.nodes.size() == 400);
  const sim::RunResult once = sim::run_scenario(scenario);
  WARN(scenario.objects.pods.size()
       << " pods; " << once.stats.placements << " placements, " << once.stats.evictions
       << " evictions in " << once.stats.cycles << " cycles, " << once.stats.events << " events");
  BENCHMARK("replay") {
    return sim::run_scenario(scenario).stats.placements;
  };
  sim::EngineOptions reference;
  reference.reference = true;
  BENCHMARK("replay, reference mode") {
    return sim::run_scenario(scenario, reference).stats.placements;
  };
}

}  // namespace drasim::bench
