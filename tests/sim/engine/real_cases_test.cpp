// The real-world cases of shared/fixtures/real-cases (see its SOURCE.md), run as they are, with
// the outcomes their upstream sources state. The topology case only has to load and run here.
#include "model/dra/extended_resources.h"
#include "sim/engine/engine.h"
#include "sim/scenario_loader.h"

#include <doctest/doctest.h>

#include "tests/sim/run_helpers.h"
#include <filesystem>
#include <set>
#include <string>
#include <vector>

namespace drasim::sim {
namespace {

std::string real_case(const std::string& name) {
  return (std::filesystem::path(DRASIM_SHARED_DIR) / "fixtures" / "real-cases" / name).string();
}

RunResult run_case(const std::string& name) {
  return run_scenario(load_scenario({real_case(name)}));
}

std::vector<std::string> devices(const model::PodInfo& p) {
  std::vector<std::string> out;
  for (const auto& d : p.devices) {
    out.push_back(d.device);
  }
  return out;
}

TEST_CASE("NVIDIA quickstart on a DGX A100 (half-balanced MIG) places every demo as documented") {
  const RunResult r = run_case("nvidia-quickstart-dgx-a100-half-balanced.yaml");
  // GPUs 4-7 are whole (type gpu); 0-3 are statically partitioned. gpu-test1: two pods, one
  // full GPU each; gpu-test2: one pod whose two containers share one claim (one GPU);
  // gpu-test3: two pods on one global claim (the same GPU). In slice order the whole GPUs are
  // gpu-4 .. gpu-7, and the demos are scheduled in that order.
  CHECK(devices(pod(r, "pod1")) == std::vector<std::string>{"gpu-4"});
  CHECK(devices(pod(r, "pod2")) == std::vector<std::string>{"gpu-5"});
  CHECK(devices(pod(r, "pod")) == std::vector<std::string>{"gpu-6"});
  // gpu-test3's pod1 and pod2 share the claim; names repeat across namespaces, so look them up
  // by the claim they hold.
  std::set<std::string> shared_users;
  for (const auto& p : r.state.pods) {
    if (!p.devices.empty() && p.devices.front().claim == "single-gpu") {
      shared_users.insert(p.name);
      CHECK(devices(p) == std::vector<std::string>{"gpu-7"});
    }
  }
  CHECK(shared_users == std::set<std::string>{"pod1", "pod2"});
  // gpu-test4: 2x 1g.5gb + 2g.10gb + 3g.20gb from one parent (matchAttribute parentUUID); the
  // four pods take parents gpu-0 .. gpu-3.
  for (int i = 0; i < 4; ++i) {
    const std::string g = "gpu-" + std::to_string(i);
    CHECK(devices(pod(r, "pod-" + std::to_string(i)))
          == std::vector<std::string>{g + "-mig-1g5gb-19-0", g + "-mig-1g5gb-19-1",
                                      g + "-mig-2g10gb-14-2", g + "-mig-3g20gb-9-4"});
  }
}

TEST_CASE("gpu-test4 on two dynamic-MIG A100s: the counters let two of four pods run") {
  const RunResult r = run_case("nvidia-gpu-test4-on-2x-a100-dynamic-mig.yaml");
  // Each pod needs 8 memory slices of one parent: one whole A100 40GB. The search must
  // backtrack to 3g.20gb at slice 4 and 2g.10gb at slice 2 (slice 0 is taken by a 1g.5gb).
  CHECK(devices(pod(r, "pod-0"))
        == std::vector<std::string>{"gpu-0-mig-1g5gb-19-0", "gpu-0-mig-1g5gb-19-1",
                                    "gpu-0-mig-2g10gb-14-2", "gpu-0-mig-3g20gb-9-4"});
  CHECK(pod(r, "pod-1").devices.front().device.rfind("gpu-1-", 0) == 0);
  CHECK(pod(r, "pod-2").phase == model::PodPhase::kPending);
  CHECK(pod(r, "pod-3").phase == model::PodPhase::kPending);
  // The DynamicResources PostFilter has no claim allocated elsewhere to free.
  CHECK(r.state.reason_of(model::PodId::from_index(2))
        == "0/1 nodes are available: 1 cannot allocate all claims. no new claims to deallocate.");
}

TEST_CASE("dra-example-driver: two claims share one multi-allocatable partition") {
  const RunResult r = run_case("example-driver-allow-multiple-allocations-partitionable.yaml");
  // README "Expected Output": both pods on the same partition, each consuming its share.
  CHECK(devices(pod(r, "pod0")) == std::vector<std::string>{"gpu-0-partition-0"});
  CHECK(devices(pod(r, "pod1")) == std::vector<std::string>{"gpu-0-partition-0"});
}

TEST_CASE("scheduler_perf partitionable backtracking: only devices 2 to 8 fit the counters") {
  const RunResult r = run_case("scheduler-perf-partitionable-backtracking.yaml");
  // The claim wants 7 devices; devices 0 and 1 draw the 70Gi counter the others need, so the
  // allocator backtracks past them (config comment in performance-config.yaml).
  CHECK(devices(pod(r, "test-dra-0"))
        == std::vector<std::string>{"device-2", "device-3", "device-4", "device-5", "device-6",
                                    "device-7", "device-8"});
}

TEST_CASE("the invalid real-world inputs are rejected as the API server would") {
  CHECK_THROWS_AS(load_scenario({real_case("invalid-pod-missing-apiversion.yaml")}), InputError);
  CHECK_THROWS_AS(load_scenario({real_case("invalid-website-resourceclaim-cel-indentation.yaml")}),
                  InputError);
}

// The KEP-5004 cases: KAI's e2e suite test/e2e/suites/allocate/resources/
// dra_extended_resources_test.go on its "dra-enabled" kind cluster (4 device-plugin workers with
// nvidia.com/gpu: 8, DRA workers worker5 and worker6 with 8 gpu.nvidia.com devices each, class
// gpu.nvidia.com with extendedResourceName nvidia.com/gpu). Outcomes as SOURCE.md states them.

/// Whether the pod holds a KEP-5004 claim: the bridge's claim id, its status on the pod, or a
/// live claim annotated resource.kubernetes.io/extended-resource-claim that it owns.
bool has_bridge_claim(const RunResult& r, const model::PodInfo& p) {
  if (p.bridge_claim.valid() || p.extended_claim_status.has_value()) {
    return true;
  }
  const auto self = model::PodId::from_index(static_cast<size_t>(&p - r.state.pods.data()));
  for (size_t i = 0; i < r.state.claims.size(); ++i) {
    const auto& c = r.state.claims.at(model::ClaimId::from_index(i));
    if (c.owner == self
        && c.claim.meta.annotations.count(std::string(model::kExtendedResourceClaimAnnotation))
               > 0) {
      return true;
    }
  }
  return false;
}

TEST_CASE("KAI e2e fill-node: eight bridged pods fill the pinned DRA node, the ninth waits") {
  const RunResult r = run_case("kai-e2e-dra-extended-resource-fill-node.yaml");
  // "fills a DRA node with extended resource pods and blocks the next": one nvidia.com/gpu: 1
  // pod per device pinned to worker5, all scheduled; the ninth (at 30s) stays unschedulable.
  std::set<std::string> used;
  for (int i = 0; i < 8; ++i) {
    const std::string name = "fill-" + std::to_string(i) + "-x" + std::to_string(i) + "qw";
    CAPTURE(name);
    const model::PodInfo& p = pod(r, name);
    CHECK(p.phase == model::PodPhase::kRunning);
    CHECK(bound_node(r, name) == "e2e-kai-scheduler-worker5");
    CHECK(has_bridge_claim(r, p));  // served through the synthetic claim (path dra)
    REQUIRE(p.devices.size() == 1);
    used.insert(p.devices.front().device);
  }
  CHECK(used.size() == 8);  // every device of worker5, once
  CHECK(pod(r, "fill-8-x8qw").phase == model::PodPhase::kPending);
  CHECK(bound_node(r, "fill-8-x8qw").empty());
  CHECK_FALSE(pending_reason(r, "fill-8-x8qw").empty());
}

TEST_CASE("KAI e2e gang: both pods of the minMember-2 PodGroup run on DRA nodes") {
  const RunResult r = run_case("kai-e2e-dra-extended-resource-gang.yaml");
  // "schedules a gang job (minMember=2) using extended resource syntax across DRA nodes":
  // node affinity on nvidia.com/gpu.deploy.dra-plugin-gpu=true; upstream expects both scheduled.
  for (const std::string name : {"gang-0-m2kd", "gang-1-m2kd"}) {
    CAPTURE(name);
    CHECK(pod(r, name).phase == model::PodPhase::kRunning);
    const std::string node = bound_node(r, name);
    CHECK((node == "e2e-kai-scheduler-worker5" || node == "e2e-kai-scheduler-worker6"));
    CHECK(has_bridge_claim(r, pod(r, name)));
    CHECK(pod(r, name).devices.size() == 1);
  }
}

TEST_CASE("KAI e2e init-container: max(init, main) = 8 devices through the bridge, not 16") {
  const RunResult r = run_case("kai-e2e-dra-extended-resource-init-container.yaml");
  // "aggregates init-container GPU requests correctly (max, not sum)": init and main container
  // each want nvidia.com/gpu: 8 on an 8-device DRA node; upstream expects it scheduled.
  const model::PodInfo& p = pod(r, "init-agg-7hq2");
  CHECK(p.phase == model::PodPhase::kRunning);
  CHECK(bound_node(r, "init-agg-7hq2") == "e2e-kai-scheduler-worker5");
  CHECK(has_bridge_claim(r, p));
  std::set<std::string> distinct;
  for (const auto& d : p.devices) {
    distinct.insert(d.device);
  }
  CHECK(p.devices.size() == 8);
  CHECK(distinct.size() == 8);
}

TEST_CASE(
    "KAI e2e device-plugin node: the bridge does not fire where nvidia.com/gpu is advertised") {
  const RunResult r = run_case("kai-e2e-dra-extended-resource-device-plugin-node.yaml");
  // "schedules a pod on a device-plugin node when the resource is also DRA-backed on other
  // nodes": scheduled, and no ResourceClaim annotated extended-resource-claim is created.
  const model::PodInfo& p = pod(r, "dp-path-9skd");
  CHECK(p.phase == model::PodPhase::kRunning);
  const std::string node = bound_node(r, "dp-path-9skd");
  CHECK(node.rfind("e2e-kai-scheduler-worker", 0) == 0);
  CHECK(node != "e2e-kai-scheduler-worker5");
  CHECK(node != "e2e-kai-scheduler-worker6");
  CHECK(node != "e2e-kai-scheduler-worker7");
  // Path device-plugin: no claim, no devices from DRA, no extendedResourceClaimStatus.
  CHECK_FALSE(has_bridge_claim(r, p));
  CHECK(p.devices.empty());
  for (size_t i = 0; i < r.state.claims.size(); ++i) {
    const auto& c = r.state.claims.at(model::ClaimId::from_index(i));
    CHECK(c.claim.meta.annotations.count(std::string(model::kExtendedResourceClaimAnnotation))
          == 0);
  }
}

TEST_CASE("scheduler_perf extended-resource fast: all ten pods on the DRA node") {
  const RunResult r = run_case("scheduler-perf-extended-resource-fast.yaml");
  // SchedulingWithExtendedResource/fast (kube-scheduler profile): ten classes map
  // example.com/gpu-<i>; only scheduler-perf-dra-0 can serve them (derived: all ten land there,
  // each through its own synthetic claim).
  std::set<std::string> used;
  for (int i = 0; i < 10; ++i) {
    const std::string name = "test-dra-" + std::to_string(i);
    CAPTURE(name);
    CHECK(pod(r, name).phase == model::PodPhase::kRunning);
    CHECK(bound_node(r, name) == "scheduler-perf-dra-0");
    CHECK(has_bridge_claim(r, pod(r, name)));
    for (const auto& d : pod(r, name).devices) {
      used.insert(d.device);
    }
  }
  CHECK(used.size() == 10);
}

TEST_CASE(
    "KAI e2e reclaim (DRA), should not reclaim: the 1-device reclaimer runs, the 2-device one "
    "waits") {
  const RunResult r = run_case("kai-e2e-reclaim-dra-should-not-reclaim.yaml");
  // reclaim_dra_specs.go "Under quota and Over fair share -> Over fair share and Over quota -
  // Should not reclaim (DRA)": parent gpu quota = limit = 4, children quota 1. Reclaimees
  // 2 + 1 + 1 are scheduled; the 1-device reclaimer is scheduled (it is under quota, so it may
  // reclaim one device from the reclaimee queue, which is over its fair share); the 2-device
  // reclaimer would take its queue to 3, over fair share, and must stay unschedulable.
  for (const std::string name : {"ee-a", "ee-b"}) {
    CAPTURE(name);
    CHECK(pod(r, name).phase == model::PodPhase::kRunning);
  }
  CHECK(pod(r, "er-running").phase == model::PodPhase::kRunning);
  CHECK(pod(r, "er-pending").phase == model::PodPhase::kPending);
  CHECK(bound_node(r, "er-pending").empty());
  // DRA GPU accounting: claim devices count as queue GPUs, so the parent queue holds exactly
  // its limit of 4 (2 + 1 reclaimee, 1 reclaimer).
  int64_t running_devices = 0;
  for (const auto& p : r.state.pods) {
    running_devices +=
        p.phase == model::PodPhase::kRunning ? static_cast<int64_t>(p.devices.size()) : 0;
  }
  CHECK(running_devices == 4);
}

// Upstream KAI pops a victim job, takes its surplus task and pushes the rest of the job back
// into the victims queue (PodAccumulatedScenarioBuilder.addNextPotentialVictims), where it is
// re-ordered: at minMember it now ranks after the other elastic job still above minMember, so
// the two jobs lose one pod each (model/kai/actions/eviction_solver.cpp does the same).
TEST_CASE("KAI e2e reclaim (DRA) from elastic jobs: each reclaimee PodGroup keeps one pod") {
  const RunResult r = run_case("kai-e2e-reclaim-dra-elastic.yaml");
  // reclaim_dra_specs.go "Reclaim tasks from elastic jobs (DRA)": CreateQueues(4, 2, 2), two
  // elastic PodGroups (minMember 1) with two 1-device pods each, then a 2-device reclaimer:
  // the reclaimer is scheduled and each reclaimee PodGroup is left with exactly one pod.
  CHECK(pod(r, "reclaimer").phase == model::PodPhase::kRunning);
  for (const std::string job : {"elastic-reclaimee-job-1", "elastic-reclaimee-job-2"}) {
    CAPTURE(job);
    int running = 0;
    for (const std::string suffix : {"-0", "-1"}) {
      running += pod(r, job + suffix).phase == model::PodPhase::kRunning ? 1 : 0;
    }
    CHECK(running == 1);
  }
}

TEST_CASE("the topology real case loads and runs to the end") {
  const RunResult r = run_case("kai-topology-doc-zone-rack-example.yaml");
  CHECK(!r.state.pods.empty());
}

}  // namespace
}  // namespace drasim::sim
