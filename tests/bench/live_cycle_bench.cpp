// One scheduling cycle of the live cluster of tests/bench/live_cluster.h (a `kubectl get -o
// json` List: half the nodes on DRA, 100 queues under 10 departments, every node full, 3
// pending GPU pods per node) at 400 nodes (12,800 running, 1,200 pending), also in the
// reference mode (ClusterState::reference: no caches, indexes or memos), and at its 10x form,
// 4,000 nodes (128,000 running, 12,000 pending). The state is the engine's at time 0.
// Run: ./build/release/tests/drasim_bench "[live-cycle]~[reference]" --benchmark-samples 3
#include "model/scheduler.h"
#include "sim/engine/engine.h"
#include "sim/scenario_loader.h"

#include <catch2/catch.hpp>

#include "tests/bench/cycle_state.h"
#include "tests/bench/live_cluster.h"

namespace drasim::bench {
namespace {

void live_cycle(int nodes, bool reference) {
  const sim::Scenario scenario =
      sim::load_scenario_texts({{"cluster.json", live_cluster_json({nodes})}});
  const model::ClusterState state =
      prebound_state(scenario.objects, sim::build_options(scenario, reference));
  model::ClusterState probe = state;
  const model::CycleResult once = model::run_cycle(probe, {}, 0);
  WARN(state.pods.size() << " pods on " << nodes << " nodes; one cycle: " << once.binds.size()
                         << " binds, " << once.pipelined << " pipelined, " << once.evictions.size()
                         << " evictions, " << once.jobs_attempted << " jobs attempted");
  BENCHMARK_ADVANCED("one cycle, " + std::to_string(nodes) + " nodes"
                     + (reference ? ", reference mode" : ""))
  (Catch::Benchmark::Chronometer meter) {
    std::vector<model::ClusterState> copies(static_cast<size_t>(meter.runs()), state);
    meter.measure([&](int i) {
      return model::run_cycle(copies[static_cast<size_t>(i)], {}, 0).evictions.size();
    });
  };
}

}  // namespace

TEST_CASE("one cycle of the 400-node live cluster", "[live-cycle]") {
  live_cycle(400, false);
}

TEST_CASE("one cycle of the 400-node live cluster, reference mode", "[live-cycle][reference]") {
  live_cycle(400, true);
}

TEST_CASE("one cycle of the 4000-node live cluster (its 10x form)", "[live-cycle][4k]") {
  live_cycle(4000, false);
}

}  // namespace drasim::bench
