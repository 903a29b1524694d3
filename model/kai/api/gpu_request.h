#pragma once
/// A pod's shared-GPU request from its annotations, and a node's GPU memory from its labels
/// (kai-scheduler-behavior.md sections 1.3 item 5 and 1.7; KAI:
/// pkg/scheduler/api/resource_info/gpu_resource_requirment.go,
/// pkg/scheduler/api/pod_info/pod_info.go, pkg/scheduler/api/node_info/node_info.go).

#include "model/k8s/object_meta.h"

#include <cstdint>
#include <optional>
#include <string_view>

namespace drasim::model {

/// KAI's `ResourceRequestType` without MIG (not modelled): Regular covers CPU-only, whole-GPU
/// and DRA pods.
enum class GpuRequestType { kRegular, kFraction, kGpuMemory };

/// The shared part of KAI's `GpuResourceRequirement`.
struct GpuShare {
  GpuRequestType type = GpuRequestType::kRegular;
  /// `gpu-fraction` as parsed (KAI keeps the float; only the vector rounds it to hundredths).
  double portion = 0;
  int64_t memory_mib = 0;  ///< `gpu-memory` (MiB)
  int64_t devices = 0;     ///< how many GPUs the request spans (`gpu-fraction-num-devices`)

  /// KAI `IsSharedGPURequest`.
  [[nodiscard]] bool shared() const { return type != GpuRequestType::kRegular; }

  friend bool operator==(const GpuShare&, const GpuShare&) = default;
};

/// The pod annotation keys KAI reads.
inline constexpr std::string_view kGpuFractionAnnotation = "gpu-fraction";
inline constexpr std::string_view kGpuMemoryAnnotation = "gpu-memory";
inline constexpr std::string_view kGpuDevicesAnnotation = "gpu-fraction-num-devices";

/// `gpu-fraction` as KAI accepts it: a number in (0, 1]; nullopt otherwise.
std::optional<double> parse_gpu_fraction(std::string_view text);

/// A positive decimal integer (`gpu-memory`, `gpu-fraction-num-devices`); nullopt otherwise.
std::optional<int64_t> parse_positive_integer(std::string_view text);

/// The shared request of a pod's annotations: `gpu-fraction` wins over `gpu-memory`; invalid
/// values are ignored (the pod stays Regular, behaviour 4); `gpu-fraction-num-devices` sets the
/// device count of a shared request.
GpuShare parse_gpu_share(const StringMap& annotations);

/// The request's GPU slot in milli-GPUs: KAI's fixed point `round(portion * 100) * count / 100`
/// GPUs, which is `round(portion * 100) * count * 10` milli-GPUs exactly; 0 for gpu-memory
/// requests (their GPU amount is known only on a node).
int64_t share_request_milli(const GpuShare& share);

/// A node's per-GPU memory (`MemoryOfEveryGpuOnNode`) and whether its label was usable
/// (`GpuMemorySynced`).
struct NodeGpuMemory {
  int64_t mib = 100;
  bool synced = false;
};

/// From label `nvidia.com/gpu.memory`: values of at least 1 TiB-in-MiB are bytes (divided by
/// 1 MiB), then floored to a multiple of 100; missing or unparsable -> 100, not synced. A value
/// that floors below 100 counts as unparsable (KAI would divide by zero).
NodeGpuMemory node_gpu_memory(const StringMap& labels);

/// Memory one device of the request takes on a node (`GetResourceGpuMemory`): gpu-memory as
/// asked, else `int64(portion * nodeMem)`.
int64_t share_memory_on_node(const GpuShare& share, int64_t node_mib);

/// Portion of one device on a node (`getResourceGpuPortion`): gpu-memory requests
/// `ceil(mem / nodeMem * 100) / 100`, fractions their portion.
double share_portion_on_node(const GpuShare& share, int64_t node_mib);

/// What a placed shared pod counts as (`AcceptedResourceVector[gpu]`, section 1.5): devices x
/// node portion, in milli-GPUs.
int64_t share_accepted_milli(const GpuShare& share, int64_t node_mib);

}  // namespace drasim::model
