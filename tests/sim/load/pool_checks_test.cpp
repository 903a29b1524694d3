// Invalid ResourceSlice pools are warned about at load time (the allocator's reasons of
// dra-semantics.md section 3.2), and pods that would need them get the scheduler's answer.
#include "sim/engine/engine.h"
#include "sim/scenario_loader.h"

#include <doctest/doctest.h>

#include <string>
#include <vector>

namespace drasim::sim {
namespace {

std::string slice(const std::string& name, int generation, const std::string& devices,
                  const std::string& extra = "") {
  return "---\napiVersion: resource.k8s.io/v1\nkind: ResourceSlice\nmetadata: {name: " + name +
         "}\nspec:\n  driver: gpu.example.com\n  nodeName: dra-a\n  pool: {name: dra-a, "
         "generation: " +
         std::to_string(generation) + ", resourceSliceCount: 2}\n" + extra + devices;
}

TEST_CASE("a device name used twice in one pool makes the pool invalid") {
  const Scenario s =
      load_scenario_texts({{"t.yaml", slice("s1", 1, "  devices: [{name: gpu-0}]\n")
                                          + slice("s2", 1, "  devices: [{name: gpu-0}]\n")}});
  CHECK(s.warnings
        == std::vector<std::string>{
            "resource pool gpu.example.com/dra-a (generation 1) is invalid and the scheduler "
            "will not use its devices: duplicate device name gpu-0"});
}

TEST_CASE("only the newest generation of a pool is judged") {
  // Generation 1 repeats gpu-0, generation 2 does not: the allocator ignores generation 1.
  const Scenario s =
      load_scenario_texts({{"t.yaml", slice("old-1", 1, "  devices: [{name: gpu-0}]\n")
                                          + slice("old-2", 1, "  devices: [{name: gpu-0}]\n")
                                          + slice("new-1", 2, "  devices: [{name: gpu-0}]\n")
                                          + slice("new-2", 2, "  devices: [{name: gpu-1}]\n")}});
  CHECK(s.warnings.empty());
}

TEST_CASE("two versions of a slice that never exist together do not make the pool invalid") {
  // removeDevices at 10 s replaces the slice with a copy without gpu-1 (same name and
  // generation): before 10 s the pool has gpu-0 and gpu-1, after it gpu-0 alone. Judged without
  // time, the two versions would repeat gpu-0.
  const Scenario s = load_scenario_texts({{"t.yaml", R"(apiVersion: v1
kind: Node
metadata: {name: dra-0}
status: {allocatable: {cpu: "8", memory: 32Gi, pods: "110"}}
---
apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata: {name: dra-0-gpus}
spec:
  driver: gpu.nvidia.com
  nodeName: dra-0
  pool: {name: dra-0, generation: 1, resourceSliceCount: 1}
  devices: [{name: gpu-0}, {name: gpu-1}]
---
apiVersion: drasim.dev/v1alpha1
kind: Scenario
metadata: {name: t}
spec:
  events:
  - {at: 10s, removeDevices: {nodes: [dra-0], driver: gpu.nvidia.com, devices: [gpu-1]}}
)"}});
  CHECK(s.warnings.empty());
}

TEST_CASE("a pool that becomes invalid only later is warned about") {
  // The second slice appears at 30 s and repeats gpu-0: from then on the pool is invalid.
  const Scenario s = load_scenario_texts(
      {{"t.yaml",
        slice("s1", 1, "  devices: [{name: gpu-0}]\n")
            + "---\napiVersion: resource.k8s.io/v1\nkind: ResourceSlice\nmetadata: {name: "
              "s2, annotations: {drasim.dev/at: 30s}}\nspec:\n  driver: gpu.example.com\n"
              "  nodeName: dra-a\n  pool: {name: dra-a, generation: 1, "
              "resourceSliceCount: 2}\n  devices: [{name: gpu-0}]\n"}});
  CHECK(s.warnings
        == std::vector<std::string>{
            "resource pool gpu.example.com/dra-a (generation 1) is invalid and the scheduler "
            "will not use its devices: duplicate device name gpu-0"});
}

TEST_CASE("a device that consumes from a counter set or counter that does not exist") {
  const std::string counters =
      "  sharedCounters:\n  - name: parts\n    counters: {memory: {value: 40Gi}}\n";
  const Scenario missing_set = load_scenario_texts(
      {{"t.yaml",
        slice("c", 1, "", counters)
            + slice("d", 1,
                    "  devices:\n  - name: gpu-0\n    consumesCounters:\n    - counterSet: "
                    "other\n      counters: {memory: {value: 1Gi}}\n")}});
  CHECK(missing_set.warnings
        == std::vector<std::string>{
            "resource pool gpu.example.com/dra-a (generation 1) is invalid and the scheduler "
            "will not use its devices: device gpu-0: counter set other not found"});
  const Scenario missing_counter = load_scenario_texts(
      {{"t.yaml",
        slice("c", 1, "", counters)
            + slice("d", 1,
                    "  devices:\n  - name: gpu-0\n    consumesCounters:\n    - counterSet: "
                    "parts\n      counters: {cores: {value: \"1\"}}\n")}});
  CHECK(missing_counter.warnings
        == std::vector<std::string>{
            "resource pool gpu.example.com/dra-a (generation 1) is invalid and the scheduler "
            "will not use its devices: device gpu-0: counter cores not found in counter set "
            "parts"});
}

}  // namespace
}  // namespace drasim::sim
