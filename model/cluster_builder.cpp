#include "model/cluster_builder.h"

#include "model/cluster/claim_builder.h"
#include "model/cluster/dra_gpus.h"
#include "model/cluster/node_manifest.h"
#include "model/cluster/template_classes.h"
#include "model/dra/extended_resources.h"
#include "model/k8s/assert.h"
#include "model/k8s/builtin_priorities.h"
#include "model/kai/api/pod_request.h"
#include "model/kai/api/podgrouper.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <numeric>
#include <optional>
#include <set>
#include <tuple>

namespace drasim::model {
namespace {

const std::string kEmpty;

void intern_names(const ObjectSet& objects, const std::vector<const Node*>& later,
                  ResourceNames& names) {
  std::set<std::string> all;
  for (const Node& n : objects.nodes) {
    for (const auto& kv : n.allocatable) {
      all.insert(kv.first);
    }
  }
  for (const Node* n : later) {
    for (const auto& kv : n->allocatable) {
      all.insert(kv.first);
    }
  }
  for (const Pod& p : objects.pods) {
    for (const auto* list : {&p.spec.containers, &p.spec.init_containers}) {
      for (const Container& c : *list) {
        for (const auto& kv : c.requests) {
          all.insert(kv.first);
        }
      }
    }
  }
  for (const std::string& name : all) {
    names.intern(name);
  }
}

void build_nodes(const ObjectSet& objects, ClusterState& state) {
  std::vector<size_t> order(objects.nodes.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return objects.nodes[a].meta.name < objects.nodes[b].meta.name;
  });
  for (const size_t i : order) {
    const Node& n = objects.nodes[i];
    NodeInfo info;
    info.name = n.meta.name;
    info.appear_us = n.meta.appear_us;
    info.present = n.meta.appear_us <= 0;
    info.used = ResourceVector(state.names.size());
    info.releasing = ResourceVector(state.names.size());
    take_manifest(info, n, state.names);
    info.idle = info.allocatable;
    state.nodes.push_back(std::move(info));
  }
}

Queue default_queue() {
  Queue q;
  q.meta.name = "default-queue";
  q.has_resources = true;
  for (QueueResource* r : {&q.cpu, &q.memory, &q.gpu}) {
    *r = QueueResource{-1, 1, -1};
  }
  return q;
}

void build_queues(const ObjectSet& objects, const BuildOptions& options, ClusterState& state) {
  std::vector<Queue> queues = objects.queues;
  if (queues.empty() && options.create_default_queue) {
    queues.push_back(default_queue());
  }
  std::map<std::string, QueueId> ids;
  for (size_t i = 0; i < queues.size(); ++i) {
    ids.emplace(queues[i].meta.name, QueueId::from_index(i));
    state.queues.push_back(QueueInfo{queues[i], QueueId(), true, static_cast<uint32_t>(i)});
  }
  for (QueueInfo& q : state.queues) {
    const auto it = ids.find(q.spec.parent_queue);
    if (it != ids.end()) {
      q.parent = it->second;
      state.queues[it->second.index()].leaf = false;
    }
  }
}

/// KAI taskorder plugin: pods labelled `kai.scheduler/task-priority` come first, higher integer
/// first; an unparsable value counts as unlabelled.
std::pair<int, int64_t> task_rank(const StringMap& labels) {
  const auto it = labels.find("kai.scheduler/task-priority");
  if (it == labels.end() || it->second.empty() || it->second.size() > 18) {
    return {1, 0};
  }
  int64_t v = 0;
  for (const char c : it->second) {
    if (c < '0' || c > '9') {
      return {1, 0};
    }
    v = v * 10 + (c - '0');
  }
  return {0, -v};
}

/// What the KEP-5004 bridge reads of a pod's spec (bridge_requests): its containers' names,
/// requests and restart policy, each distinct one made once and shared by the templates whose
/// containers ask the same (most generated pods ask like many others).
using BridgeSpecs = std::map<std::string, std::vector<std::shared_ptr<const PodSpec>>>;

bool same_for_bridge(const std::vector<Container>& a, const std::vector<Container>& b) {
  return std::equal(
      a.begin(), a.end(), b.begin(), b.end(), [](const Container& x, const Container& y) {
        return x.name == y.name && x.requests == y.requests && x.restart_always == y.restart_always;
      });
}

std::shared_ptr<const PodSpec> bridge_spec(const PodSpec& spec, BridgeSpecs& known) {
  // The shape key names the same fields; equal keys are checked field by field all the same.
  std::vector<std::shared_ptr<const PodSpec>>& same_key = known[bridge_shape_key(spec)];
  for (const std::shared_ptr<const PodSpec>& s : same_key) {
    if (same_for_bridge(s->containers, spec.containers)
        && same_for_bridge(s->init_containers, spec.init_containers)) {
      return s;
    }
  }
  const auto slim = [](const std::vector<Container>& list) {
    std::vector<Container> out(list.size());
    for (size_t i = 0; i < list.size(); ++i) {
      out[i].name = list[i].name;
      out[i].requests = list[i].requests;
      out[i].restart_always = list[i].restart_always;
    }
    return out;
  };
  PodSpec made;
  made.containers = slim(spec.containers);
  made.init_containers = slim(spec.init_containers);
  return same_key.emplace_back(std::make_shared<const PodSpec>(std::move(made)));
}

PodTemplate make_template(const Pod& pod, uint32_t manifest, bool gpu_sharing, ResourceNames& names,
                          BridgeSpecs& bridge_specs) {
  PodTemplate t;
  t.manifest = manifest;
  t.namespace_name = pod.meta.namespace_name;
  t.tolerations = pod.spec.tolerations;
  t.node_selector = pod.spec.node_selector;
  t.required_affinity = pod.spec.required_node_affinity;
  for (const auto* list : {&pod.spec.containers, &pod.spec.init_containers}) {
    for (const Container& c : *list) {
      for (const ContainerPort& p : c.ports) {
        if (p.host_port > 0) {
          t.host_ports.push_back(HostPort{p.protocol, p.host_ip, p.host_port});
        }
      }
      for (const auto& kv : c.requests) {
        const size_t slot = names.intern(kv.first);
        if (t.slot_names.size() <= slot) {
          t.slot_names.resize(slot + 1);
        }
        if (t.slot_names[slot].empty()) {
          t.slot_names[slot] = kv.first;
        }
      }
    }
  }
  t.request = pod_request(pod.spec, names);
  // KEP-5004 candidates: resources the pod asks for that DRA could serve (the bridge decides per
  // node whether a DeviceClass maps them and the node does not advertise them). One per resource
  // name, even where two names share a KAI slot (`nvidia.com/gpu` and an implicit
  // `deviceclass.resource.kubernetes.io/<class>` ending in "gpu" both land in the GPU slot):
  // upstream builds one device request per resource. GPU-slot names first, then by slot.
  std::set<std::tuple<bool, size_t, std::string>> candidates;  // (not the GPU slot, slot, name)
  for (const auto* list : {&pod.spec.containers, &pod.spec.init_containers}) {
    for (const Container& c : *list) {
      for (const auto& [name, amount] : c.requests) {
        const size_t slot = names.intern(name);
        if ((slot > kPodsSlot || slot == kGpuSlot) && !amount.is_zero() && !amount.is_negative()
            && t.request.get(slot) > 0 && is_dra_capable_name(name)) {
          candidates.emplace(slot != kGpuSlot, slot, name);
        }
      }
    }
  }
  for (const auto& [not_gpu, slot, name] : candidates) {
    t.dra_capable.push_back(DraCapable{name, slot});
  }
  if (!t.dra_capable.empty()) {
    t.pod_spec = bridge_spec(pod.spec, bridge_specs);
  }
  if (gpu_sharing) {
    t.gpu_share = parse_gpu_share(pod.meta.annotations);
  }
  if (t.gpu_share.shared()) {
    // Section 1.3 item 6: the GPU slot is the shared requirement's GPUs() (0 for gpu-memory).
    t.request.set(kGpuSlot, share_request_milli(t.gpu_share));
  }
  t.quota = quota_vector(t.request, names);
  t.termination_grace_us = pod.spec.termination_grace_period_s.value_or(30) * 1'000'000;
  // A controller (an owner reference) recreates an evicted pod, and so does the workload behind
  // a PodGroup (set by build_cluster); a bare pod is gone for good.
  t.recreated_on_eviction = !pod.meta.owner_references.empty();
  t.uses_extended_resources = uses_extended_resources(pod.spec);
  t.has_resource_claims = !pod.spec.resource_claims.empty();
  t.resource_claims = pod.spec.resource_claims;
  const NonZeroRequest nonzero = nonzero_request(pod.spec);
  t.nonzero_milli_cpu = nonzero.milli_cpu;
  t.nonzero_memory = nonzero.memory;
  t.preferred_affinity = pod.spec.preferred_node_affinity;
  t.nominated_node = pod.status.nominated_node_name;
  t.runtime_us = pod.runtime_us;
  t.task_rank = task_rank(pod.meta.labels);
  t.node_name = pod.spec.node_name;
  t.status_phase = pod.status.phase;
  t.bound_bridge_claim = pod.status.extended_resource_claim_name;
  for (const ContainerExtendedResourceRequest& m : pod.status.extended_resource_mappings) {
    t.bound_bridge_mappings.push_back({m.container_name, m.resource_name, m.request_name});
  }
  return t;
}

}  // namespace

std::string replica_name(const std::string& base, int64_t replicas, int64_t i) {
  return replicas <= 1 ? base : fmt::format("{}-{}", base, i);
}

}  // namespace drasim::model

namespace drasim::model {
namespace {

QueueId queue_id(const ClusterState& state, const std::string& name) {
  for (size_t i = 0; i < state.queues.size(); ++i) {
    if (state.queues[i].spec.meta.name == name) {
      return QueueId::from_index(i);
    }
  }
  return QueueId();
}

void add_pod(ClusterState& state, JobId job, TemplateId spec, std::string name, int64_t at_us) {
  PodInfo p;
  p.name = std::move(name);
  p.spec = spec;
  p.job = job;
  p.submitted_us = at_us;
  state.jobs[job.index()].pods.push_back(PodId::from_index(state.pods.size()));
  state.pods.push_back(std::move(p));
}

JobId add_job(ClusterState& state, JobInfo job) {
  job.queue = queue_id(state, job.queue_name);
  state.jobs.push_back(std::move(job));
  return JobId::from_index(state.jobs.size() - 1);
}

/// Resolves a PodGroup's topologyConstraint (aliases to levels), as KAI's snapshot does. The
/// loader rejects unknown topologies and levels (sim/load/scenario_checks.cpp).
std::optional<JobTopology> job_topology(const TopologyConstraint& c, const ObjectSet& objects) {
  if (c.topology.empty()) {
    return std::nullopt;
  }
  const auto& all = objects.topologies;
  const auto it = std::find_if(all.begin(), all.end(),
                               [&](const Topology& t) { return t.meta.name == c.topology; });
  DRASIM_ASSERT(it != all.end(), "a PodGroup names a Topology that was not loaded");
  JobTopology out;
  out.tree = static_cast<uint32_t>(it - all.begin());
  for (const auto& [level, depth] : {std::pair{&c.required_level, &out.required},
                                     std::pair{&c.preferred_level, &out.preferred}}) {
    if (!level->empty()) {
      *depth = topology_level_depth(*it, *level);
      DRASIM_ASSERT(depth->has_value(), "a PodGroup names a level its Topology does not have");
    }
  }
  return out;
}

void build_group_jobs(const ObjectSet& objects, ClusterState& state,
                      const std::vector<std::vector<size_t>>& members) {
  for (size_t g = 0; g < objects.pod_groups.size(); ++g) {
    const PodGroup& pg = objects.pod_groups[g];
    std::string queue = pg.queue;
    if (queue.empty()) {
      queue = members[g].empty() ? "default-queue"
                                 : podgrouper_queue(objects.pods[members[g].front()], objects);
    }
    const int64_t priority = priority_value(pg.priority_class_name, objects);
    // The loader checked the subgroups as KAI's PodGroup webhook does (sim/load/decode_kai.cpp),
    // so the tree builds.
    std::shared_ptr<const SubGroupTree> tree;
    if (!pg.sub_groups.empty()) {
      std::string error;
      std::optional<SubGroupTree> built = SubGroupTree::build(
          pg, error, [&](const TopologyConstraint& c) { return job_topology(c, objects); });
      DRASIM_ASSERT(built.has_value(), "the loader rejects subgroups that do not form a tree");
      tree = std::make_shared<const SubGroupTree>(std::move(*built));
    }
    for (int64_t copy = 0; copy < pg.replicas; ++copy) {
      JobInfo job;
      job.namespace_name = pg.meta.namespace_name;
      job.name = replica_name(pg.meta.name, pg.replicas, copy);
      job.queue_name = queue;
      job.priority = priority;
      job.preemptible = is_preemptible(pg.preemptibility, pg.meta.labels, priority);
      job.min_member = pg.min_member.value_or(1);
      if (tree) {
        job.min_member = 0;
        for (const SubGroupNode& n : tree->nodes()) {
          job.min_member += n.leaf ? n.min_available : 0;
        }
        job.subgroups = tree;
      }
      job.creation_us = pg.meta.appear_us;
      job.staleness_grace_us = pg.staleness_grace_period_us;
      job.preemption_delay_us = pg.preemption_delay_us;
      job.topology = job_topology(pg.topology_constraint, objects);
      const JobId id = add_job(state, std::move(job));
      for (const size_t m : members[g]) {
        const Pod& pod = objects.pods[m];
        const std::string base = replica_name(pod.meta.name, pg.replicas, copy);
        const auto label = pod.meta.labels.find(kSubGroupLabel);
        const int32_t leaf =
            tree ? tree->leaf_of(label == pod.meta.labels.end() ? "" : label->second) : -1;
        for (int64_t r = 0; r < pod.replicas; ++r) {
          add_pod(state, id, TemplateId::from_index(m), replica_name(base, pod.replicas, r),
                  pod.meta.appear_us);
          state.pods.back().subgroup = leaf;
          if (tree && leaf < 0) {
            // KAI's task fit error for InvalidSubGroupTasks, repeated every cycle there.
            state.pods.back().reason = fmt::format(
                "Pod references subgroup \"{}\", which does not exist in PodGroup {}/{}",
                label == pod.meta.labels.end() || label->second.empty() ? "default" : label->second,
                pg.meta.namespace_name, pg.meta.name);
          }
        }
      }
    }
  }
}

void build_bare_jobs(const ObjectSet& objects, ClusterState& state,
                     const std::vector<int64_t>& group_of) {
  for (size_t m = 0; m < objects.pods.size(); ++m) {
    if (group_of[m] >= 0) {
      continue;
    }
    const Pod& pod = objects.pods[m];
    const int64_t priority = priority_value(bare_pod_priority_class(pod), objects);
    for (int64_t r = 0; r < pod.replicas; ++r) {
      JobInfo job;
      job.namespace_name = pod.meta.namespace_name;
      job.name = replica_name(pod.meta.name, pod.replicas, r);
      job.queue_name = podgrouper_queue(pod, objects);
      job.priority = priority;
      job.preemptible = is_preemptible(Preemptibility::kUnset, pod.meta.labels, priority);
      job.creation_us = pod.meta.appear_us;
      const std::string name = job.name;
      const JobId id = add_job(state, std::move(job));
      add_pod(state, id, TemplateId::from_index(m), name, pod.meta.appear_us);
    }
  }
}

void rank_job_names(ClusterState& state) {
  std::vector<size_t> order(state.jobs.size());
  std::iota(order.begin(), order.end(), size_t{0});
  // Two jobs may share a name (a PodGroup `x` and a bare pod `x`); the index breaks the tie so
  // every job keeps its own place in the pending index.
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return std::tie(state.jobs[a].namespace_name, state.jobs[a].name, a)
           < std::tie(state.jobs[b].namespace_name, state.jobs[b].name, b);
  });
  for (size_t rank = 0; rank < order.size(); ++rank) {
    state.jobs[order[rank]].name_rank = static_cast<uint32_t>(rank);
  }
}

/// Pod::follows: a Job's pod past its parallelism waits for an earlier one to succeed. Both
/// are single pods (the Job controller makes no replicas).
void link_job_successors(const ObjectSet& objects, ClusterState& state) {
  if (std::none_of(objects.pods.begin(), objects.pods.end(),
                   [](const Pod& p) { return !p.follows.empty(); })) {
    return;  // no Job lanes: no name index over every pod
  }
  std::map<std::pair<std::string, std::string>, PodId> by_name;
  std::vector<PodId> pod_of(objects.pods.size());
  for (size_t i = 0; i < state.pods.size(); ++i) {
    const size_t m = state.pods[i].spec.index();
    const Pod& pod = objects.pods[m];
    pod_of[m] = PodId::from_index(i);
    by_name.emplace(std::make_pair(pod.meta.namespace_name, pod.meta.name), pod_of[m]);
  }
  for (size_t m = 0; m < objects.pods.size(); ++m) {
    const Pod& pod = objects.pods[m];
    if (pod.follows.empty()) {
      continue;
    }
    const auto it = by_name.find({pod.meta.namespace_name, pod.follows});
    DRASIM_ASSERT(it != by_name.end(), "a Job's pod follows a pod of the same Job");
    state.pods[it->second.index()].next = pod_of[m];
    state.pods[pod_of[m].index()].waits = true;
  }
}

}  // namespace

PodGroupMembers pod_group_members(const ObjectSet& objects) {
  std::map<std::pair<std::string, std::string>, size_t> group_index;
  for (size_t g = 0; g < objects.pod_groups.size(); ++g) {
    group_index.emplace(
        std::make_pair(objects.pod_groups[g].meta.namespace_name, objects.pod_groups[g].meta.name),
        g);
  }
  PodGroupMembers out;
  out.members.resize(objects.pod_groups.size());
  out.group_of.assign(objects.pods.size(), -1);
  for (size_t m = 0; m < objects.pods.size(); ++m) {
    const Pod& pod = objects.pods[m];
    const std::string& group = lookup(pod.meta.annotations, "pod-group-name", kEmpty);
    const auto it = group_index.find({pod.meta.namespace_name, group});
    if (!group.empty() && it != group_index.end()) {
      out.members[it->second].push_back(m);
      out.group_of[m] = static_cast<int64_t>(it->second);
    }
  }
  return out;
}

int64_t expanded_pod_count(const ObjectSet& objects, const PodGroupMembers& groups, size_t m) {
  const int64_t g = groups.group_of[m];
  const int64_t copies = g < 0 ? 1 : objects.pod_groups[static_cast<size_t>(g)].replicas;
  return copies * objects.pods[m].replicas;
}

ClusterState build_cluster(const ObjectSet& objects, const BuildOptions& options) {
  ClusterState state;
  state.kai = options.kai;
  state.reference = options.reference;
  intern_names(objects, options.later_nodes, state.names);
  build_nodes(objects, state);
  for (const Topology& t : objects.topologies) {
    state.topologies.push_back(build_topology_tree(t, state.nodes));
  }
  build_queues(objects, options, state);
  state.templates.reserve(objects.pods.size());
  BridgeSpecs bridge_specs;
  for (size_t m = 0; m < objects.pods.size(); ++m) {
    state.templates.push_back(make_template(objects.pods[m], static_cast<uint32_t>(m),
                                            options.gpu_sharing, state.names, bridge_specs));
    state.templates.back().pod_priority = kube_pod_priority(objects.pods[m], objects);
  }
  const PodGroupMembers groups = pod_group_members(objects);
  for (size_t m = 0; m < objects.pods.size(); ++m) {
    if (groups.group_of[m] >= 0) {
      state.templates[m].recreated_on_eviction = true;
    }
  }
  int64_t expanded = 0;
  for (size_t m = 0; m < objects.pods.size(); ++m) {
    expanded += expanded_pod_count(objects, groups, m);
  }
  state.pods.reserve(static_cast<size_t>(expanded));
  // At most one job per PodGroup replica and one per bare pod.
  int64_t group_replicas = 0;
  for (const PodGroup& pg : objects.pod_groups) {
    group_replicas += pg.replicas;
  }
  state.jobs.reserve(static_cast<size_t>(expanded + group_replicas));
  build_group_jobs(objects, state, groups.members);
  build_bare_jobs(objects, state, groups.group_of);
  link_job_successors(objects, state);
  build_claims(objects, options.dra, state);
  if (state.kai.dra_gpu_accounting) {
    add_claim_gpus(state);
  }
  if (state.kai.remap_implicit_gpu_names) {
    remap_implicit_gpu_names(state);
  }
  assign_template_classes(state);
  if (!options.implicit_tolerations.empty()) {
    state.implicit_tolerations =
        std::make_shared<const ImplicitTolerations>(options.implicit_tolerations);
    apply_implicit_tolerations(*state.implicit_tolerations, objects, state);
  }
  rank_job_names(state);
  state.pending_by_queue.resize(state.queues.size());
  state.queue_usage.resize(state.queues.size());
  state.victim_jobs.resize(state.queues.size());
  state.victim_priorities.resize(state.queues.size());
  return state;
}

}  // namespace drasim::model
