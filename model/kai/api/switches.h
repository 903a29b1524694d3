#pragma once
/// KAI's DRA behaviour as named switches (PRODUCT.md section 3). A profile (`kai-v0.12`,
/// `kai-v0.13`, `kai-v0.17`, `kai`) is a set of values for them; `spec.scheduler.features`
/// flips single ones, so each failure mode of the KAI DRA-extended-resources design can be
/// produced on purpose. Sources: kai-scheduler-behavior.md sections 2.4, 2.6, 2.7 and 6.3, and
/// KAI's docs/developer/designs/dra-extended-resources/README.md.

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>

namespace drasim::model {

struct KaiSwitches {
  /// `populateDRAGPUs` / `AddDRAGPUs`: GPU devices in a node's ResourceSlices join its GPU slot
  /// (`HasDRAGPUs`), and `ExtractDRAGPUResourcesFromClaims` puts claim GPUs into the pod's GPU
  /// request and its queue's quota (v0.13, #900). Off: DRA nodes have no GPU slot and claim
  /// GPUs are invisible to quota.
  bool dra_gpu_accounting = true;
  /// The DRA-only-node guard of `PredicateByNodeResourcesType` (v0.13, #937): a node with DRA
  /// GPUs rejects GPU tasks.
  bool dra_only_node_guard = true;
  /// The guard's narrowed form (v0.17, #1943): only shared requests (gpu-fraction, gpu-memory)
  /// are rejected. Off with the guard on: every task with device-plugin GPUs (`GPUs() > 0`:
  /// whole GPUs and gpu-fraction; gpu-memory slips through) is rejected.
  bool guard_shared_only = true;
  /// The KEP-5004 bridge (v0.17, #1943): a pod asking for a DeviceClass-mapped extended resource
  /// on a node that does not advertise it is served by DRA through a synthetic claim.
  bool extended_resource_bridge = true;
  /// The fit check and the MaxNodePoolResources pre-predicate skip a mapped resource the node
  /// does not advertise (the allocator decides), as the design asks. As shipped, KAI skips only
  /// in the fractional path (`lessEqualVectorsExcludingGPU`); regular pods compare every slot
  /// (kai-scheduler-behavior.md section 2.2), so every kai profile has it off: a pod asking for
  /// a non-GPU DRA-backed resource fails with `Insufficient <resource>`.
  bool skip_delegated_in_fit = false;
  /// A pod's tracked vector has the slots its node does not advertise zeroed before the node is
  /// charged. Off: the node's idle amount of a DRA-backed resource goes negative.
  bool zero_delegated_on_reserve = true;
  /// Topology fitness (`calcNodeAccommodation`, `getJobRatioToFreeResources`) skips mapped
  /// non-GPU resources. Off: every domain is rejected for them (false topology rejection).
  bool skip_delegated_in_topology = true;
  /// Claim GPU counting skips the bridge's own claims (annotated
  /// `resource.kubernetes.io/extended-resource-claim: "true"`). Off: a bridged pod's GPUs are
  /// counted twice once its claim exists (container request plus claim).
  bool skip_bridge_claims_in_gpu_count = true;
  /// Requests for the implicit name `deviceclass.resource.kubernetes.io/<class>` of a GPU class
  /// land in the GPU slot (the design's follow-up). Off: they sit in a scalar slot, invisible to
  /// GPU quota and fair share.
  bool remap_implicit_gpu_names = false;
  /// Pods sharing one claim's devices on a node charge the node once per device (#1930, on main
  /// after v0.17.0). Off: each pod charges the claim's devices again (negative idle).
  bool shared_claim_dedup = true;
  /// A pod whose KEP-5004 claim from a failed bind still exists is unschedulable until the
  /// claim is gone (the design's recovery path, `findExtendedResourceClaim`). KAI as shipped
  /// never calls that lookup, so every kai profile has it off: the scheduler allocates afresh
  /// and the binder, finding the leftover claim, binds the pod with the leftover's devices.
  bool stale_claim_recovery = false;

  friend bool operator==(const KaiSwitches&, const KaiSwitches&) = default;
};

/// A switch's YAML name (`spec.scheduler.features`), its field, and one line for
/// `drasim profiles`.
struct KaiSwitchInfo {
  std::string_view name;
  bool KaiSwitches::*field;
  std::string_view summary;
};

inline constexpr std::array<KaiSwitchInfo, 11> kKaiSwitches{{
    {"draGpuAccounting", &KaiSwitches::dra_gpu_accounting,
     "GPU devices of a node's ResourceSlices join its GPU slot; claim GPUs count as the pod's "
     "GPUs and its queue's quota"},
    {"draOnlyNodeGuard", &KaiSwitches::dra_only_node_guard,
     "a node with DRA GPUs rejects GPU pods (PredicateByNodeResourcesType)"},
    {"draGuardSharedOnly", &KaiSwitches::guard_shared_only,
     "the guard rejects only gpu-fraction / gpu-memory pods (its v0.17 form)"},
    {"extendedResourceBridge", &KaiSwitches::extended_resource_bridge,
     "KEP-5004: a mapped extended resource on a node that does not advertise it is served by a "
     "synthetic ResourceClaim"},
    {"skipDelegatedInFit", &KaiSwitches::skip_delegated_in_fit,
     "the fit check skips mapped resources the node does not advertise"},
    {"zeroDelegatedOnReserve", &KaiSwitches::zero_delegated_on_reserve,
     "slots a node does not advertise are zeroed before the node is charged (no negative idle)"},
    {"skipDelegatedInTopology", &KaiSwitches::skip_delegated_in_topology,
     "topology fitness skips mapped non-GPU resources (no false domain rejections)"},
    {"skipBridgeClaimsInGpuCount", &KaiSwitches::skip_bridge_claims_in_gpu_count,
     "claim GPU counting skips the bridge's own claims (no double counting)"},
    {"remapImplicitGpuNames", &KaiSwitches::remap_implicit_gpu_names,
     "deviceclass.resource.kubernetes.io/<gpu class> requests count in the GPU slot"},
    {"sharedClaimDedup", &KaiSwitches::shared_claim_dedup,
     "pods sharing a claim on one node charge its devices once (fix #1930)"},
    {"staleClaimRecovery", &KaiSwitches::stale_claim_recovery,
     "a pod whose extended-resource claim survived a failed bind waits until it is deleted"},
}};

/// The switch named `name`, if any.
[[nodiscard]] inline const KaiSwitchInfo* find_kai_switch(std::string_view name) {
  for (const KaiSwitchInfo& s : kKaiSwitches) {
    if (s.name == name) {
      return &s;
    }
  }
  return nullptr;
}

}  // namespace drasim::model
