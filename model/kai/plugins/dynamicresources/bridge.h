#pragma once
/// The KEP-5004 bridge as KAI runs it (kai-scheduler-behavior.md section 6.3, KAI's DRA
/// extended-resources design; switches in model/kai/api/switches.h): which of a pod's extended
/// resources DRA serves on a node, the fit request with delegated slots skipped, the synthetic
/// claim allocated per node, and the claim's life from placement to garbage collection.

#include "model/cluster/cluster_state.h"
#include "model/dra/extended_resources.h"

#include <optional>
#include <string>
#include <vector>

namespace drasim::model {

/// The bridge applies at all: the switch is on and the cluster serves KEP-5004 (gate
/// DRAExtendedResource, so DeviceClasses keep `extendedResourceName`).
[[nodiscard]] bool bridge_enabled(const ClusterState& state);

/// Whether the bridge serves `resource` in this cluster: it is on and a DeviceClass answers to
/// the name (DeviceClassByResource, a cluster-wide lookup).
[[nodiscard]] bool bridge_maps(const ClusterState& state, std::string_view resource);

/// Whether some DRA-capable resource the pod asks for maps to a DeviceClass now.
[[nodiscard]] bool uses_bridge(const ClusterState& state, const PodTemplate& t);

/// The pod's mapped resources the node does not advertise (allocatable absent or 0): the ones
/// DRA serves there (`filterExtendedResources`), in name order.
[[nodiscard]] std::vector<std::string> delegated_names(const ClusterState& state,
                                                       const PodTemplate& t, const NodeInfo& node);

/// The request KAI's fit compares on `node`: with `skipDelegatedInFit`, the non-GPU slots of
/// mapped resources the node has no allocatable for are zeroed (the allocator decides them).
[[nodiscard]] ResourceVector fit_request(const ClusterState& state, const PodTemplate& t,
                                         const NodeInfo& node);

/// Slots (never the GPU slot) of the pod's resources that map to a DeviceClass: the ones the
/// topology plugin skips (a cluster-wide lookup, whatever the node advertises).
[[nodiscard]] std::vector<size_t> mapped_scalar_slots(const ClusterState& state,
                                                      const PodTemplate& t);

/// The same over a job's chunk: each slot once, in the order the tasks name them.
[[nodiscard]] std::vector<size_t> mapped_scalar_slots(const ClusterState& state,
                                                      const std::vector<PodId>& tasks);

/// The node-specific synthetic claim (`<extended-resources>`, requests built as upstream
/// builds them) and its container mappings, or null when DRA serves nothing of the pod on this
/// node. It depends on the pod's namespace and containers, on which of its resources DRA serves
/// on the node and on the DeviceClasses only, so it is built once per fit class (which fixes the
/// first two) and set of such resources, and shared (DraState::synthetic_claims; the reference
/// mode builds it at every call).
[[nodiscard]] std::shared_ptr<const SyntheticClaim> synthetic_claim(ClusterState& state, PodId pod,
                                                                    const NodeInfo& node);

}  // namespace drasim::model
