// The real-world cases of shared/fixtures/real-cases (see its SOURCE.md), run as they are, with
// the outcomes their upstream sources state. Cases that need later features (the KEP-5004
// bridge, quota and reclaim, topology) only have to load and run here.
#include "sim/engine.h"
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

TEST_CASE("dra-example-driver: a NoSchedule DeviceTaintRule keeps new pods off, not old ones") {
  const RunResult r = run_case("example-driver-device-taint-noschedule.yaml");
  // The rule appears at 60s and taints every gpu.example.com device; NoSchedule does not evict.
  CHECK(pod(r, "pod-keeps-running").phase == model::PodPhase::kRunning);
  CHECK(pod(r, "pod-no-schedule").phase == model::PodPhase::kPending);
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

TEST_CASE("every runnable real case loads and runs to the end") {
  for (const std::string name :
       {"kai-e2e-dra-extended-resource-device-plugin-node.yaml",
        "kai-e2e-dra-extended-resource-fill-node.yaml", "kai-e2e-dra-extended-resource-gang.yaml",
        "kai-e2e-dra-extended-resource-init-container.yaml", "kai-e2e-reclaim-dra-elastic.yaml",
        "kai-e2e-reclaim-dra-should-not-reclaim.yaml", "kai-topology-doc-zone-rack-example.yaml",
        "scheduler-perf-extended-resource-fast.yaml"}) {
    CAPTURE(name);
    const RunResult r = run_case(name);
    CHECK(!r.state.pods.empty());
  }
}

}  // namespace
}  // namespace drasim::sim
