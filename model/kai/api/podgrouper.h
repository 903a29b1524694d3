#pragma once
/// What KAI's podgrouper decides for a workload: priority value and preemptibility
/// (kai-scheduler-behavior.md section 4.7).

#include "model/k8s/kai_objects.h"
#include "model/k8s/object_set.h"
#include "model/k8s/pod.h"

#include <cstdint>
#include <string>

namespace drasim::model {

/// Value of a PriorityClass by name (scenario classes first, then KAI's and Kubernetes'
/// built-in ones); for an empty or unknown name, the scenario's globalDefault class, else 50.
int64_t priority_value(const std::string& class_name, const ObjectSet& objects);

/// A pod's priority as kube-scheduler sees it (admission fills `spec.priority`): the explicit
/// value, else its PriorityClass's value, else the globalDefault class's, else 0.
int64_t kube_pod_priority(const Pod& pod, const ObjectSet& objects);

/// The queue a pod's own labels and namespace give (a bare pod's, and the fallback when a
/// workload's owner has no queue label): label `kai.scheduler/queue`, else `runai/queue`, else
/// its namespace's `kai.scheduler/queue` label, else `default-queue`.
std::string podgrouper_queue(const Pod& pod, const ObjectSet& objects);

/// The class a bare pod's PodGroup gets: label `priorityClassName`, else
/// `spec.priorityClassName`, else `train` (podgrouper's default for pods).
std::string bare_pod_priority_class(const Pod& pod);

/// `preemptible` / `non-preemptible` if set explicitly (PodGroup spec, else the
/// `kai.scheduler/preemptibility` label), otherwise preemptible iff priority < 100.
bool is_preemptible(Preemptibility explicit_value, const StringMap& labels, int64_t priority);

}  // namespace drasim::model
