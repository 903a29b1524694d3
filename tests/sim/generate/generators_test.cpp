// Tests of `spec.generate[]` expansion (sim/generate/generators.cpp, sim/generate/generate_*.cpp):
// what node pools and workloads turn into, names and padding, topology blocks, request styles,
// gangs, and the determinism of every random draw.
#include "sim/generate/generators.h"

#include "model/k8s/generated_name.h"
#include "sim/generate/random_stream.h"
#include "sim/scenario_loader.h"

#include <doctest/doctest.h>

#include "tests/sim/run_helpers.h"
#include <algorithm>
#include <cmath>
#include <string>
#include <string_view>
#include <vector>

namespace drasim::sim {
namespace {

/// A Scenario document with `generate` entries (indented as list items under spec.generate).
std::string scenario(std::string_view generate, std::string_view extra_spec = "") {
  return "apiVersion: drasim.dev/v1alpha1\nkind: Scenario\nmetadata: {name: g}\nspec:\n  seed: 7\n"
         + std::string(extra_spec) + "  generate:\n" + std::string(generate);
}

std::vector<std::string> pod_names(const Scenario& s) {
  std::vector<std::string> out;
  for (const model::Pod& p : s.objects.pods) {
    out.push_back(p.meta.name);
  }
  return out;
}

std::vector<int64_t> appear_s(const Scenario& s) {
  std::vector<int64_t> out;
  for (const model::Pod& p : s.objects.pods) {
    out.push_back(p.meta.appear_us / 1'000'000);
  }
  return out;
}

TEST_CASE("a device-plugin node pool: count, padded names, labels, allocatable, topology blocks") {
  const Scenario s = load_ok(scenario(R"(  - nodePool:
      name: dp
      count: 5
      namePattern: dp-{i:3}
      at: 30s
      labels: {team: a}
      taints: [{key: dedicated, value: train, effect: NoSchedule}]
      topology:
        topology.kubernetes.io/zone: {values: [a, b]}
        rack: {pattern: "rack-{i}", blockSize: 2}
      resources: {cpu: "32"}
      gpus: 8
)"));
  REQUIRE(s.objects.nodes.size() == 5);
  const model::Node& n = s.objects.nodes[4];
  // {i:3} pads index 4 to three digits.
  CHECK(n.meta.name == "dp-004");
  CHECK(n.meta.appear_us == 30'000'000);
  CHECK(n.meta.labels
        == model::StringMap{{"drasim.dev/pool", "dp"},
                            {"kubernetes.io/hostname", "dp-004"},
                            {"nvidia.com/gpu.present", "true"},
                            {"rack", "rack-2"},  // block 4 / 2 = 2
                            {"team", "a"},
                            {"topology.kubernetes.io/zone", "b"}});
  CHECK(n.taints.size() == 1);
  // resources override cpu only; memory and pods keep their defaults; 8 GPUs as nvidia.com/gpu.
  CHECK(n.allocatable.at("cpu") == model::Quantity::from_units(32));
  CHECK(n.allocatable.at("memory") == model::Quantity::from_units(512LL << 30));
  CHECK(n.allocatable.at("pods") == model::Quantity::from_units(110));
  CHECK(n.allocatable.at("nvidia.com/gpu") == model::Quantity::from_units(8));
  CHECK(n.capacity == n.allocatable);
  // Two zone values over 5 nodes: blocks of ceil(5 / 2) = 3, so nodes 0-2 are in a, 3-4 in b.
  std::vector<std::string> zones;
  for (const model::Node& node : s.objects.nodes) {
    zones.push_back(node.meta.labels.at("topology.kubernetes.io/zone"));
  }
  CHECK(zones == std::vector<std::string>{"a", "a", "a", "b", "b"});
  CHECK(s.objects.resource_slices.empty());
  // The pool's source: `nodePool:` value of spec.generate[0], line 8 column 7.
  CHECK(n.meta.source == model::SourceRef{0, 8, 7});
}

TEST_CASE("a dra node pool publishes its driver's slices and no extended resource") {
  const Scenario s = load_ok(scenario(R"(  - nodePool:
      name: dra
      count: 2
      gpus: 4
      shape: dra
      driver:
        name: gpu.nvidia.com
        attributes: {type: {string: gpu}, productName: {string: NVIDIA H100 80GB HBM3}}
        capacity: {memory: {value: 80Gi}}
)"));
  REQUIRE(s.objects.nodes.size() == 2);
  CHECK(s.objects.nodes[1].meta.name == "dra-1");  // default pattern <name>-{i}
  CHECK(s.objects.nodes[1].allocatable.count("nvidia.com/gpu") == 0);
  REQUIRE(s.objects.resource_slices.size() == 2);
  const model::ResourceSlice& slice = s.objects.resource_slices[1];
  CHECK(slice.meta.name == "dra-1-gpu-nvidia-com-0");
  CHECK(slice.node_name == "dra-1");
  CHECK(slice.pool == model::ResourcePool{"dra-1", 1, 1});
  CHECK(slice.devices.size() == 4);  // the pool's gpus, as driver.devices is absent
  CHECK(slice.devices[3].name == "gpu-3");
}

TEST_CASE("a workload: job and pod names, gangs as PodGroups, queue labels, Job owners") {
  const Scenario s = load_ok(scenario(R"(  - workload:
      name: train
      namespace: default
      count: 3
      arrivals: {at: [0s, 10m]}
      runtime: {fixed: 30m}
      gangSize: 2
      gpusPerPod: 4
      cpu: "8"
      memory: 64Gi
      queues: [{name: team-a}]
      priorityClasses: [{name: train}]
      preemptible: true
)",
                                      "")
                                 .append(R"(---
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: train}
value: 100
)"));
  // 3 jobs of 2 pods: train-<job>-<pod>.
  CHECK(pod_names(s)
        == std::vector<std::string>{"train-0-0", "train-0-1", "train-1-0", "train-1-1", "train-2-0",
                                    "train-2-1"});
  // Job j arrives at at[j % 2]: 0, 600, 0 seconds.
  CHECK(appear_s(s) == std::vector<int64_t>{0, 0, 600, 600, 0, 0});
  REQUIRE(s.objects.pod_groups.size() == 3);
  const model::PodGroup& pg = s.objects.pod_groups[1];
  CHECK(pg.meta.name == "train-1");
  CHECK(pg.min_member == 2);
  CHECK(pg.queue == "team-a");
  CHECK(pg.priority_class_name == "train");
  CHECK(pg.preemptibility == model::Preemptibility::kPreemptible);
  CHECK(pg.meta.appear_us == 600'000'000);
  const model::Pod& pod = s.objects.pods[3];
  CHECK(pod.meta.annotations.at("pod-group-name") == "train-1");
  CHECK(pod.meta.labels.at("kai.scheduler/queue") == "team-a");
  CHECK(pod.meta.labels.at("kai.scheduler/preemptibility") == "preemptible");
  CHECK(pod.meta.owner_references
        == std::vector<model::OwnerReference>{{"batch/v1", "Job", "train-1", "", true}});
  CHECK(pod.runtime_us == 30 * 60 * 1'000'000LL);
  CHECK(pod.spec.priority_class_name == "train");
  const model::Container& c = pod.spec.containers.at(0);
  CHECK(c.requests.at("cpu") == model::Quantity::from_units(8));
  CHECK(c.requests.at("nvidia.com/gpu") == model::Quantity::from_units(4));
  CHECK(c.limits.at("nvidia.com/gpu") == model::Quantity::from_units(4));
}

TEST_CASE("request styles: implicit class names and one claim template per job") {
  const Scenario s = load_ok(scenario(R"(  - workload:
      name: implicit
      count: 1
      gpusPerPod: 2
      requestStyle: implicitClass
      deviceClass: gpu.nvidia.com
  - workload:
      name: claims
      count: 2
      gpusPerPod: 3
      requestStyle: claimTemplate
      deviceClass: gpu.nvidia.com
)"));
  REQUIRE(s.objects.pods.size() == 3);
  CHECK(s.objects.pods[0].spec.containers[0].limits.at(
            "deviceclass.resource.kubernetes.io/gpu.nvidia.com")
        == model::Quantity::from_units(2));
  REQUIRE(s.objects.resource_claim_templates.size() == 2);
  const model::ResourceClaimTemplate& t = s.objects.resource_claim_templates[1];
  CHECK(t.meta.name == "claims-1-gpu");
  CHECK(t.spec.requests.at(0).name == "gpu");
  CHECK(t.spec.requests.at(0).exactly->device_class_name == "gpu.nvidia.com");
  CHECK(t.spec.requests.at(0).exactly->count == 3);
  const model::Pod& pod = s.objects.pods[2];
  CHECK(pod.meta.name == "claims-1-0");
  CHECK(pod.spec.resource_claims
        == std::vector<model::PodResourceClaim>{{"gpu", "", "claims-1-gpu"}});
  CHECK(pod.spec.containers[0].claims == std::vector<model::ContainerClaim>{{"gpu", ""}});
  // A single-pod job has no PodGroup.
  CHECK(s.objects.pod_groups.empty());
}

TEST_CASE("burst arrivals: size jobs every period from start") {
  const Scenario s = load_ok(scenario(R"(  - workload:
      name: b
      count: 5
      arrivals: {burst: {every: 1h, size: 2, start: 10s}}
)"));
  // Jobs 0,1 at 10 s; 2,3 at 3610 s; 4 at 7210 s.
  CHECK(appear_s(s) == std::vector<int64_t>{10, 10, 3610, 3610, 7210});
}

const std::string kPoisson = R"(  - workload:
      name: p
      arrivals: {poisson: {ratePerHour: 12}}
      until: 10h
      runtime: {exponential: {mean: 20m}}
      gangSize: {choices: [{value: 1, weight: 3}, {value: 4, weight: 1}]}
      queues: [team-a, {name: team-b, weight: 2}]
)";

TEST_CASE("the same seed gives the same objects, another seed other arrival times") {
  const Scenario a = load_ok(scenario(kPoisson));
  const Scenario b = load_ok(scenario(kPoisson));
  CHECK(a.objects == b.objects);
  std::string other = scenario(kPoisson);
  other.replace(other.find("seed: 7"), 7, "seed: 8");
  const Scenario c = load_ok(other);
  CHECK(appear_s(a) != appear_s(c));
}

TEST_CASE("a Poisson stream of 12 jobs an hour until 10h, seed 7") {
  const Scenario s = load_ok(scenario(kPoisson));
  size_t jobs = 0;
  for (const model::Pod& p : s.objects.pods) {
    jobs += p.meta.name.ends_with("-0") ? 1U : 0U;
  }
  // 12/h for 10 h: 120 expected, standard deviation sqrt(120) ~ 11; seed 7 draws 114 jobs.
  CHECK(jobs == 114u);
  // Gang sizes 1 (weight 3) or 4 (weight 1): 24 four-pod jobs (PodGroups), so
  // pods = 114 + 3 x 24 = 186.
  CHECK(s.objects.pod_groups.size() == 24u);
  CHECK(s.objects.pods.size() == 186u);
  // The first gap, exponential with mean 300 s, is 136.748 s (rounded to milliseconds).
  CHECK(s.objects.pods.front().meta.appear_us == 136'748'000);
  CHECK(s.objects.pods.back().meta.appear_us < 36'000'000'000LL);
}

TEST_CASE("a workload stops at the horizon when it has no count or until") {
  const Scenario s = load_ok(scenario(R"(  - workload:
      name: p
      arrivals: {poisson: {ratePerHour: 60}}
)",
                                      "  horizon: 1h\n"));
  // 60/h for 1 h: 60 expected (standard deviation ~7.7); seed 7 draws 54 one-pod jobs.
  CHECK(s.objects.pods.size() == 54u);
  CHECK(s.objects.pods.back().meta.appear_us < 3'600'000'000LL);
}

TEST_CASE("the mean of 10000 exponential draws with mean 1200 s") {
  RandomStream rng(model::seeded_hash(7, "workload/x", 3));
  double sum = 0;
  for (int i = 0; i < 10'000; ++i) {
    sum += rng.exponential(1200.0);
  }
  // The sample mean's standard error is 1200 / sqrt(10000) = 12 s, so any seed lands within
  // 1200 +- 36 s (3 sigma); this seed's mean is 1204.086 s.
  CHECK(sum / 10'000 == doctest::Approx(1204.086169706).epsilon(1e-9));
  CHECK(std::abs(sum / 10'000 - 1200) < 36);
}

TEST_CASE("runtime draws are rounded to seconds and clamped") {
  RandomStream rng(1);
  Runtime uniform{Runtime::Kind::kUniform, 10'000'000, 20'000'000, 0, {}};
  for (int i = 0; i < 100; ++i) {
    const int64_t us = *draw_runtime_us(uniform, rng);
    CHECK(us % 1'000'000 == 0);
    CHECK(us >= 10'000'000);
    CHECK(us <= 20'000'000);
  }
  // A lognormal with a median of 1 us rounds up to the 1 s minimum.
  Runtime tiny{Runtime::Kind::kLognormal, 1, 0, 0.5, {}};
  CHECK(*draw_runtime_us(tiny, rng) == 1'000'000);
  CHECK_FALSE(draw_runtime_us(Runtime{}, rng).has_value());
}

}  // namespace
}  // namespace drasim::sim
