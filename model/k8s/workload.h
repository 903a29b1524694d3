#pragma once
/// Workload controllers as drasim reads them: apps/v1 Deployment, ReplicaSet and StatefulSet,
/// batch/v1 Job, JobSet (jobset.x-k8s.io/v1alpha2), Kubeflow PyTorchJob and MPIJob. Each is a
/// set of roles, each role a pod template stamped out a number of times; the controllers
/// (sim/generate/controllers.h) turn them into Pods and KAI's podgrouper rules
/// (model/kai/api/workload_grouper.h) into PodGroups.

#include "model/k8s/kai_objects.h"
#include "model/k8s/object_meta.h"
#include "model/k8s/pod.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace drasim::model {

enum class WorkloadKind {
  kDeployment,
  kReplicaSet,
  kStatefulSet,
  kJob,
  kJobSet,
  kPyTorchJob,
  kMPIJob,
};

/// What KAI's podgrouper reads from an owner's (or a pod template's) labels and annotations,
/// decoded at load so that a bad value is an input error: `kai.scheduler/batch-min-member`,
/// the topology annotations, `kai.scheduler/staleness-grace-period` and
/// `kai.scheduler/preemption-delay`.
struct GrouperHints {
  std::optional<int64_t> min_member;
  TopologyConstraint topology;
  std::optional<int64_t> staleness_grace_period_us;
  std::optional<int64_t> preemption_delay_us;

  friend bool operator==(const GrouperHints&, const GrouperHints&) = default;
};

/// `spec.template` of a controller: the pod's labels and annotations, its spec, and the drasim
/// annotations a Pod would carry (`drasim.dev/runtime`).
struct PodTemplateSpec {
  ObjectMeta meta;
  PodSpec spec;
  std::optional<int64_t> runtime_us;
  GrouperHints hints;

  friend bool operator==(const PodTemplateSpec&, const PodTemplateSpec&) = default;
};

/// One template of a workload and how many times it is stamped out.
/// - Deployment, ReplicaSet, StatefulSet: one role, `replicas` pods.
/// - Job: one role, one Job: `parallelism` pods at a time until `completions` succeed.
/// - JobSet: a role per replicatedJob, `replicas` Jobs of it, each as a Job.
/// - PyTorchJob (`Master`, `Worker`) and MPIJob (`Launcher`, `Worker`): a role per replica
///   spec, `replicas` pods.
struct WorkloadRole {
  std::string name;
  int64_t replicas = 1;
  int64_t parallelism = 1;
  std::optional<int64_t> completions;  ///< nullopt: the Job ends when its pods succeed
  bool indexed = false;                ///< completionMode Indexed
  GrouperHints job_hints;              ///< a JobSet replicatedJob's Job template annotations
  PodTemplateSpec pod;

  friend bool operator==(const WorkloadRole&, const WorkloadRole&) = default;
};

struct Workload {
  WorkloadKind kind = WorkloadKind::kDeployment;
  std::string api_version;
  ObjectMeta meta;
  std::vector<WorkloadRole> roles;
  GrouperHints hints;
  /// Kubeflow: `spec.runPolicy.schedulingPolicy.minAvailable`, and a PyTorchJob's
  /// `spec.elasticPolicy.minReplicas`.
  std::optional<int64_t> min_available;
  std::optional<int64_t> elastic_min_replicas;
  bool in_order = false;  ///< JobSet `startupPolicy.startupPolicyOrder: InOrder`

  friend bool operator==(const Workload&, const Workload&) = default;
};

/// The kind as the API writes it (`Deployment`, `PyTorchJob`, ...).
const char* kind_name(WorkloadKind kind);

}  // namespace drasim::model
