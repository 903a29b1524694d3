#pragma once
/// KAI's podgrouper for pods that workload controllers own: which PodGroup a pod joins, with
/// which minMember, subgroups, queue and priority. The plugin is chosen by the kind of the
/// pod's top owner, as pkg/podgrouper/podgrouper/hub/hub.go does; each rule names the plugin
/// under pkg/podgrouper/podgrouper/plugins/ it follows.

#include "model/k8s/kai_objects.h"
#include "model/k8s/object_set.h"
#include "model/k8s/pod.h"
#include "model/k8s/workload.h"

#include <string>

namespace drasim::model {

/// Labels the controllers write on their pods and the groupers read.
inline constexpr const char* kJobSetReplicatedJobLabel = "jobset.sigs.k8s.io/replicatedjob-name";
inline constexpr const char* kJobSetJobIndexLabel = "jobset.sigs.k8s.io/job-index";
inline constexpr const char* kKubeflowReplicaTypeLabel = "training.kubeflow.org/replica-type";

/// Whom a pod is grouped by. `workload` is the topmost controller of the input the pod belongs
/// to. `top_kind` is the kind of the topmost owner reference, which may be an object the input
/// does not hold: a ReplicaSet's Deployment, a Job's CronJob.
struct GroupingOwner {
  const Workload* workload = nullptr;
  std::string top_kind;
};

struct PodGrouping {
  PodGroup group;
  std::string subgroup;  ///< the pod's `kai.scheduler/subgroup-name`; empty without subgroups
};

/// The PodGroup the podgrouper writes for `pod`. Only a Deployment's depends on the pod's name;
/// for the other kinds it is the same for every pod of a workload made from one template, so a
/// caller may compute it once and ask subgroup_of per pod.
PodGroup pod_group_for(const Pod& pod, const GroupingOwner& owner, const GrouperHints& pod_hints,
                       const ObjectSet& objects);

/// The subgroup `pod` joins in `group` (its `kai.scheduler/subgroup-name`); empty for none.
std::string subgroup_of(const Pod& pod, const GroupingOwner& owner, const PodGroup& group);

/// The PodGroup the podgrouper writes for `pod` and the subgroup the pod joins. `pod_hints`
/// are the pod's own podgrouper annotations (a template's), read after the owner's.
PodGrouping group_pod(const Pod& pod, const GroupingOwner& owner, const GrouperHints& pod_hints,
                      const ObjectSet& objects);

}  // namespace drasim::model
