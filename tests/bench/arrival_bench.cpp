// The performance issue's arrival case (tests/bench/arrival_cluster.h): 400 mixed nodes, 14,000
// one-GPU pods arriving within the hour in 20 queues, reclaim between them. Replayed to its
// 2-hour horizon, in the normal and (tagged [reference]) in the reference mode.
// Run: ./build/release/tests/drasim_bench "[arrival]~[reference]" --benchmark-samples 3
#include "sim/engine/engine.h"
#include "sim/scenario_loader.h"

#include <catch2/catch.hpp>

#include "tests/bench/arrival_cluster.h"

namespace drasim::bench {

namespace {

void replay(bool reference) {
  const sim::Scenario scenario =
      sim::load_scenario_texts({{"arrival.yaml", arrival_scenario(400)}});
  REQUIRE(scenario.objects.nodes.size() == 400);
  sim::EngineOptions options;
  options.reference = reference;
  const sim::RunResult once = sim::run_scenario(scenario, options);
  WARN(scenario.objects.pods.size()
       << " pods; " << once.stats.placements << " placements, " << once.stats.evictions
       << " evictions in " << once.stats.cycles << " cycles, " << once.stats.events << " events");
  BENCHMARK(reference ? "replay, reference mode" : "replay") {
    return sim::run_scenario(scenario, options).stats.placements;
  };
}

}  // namespace

TEST_CASE("replay the 400-node arrival case", "[arrival]") {
  replay(false);
}

TEST_CASE("replay the 400-node arrival case, reference mode", "[arrival][reference]") {
  replay(true);
}

}  // namespace drasim::bench
