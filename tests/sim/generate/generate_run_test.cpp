// End to end: a scenario made of generators only (two node pools, a workload, a trace file) loads
// from disk and runs, and the generated pods land where the cluster's shape says they must.
#include "sim/engine/engine.h"
#include "sim/scenario_loader.h"

#include <doctest/doctest.h>

#include "tests/sim/run_helpers.h"
#include <filesystem>
#include <fstream>
#include <string>

namespace drasim::sim {
namespace {

namespace fs = std::filesystem;

void write(const fs::path& path, const std::string& text) {
  fs::create_directories(path.parent_path());
  std::ofstream(path) << text;
}

TEST_CASE("generated device-plugin and DRA pools run a generated workload and a trace") {
  const fs::path dir = fs::temp_directory_path() / "drasim-generate-run-test";
  fs::remove_all(dir);
  // Three trace jobs of one 8-GPU pod each (device plugin, 10 minutes): the two dp nodes take
  // two at 0 s; the third waits for the first to finish at 10m (plus the 0.2 s bind latency).
  write(dir / "traces" / "jobs.csv",
        "# submit in seconds\nsubmit,duration,pods,gpusPerPod,queue\n0,10m,1,8,default-queue\n"
        "0,10m,1,8,default-queue\n1,10m,1,8,default-queue\n");
  write(dir / "scenario.yaml", R"(apiVersion: drasim.dev/v1alpha1
kind: Scenario
metadata: {name: generated}
spec:
  seed: 3
  horizon: 1h
  generate:
  - nodePool: {name: dp, count: 2, gpus: 8}
  - nodePool:
      name: dra
      count: 2
      gpus: 8
      shape: dra
      driver: {name: gpu.nvidia.com, capacity: {memory: {value: 80Gi}}}
  - workload:
      name: w
      count: 2
      gangSize: 2
      gpusPerPod: 4
      runtime: {fixed: 2h}
      requestStyle: claimTemplate
      deviceClass: gpu.nvidia.com
  - trace: {file: traces/jobs.csv, cpu: "2", memory: 8Gi}
---
apiVersion: resource.k8s.io/v1
kind: DeviceClass
metadata: {name: gpu.nvidia.com}
spec:
  selectors:
  - cel: {expression: 'device.driver == "gpu.nvidia.com" && device.attributes["gpu.nvidia.com"].type == "gpu"'}
)");
  const Scenario scenario = load_scenario({(dir / "scenario.yaml").string()});
  // 4 nodes; 2 x 1 DRA slices; 2 jobs x 2 pods + 3 trace pods; 2 PodGroups; 2 claim templates.
  CHECK(scenario.objects.nodes.size() == 4);
  CHECK(scenario.objects.resource_slices.size() == 2);
  CHECK(scenario.objects.pods.size() == 7);
  CHECK(scenario.objects.pod_groups.size() == 2);
  CHECK(scenario.objects.resource_claim_templates.size() == 2);
  CHECK(scenario.files.back() == (dir / "traces" / "jobs.csv").string());

  const RunResult r = run_scenario(scenario);
  // The claim pods can only use DRA devices: 4 pods x 4 GPUs fill dra-0 and dra-1 (binpack puts
  // the first two 4-GPU pods on one node).
  int on_dra = 0;
  for (const char* name : {"w-0-0", "w-0-1", "w-1-0", "w-1-1"}) {
    on_dra += bound_node(r, name).starts_with("dra-") ? 1 : 0;
  }
  CHECK(on_dra == 4);
  // The trace's nvidia.com/gpu pods use the device-plugin nodes only; all three ran.
  for (const char* name : {"jobs-0-0", "jobs-1-0", "jobs-2-0"}) {
    CHECK(bound_node(r, name).starts_with("dp-"));
  }
  CHECK(pod(r, "jobs-2-0").bound_us.value_or(0) >= 600'000'000);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace drasim::sim
