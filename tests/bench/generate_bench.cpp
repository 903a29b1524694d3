// Generating a 10,000-node, 100,000-pod scenario from `spec.generate` (issue 6): the expansion
// alone must stay well under a second, and the whole replay under 20 s (PRODUCT.md section 7).
// Run: ./build/release/tests/drasim_bench "[generate]"
#include "sim/engine/engine.h"
#include "sim/generate/generators.h"
#include "sim/scenario_loader.h"

#include <catch2/catch.hpp>

#include <string>

namespace drasim::bench {

/// 10,000 nodes (half device plugin, half DRA with 8 GPUs each) and 100,000 pods: 25,000 jobs
/// of 1 to 8 pods (mean 4) arriving as a Poisson stream over 24 hours, each pod 1 GPU.
inline const std::string kGenerated = R"(apiVersion: drasim.dev/v1alpha1
kind: Scenario
metadata: {name: generated-10k}
spec:
  seed: 1
  horizon: 24h
  generate:
  - nodePool: {name: dp, count: 5000, namePattern: "dp-{i:4}", gpus: 8,
               topology: {topology.kubernetes.io/zone: {values: [a, b, c, d]}}}
  - nodePool: {name: dra, count: 5000, namePattern: "dra-{i:4}", gpus: 8, shape: dra,
               driver: {name: gpu.nvidia.com, capacity: {memory: {value: 80Gi}}}}
  - workload:
      name: train
      count: 25000
      arrivals: {poisson: {ratePerHour: 1100}}
      runtime: {lognormal: {median: 30m, sigma: 0.7}}
      gangSize: {choices: [{value: 1, weight: 1}, {value: 4, weight: 1}, {value: 7, weight: 1}]}
      gpusPerPod: 1
      queues: [team-a, team-b, team-c]
---
apiVersion: scheduling.run.ai/v2
kind: Queue
metadata: {name: team-a}
spec:
  resources:
    gpu: {quota: -1, limit: -1, overQuotaWeight: 1}
    cpu: {quota: -1, limit: -1, overQuotaWeight: 1}
    memory: {quota: -1, limit: -1, overQuotaWeight: 1}
---
apiVersion: scheduling.run.ai/v2
kind: Queue
metadata: {name: team-b}
spec:
  resources:
    gpu: {quota: -1, limit: -1, overQuotaWeight: 1}
    cpu: {quota: -1, limit: -1, overQuotaWeight: 1}
    memory: {quota: -1, limit: -1, overQuotaWeight: 1}
---
apiVersion: scheduling.run.ai/v2
kind: Queue
metadata: {name: team-c}
spec:
  resources:
    gpu: {quota: -1, limit: -1, overQuotaWeight: 1}
    cpu: {quota: -1, limit: -1, overQuotaWeight: 1}
    memory: {quota: -1, limit: -1, overQuotaWeight: 1}
---
apiVersion: resource.k8s.io/v1
kind: DeviceClass
metadata: {name: gpu.nvidia.com}
spec:
  selectors:
  - cel: {expression: 'device.driver == "gpu.nvidia.com"'}
)";

TEST_CASE("generate 10000 nodes and 100000 pods", "[generate]") {
  const sim::Scenario scenario = sim::load_scenario_texts({{"generated.yaml", kGenerated}});
  WARN(scenario.objects.nodes.size() << " nodes, " << scenario.objects.pods.size() << " pods, "
                                     << scenario.objects.resource_slices.size() << " slices");
  REQUIRE(scenario.objects.nodes.size() == 10'000);
  REQUIRE(scenario.objects.pods.size() >= 90'000);

  sim::Scenario unexpanded = scenario;
  unexpanded.objects = {};
  BENCHMARK("expand generators only") {
    sim::Scenario s = unexpanded;
    sim::Diagnostics diagnostics;
    sim::expand_generators(s, diagnostics);
    return s.objects.pods.size();
  };
  BENCHMARK("load with generators (expand and check)") {
    return sim::load_scenario_texts({{"generated.yaml", kGenerated}}).objects.pods.size();
  };
}

TEST_CASE("replay the generated 10000-node, 100000-pod scenario", "[generate][replay]") {
  const sim::Scenario scenario = sim::load_scenario_texts({{"generated.yaml", kGenerated}});
  const sim::RunResult once = sim::run_scenario(scenario);
  WARN(once.stats.placements << " placements in " << once.stats.cycles << " cycles");
  BENCHMARK("replay") {
    return sim::run_scenario(scenario).stats.placements;
  };
}

}  // namespace drasim::bench
