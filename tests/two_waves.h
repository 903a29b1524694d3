#pragma once

// The metrics tests' cluster: one device-plugin node `gpu-a` with 2 GPUs and 4 one-GPU pods
// (`p-0` .. `p-3`, 1 cpu each) running 10 minutes each. With a 1 s period and 200 ms bind
// latency: p-0 and p-1 bind at 0 s and run from 0.2 s to 600.2 s; the cycle at 601 s binds p-2
// and p-3, which run from 601.2 s to 1201.2 s. Waits: 0.2, 0.2, 601.2, 601.2 s.

namespace drasim::testing {

inline constexpr const char* kTwoWaves = R"(
apiVersion: v1
kind: Node
metadata: {name: gpu-a}
status:
  allocatable: {cpu: "8", memory: 32Gi, pods: "110", nvidia.com/gpu: "2"}
---
apiVersion: v1
kind: Pod
metadata:
  name: p
  annotations: {drasim.dev/replicas: "4", drasim.dev/runtime: 10m}
spec:
  containers: [{name: c, resources: {requests: {cpu: "1"}, limits: {nvidia.com/gpu: "1"}}}]
)";

}  // namespace drasim::testing
