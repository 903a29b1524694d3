#pragma once
/// The DRA side of building the live cluster: the claim book (named claims from the input and
/// one claim per pod and template entry, as the ResourceClaim controller creates them), each
/// pod's resolved claims, and the allocator inventory with its selector evaluator.

#include "model/cluster/cluster_state.h"
#include "model/k8s/object_set.h"

#include <cstdint>
#include <vector>

namespace drasim::model {

struct DraBuildOptions {
  bool enabled = true;
  dra::DraFeatures features;
  uint64_t seed = 1;  ///< generated claim names derive from it
  std::string shared_claim_queue_label;
};

/// Fills `state.claims`, every pod's `claims` / `claim_problem`, every template's
/// `claim_shapes` (templates with equal claim labels, annotations and spec share a shape) and
/// `state.dra`. Named claims
/// that appear at time 0 are present right away; template claims appear with their pod.
void build_claims(const ObjectSet& objects, const DraBuildOptions& options, ClusterState& state);

/// Rebuilds the allocator inventory from the DeviceClasses, ResourceSlices and DeviceTaintRules
/// that exist at `now_us` (their `drasim.dev/at` has passed and no event deleted or replaced
/// them yet).
void rebuild_inventory(const ObjectSet& objects, int64_t now_us, ClusterState& state);

/// The distinct times (> 0) at which DeviceClasses, ResourceSlices or DeviceTaintRules appear
/// or go.
[[nodiscard]] std::vector<int64_t> dra_object_times(const ObjectSet& objects);

}  // namespace drasim::model
