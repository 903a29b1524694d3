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
