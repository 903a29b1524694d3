// DRA allocation speed (issue: DRA structured allocator). Run:
//   ./build/release/tests/drasim_bench "[dra]"
#include "model/dra/allocator.h"
#include "model/dra/cel_selector_evaluator.h"
#include "sim/engine/engine.h"
#include "sim/scenario_loader.h"

#include <catch2/catch.hpp>

#include "synthetic_cluster.h"
#include <memory>
#include <string>
#include <vector>

namespace drasim::bench {
namespace {

/// PRODUCT.md counts DRA placements per second "once loaded": the engine (the cluster state,
/// the claims, the inventory) is built before the clock starts, and only its run is timed.
void bench_run_only(const std::string& name, const sim::Scenario& scenario) {
  BENCHMARK_ADVANCED(name.c_str())(Catch::Benchmark::Chronometer meter) {
    std::vector<std::unique_ptr<sim::Engine>> engines;
    for (int i = 0; i < meter.runs(); ++i) {
      engines.push_back(std::make_unique<sim::Engine>(scenario));
    }
    meter.measure([&](int i) { return engines[static_cast<size_t>(i)]->run().stats.placements; });
  };
}

}  // namespace

TEST_CASE("allocator cost per claim on an 8-device node with CEL selectors", "[dra]") {
  const sim::Scenario s = sim::load_scenario_texts({{"dra.yaml", synthetic_dra_yaml(1, 1)}});
  const model::dra::DraFeatures features;
  const model::dra::Inventory inventory(s.objects.device_classes, s.objects.resource_slices, {},
                                        features);
  model::ResourceClaim claim;
  claim.meta.namespace_name = "ml";
  claim.meta.name = "job-0-gpu-abcde";
  claim.spec = s.objects.resource_claim_templates.front().spec;
  const std::vector<const model::ResourceClaim*> claims{&claim};
  const model::StringMap labels;
  model::dra::AllocatedDevices none;
  // Seven of the eight GPUs taken: the search walks past them to the last one.
  model::dra::AllocatedDevices seven;
  for (int d = 0; d < 7; ++d) {
    model::AllocationResult a;
    a.results.push_back({"gpu",
                         "gpu.nvidia.com",
                         "dra-00000",
                         "gpu-" + std::to_string(d),
                         std::nullopt,
                         {},
                         {},
                         {},
                         "",
                         {}});
    seven.add(a);
  }
  model::dra::CelSelectorEvaluator warm;
  BENCHMARK("one claim, empty node, verdicts cached") {
    model::dra::Allocator allocator(features, inventory, none, warm);
    return allocator.allocate("dra-00000", labels, claims).allocations.size();
  };
  BENCHMARK("one claim, 7 of 8 devices taken, verdicts cached") {
    model::dra::Allocator allocator(features, inventory, seven, warm);
    return allocator.allocate("dra-00000", labels, claims).allocations.size();
  };
  BENCHMARK("one claim, empty node, cold evaluator (CEL evaluated for 8 devices)") {
    model::dra::CelSelectorEvaluator cold;
    model::dra::Allocator allocator(features, inventory, seven, cold);
    return allocator.allocate("dra-00000", labels, claims).allocations.size();
  };
}

TEST_CASE("fill 1000 DRA nodes with 8000 one-GPU claim-template pods", "[dra]") {
  for (const std::string profile : {"kai", "kube-scheduler"}) {
    const std::string yaml = synthetic_dra_yaml(1000, 8000, profile);
    const sim::Scenario scenario = sim::load_scenario_texts({{"dra.yaml", yaml}});
    const sim::RunResult once = sim::run_scenario(scenario);
    WARN(profile << ": " << once.stats.placements << " placements in " << once.stats.cycles
                 << " cycles");
    REQUIRE(once.stats.placements == 8000);
    BENCHMARK("replay, profile " + profile) {
      return sim::run_scenario(scenario).stats.placements;
    };
    bench_run_only("run once loaded, profile " + profile, scenario);
    BENCHMARK("replay without anomaly detection, profile " + profile) {
      return sim::run_scenario(scenario,
                               sim::EngineOptions{.detect_anomalies = false, .limits = {}})
          .stats.placements;
    };
  }
}

TEST_CASE("fill 1000 DRA nodes with 8000 nvidia.com/gpu pods through the KEP-5004 bridge",
          "[dra]") {
  for (const std::string profile : {"kai", "kube-scheduler"}) {
    const std::string yaml = synthetic_dra_yaml(1000, 8000, profile, true);
    const sim::Scenario scenario = sim::load_scenario_texts({{"bridge.yaml", yaml}});
    const sim::RunResult once = sim::run_scenario(scenario);
    WARN(profile << ": " << once.stats.placements << " bridged placements in " << once.stats.cycles
                 << " cycles");
    REQUIRE(once.stats.placements == 8000);
    BENCHMARK("bridge replay, profile " + profile) {
      return sim::run_scenario(scenario).stats.placements;
    };
    bench_run_only("bridge run once loaded, profile " + profile, scenario);
  }
}

}  // namespace drasim::bench
