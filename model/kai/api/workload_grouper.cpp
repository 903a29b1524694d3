#include "model/kai/api/workload_grouper.h"

#include "model/k8s/builtin_priorities.h"
#include "model/kai/api/podgrouper.h"

#include <fmt/format.h>

#include <algorithm>

namespace drasim::model {
namespace {

const std::string kEmpty;

bool priority_class_exists(const std::string& name, const ObjectSet& objects) {
  return builtin_priority(name).has_value()
         || std::any_of(objects.priority_classes.begin(), objects.priority_classes.end(),
                        [&](const PriorityClass& pc) { return pc.meta.name == name; });
}

/// defaultgrouper calcPodGroupPriorityClass and calcPriorityClassWithDefaults: the owner's
/// `priorityClassName` label, else the pod's, else the pod's spec.priorityClassName; a name no
/// PriorityClass has gives the plugin's fallback (`train`, a Deployment's `inference`).
std::string priority_class(const ObjectMeta* owner, const Pod& pod, const ObjectSet& objects,
                           const char* fallback) {
  const std::string* found = nullptr;
  if (owner != nullptr && owner->labels.count("priorityClassName") != 0) {
    found = &owner->labels.at("priorityClassName");
  } else if (pod.meta.labels.count("priorityClassName") != 0) {
    found = &pod.meta.labels.at("priorityClassName");
  } else if (!pod.spec.priority_class_name.empty()) {
    found = &pod.spec.priority_class_name;
  }
  return found != nullptr && priority_class_exists(*found, objects) ? *found : fallback;
}

/// defaultgrouper calcPodGroupPreemptibilityWithDefaults: the owner's label, else the pod's;
/// a value that is neither is logged by KAI and skipped.
Preemptibility preemptibility(const ObjectMeta* owner, const Pod& pod) {
  for (const ObjectMeta* meta : {owner, &pod.meta}) {
    if (meta == nullptr) {
      continue;
    }
    const std::string& v = lookup(meta->labels, "kai.scheduler/preemptibility", kEmpty);
    if (v == "preemptible") {
      return Preemptibility::kPreemptible;
    }
    if (v == "non-preemptible") {
      return Preemptibility::kNonPreemptible;
    }
  }
  return Preemptibility::kUnset;
}

/// defaultgrouper GetPodGroupMetadata: the PodGroup `pg-<owner>-<owner uid>` with minMember 1,
/// the owner's labels, queue, priority, preemptibility, topology annotations, staleness grace
/// period and preemption delay (the owner's annotation, else the pod's).
PodGroup default_group(const Pod& pod, const Workload* owner, const GrouperHints& pod_hints,
                       const ObjectSet& objects, const char* fallback_priority) {
  PodGroup pg;
  const ObjectMeta& meta = owner != nullptr ? owner->meta : pod.meta;
  pg.meta.name = fmt::format("pg-{}-{}", meta.name, meta.uid);
  pg.meta.namespace_name = pod.meta.namespace_name;
  pg.meta.labels = meta.labels;
  pg.meta.appear_us = meta.appear_us;
  pg.meta.source = meta.source;
  const std::string& owner_queue = lookup(meta.labels, "kai.scheduler/queue", kEmpty);
  pg.queue = owner_queue.empty() ? podgrouper_queue(pod, objects) : owner_queue;
  pg.min_member = 1;
  pg.priority_class_name = priority_class(&meta, pod, objects, fallback_priority);
  pg.preemptibility = preemptibility(&meta, pod);
  if (owner != nullptr) {
    pg.topology_constraint = owner->hints.topology;
  }
  const GrouperHints empty;
  const GrouperHints& owner_hints = owner != nullptr ? owner->hints : empty;
  pg.staleness_grace_period_us = owner_hints.staleness_grace_period_us
                                     ? owner_hints.staleness_grace_period_us
                                     : pod_hints.staleness_grace_period_us;
  pg.preemption_delay_us = owner_hints.preemption_delay_us ? owner_hints.preemption_delay_us
                                                           : pod_hints.preemption_delay_us;
  return pg;
}

/// plugins/jobset/jobset_grouper.go: a parent subgroup per replicatedJob needing all its Jobs
/// (minSubGroup = replicas), a leaf `<job>-replica-<i>` per Job needing the Job template's
/// batch-min-member or its parallelism; the PodGroup needs every replicatedJob, one with
/// startupPolicyOrder InOrder, or the JobSet's batch-min-member (capped at their number).
void jobset_subgroups(const Workload& js, PodGroup& out) {
  const auto n = static_cast<int64_t>(js.roles.size());
  out.min_member.reset();
  out.min_sub_group =
      js.hints.min_member ? std::min(*js.hints.min_member, n) : (js.in_order ? 1 : n);
  for (const WorkloadRole& rj : js.roles) {
    SubGroup parent;
    parent.name = rj.name;
    parent.min_sub_group = rj.replicas;
    out.sub_groups.push_back(parent);
    for (int64_t i = 0; i < rj.replicas; ++i) {
      SubGroup leaf;
      leaf.name = fmt::format("{}-replica-{}", rj.name, i);
      leaf.parent = rj.name;
      leaf.min_member = rj.job_hints.min_member.value_or(rj.parallelism);
      if (!rj.job_hints.topology.topology.empty()
          && (!rj.job_hints.topology.required_level.empty()
              || !rj.job_hints.topology.preferred_level.empty())) {
        leaf.topology_constraint = rj.job_hints.topology;
      }
      out.sub_groups.push_back(std::move(leaf));
    }
  }
}

int64_t role_replicas(const Workload& w, std::string_view role) {
  for (const WorkloadRole& r : w.roles) {
    if (r.name == role) {
      return r.replicas;
    }
  }
  return 0;
}

/// plugins/kubeflow/distributed_common.go: minAvailable is runPolicy.schedulingPolicy's, else
/// the sum of every replica spec's replicas; plugins/kubeflow/pytorch/pytorch_grouper.go puts
/// elasticPolicy.minReplicas before the sum and adds a `master` leaf needing the masters and a
/// `worker` leaf needing the rest of minAvailable (segment sizes are not modelled).
void kubeflow_group(const Workload& job, PodGroup& out) {
  int64_t total = 0;
  for (const WorkloadRole& r : job.roles) {
    total += r.replicas;
  }
  int64_t min_available = total;
  if (job.kind == WorkloadKind::kPyTorchJob && job.elastic_min_replicas) {
    min_available = *job.elastic_min_replicas;
  }
  if (job.min_available) {
    min_available = *job.min_available;
  }
  out.min_member = min_available;
  if (job.kind != WorkloadKind::kPyTorchJob) {
    return;
  }
  const int64_t masters = role_replicas(job, "Master");
  if (masters > 0) {
    SubGroup master;
    master.name = "master";
    master.min_member = masters;
    out.sub_groups.push_back(master);
  }
  const bool has_workers = std::any_of(job.roles.begin(), job.roles.end(),
                                       [](const WorkloadRole& r) { return r.name == "Worker"; });
  if (has_workers) {
    SubGroup worker;
    worker.name = "worker";
    worker.min_member = std::max<int64_t>(0, min_available - masters);
    out.sub_groups.push_back(worker);
  }
}

}  // namespace

PodGroup pod_group_for(const Pod& pod, const GroupingOwner& owner, const GrouperHints& pod_hints,
                       const ObjectSet& objects) {
  const Workload* w = owner.workload;
  if (owner.top_kind == "Deployment") {
    // plugins/deployment/deployment_grouper.go: a PodGroup per pod, `pg-<pod>-<pod uid>`,
    // priority `inference` by default.
    PodGroup pg = default_group(pod, w, pod_hints, objects, "inference");
    pg.meta.name = fmt::format("pg-{}-{}", pod.meta.name, pod.meta.uid);
    pg.meta.appear_us = pod.meta.appear_us;
    return pg;
  }
  PodGroup pg = default_group(pod, w, pod_hints, objects, "train");
  if (w == nullptr || owner.top_kind == "CronJob") {
    // plugins/cronjobs: the default grouper on the Job the CronJob made (minMember 1).
    return pg;
  }
  switch (w->kind) {
    case WorkloadKind::kJob:
      // plugins/job/job_grouper.go: one PodGroup for the Job, minMember 1 unless the Job's
      // kai.scheduler/batch-min-member says otherwise.
      pg.min_member = w->hints.min_member.value_or(1);
      break;
    case WorkloadKind::kJobSet:
      jobset_subgroups(*w, pg);
      break;
    case WorkloadKind::kPyTorchJob:
    case WorkloadKind::kMPIJob:
      kubeflow_group(*w, pg);
      break;
    case WorkloadKind::kDeployment:  // top_kind is Deployment: handled above
    case WorkloadKind::kReplicaSet:
    case WorkloadKind::kStatefulSet:
      break;  // the default grouper (hub.go maps both to it)
  }
  return pg;
}

std::string subgroup_of(const Pod& pod, const GroupingOwner& owner, const PodGroup& group) {
  if (owner.workload == nullptr || owner.top_kind == "CronJob" || owner.top_kind == "Deployment") {
    return {};
  }
  if (owner.workload->kind == WorkloadKind::kJobSet) {
    // jobset_grouper.go assignPodToSubGroup: the leaf its replicatedJob and Job index name.
    return fmt::format("{}-replica-{}", lookup(pod.meta.labels, kJobSetReplicatedJobLabel, kEmpty),
                       lookup(pod.meta.labels, kJobSetJobIndexLabel, kEmpty));
  }
  // pytorch_grouper.go: the subgroup its replica type names exactly (`master`, `worker`), if
  // there is one; any other value leaves it in none.
  const std::string& type = lookup(pod.meta.labels, kKubeflowReplicaTypeLabel, kEmpty);
  for (const SubGroup& sg : group.sub_groups) {
    if (!type.empty() && sg.name == type) {
      return type;
    }
  }
  return {};
}

PodGrouping group_pod(const Pod& pod, const GroupingOwner& owner, const GrouperHints& pod_hints,
                      const ObjectSet& objects) {
  PodGrouping out;
  out.group = pod_group_for(pod, owner, pod_hints, objects);
  out.subgroup = subgroup_of(pod, owner, out.group);
  return out;
}

}  // namespace drasim::model
