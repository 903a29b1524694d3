#pragma once
// The performance issue's arrival case as a scenario built from generators: a mixed cluster of
// `nodes` nodes of 8 GPUs, half on the device plugin (pool dp) and half on DRA (pool dra, an
// 8-GPU ResourceSlice each; the DeviceClass maps nvidia.com/gpu through the KEP-5004 bridge,
// Kubernetes 1.35 with DRAExtendedResource), and 20 queues with an equal GPU quota (the whole
// cluster split 20 ways). 35 one-GPU pods per node arrive within the hour (14,000 at 400 nodes):
// - early: half of them in q-00..q-09, asking nvidia.com/gpu, in the first 30 minutes; they fill
//   every node (device plugin or bridge) and queue far beyond their fair share;
// - late: the other half in q-10..q-19, asking a claim from a ResourceClaimTemplate (DRA nodes
//   only), from 20 minutes to the hour; they reclaim their share from the early queues.
// Runtimes are lognormal (median 20m); the run ends at 2h. Every count grows with the nodes.
#include <fmt/format.h>

#include <string>

namespace drasim::bench {

inline std::string arrival_scenario(int nodes = 400) {
  const int pods = nodes * 35 / 2;  // per workload
  std::string out =
      fmt::format(R"(apiVersion: drasim.dev/v1alpha1
kind: Scenario
metadata: {{name: arrival-{nodes}}}
spec:
  seed: 3
  horizon: 2h
  kubernetes:
    version: "1.35"
    featureGates: {{DRAExtendedResource: true}}
  generate:
  - nodePool: {{name: dp, count: {half}, namePattern: "dp-{{i:5}}", gpus: 8}}
  - nodePool: {{name: dra, count: {half}, namePattern: "dra-{{i:5}}", gpus: 8, shape: dra,
               driver: {{name: gpu.nvidia.com, capacity: {{memory: {{value: 80Gi}}}}}}}}
  - workload:
      name: early
      count: {pods}
      until: 30m
      arrivals: {{poisson: {{ratePerHour: {early_rate}}}}}
      runtime: {{lognormal: {{median: 20m, sigma: 0.5}}}}
      gpusPerPod: 1
      queues: [q-00, q-01, q-02, q-03, q-04, q-05, q-06, q-07, q-08, q-09]
  - workload:
      name: late
      count: {pods}
      until: 1h
      arrivals: {{poisson: {{ratePerHour: {late_rate}, start: 20m}}}}
      runtime: {{lognormal: {{median: 20m, sigma: 0.5}}}}
      gpusPerPod: 1
      requestStyle: claimTemplate
      deviceClass: gpu.nvidia.com
      queues: [q-10, q-11, q-12, q-13, q-14, q-15, q-16, q-17, q-18, q-19]
---
apiVersion: resource.k8s.io/v1
kind: DeviceClass
metadata: {{name: gpu.nvidia.com}}
spec:
  selectors:
  - cel: {{expression: 'device.driver == "gpu.nvidia.com"'}}
  extendedResourceName: nvidia.com/gpu
)",
                  fmt::arg("nodes", nodes), fmt::arg("half", nodes / 2), fmt::arg("pods", pods),
                  fmt::arg("early_rate", pods * 2), fmt::arg("late_rate", pods * 3 / 2));
  for (int q = 0; q < 20; ++q) {
    out += fmt::format(R"(---
apiVersion: scheduling.run.ai/v2
kind: Queue
metadata: {{name: q-{:02d}}}
spec:
  resources:
    gpu: {{quota: {}, limit: -1, overQuotaWeight: 1}}
    cpu: {{quota: -1, limit: -1, overQuotaWeight: 1}}
    memory: {{quota: -1, limit: -1, overQuotaWeight: 1}}
)",
                       q, nodes * 8 / 20);
  }
  return out;
}

}  // namespace drasim::bench
