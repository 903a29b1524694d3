#pragma once
/// KAI's DRA GPU accounting (kai-scheduler-behavior.md section 2.6, switch `draGpuAccounting`):
/// GPU devices of a node's ResourceSlices join its GPU slot (`populateDRAGPUs`, `AddDRAGPUs`,
/// `HasDRAGPUs`), the GPU devices a pod's claims ask for join its GPU request
/// (`ExtractDRAGPUResourcesFromClaims`), and pods sharing one claim's devices on a node charge
/// them once (`DRASharedDeviceRefCount`, switch `sharedClaimDedup`).

#include "model/cluster/cluster_state.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace drasim::model {

/// The GPU test of KAI's `resources.IsGPUDeviceClass`: the lower-cased name contains "gpu".
[[nodiscard]] bool is_gpu_name(std::string_view name);

/// Whether the claim is one the KEP-5004 bridge created (annotation
/// `resource.kubernetes.io/extended-resource-claim: "true"`).
[[nodiscard]] bool is_bridge_claim(const ResourceClaim& claim);

/// GPU devices a claim asks for as KAI counts them: every `exactly` request whose class passes
/// the GPU name test adds its count (ExactCount; 1 when the count is not positive) or 1
/// (allocation mode All); `firstAvailable` requests add nothing.
[[nodiscard]] int64_t claim_gpu_devices(const ResourceClaim& claim);

/// a + b for GPU counts (both >= 0), saturating at int64 max as KAI's SaturatingAdd does.
[[nodiscard]] int64_t saturating_add(int64_t a, int64_t b);

/// Adds each template's claim GPUs (the claims of its first pod, as the snapshot lists them) to
/// its GPU request and quota, and records them in `claim_gpu_milli`; bridge claims count nothing
/// when `skip_bridge_claims_in_gpu_count` is on. Call once at build time,
/// with `state.kai.dra_gpu_accounting` on.
void add_claim_gpus(ClusterState& state);

/// Counts, per node, the devices of the ResourceSlices that name the node (`spec.nodeName`, not
/// `allNodes`) and whose driver passes the GPU name test, and moves each node's GPU slot to its
/// advertised GPUs plus that count. Call whenever the inventory is rebuilt.
void populate_dra_gpus(ClusterState& state);

/// Switch `remapImplicitGpuNames` (the design's follow-up): a request for the implicit name
/// `deviceclass.resource.kubernetes.io/<class>` of a GPU class moves into the GPU slot, so GPU
/// quota and fair share see it. Applied to the templates once, with the classes present at
/// the start.
void remap_implicit_gpu_names(ClusterState& state);

/// `driver/pool/device` of every GPU-driver device the pod's claims hold (section 2.6.4 keys).
[[nodiscard]] std::vector<std::string> dra_gpu_keys(const std::vector<PodDevice>& devices);

}  // namespace drasim::model
