// Decoders for the workload controllers: apps/v1 Deployment, ReplicaSet and StatefulSet,
// batch/v1 Job, jobset.x-k8s.io/v1alpha2 JobSet, kubeflow.org PyTorchJob and MPIJob.
#include "model/k8s/quantity.h"
#include "sim/load/decode_common.h"
#include "sim/load/decode_generator_parts.h"
#include "sim/load/decoders.h"
#include "sim/load/generator_spec.h"
#include "sim/load/quote.h"

#include <fmt/format.h>

#include <algorithm>

namespace drasim::sim {
namespace {

constexpr int64_t kMaxCount = 100'000;

/// `replicas`, `parallelism`, `completions`: a whole number from `min` to 100000; `fallback`
/// when absent.
std::optional<int64_t> count_field(const Cursor& c, int64_t min, std::string_view what) {
  return gen::bounded_integer(c, min, kMaxCount,
                              fmt::format("{} from {} to {}", what, min, kMaxCount));
}

/// `kai.scheduler/batch-min-member`: an annotation, so a string holding a whole number; KAI's
/// JobSet grouper refuses values below 1 (plugins/jobset/jobset_grouper.go).
std::optional<int64_t> min_member_annotation(const Cursor& c) {
  if (!c.present()) {
    return std::nullopt;
  }
  const auto v = model::parse_int64(c.str());
  if (!v || *v < 1 || *v > kMaxCount) {
    c.error(fmt::format("a whole number of pods from 1 to {}", kMaxCount));
    return std::nullopt;
  }
  return v;
}

/// A Job's spec (a batch/v1 Job's, or the one of a JobSet replicatedJob's template).
model::WorkloadRole decode_job_spec(const Cursor& spec, uint32_t f) {
  model::WorkloadRole role;
  if (!spec.expect_map("a Job spec with a pod template")) {
    return role;
  }
  role.parallelism = count_field(spec["parallelism"], 0, "a parallelism").value_or(1);
  role.completions = count_field(spec["completions"], 0, "a completion count");
  role.indexed =
      spec["completionMode"].one_of<bool>({{"NonIndexed", false}, {"Indexed", true}}, false);
  if (role.indexed && !role.completions) {
    // batch/v1 validation: an Indexed Job needs a completion count.
    spec["completions"].error("a completion count (completionMode Indexed needs one)");
  }
  role.pod = decode_pod_template(spec["template"], f);
  return role;
}

/// Pods a role stamps out in all: Jobs count their completions (or parallelism when the Job
/// has none), everything else its replicas.
int64_t role_pods(const model::WorkloadRole& r, model::WorkloadKind kind) {
  const bool job = kind == model::WorkloadKind::kJob || kind == model::WorkloadKind::kJobSet;
  return r.replicas * (job ? r.completions.value_or(r.parallelism) : 1);
}

/// A Kubeflow job's `spec.<field>`: a mapping of replica type to {replicas, template}; `known`
/// gives the types in the order their pods are made. Replicas default to 1 (the training
/// operator's defaulting); KAI's podgrouper refuses 0 (plugins/kubeflow/distributed_common.go).
void decode_replica_specs(const Cursor& specs, uint32_t f,
                          std::initializer_list<std::string_view> known, bool all_required,
                          model::Workload& w) {
  const std::string types = fmt::format("{}", fmt::join(known, " or "));
  const std::string expected = fmt::format("a mapping of replica types ({})", types);
  if (!specs.present()) {
    specs.error(expected);
    return;
  }
  for (const auto& [type, rs] : specs.entries(expected)) {
    if (std::find(known.begin(), known.end(), type) == known.end()) {
      rs.error(fmt::format("a replica type ({})", types), quote(type));
      continue;
    }
    model::WorkloadRole role;
    role.name = type;
    role.replicas = count_field(rs["replicas"], 1, "a replica count").value_or(1);
    role.pod = decode_pod_template(rs["template"], f);
    w.roles.push_back(std::move(role));
  }
  const auto rank = [&](const std::string& name) {
    return std::find(known.begin(), known.end(), name) - known.begin();
  };
  std::sort(w.roles.begin(), w.roles.end(),
            [&](const auto& a, const auto& b) { return rank(a.name) < rank(b.name); });
  const auto has = [&](std::string_view type) {
    return std::any_of(w.roles.begin(), w.roles.end(),
                       [&](const auto& r) { return r.name == type; });
  };
  if (!specs.is_map()) {
    return;
  }
  if (all_required) {
    for (const std::string_view type : known) {
      if (!has(type)) {
        specs.error(fmt::format("a {} replica spec", type), "none");
      }
    }
  } else if (specs.entries().empty()) {
    specs.error(fmt::format("at least one replica spec ({})", types), "none");
  }
}

void decode_jobset(const Cursor& spec, uint32_t f, model::Workload& w) {
  const Cursor list = spec["replicatedJobs"];
  for (const Cursor& rj : list.items("a list of replicatedJobs")) {
    const Cursor job = rj["template"];
    model::WorkloadRole role = decode_job_spec(job["spec"], f);
    role.name = rj["name"].required_str("a replicatedJob name");
    role.replicas = count_field(rj["replicas"], 0, "a replica count").value_or(1);
    role.job_hints = decode_grouper_hints(job["metadata"]["annotations"], f);
    const bool repeated = std::any_of(w.roles.begin(), w.roles.end(),
                                      [&](const auto& r) { return r.name == role.name; });
    if (repeated) {
      rj["name"].error("a replicatedJob name not used before", quote(role.name));
    }
    w.roles.push_back(std::move(role));
  }
  if (w.roles.empty()) {
    list.error("at least one replicatedJob", list.present() ? "none" : "nothing");
  }
  w.in_order = spec["startupPolicy"]["startupPolicyOrder"].one_of<bool>(
      {{"AnyOrder", false}, {"InOrder", true}}, false);
}

}  // namespace

model::GrouperHints decode_grouper_hints(const Cursor& annotations, uint32_t f) {
  model::GrouperHints h;
  h.min_member = min_member_annotation(annotations["kai.scheduler/batch-min-member"]);
  const Cursor topology = annotations["kai.scheduler/topology"];
  const Cursor required = annotations["kai.scheduler/topology-required-placement"];
  const Cursor preferred = annotations["kai.scheduler/topology-preferred-placement"];
  h.topology.topology = topology.str();
  h.topology.required_level = required.str();
  h.topology.preferred_level = preferred.str();
  h.topology.topology_at = source_of(topology, f);
  h.topology.required_at = source_of(required, f);
  h.topology.preferred_at = source_of(preferred, f);
  if (h.topology.topology.empty()
      && (!h.topology.required_level.empty() || !h.topology.preferred_level.empty())) {
    topology.error("the name of a Topology when a placement level is given");
  }
  h.staleness_grace_period_us =
      signed_duration_us(annotations["kai.scheduler/staleness-grace-period"]);
  h.preemption_delay_us = decode_duration_us(annotations["kai.scheduler/preemption-delay"]);
  return h;
}

model::Workload decode_workload_object(const Cursor& root, uint32_t f, model::WorkloadKind kind,
                                       const std::string& api_version) {
  using K = model::WorkloadKind;
  model::Workload w;
  w.kind = kind;
  w.api_version = api_version;
  w.meta = decode_meta(root, f, true);
  w.hints = decode_grouper_hints(root["metadata"]["annotations"], f);
  const Cursor spec = root["spec"];
  if (!spec.present()) {
    spec.error(fmt::format("a {} spec", model::kind_name(kind)));
    return w;
  }
  if (!spec.expect_map()) {
    return w;
  }
  switch (kind) {
    case K::kDeployment:
    case K::kReplicaSet:
    case K::kStatefulSet: {
      model::WorkloadRole role;
      role.replicas = count_field(spec["replicas"], 0, "a replica count").value_or(1);
      role.pod = decode_pod_template(spec["template"], f);
      w.roles.push_back(std::move(role));
      break;
    }
    case K::kJob:
      w.roles.push_back(decode_job_spec(spec, f));
      break;
    case K::kJobSet:
      decode_jobset(spec, f, w);
      break;
    case K::kPyTorchJob:
      decode_replica_specs(spec["pytorchReplicaSpecs"], f, {"Master", "Worker"}, false, w);
      w.elastic_min_replicas =
          count_field(spec["elasticPolicy"]["minReplicas"], 0, "a minimum replica count");
      break;
    case K::kMPIJob:
      decode_replica_specs(spec["mpiReplicaSpecs"], f, {"Launcher", "Worker"}, true, w);
      break;
  }
  if (kind == K::kPyTorchJob || kind == K::kMPIJob) {
    w.min_available = count_field(spec["runPolicy"]["schedulingPolicy"]["minAvailable"], 0,
                                  "a minimum pod count");
  }
  int64_t total = 0;
  for (const model::WorkloadRole& r : w.roles) {
    total += role_pods(r, kind);
  }
  if (total > kMaxGeneratedPods) {
    spec.error(fmt::format("at most {} pods in all", kMaxGeneratedPods),
               fmt::format("{} pods", total));
  }
  return w;
}

}  // namespace drasim::sim
