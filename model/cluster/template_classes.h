#pragma once
/// Equivalence classes of pod templates, computed once when the cluster is built.
///
/// Two templates share a `placement_class` when their static placement constraints
/// (tolerations, nodeSelector, required node affinity) are equal, so the static filters give
/// them the same verdict on every node. They share a `fit_class` when, in addition, their
/// resource request, host ports and nominated node are equal, so they fit exactly the same
/// nodes. A large dump has one template per pod but few classes; caches keyed by class keep a
/// cycle's work proportional to distinct shapes, not to pods.
///
/// They share a `signature_class` when KAI's pod scheduling-constraints signature would be
/// equal (pkg/scheduler/api/pod_info/scheduling_constraints_signature.go): the written
/// tolerations, nodeSelector and node affinity (required and preferred), the priority and the
/// host ports. Requests and resource claims are not part of it. drasim hashes the resolved
/// priority where KAI hashes `priorityClassName` and `spec.priority`, and models no storage,
/// pod affinity or topology spread constraints, which KAI also hashes.

#include "model/cluster/cluster_state.h"

namespace drasim::model {

/// Sets `placement_class`, `fit_class` and `signature_class` of every template (dense, in
/// first-seen order).
void assign_template_classes(ClusterState& state);

}  // namespace drasim::model
