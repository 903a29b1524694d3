// Loading and replaying a 1,000-node / 10,000-pod device-plugin cluster (issue: foundation).
// Run: ./build/release/tests/drasim_bench "[engine]"
#include "sim/engine/engine.h"
#include "sim/scenario_loader.h"

#include <catch2/catch.hpp>

#include "synthetic_cluster.h"

namespace drasim::bench {

TEST_CASE("device-plugin cluster of 1000 nodes and 10000 pods", "[engine]") {
  const std::string yaml = synthetic_device_plugin_yaml(1000, 10000);
  const sim::Scenario scenario = sim::load_scenario_texts({{"synthetic.yaml", yaml}});
  const sim::RunResult once = sim::run_scenario(scenario);
  WARN("input " << yaml.size() << " bytes; " << once.stats.placements << " placements in "
                << once.stats.cycles << " cycles, " << once.stats.events << " events");
  REQUIRE(once.stats.placements > 0);

  BENCHMARK("load (YAML text to Scenario)") {
    return sim::load_scenario_texts({{"synthetic.yaml", yaml}}).objects.pods.size();
  };
  BENCHMARK("replay (build state and run to the end)") {
    return sim::run_scenario(scenario).stats.placements;
  };
  // The cost of ground truth, negative-idle and quota-drift detection is the difference.
  BENCHMARK("replay without anomaly detection") {
    return sim::run_scenario(scenario, sim::EngineOptions{.detect_anomalies = false, .limits = {}})
        .stats.placements;
  };
}

}  // namespace drasim::bench
