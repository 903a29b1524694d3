// GPU sharing end to end: scenarios with gpu-fraction and gpu-memory pods run through the
// engine, the JSON pod rows of shared pods, and the admission errors for bad sharing input.
#include "reports/json_report.h"
#include "sim/engine/engine.h"
#include "sim/scenario_loader.h"

#include <doctest/doctest.h>

#include "tests/sim/run_helpers.h"
#include <string>
#include <vector>

namespace drasim::sim {
namespace {

const char* const kNode = R"(
apiVersion: v1
kind: Node
metadata: {name: gpu-a, labels: {nvidia.com/gpu.memory: "16384"}}
status:
  allocatable: {cpu: "16", memory: 64Gi, pods: "110", nvidia.com/gpu: "1"}
)";

RunResult run_text(const std::string& text) {
  return run_scenario(load_scenario_texts({{"t.yaml", std::string(kNode) + text}}));
}

/// The load errors of a scenario (empty when it loads).
std::vector<std::string> errors_of(const std::string& text) {
  std::vector<std::string> out;
  try {
    (void)load_scenario_texts({{"t.yaml", std::string(kNode) + text}});
  } catch (const InputError& e) {
    for (const Diagnostic& d : e.diagnostics()) {
      out.push_back(d.to_string());
    }
  }
  return out;
}

std::string shared_pod(const std::string& name, const std::string& annotations) {
  return "---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: " + name + "\n  annotations:\n"
         + annotations + "spec:\n  containers: [{name: c}]\n";
}

}  // namespace

TEST_CASE(
    "two halves share one GPU, a gpu-memory pod waits for a half to finish and joins "
    "the group, the GPU is idle again at the end") {
  const RunResult r =
      run_text(shared_pod("half-1", "    gpu-fraction: \"0.5\"\n    drasim.dev/runtime: 10s\n")
               + shared_pod("half-2", "    gpu-fraction: \"0.5\"\n    drasim.dev/runtime: 20s\n")
               + shared_pod("mem",
                            "    gpu-memory: \"4000\"\n    drasim.dev/at: 5s\n"
                            "    drasim.dev/runtime: 5s\n"));
  // t=0: both halves go on group 1 (gpupack joins the half-used group), bound at 0.2 s.
  CHECK(pod(r, "half-1").gpu_groups == std::vector<uint32_t>{1});
  CHECK(pod(r, "half-2").gpu_groups == std::vector<uint32_t>{1});
  // mem arrives at 5 s: group 1 has 16300 - 2 * 8150 = 0 MiB left and no GPU is idle. half-1
  // finishes at 10.2 s, leaving 8150 MiB >= 4000; the next cycle (period 1 s) at 11 s puts mem
  // on group 1 and the bind completes 0.2 s later.
  CHECK(pod(r, "mem").gpu_groups == std::vector<uint32_t>{1});
  CHECK(pod(r, "mem").bound_us == 11'200'000);
  CHECK(pod(r, "mem").phase == model::PodPhase::kSucceeded);
  // Everything finished: no group left, the one GPU idle.
  const model::NodeInfo& n = r.state.nodes.front();
  CHECK(n.gpu_groups.groups().empty());
  CHECK(n.idle.get(model::kGpuSlot) == 1000);
  // The report rows: group names and per-device portions. mem: ceil(4000 / 16300 * 100) / 100
  // = ceil(24.54) / 100 = 0.25.
  const std::string json = reports::json_report(r);
  const auto row_of = [](const char* portion) {
    return std::string("\"gpuGroups\": [\n        \"gpu-a-gpu-group-1\"\n      ],\n      ")
           + "\"gpuPortion\": " + portion + ",\n";
  };
  CHECK(json.find(row_of("0.5")) != std::string::npos);
  CHECK(json.find(row_of("0.25")) != std::string::npos);
}

TEST_CASE("bad gpu-fraction values are admission errors at the annotation") {
  for (const char* value : {"\"half\"", "\"0\"", "\"1.5\""}) {
    const std::vector<std::string> errors =
        errors_of(shared_pod("p", std::string("    gpu-fraction: ") + value + "\n"));
    REQUIRE(errors.size() == 1u);
    // Line 13: the node takes lines 1-6, the pod starts at line 8 (`---` on 7) and its
    // annotation is its 6th line; column 19 is where the quoted value starts.
    CHECK(errors[0]
          == std::string("t.yaml:13:19: error: metadata.annotations.gpu-fraction: a GPU fraction "
                         "above 0 and at most 1, got ")
                 + value);
  }
}

TEST_CASE("bad gpu-memory and gpu-fraction-num-devices values are admission errors") {
  CHECK(errors_of(shared_pod("p", "    gpu-memory: \"2Gi\"\n"))
        == std::vector<std::string>{"t.yaml:13:17: error: metadata.annotations.gpu-memory: a "
                                    "positive whole number of MiB, got \"2Gi\""});
  CHECK(errors_of(shared_pod("p",
                             "    gpu-fraction: \"0.5\"\n    gpu-fraction-num-devices: "
                             "\"0\"\n"))
        == std::vector<std::string>{
            "t.yaml:14:31: error: metadata.annotations.gpu-fraction-num-devices: a positive "
            "whole number of devices, got \"0\""});
  CHECK(errors_of(shared_pod("p", "    gpu-fraction-num-devices: \"2\"\n"))
        == std::vector<std::string>{
            "t.yaml:13:31: error: metadata.annotations.gpu-fraction-num-devices: a device count "
            "next to a gpu-fraction or gpu-memory annotation, got neither annotation"});
}

TEST_CASE("fractional whole-GPU requests and gpu-fraction next to nvidia.com/gpu are rejected") {
  CHECK(errors_of("---\napiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n"
                  "  - name: c\n    resources: {limits: {nvidia.com/gpu: \"0.5\"}}\n")
        == std::vector<std::string>{
            "t.yaml:14:42: error: spec.containers[0].resources.limits[\"nvidia.com/gpu\"]: a whole "
            "number of GPUs (share a GPU with the gpu-fraction or gpu-memory annotation), got "
            "\"0.5\""});
  CHECK(errors_of("---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  annotations: "
                  "{gpu-fraction: \"0.5\"}\nspec:\n  containers:\n  - name: c\n    resources: "
                  "{limits: {nvidia.com/gpu: \"1\"}}\n")
        == std::vector<std::string>{
            "t.yaml:12:31: error: metadata.annotations.gpu-fraction: a gpu-fraction on a pod "
            "that requests no whole GPUs, got a pod that also requests nvidia.com/gpu"});
}

}  // namespace drasim::sim
