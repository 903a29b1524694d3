#pragma once
// Deterministic synthetic device-plugin clusters for benchmarks: YAML text, so that loading is
// measured too. Node shapes alternate 8-GPU and 4-GPU; every fourth node is tainted; pods ask
// for 1, 2, 4 or 8 GPUs (every fifth is CPU-only), arrive over the first hour and run 10 to 70
// minutes. A 64-bit LCG keeps it reproducible without <random>.

#include <fmt/format.h>

#include <cstdint>
#include <string>

namespace drasim::bench {

inline std::string synthetic_device_plugin_yaml(int nodes, int pods) {
  std::string out = R"(apiVersion: drasim.dev/v1alpha1
kind: Scenario
metadata: {name: synthetic}
spec: {seed: 1, scheduler: {period: 1s}}
)";
  for (int i = 0; i < nodes; ++i) {
    const int gpus = i % 2 == 0 ? 8 : 4;
    out += fmt::format(
        "---\napiVersion: v1\nkind: Node\nmetadata:\n  name: node-{:05d}\n  labels: {{pool: "
        "p{}}}\n",
        i, i % 4);
    if (i % 4 == 3) {
      out += "spec:\n  taints: [{key: dedicated, value: infer, effect: NoSchedule}]\n";
    }
    out += fmt::format(
        "status:\n  allocatable: {{cpu: \"96\", memory: 1000Gi, pods: \"110\", "
        "nvidia.com/gpu: \"{}\"}}\n",
        gpus);
  }
  uint64_t x = 42;
  const auto next = [&x](uint64_t mod) {
    x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    return (x >> 33) % mod;
  };
  for (int i = 0; i < pods; ++i) {
    const uint64_t kind = next(5);
    const int gpus = kind == 4 ? 0 : 1 << kind;
    const uint64_t at_s = next(3600);
    const uint64_t runtime_m = 10 + next(61);
    out += fmt::format(
        "---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: job-{:06d}\n  namespace: team-{}\n"
        "  annotations: {{drasim.dev/at: {}s, drasim.dev/runtime: {}m}}\nspec:\n  containers:\n"
        "  - name: main\n    resources:\n      requests: {{cpu: \"4\", memory: 16Gi}}\n",
        i, i % 3, at_s, runtime_m);
    if (gpus > 0) {
      out += fmt::format("      limits: {{nvidia.com/gpu: \"{}\"}}\n", gpus);
    }
  }
  return out;
}

}  // namespace drasim::bench

namespace drasim::bench {

/// A DRA-only cluster: `nodes` nodes with one node-local slice of 8 H100-like GPUs each (two
/// NUMA nodes, memory capacity), the class `gpu.nvidia.com`, a claim template asking for one
/// GPU with at least 40Gi through a CEL selector, and `pods` pods using it, all at time 0 and
/// running forever, so the run is one fill of the cluster. With `bridge`, the class declares
/// `extendedResourceName: nvidia.com/gpu` and the pods ask for `nvidia.com/gpu: 1` instead of a
/// claim: every placement goes through the KEP-5004 bridge.
inline std::string synthetic_dra_yaml(int nodes, int pods, const std::string& profile = "kai",
                                      bool bridge = false) {
  std::string out = fmt::format(R"(apiVersion: drasim.dev/v1alpha1
kind: Scenario
metadata: {{name: synthetic-dra}}
spec:
  seed: 1
  kubernetes: {{version: "1.35", featureGates: {{DRAExtendedResource: true}}}}
  scheduler: {{period: 1s, profile: {}}}
---
apiVersion: resource.k8s.io/v1
kind: DeviceClass
metadata: {{name: gpu.nvidia.com}}
spec:{}
  selectors:
  - cel:
      expression: device.driver == "gpu.nvidia.com" && device.attributes["gpu.nvidia.com"].type == "gpu"
---
apiVersion: resource.k8s.io/v1
kind: ResourceClaimTemplate
metadata: {{name: one-gpu, namespace: ml}}
spec:
  spec:
    devices:
      requests:
      - name: gpu
        exactly:
          deviceClassName: gpu.nvidia.com
          selectors:
          - cel:
              expression: device.capacity["gpu.nvidia.com"].memory.compareTo(quantity("40Gi")) >= 0
)",
                                profile, bridge ? "\n  extendedResourceName: nvidia.com/gpu" : "");
  for (int i = 0; i < nodes; ++i) {
    out += fmt::format(
        "---\napiVersion: v1\nkind: Node\nmetadata: {{name: dra-{:05d}}}\nstatus:\n  "
        "allocatable: {{cpu: \"96\", memory: 1000Gi, pods: \"110\"}}\n---\napiVersion: "
        "resource.k8s.io/v1\nkind: ResourceSlice\nmetadata: {{name: dra-{:05d}-gpu}}\nspec:\n  "
        "driver: gpu.nvidia.com\n  nodeName: dra-{:05d}\n  pool: {{name: dra-{:05d}, generation: "
        "1, resourceSliceCount: 1}}\n  devices:\n",
        i, i, i, i);
    for (int d = 0; d < 8; ++d) {
      out += fmt::format(
          "  - name: gpu-{}\n    attributes:\n      type: {{string: gpu}}\n      productName: "
          "{{string: NVIDIA H100 80GB HBM3}}\n      resource.kubernetes.io/numaNode: {{int: {}}}\n"
          "    capacity: {{memory: {{value: 81559Mi}}}}\n",
          d, d / 4);
    }
  }
  for (int i = 0; i < pods; ++i) {
    if (bridge) {
      out += fmt::format(
          "---\napiVersion: v1\nkind: Pod\nmetadata: {{name: job-{:06d}, namespace: ml}}\nspec:\n"
          "  containers:\n  - name: main\n    resources:\n      requests: {{cpu: \"4\", memory: "
          "16Gi}}\n      limits: {{nvidia.com/gpu: \"1\"}}\n",
          i);
      continue;
    }
    out += fmt::format(
        "---\napiVersion: v1\nkind: Pod\nmetadata: {{name: job-{:06d}, namespace: ml}}\nspec:\n"
        "  resourceClaims: [{{name: gpu, resourceClaimTemplateName: one-gpu}}]\n  containers:\n"
        "  - name: main\n    resources:\n      requests: {{cpu: \"4\", memory: 16Gi}}\n"
        "      claims: [{{name: gpu}}]\n",
        i);
  }
  return out;
}

}  // namespace drasim::bench
