#pragma once
/// The JSON report's `claims`: every ResourceClaim that exists at the end of the run, as
/// `kubectl get resourceclaims -o yaml` would show its parts that matter here (the KEP-5004
/// claims the binder created included: generateName, annotation, pod owner, finalizer,
/// allocation and reservedFor), sorted by namespace and name.

#include "model/cluster/cluster_state.h"
#include "reports/json_writer.h"

namespace drasim::reports {

void write_claims(JsonWriter& w, const model::ClusterState& state);

}  // namespace drasim::reports
