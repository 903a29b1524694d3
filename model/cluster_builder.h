#pragma once
/// Builds the live ClusterState from the loaded objects: resource slots, nodes sorted by name,
/// queues (with KAI's `default-queue` when none exist), pod templates, one pod per replica, and
/// jobs as KAI's podgrouper would make them.

#include "model/cluster/claim_builder.h"
#include "model/cluster/cluster_state.h"
#include "model/k8s/object_set.h"
#include "model/kai/api/switches.h"
#include "model/kai/plugins/implicit_tolerations.h"

namespace drasim::model {

struct BuildOptions {
  /// The kai profiles create `default-queue` (unlimited) when the scenario has no Queue.
  bool create_default_queue = true;
  KaiSwitches kai;  ///< the profile's DRA behaviour switches
  /// KAI reads the gpu-fraction / gpu-memory annotations; kube-scheduler ignores them.
  bool gpu_sharing = true;
  DraBuildOptions dra;
  /// `spec.scheduler.implicitTolerations` (both profiles).
  std::vector<ImplicitTolerationRule> implicit_tolerations;
  /// Node manifests timeline events apply later (ClusterState::update_node): their resource
  /// names get slots too.
  std::vector<const Node*> later_nodes;
  /// ClusterState::reference: every speed-only cache off (`--reference`).
  bool reference = false;
};

/// Which PodGroup each pod belongs to (annotation `pod-group-name`, a PodGroup of the pod's
/// namespace), and each PodGroup's pods, in manifest order.
struct PodGroupMembers {
  std::vector<std::vector<size_t>> members;  ///< per PodGroup: indices into `objects.pods`
  std::vector<int64_t> group_of;             ///< per pod: its PodGroup's index, or -1
};

[[nodiscard]] PodGroupMembers pod_group_members(const ObjectSet& objects);

/// How many pods manifest `m` becomes: its `drasim.dev/replicas`, times its PodGroup's.
[[nodiscard]] int64_t expanded_pod_count(const ObjectSet& objects, const PodGroupMembers& groups,
                                         size_t m);

/// Every pod starts kNotSubmitted; the engine submits (or pre-binds) it at its arrival time.
ClusterState build_cluster(const ObjectSet& objects, const BuildOptions& options);

/// Replica name: `<base>` for one copy, `<base>-<i>` otherwise.
std::string replica_name(const std::string& base, int64_t replicas, int64_t i);

}  // namespace drasim::model
