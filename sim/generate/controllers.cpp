#include "sim/generate/controllers.h"

#include "model/k8s/generated_name.h"
#include "model/k8s/name_rules.h"
#include "model/k8s/quantity.h"
#include "model/kai/api/workload_grouper.h"
#include "sim/load/generator_spec.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <tuple>
#include <utility>

namespace drasim::sim {
namespace {

using model::Pod;
using model::Workload;
using model::WorkloadKind;
using model::WorkloadRole;

const std::string kEmpty;
constexpr const char* kCompletionIndex = "batch.kubernetes.io/job-completion-index";

/// A uid as the API server writes one (8-4-4-4-12 hex), hashed from the seed and `what`.
std::string make_uid(uint64_t seed, const std::string& what) {
  const uint64_t a = model::seeded_hash(seed, what, 0);
  const uint64_t b = model::seeded_hash(seed, what, 1);
  return fmt::format("{:08x}-{:04x}-{:04x}-{:04x}-{:012x}", a >> 32U, (a >> 16U) & 0xffffU,
                     a & 0xffffU, b >> 48U, b & 0xffff'ffff'ffffULL);
}

/// An ordinal, an index or a revision: a whole number of zero or more.
std::optional<int64_t> whole_number(const std::string& text) {
  const auto v = model::parse_int64(text);
  return v && *v >= 0 ? v : std::nullopt;
}

std::optional<int64_t> label_number(const Pod& pod, const char* key) {
  const std::string& label = model::lookup(pod.meta.labels, key, kEmpty);
  return whole_number(label.empty() ? model::lookup(pod.meta.annotations, key, kEmpty) : label);
}

/// The owner reference the garbage collector follows: the controller one, else the first.
const model::OwnerReference* controller_of(const model::ObjectMeta& meta) {
  for (const model::OwnerReference& r : meta.owner_references) {
    if (r.controller) {
      return &r;
    }
  }
  return meta.owner_references.empty() ? nullptr : &meta.owner_references.front();
}

/// `kai.scheduler/skip-podgrouper: "true"`: pkg/podgrouper/pod_controller.go leaves the pods of
/// such an object (or such pods) alone.
bool skips_podgrouper(const model::ObjectMeta& meta) {
  return model::lookup(meta.annotations, "kai.scheduler/skip-podgrouper", kEmpty) == "true";
}

bool is_job_kind(WorkloadKind k) {
  return k == WorkloadKind::kJob || k == WorkloadKind::kJobSet;
}

/// A pod a controller keeps: role, Job (a JobSet's Job index) and index (an ordinal, a
/// completion or replica index; -1 when any pod of the role and Job will do).
struct Slot {
  size_t role = 0;
  int64_t job = 0;
  int64_t index = -1;
  std::optional<size_t> pod;  ///< the pod filling it
  bool active = false;        ///< filled by a pod that has not finished (a Job lane's head)
};

/// The slots a workload keeps filled, grouped by (role, Job) in order.
std::vector<Slot> desired_slots(const Workload& w) {
  std::vector<Slot> out;
  for (size_t r = 0; r < w.roles.size(); ++r) {
    const WorkloadRole& role = w.roles[r];
    const int64_t jobs = w.kind == WorkloadKind::kJobSet ? role.replicas : 1;
    for (int64_t j = 0; j < jobs; ++j) {
      int64_t pods = role.replicas;
      if (is_job_kind(w.kind)) {
        pods = role.completions.value_or(role.parallelism);
      }
      const bool identified = w.kind == WorkloadKind::kStatefulSet || role.indexed
                              || w.kind == WorkloadKind::kPyTorchJob
                              || w.kind == WorkloadKind::kMPIJob;
      for (int64_t i = 0; i < pods; ++i) {
        out.push_back(Slot{r, j, identified ? i : -1, std::nullopt, false});
      }
    }
  }
  return out;
}

/// The slot identity an existing pod of `w` shows by its name and labels; nullopt when it
/// shows none it could fill.
std::optional<Slot> identity(const Workload& w, const Pod& pod) {
  Slot s;
  switch (w.kind) {
    case WorkloadKind::kDeployment:
    case WorkloadKind::kReplicaSet:
      return s;
    case WorkloadKind::kStatefulSet: {
      const std::string prefix = w.meta.name + "-";
      auto ordinal = label_number(pod, "apps.kubernetes.io/pod-index");
      if (!ordinal && pod.meta.name.rfind(prefix, 0) == 0) {
        ordinal = whole_number(pod.meta.name.substr(prefix.size()));
      }
      s.index = ordinal.value_or(-1);
      return s;
    }
    case WorkloadKind::kJob:
      if (w.roles.front().indexed) {
        s.index = label_number(pod, kCompletionIndex).value_or(-1);
      }
      return s;
    case WorkloadKind::kJobSet: {
      const std::string& rj =
          model::lookup(pod.meta.labels, model::kJobSetReplicatedJobLabel, kEmpty);
      const auto job = label_number(pod, model::kJobSetJobIndexLabel);
      const auto it = std::find_if(w.roles.begin(), w.roles.end(),
                                   [&](const WorkloadRole& r) { return r.name == rj; });
      if (it == w.roles.end() || !job) {
        return std::nullopt;
      }
      s.role = static_cast<size_t>(it - w.roles.begin());
      s.job = *job;
      if (it->indexed) {
        s.index = label_number(pod, kCompletionIndex).value_or(-1);
      }
      return s;
    }
    case WorkloadKind::kPyTorchJob:
    case WorkloadKind::kMPIJob: {
      std::string type = model::lookup(pod.meta.labels, model::kKubeflowReplicaTypeLabel, kEmpty);
      if (type.empty()) {
        type = model::lookup(pod.meta.labels, "training.kubeflow.org/job-role", kEmpty);
      }
      const auto it = std::find_if(w.roles.begin(), w.roles.end(), [&](const WorkloadRole& r) {
        return model::ascii_lower(r.name) == model::ascii_lower(type);
      });
      if (it == w.roles.end()) {
        return std::nullopt;
      }
      s.role = static_cast<size_t>(it - w.roles.begin());
      s.index = label_number(pod, "training.kubeflow.org/replica-index").value_or(-1);
      return s;
    }
  }
  return std::nullopt;
}

/// The free slot an existing pod's identity fills, without a scan per pod: slots with an
/// index by (role, Job, index), and for a pod that shows no index the first free slot of its
/// (role, Job), found by a cursor that only moves forward (a group's slots are contiguous).
class SlotFinder {
 public:
  explicit SlotFinder(std::vector<Slot>& slots) : slots_(slots) {
    for (size_t k = 0; k < slots.size(); ++k) {
      const Slot& s = slots[k];
      groups_.try_emplace({s.role, s.job}, Range{k, k}).first->second.end = k + 1;
      if (s.index >= 0) {
        exact_.emplace(std::make_tuple(s.role, s.job, s.index), k);
      }
    }
  }

  Slot* free_for(const Slot& id) {
    if (id.index >= 0) {
      const auto it = exact_.find({id.role, id.job, id.index});
      return it == exact_.end() || slots_[it->second].pod ? nullptr : &slots_[it->second];
    }
    const auto g = groups_.find({id.role, id.job});
    if (g == groups_.end()) {
      return nullptr;
    }
    Range& r = g->second;
    while (r.next < r.end && slots_[r.next].pod) {
      ++r.next;
    }
    return r.next < r.end ? &slots_[r.next] : nullptr;
  }

 private:
  struct Range {
    size_t next = 0;
    size_t end = 0;
  };

  std::vector<Slot>& slots_;
  std::map<std::pair<size_t, int64_t>, Range> groups_;
  std::map<std::tuple<size_t, int64_t, int64_t>, size_t> exact_;
};

/// Expands the workloads of one ObjectSet.
class Controllers {
 public:
  Controllers(Scenario& scenario, model::ObjectSet& objects, Diagnostics& diagnostics)
      : scenario_(scenario), o_(objects), diagnostics_(diagnostics) {}

  void run() {
    for (Workload& w : o_.workloads) {
      if (w.meta.uid.empty()) {
        w.meta.uid = uid_of(model::kind_name(w.kind), w.meta.namespace_name, w.meta.name);
      }
    }
    for (size_t i = 0; i < o_.workloads.size(); ++i) {
      const Workload& w = o_.workloads[i];
      index_.emplace(std::make_tuple(w.meta.namespace_name, model::kind_name(w.kind), w.meta.name),
                     i);
    }
    for (size_t p = 0; p < o_.pods.size(); ++p) {
      pod_names_.emplace(o_.pods[p].meta.namespace_name, o_.pods[p].meta.name);
    }
    for (const model::PodGroup& pg : o_.pod_groups) {
      groups_.emplace(pg.meta.namespace_name, pg.meta.name);
    }
    index_owners();
    members_.resize(o_.workloads.size());
    const size_t input_pods = o_.pods.size();
    for (size_t p = 0; p < input_pods; ++p) {
      if (const auto owner = pod_owner(o_.pods[p])) {
        members_[tops_[*owner].workload].push_back({p, *owner});
      }
    }
    for (size_t i = 0; i < o_.workloads.size(); ++i) {
      if (tops_[i].workload == i && !expand(i)) {
        return;
      }
    }
  }

 private:
  using Key = std::tuple<std::string, std::string, std::string>;  // namespace, kind, name

  struct Top {
    size_t workload = 0;
    std::string kind;
    bool skips_podgrouper = false;
  };

  std::string uid_of(const std::string& kind, const std::string& ns,
                     const std::string& name) const {
    return make_uid(scenario_.seed, fmt::format("{}/{}/{}", kind, ns, name));
  }

  std::optional<size_t> find(const std::string& ns, const std::string& kind,
                             const std::string& name, const std::string& uid = {}) const {
    const auto it = index_.find(Key{ns, kind, name});
    if (it == index_.end()
        || (!uid.empty() && !o_.workloads[it->second].meta.uid.empty()
            && o_.workloads[it->second].meta.uid != uid)) {
      return std::nullopt;
    }
    return it->second;
  }

  /// The topmost workload above `i`, the kind of the topmost owner reference (which may name
  /// an object the input lacks), and whether any of them, `i` included, skips the podgrouper.
  /// Owner chains are followed 8 deep at most.
  Top climb(size_t i) const {
    Top top{i, model::kind_name(o_.workloads[i].kind), skips_podgrouper(o_.workloads[i].meta)};
    for (int depth = 0; depth < 8; ++depth) {
      const Workload& w = o_.workloads[top.workload];
      const model::OwnerReference* ref = controller_of(w.meta);
      if (ref == nullptr) {
        break;
      }
      top.kind = ref->kind;
      const auto up = find(w.meta.namespace_name, ref->kind, ref->name, ref->uid);
      if (!up) {
        break;
      }
      top.workload = *up;
      top.kind = model::kind_name(o_.workloads[*up].kind);
      top.skips_podgrouper = top.skips_podgrouper || skips_podgrouper(o_.workloads[*up].meta);
    }
    return top;
  }

  /// The workload of the input a pod's controller reference (or, failing it, its labels)
  /// names.
  std::optional<size_t> pod_owner(const Pod& pod) const {
    const std::string& ns = pod.meta.namespace_name;
    if (const model::OwnerReference* ref = controller_of(pod.meta)) {
      if (const auto w = find(ns, ref->kind, ref->name, ref->uid)) {
        return w;
      }
      const std::string& hash = model::lookup(pod.meta.labels, "pod-template-hash", kEmpty);
      const std::string tail = "-" + hash;
      if (ref->kind == "ReplicaSet" && !hash.empty() && ref->name.size() > tail.size()
          && ref->name.compare(ref->name.size() - tail.size(), tail.size(), tail) == 0) {
        if (const auto d =
                find(ns, "Deployment", ref->name.substr(0, ref->name.size() - tail.size()))) {
          return d;
        }
      }
    }
    const std::string& jobset =
        model::lookup(pod.meta.labels, "jobset.sigs.k8s.io/jobset-name", kEmpty);
    if (!jobset.empty()) {
      return find(ns, "JobSet", jobset);
    }
    const std::string& kubeflow =
        model::lookup(pod.meta.labels, "training.kubeflow.org/job-name", kEmpty);
    if (!kubeflow.empty()) {
      if (const auto w = find(ns, "PyTorchJob", kubeflow)) {
        return w;
      }
      return find(ns, "MPIJob", kubeflow);
    }
    return std::nullopt;
  }

  /// Makes the missing pods of top-level workload `i`; false when the pod limit is crossed.
  bool expand(size_t i) {
    const Workload& w = o_.workloads[i];
    std::vector<Slot> slots = desired_slots(w);
    SlotFinder finder(slots);
    for (const auto& [p, owner] : members_[i]) {
      fill(w, p, finder);
    }
    const auto missing =
        std::count_if(slots.begin(), slots.end(), [](const Slot& s) { return !s.pod; });
    if (static_cast<int64_t>(o_.pods.size()) + missing > kMaxGeneratedPods) {
      const model::SourceRef at = w.meta.source;
      diagnostics_.error(Diagnostic{
          at.file < scenario_.files.size() ? scenario_.files[at.file] : "", Mark{at.line, at.col},
          "spec",
          fmt::format("at most {} pods in a scenario (drasim's memory limit)", kMaxGeneratedPods),
          fmt::format("{} with this {}", o_.pods.size() + static_cast<size_t>(missing),
                      model::kind_name(w.kind))});
      return false;
    }
    if (w.kind == WorkloadKind::kJobSet && w.in_order) {
      scenario_.warnings.push_back(fmt::format(
          "JobSet {}/{}: startupPolicyOrder InOrder is not modelled; its Jobs start together "
          "(the PodGroup needs one replicatedJob, as KAI's podgrouper writes)",
          w.meta.namespace_name, w.meta.name));
    }

    // A Job keeps `parallelism` pods running: lanes whose heads are its running pods, each new
    // pod following the last pod of the next lane in turn.
    struct Lanes {
      std::vector<std::string> tails;
      size_t next = 0;
    };

    std::map<std::pair<size_t, int64_t>, Lanes> lanes;
    for (const Slot& s : slots) {
      auto& tails = lanes[{s.role, s.job}].tails;
      if (s.active && tails.size() < static_cast<size_t>(w.roles[s.role].parallelism)) {
        tails.push_back(o_.pods[*s.pod].meta.name);
      }
    }
    std::vector<std::pair<size_t, const model::GrouperHints*>> made;
    for (const Slot& s : slots) {
      if (s.pod) {
        continue;
      }
      const WorkloadRole& role = w.roles[s.role];
      std::optional<Pod> pod = make_pod(i, s);
      if (!pod) {
        continue;
      }
      if (is_job_kind(w.kind)) {
        const auto parallelism = static_cast<size_t>(role.parallelism);
        if (parallelism == 0) {
          continue;  // a Job with parallelism 0 runs nothing
        }
        Lanes& lane = lanes[{s.role, s.job}];
        if (lane.tails.size() < parallelism) {
          lane.tails.push_back(pod->meta.name);
        } else {
          std::string& tail = lane.tails[lane.next++ % parallelism];
          pod->follows = tail;
          tail = pod->meta.name;
        }
      }
      made.emplace_back(o_.pods.size(), &role.pod.hints);
      o_.pods.push_back(std::move(*pod));
    }
    static const model::GrouperHints kNone;
    for (const auto& [p, owner] : members_[i]) {
      group(i, p, owner, kNone);
    }
    for (const auto& [p, hints] : made) {
      group(i, p, pod_owner(o_.pods[p]).value_or(i), *hints);
    }
    return true;
  }

  void fill(const Workload& w, size_t p, SlotFinder& finder) const {
    const Pod& pod = o_.pods[p];
    const std::string& phase = pod.status.phase;
    const bool fills = pod.meta.deletion_timestamp.empty() && phase != "Failed"
                       && (is_job_kind(w.kind) || phase != "Succeeded");
    const auto id = fills ? identity(w, pod) : std::nullopt;
    if (!id) {
      return;
    }
    if (Slot* slot = finder.free_for(*id)) {
      slot->pod = p;
      slot->active = phase != "Succeeded";
    }
  }

  /// A free name `<base><5 characters>` in the namespace.
  std::string generated(const std::string& ns, const std::string& base) {
    for (uint32_t salt = 0;; ++salt) {
      std::string name = base + model::name_suffix(scenario_.seed, ns + "/" + base, salt);
      if (pod_names_.emplace(ns, name).second) {
        return name;
      }
    }
  }

  /// A fixed name; nullopt (with a warning) when a pod of the input has it already.
  std::optional<std::string> fixed(const Workload& w, std::string name) {
    if (pod_names_.emplace(w.meta.namespace_name, name).second) {
      return name;
    }
    scenario_.warnings.push_back(fmt::format(
        "{} {}/{}: pod {} is in the input but fills none of its slots (failed, terminating or "
        "labelled for another); it is not made again",
        model::kind_name(w.kind), w.meta.namespace_name, w.meta.name, name));
    return std::nullopt;
  }

  model::OwnerReference owner_ref(const char* api, const char* kind, const std::string& ns,
                                  const std::string& name) const {
    const auto w = find(ns, kind, name);
    return {api, kind, name, w ? o_.workloads[*w].meta.uid : uid_of(kind, ns, name), true};
  }

  /// Fills tops_ and replica_set_: the ReplicaSet a Deployment's new pods join, the input's
  /// newest one of it (by the `deployment.kubernetes.io/revision` annotation, then by name),
  /// else `<deployment>-<10 characters>`.
  void index_owners() {
    const auto revision = [&](size_t i) {
      return whole_number(model::lookup(o_.workloads[i].meta.annotations,
                                        "deployment.kubernetes.io/revision", kEmpty))
          .value_or(0);
    };
    tops_.reserve(o_.workloads.size());
    for (size_t i = 0; i < o_.workloads.size(); ++i) {
      tops_.push_back(climb(i));
    }
    std::map<size_t, size_t> newest;  // Deployment -> its newest ReplicaSet of the input
    for (size_t i = 0; i < o_.workloads.size(); ++i) {
      const size_t d = tops_[i].workload;
      if (o_.workloads[i].kind != WorkloadKind::kReplicaSet || d == i) {
        continue;
      }
      const auto [it, fresh] = newest.emplace(d, i);
      const size_t best = it->second;
      if (!fresh
          && std::make_pair(revision(i), o_.workloads[best].meta.name)
                 > std::make_pair(revision(best), o_.workloads[i].meta.name)) {
        it->second = i;
      }
    }
    for (size_t d = 0; d < o_.workloads.size(); ++d) {
      const Workload& w = o_.workloads[d];
      if (w.kind != WorkloadKind::kDeployment) {
        continue;
      }
      const auto it = newest.find(d);
      const std::string key = w.meta.namespace_name + "/" + w.meta.name;
      replica_set_[d] =
          it != newest.end()
              ? o_.workloads[it->second].meta.name
              : fmt::format("{}-{}{}", w.meta.name, model::name_suffix(scenario_.seed, key, 0),
                            model::name_suffix(scenario_.seed, key, 1));
    }
  }

  std::optional<Pod> make_pod(size_t i, const Slot& s) {
    const Workload& w = o_.workloads[i];
    const WorkloadRole& role = w.roles[s.role];
    const std::string& ns = w.meta.namespace_name;
    Pod pod;
    pod.meta = role.pod.meta;
    pod.meta.namespace_name = ns;
    pod.meta.appear_us = w.meta.appear_us;
    pod.spec = role.pod.spec;
    pod.runtime_us = role.pod.runtime_us;
    auto& labels = pod.meta.labels;
    std::optional<std::string> name;
    model::OwnerReference owner{w.api_version, model::kind_name(w.kind), w.meta.name, w.meta.uid,
                                true};
    switch (w.kind) {
      case WorkloadKind::kDeployment: {
        const std::string& rs = replica_set_.at(i);
        owner = owner_ref("apps/v1", "ReplicaSet", ns, rs);
        const std::string prefix = w.meta.name + "-";
        labels["pod-template-hash"] = rs.rfind(prefix, 0) == 0 ? rs.substr(prefix.size()) : rs;
        name = generated(ns, rs + "-");
        break;
      }
      case WorkloadKind::kReplicaSet:
        name = generated(ns, w.meta.name + "-");
        break;
      case WorkloadKind::kStatefulSet:
        name = fixed(w, fmt::format("{}-{}", w.meta.name, s.index));
        labels["statefulset.kubernetes.io/pod-name"] = name.value_or("");
        labels["apps.kubernetes.io/pod-index"] = std::to_string(s.index);
        break;
      case WorkloadKind::kJob:
      case WorkloadKind::kJobSet: {
        std::string job = w.meta.name;
        if (w.kind == WorkloadKind::kJobSet) {
          job = fmt::format("{}-{}-{}", w.meta.name, role.name, s.job);
          owner = owner_ref("batch/v1", "Job", ns, job);
          labels["jobset.sigs.k8s.io/jobset-name"] = w.meta.name;
          labels[model::kJobSetReplicatedJobLabel] = role.name;
          labels[model::kJobSetJobIndexLabel] = std::to_string(s.job);
        }
        labels["batch.kubernetes.io/job-name"] = job;
        labels["job-name"] = job;
        if (role.indexed) {
          labels[kCompletionIndex] = std::to_string(s.index);
          name = generated(ns, fmt::format("{}-{}-", job, s.index));
        } else {
          name = generated(ns, job + "-");
        }
        break;
      }
      case WorkloadKind::kPyTorchJob:
      case WorkloadKind::kMPIJob: {
        const std::string type = model::ascii_lower(role.name);
        labels["training.kubeflow.org/job-name"] = w.meta.name;
        labels[w.kind == WorkloadKind::kMPIJob ? "training.kubeflow.org/job-role"
                                               : model::kKubeflowReplicaTypeLabel] = type;
        labels["training.kubeflow.org/replica-index"] = std::to_string(s.index);
        if (type == "launcher") {
          // mpi-operator v2 runs the launcher as a Job `<mpijob>-launcher`.
          owner = owner_ref("batch/v1", "Job", ns, w.meta.name + "-launcher");
          name = generated(ns, w.meta.name + "-launcher-");
        } else {
          name = fixed(w, fmt::format("{}-{}-{}", w.meta.name, type, s.index));
        }
        break;
      }
    }
    if (!name) {
      return std::nullopt;
    }
    pod.meta.name = *name;
    pod.meta.uid = uid_of("Pod", ns, *name);
    pod.meta.owner_references = {owner};
    return pod;
  }

  /// Gives pod `p` of top-level workload `i` the podgrouper's PodGroup, unless its annotation
  /// names one of the input or the pod or an owner skips the podgrouper. `direct` is the
  /// workload that owns the pod; `hints` are the podgrouper
  /// annotations of the pod's template.
  void group(size_t i, size_t p, size_t direct, const model::GrouperHints& hints) {
    Pod& pod = o_.pods[p];
    const std::string& named = model::lookup(pod.meta.annotations, "pod-group-name", kEmpty);
    if ((!named.empty() && groups_.count({pod.meta.namespace_name, named}) != 0)
        || skips_podgrouper(pod.meta) || tops_[direct].skips_podgrouper) {
      return;
    }
    if (pod.meta.uid.empty()) {
      pod.meta.uid = uid_of("Pod", pod.meta.namespace_name, pod.meta.name);
    }
    const model::GroupingOwner owner{&o_.workloads[i], tops_[i].kind};
    // One PodGroup per workload, computed for its first pod (KAI computes it per pod, the same
    // for pods of one template), except a Deployment's, one per pod.
    const bool per_pod = owner.top_kind == "Deployment";
    auto cached = per_pod ? workload_group_.end() : workload_group_.find(i);
    if (cached == workload_group_.end()) {
      cached =
          workload_group_.insert_or_assign(i, model::pod_group_for(pod, owner, hints, o_)).first;
    }
    const model::PodGroup& pg = cached->second;
    pod.meta.annotations["pod-group-name"] = pg.meta.name;
    if (const std::string subgroup = model::subgroup_of(pod, owner, pg); !subgroup.empty()) {
      pod.meta.labels[model::kSubGroupLabel] = subgroup;
    }
    if (groups_.insert({pg.meta.namespace_name, pg.meta.name}).second) {
      o_.pod_groups.push_back(pg);
    }
  }

  Scenario& scenario_;
  model::ObjectSet& o_;
  Diagnostics& diagnostics_;
  std::map<Key, size_t> index_;
  std::set<std::pair<std::string, std::string>> pod_names_;
  std::set<std::pair<std::string, std::string>> groups_;
  /// By top-level workload: the input's pods it owns, each with the workload owning it directly.
  std::vector<std::vector<std::pair<size_t, size_t>>> members_;
  std::map<size_t, model::PodGroup> workload_group_;  ///< by workload (a Deployment's: the last)
  std::vector<Top> tops_;                             ///< climb() of every workload
  std::map<size_t, std::string> replica_set_;         ///< by Deployment
};

}  // namespace

void expand_controllers(Scenario& scenario, model::ObjectSet& objects, Diagnostics& diagnostics) {
  if (!objects.workloads.empty()) {
    Controllers(scenario, objects, diagnostics).run();
  }
}

}  // namespace drasim::sim
