#pragma once
/// The workload controllers: Deployments, ReplicaSets, StatefulSets, Jobs, JobSets, PyTorchJobs
/// and MPIJobs become the Pods their controllers would create, and every pod they own gets the
/// PodGroup KAI's podgrouper would write (model/kai/api/workload_grouper.h).
///
/// - Pods a controller already made (a `kubectl get` dump, a snapshot) count: a pod belongs to
///   the topmost workload of the input its controller owner references lead to (a pod of a
///   Deployment's ReplicaSet to the Deployment; failing the ReplicaSet, through its
///   `pod-template-hash` label), a JobSet's or Kubeflow job's pod also through the label naming
///   it. It fills the slot its name or labels give (a StatefulSet ordinal, a completion index,
///   a replica index) or any free one; only the missing pods are made. Failed and terminating
///   pods fill nothing (the controller replaces them); for Jobs a succeeded pod is a completion.
/// - Names are the controllers': `<replicaset>-<5>` (a Deployment's ReplicaSet is
///   `<deployment>-<10>` unless the input holds one), `<statefulset>-<ordinal>`, `<job>-<5>` and
///   `<job>-<index>-<5>` for Indexed Jobs, JobSet Jobs `<jobset>-<replicatedJob>-<i>`,
///   `<pytorchjob>-master-0` / `-worker-<i>`, `<mpijob>-launcher-<5>` / `-worker-<i>`. Random
///   parts and uids are hashes of the scenario seed and the name, so runs are reproducible.
/// - A Job runs `parallelism` pods at a time: the pods past the first `parallelism` start when
///   an earlier one succeeds (Pod::follows), until `completions` have succeeded.
/// - Every pod has a controller ownerReference, so an evicted pod is recreated (same name).
/// - A pod whose `pod-group-name` annotation names a PodGroup of the input keeps it; any other
///   pod of a workload gets the podgrouper's PodGroup (made once per name) and, with subgroups,
///   its `kai.scheduler/subgroup-name` label; a pod or owner annotated
///   `kai.scheduler/skip-podgrouper: "true"` gets none.

#include "model/k8s/object_set.h"
#include "sim/load/diagnostic.h"
#include "sim/load/scenario.h"

namespace drasim::sim {

/// Expands the workloads of `objects` (the scenario's, or an apply event's) into pods and
/// PodGroups appended to it. Warnings go to `scenario.warnings`; more than kMaxGeneratedPods
/// pods in all is an error at the workload that crosses it.
void expand_controllers(Scenario& scenario, model::ObjectSet& objects, Diagnostics& diagnostics);

}  // namespace drasim::sim
