#include "model/cluster/cluster_state.h"

#include "model/cluster/dra_gpus.h"
#include "model/cluster/gpu_sharing.h"
#include "model/k8s/assert.h"

#include <algorithm>
#include <tuple>
#include <utility>

namespace drasim::model {

std::optional<NodeId> ClusterState::find_node(std::string_view name) const {
  const auto it =
      std::lower_bound(nodes.begin(), nodes.end(), name,
                       [](const NodeInfo& n, std::string_view v) { return n.name < v; });
  if (it == nodes.end() || it->name != name) {
    return std::nullopt;
  }
  return NodeId::from_index(static_cast<size_t>(it - nodes.begin()));
}

namespace {

GroupHold hold_of(PodPhase phase) {
  return phase == PodPhase::kReleasing   ? GroupHold::kReleasing
         : phase == PodPhase::kPipelined ? GroupHold::kPipelined
                                         : GroupHold::kHolding;
}

WholeGpuView whole_gpus(NodeInfo& n) {
  return WholeGpuView{n.idle, n.releasing, n.used, n.gpu_count};
}

/// Shared-GPU bookkeeping of a pod joining (leaving) its node in `phase` (KAI
/// addSharedGPUTaskResources / removeSharedTaskResources).
/// Both return whether the pod shares GPUs (then the node needs a resnapshot), so a leave and a
/// join of the same pod say the same.
bool join_groups(NodeInfo& n, const PodTemplate& t, const std::vector<uint32_t>& groups,
                 PodPhase phase) {
  if (t.gpu_share.shared()) {
    n.gpu_groups.add(groups, shared_task_mib(t, n), hold_of(phase), whole_gpus(n));
  }
  return t.gpu_share.shared();
}

bool leave_groups(NodeInfo& n, const PodTemplate& t, const std::vector<uint32_t>& groups,
                  PodPhase phase) {
  if (t.gpu_share.shared()) {
    n.gpu_groups.remove(groups, shared_task_mib(t, n), hold_of(phase), whole_gpus(n));
  }
  return t.gpu_share.shared();
}

/// Number of the pod's GPU device keys that at least `min_refs` pods on the node hold.
int64_t held_keys(const NodeInfo& n, const std::vector<std::string>& keys, uint32_t min_refs) {
  int64_t count = 0;
  for (const std::string& k : keys) {
    const auto it = n.dra_gpu_refs.find(k);
    count += it != n.dra_gpu_refs.end() && it->second >= min_refs ? 1 : 0;
  }
  return count;
}

}  // namespace

ResourceVector ClusterState::tracked_request(PodId pod_id, NodeId node_id) const {
  ResourceVector track = spec_of(pod_id).request;
  if (spec_of(pod_id).gpu_share.shared()) {
    track.set(kGpuSlot, 0);
  }
  track.add(kGpuSlot, pod(pod_id).extra_gpu_milli);
  if (!kai.zero_delegated_on_reserve) {
    return track;
  }
  const NodeInfo& n = node(node_id);
  for (size_t slot = 0; slot < track.size(); ++slot) {
    if (n.allocatable.get(slot) == 0) {
      track.set(slot, 0);
    }
  }
  return track;
}

ResourceVector ClusterState::charged_request(PodId pod_id, NodeId node_id, ChargeStep step) {
  return charge_on(node(node_id), pod_id, node_id, step);
}

ResourceVector ClusterState::charge_on(NodeInfo& n, PodId pod_id, NodeId node_id,
                                       ChargeStep step) const {
  ResourceVector track = tracked_request(pod_id, node_id);
  const PodInfo& p = pod(pod_id);
  // Section 2.6.4: a task whose tracked GPU is 0 is ignored by the shared-device bookkeeping.
  if (p.devices.empty() || track.get(kGpuSlot) <= 0) {
    return track;
  }
  const std::vector<std::string> keys = dra_gpu_keys(p.devices);
  if (keys.empty()) {
    return track;
  }
  // Adding: keys someone already holds; removing or changing status: keys someone else holds
  // too (the pod itself is counted in the references).
  const uint32_t min_refs = step == ChargeStep::kAdd ? 1 : 2;
  const int64_t saved = kai.shared_claim_dedup ? std::min(
                            held_keys(n, keys, min_refs) * kMilliPerGpu, track.get(kGpuSlot))
                                               : 0;
  track.add(kGpuSlot, -saved);
  if (saved > 0) {
    flag_resnapshot(n, node_id);
  }
  for (const std::string& k : keys) {
    if (step == ChargeStep::kAdd) {
      ++n.dra_gpu_refs[k];
    } else if (step == ChargeStep::kRemove) {
      const auto it = n.dra_gpu_refs.find(k);
      if (--it->second == 0) {
        n.dra_gpu_refs.erase(it);
      }
    }
  }
  if (step == ChargeStep::kAdd) {
    n.dra_gpu_saved += saved;
  } else if (step == ChargeStep::kRemove) {
    n.dra_gpu_saved -= saved;
  }
  return track;
}

void ClusterState::submit(PodId pod_id) {
  PodInfo& p = pod(pod_id);
  DRASIM_ASSERT(p.phase == PodPhase::kNotSubmitted, "a pod is submitted once");
  set_phase(p, PodPhase::kPending);
  ++jobs[p.job.index()].pending_pods;
  charge_queue(pod_id, false, 1);
  reindex(p.job);
}

QuotaVector ClusterState::quota_of(PodId pod_id) const {
  const PodTemplate& t = spec_of(pod_id);
  QuotaVector q = t.quota;
  const PodInfo& p = pod(pod_id);
  // A placed gpu-memory pod is charged its portion on its node (accepted vector, section 1.5).
  if (t.gpu_share.type == GpuRequestType::kGpuMemory && p.node.valid()) {
    q[2] = share_accepted_milli(t.gpu_share, node(p.node).gpu_groups.memory_mib);
  }
  q[2] += p.extra_gpu_milli;
  return q;
}

void ClusterState::charge_queue(PodId pod_id, bool allocated, int sign) {
  const JobInfo& job = jobs[pod(pod_id).job.index()];
  QuotaVector q = allocated ? quota_of(pod_id) : spec_of(pod_id).quota;
  if (sign < 0) {
    for (int64_t& x : q) {
      x = -x;
    }
  }
  for (QueueId id = job.queue; id.valid(); id = queues[id.index()].parent) {
    QueueUsage& u = queue_usage[id.index()];
    if (!allocated) {
      u.pending += q;
      continue;
    }
    u.allocated += q;
    if (!job.preemptible) {
      u.allocated_not_preemptible += q;
    }
  }
}

void ClusterState::finish_unplaced(PodId pod_id, PodPhase phase) {
  PodInfo& p = pod(pod_id);
  DRASIM_ASSERT(p.phase == PodPhase::kNotSubmitted, "only unsubmitted pods end unplaced");
  set_phase(p, phase);
  if (phase == PodPhase::kSucceeded) {
    // A pod the input shows as Succeeded counts as its job's as much as one that finished
    // here: KAI's cache sees it either way, and a gang with a succeeded pod is never stale.
    ++jobs[p.job.index()].succeeded_pods;
    reindex(p.job);
  }
}

void ClusterState::withdraw(PodId pod_id, PodPhase phase) {
  PodInfo& p = pod(pod_id);
  DRASIM_ASSERT(p.phase == PodPhase::kPending, "only pending pods are withdrawn");
  charge_queue(pod_id, false, -1);
  set_phase(p, phase);
  --jobs[p.job.index()].pending_pods;
  reindex(p.job);
}

void ClusterState::index_bound(JobId job_id) {
  JobInfo& job = jobs[job_id.index()];
  if (!job.preemptible || !job.queue.valid()) {
    return;
  }
  DRASIM_ASSERT(job.queue.index() < victim_jobs.size(), "the builder sizes victim_jobs");
  std::vector<JobId>& list = victim_jobs[job.queue.index()];
  std::map<int64_t, uint32_t>& priorities = victim_priorities[job.queue.index()];
  const bool bound = job.bound_pods() > 0;
  if (bound && !job.bound_at) {
    job.bound_at = list.size();
    list.push_back(job_id);
    ++priorities[job.priority];
  } else if (!bound && job.bound_at) {
    if (const auto it = priorities.find(job.priority); --it->second == 0) {
      priorities.erase(it);
    }
    // The last entry takes the leaving job's place.
    const JobId last = list.back();
    list[*job.bound_at] = last;
    jobs[last.index()].bound_at = job.bound_at;
    list.pop_back();
    job.bound_at.reset();
  }
}

void ClusterState::reindex(JobId job_id) {
  JobInfo& job = jobs[job_id.index()];
  index_bound(job_id);
  const bool below =
      job.subgroups ? job.active_pods > 0 && subgroups_below_min(*job.subgroups, subgroup_pods(job))
                    : job.active_pods < job.min_member;
  if (job.active_pods > 0 && below && job.succeeded_pods == 0) {
    below_min_member.insert(job_id);
  } else {
    below_min_member.erase(job_id);
    job.stale_since_us.reset();  // a job that is not stale resets its timestamp
  }
  const bool queued = job.queue.valid() && queues[job.queue.index()].leaf;
  std::optional<JobKey> want;
  if (job.pending_pods > 0) {
    const int32_t rank = elastic_rank(job, true);
    want = JobKey{-job.priority, rank, job.creation_us, job.name_rank, job_id, *first_pending(job)};
  }
  if (want == job.indexed) {
    return;
  }
  if (job.indexed) {
    if (queued) {
      pending_by_queue[job.queue.index()].erase(*job.indexed);
    } else {
      pending_unqueued.erase(job_id);
    }
  }
  if (want) {
    if (queued) {
      pending_by_queue[job.queue.index()].insert(*want);
    } else {
      pending_unqueued.insert(job_id);
    }
  }
  job.indexed = want;
}

bool ClusterState::task_before(PodId a, PodId b) const {
  const PodInfo& x = pod(a);
  const PodInfo& y = pod(b);
  return std::tie(spec_of(a).task_rank, x.submitted_us, x.name, a)
         < std::tie(spec_of(b).task_rank, y.submitted_us, y.name, b);
}

std::optional<PodId> ClusterState::first_pending(const JobInfo& job) const {
  std::optional<PodId> best;
  for (const PodId p : job.pods) {
    if (pod(p).phase == PodPhase::kPending && (!best || task_before(p, *best))) {
      best = p;
    }
  }
  return best;
}

SubGroupPods ClusterState::subgroup_pods(const JobInfo& job,
                                         const std::vector<PodId>* also_pending) const {
  SubGroupPods out(job.subgroups->nodes().size());
  for (const PodId p : job.pods) {
    const PodInfo& info = pod(p);
    if (info.subgroup < 0) {
      continue;
    }
    const auto leaf = static_cast<size_t>(info.subgroup);
    const bool extra =
        also_pending != nullptr
        && std::find(also_pending->begin(), also_pending->end(), p) != also_pending->end();
    if (info.phase == PodPhase::kPending || extra) {
      out.pending[leaf].push_back(p);
    } else if (info.phase == PodPhase::kPipelined || info.phase == PodPhase::kBinding
               || info.phase == PodPhase::kRunning) {
      out.active[leaf].push_back(p);
      out.pipelined[leaf] += info.phase == PodPhase::kPipelined ? 1 : 0;
    } else if (info.phase == PodPhase::kReleasing) {
      ++out.releasing[leaf];
    }
  }
  const auto by_task = [this](PodId a, PodId b) {
    return task_before(a, b);
  };
  for (size_t i = 0; i < out.pending.size(); ++i) {
    std::sort(out.pending[i].begin(), out.pending[i].end(), by_task);
    std::sort(out.active[i].begin(), out.active[i].end(), by_task);
  }
  return out;
}

int32_t ClusterState::elastic_rank(const JobInfo& job, bool releasing) const {
  return job.subgroups
             ? subgroups_elastic_rank(*job.subgroups, subgroup_pods(job), releasing)
             : JobKey::rank_of(releasing ? job.active_pods : job.bound_pods(), job.min_member);
}

bool ClusterState::ready_for_scheduling(const JobInfo& job) const {
  return job.subgroups ? subgroups_ready(*job.subgroups, subgroup_pods(job))
                       : job.alive_pods() >= job.min_member;
}

void ClusterState::set_pod_reason(PodId pod_id, const std::string& reason) {
  PodInfo& p = pod(pod_id);
  p.reason = reason;
  jobs[p.job.index()].not_ready_revision = JobInfo::kNoRevision;
}

void ClusterState::node_add(PodId pod_id, NodeId node_id, PodPhase phase) {
  touch_node(node_id);
  add_on(node(node_id), pod_id, node_id, phase);
}

void ClusterState::add_on(NodeInfo& n, PodId pod_id, NodeId node_id, PodPhase phase) const {
  const ResourceVector track = charge_on(n, pod_id, node_id, ChargeStep::kAdd);
  const PodInfo& p = pod(pod_id);
  const PodTemplate& t = spec_of(pod_id);
  n.used += track;
  if (phase == PodPhase::kPipelined) {
    n.releasing -= track;
  } else if (phase == PodPhase::kReleasing) {
    n.releasing += track;
    n.idle -= track;
  } else {
    n.idle -= track;
  }
  if (join_groups(n, t, p.gpu_groups, phase)) {
    flag_resnapshot(n, node_id);
  }
  ++n.pod_count;
  n.host_ports.insert(n.host_ports.end(), t.host_ports.begin(), t.host_ports.end());
}

void ClusterState::node_sub(PodId pod_id) {
  const PodInfo& p = pod(pod_id);
  const ResourceVector track = charged_request(pod_id, p.node, ChargeStep::kRemove);
  NodeInfo& n = node(p.node);
  touch_node(p.node);
  n.used -= track;
  if (p.phase == PodPhase::kPipelined) {
    n.releasing += track;
  } else if (p.phase == PodPhase::kReleasing) {
    n.releasing -= track;
    n.idle += track;
  } else {
    n.idle += track;
  }
  if (leave_groups(n, spec_of(pod_id), p.gpu_groups, p.phase)) {
    flag_resnapshot(n, p.node);
  }
  --n.pod_count;
  for (const HostPort& hp : spec_of(pod_id).host_ports) {
    const auto it = std::find(n.host_ports.begin(), n.host_ports.end(), hp);
    DRASIM_ASSERT(it != n.host_ports.end(), "a placed pod's host port is missing on its node");
    n.host_ports.erase(it);
  }
}

std::vector<PodId> ClusterState::pods_on(NodeId node_id) const {
  if (node_id.index() >= node_pods.size()) {
    return {};
  }
  std::vector<PodId> out = node_pods[node_id.index()];
  std::sort(out.begin(), out.end());
  return out;
}

void ClusterState::recharge_node(NodeId node_id, const ResourceVector& allocatable_delta) {
  NodeInfo& n = node(node_id);
  touch_node(node_id);
  nodes_changed();
  n.allocatable += allocatable_delta;
  // GetNumberOfGPUsInNode reads the allocatable vector when the node has no count label; the
  // GPU-group guard of the pods put back must see the new count, or a shared pod's whole GPU is
  // taken on add and never given back on remove (kai-scheduler-behavior.md section 1.7).
  if (!n.gpu_count_labelled) {
    n.gpu_count = n.allocatable.get(kGpuSlot) / kMilliPerGpu;
  }
  rebuild_on(n, node_id);
}

void ClusterState::rebuild_on(NodeInfo& n, NodeId node_id) const {
  // Empty, the node starts again as a snapshot builds it: all idle, nothing used or releasing,
  // no groups or device references; then its pods in pod order.
  n.idle = n.allocatable;
  n.used = ResourceVector(n.allocatable.size());
  n.releasing = ResourceVector(n.allocatable.size());
  n.gpu_groups.clear();
  n.dra_gpu_refs.clear();
  n.dra_gpu_saved = 0;
  n.pod_count = 0;
  n.host_ports.clear();
  for (const PodId p : pods_on(node_id)) {
    add_on(n, p, node_id, pod(p).phase);
  }
}

ResourceVector ClusterState::snapshot_idle(NodeId node_id) const {
  NodeInfo scratch = node(node_id);
  rebuild_on(scratch, node_id);
  return scratch.idle;
}

void ClusterState::flag_resnapshot(NodeInfo& n, NodeId node_id) const {
  if (!n.resnapshot) {
    n.resnapshot = true;
    resnapshot_queue_.push_back(node_id);
  }
}

void ClusterState::resnapshot_nodes() {
  const auto rebuild = [this](NodeId id) {
    touch_node(id);
    rebuild_on(nodes[id.index()], id);
    nodes[id.index()].resnapshot = false;
  };
  if (reference) {
    // The slow, obvious way: every node, flagged or not.
    for (size_t i = 0; i < nodes.size(); ++i) {
      rebuild(NodeId::from_index(i));
    }
    resnapshot_queue_.clear();
    return;
  }
  // The flagged nodes only, in node order, taken out of the queue before the walk so that no
  // rebuild can disturb it. The queue also holds nodes whose scratch copy was flagged and
  // nodes queued twice: the flag decides.
  std::vector<NodeId> queued = std::exchange(resnapshot_queue_, {});
  std::sort(queued.begin(), queued.end());
  for (const NodeId id : queued) {
    if (nodes[id.index()].resnapshot) {
      rebuild(id);
    }
  }
}

void ClusterState::place(PodId pod_id, NodeId node_id, PodPhase phase) {
  PodInfo& p = pod(pod_id);
  DRASIM_ASSERT(!p.node.valid(), "placing a pod that is already on a node");
  DRASIM_ASSERT(p.phase == PodPhase::kPending, "only pending pods are placed");
  DRASIM_ASSERT(holds_node(phase), "a placed pod must be pipelined, binding or running");
  const PodTemplate& t = spec_of(pod_id);
  if (t.gpu_share.shared() && p.gpu_groups.empty()) {
    const NodeInfo& n = node(node_id);
    p.gpu_groups = choose_gpus(t, n, PlacementStrategy::kBinpack).groups;
    // An input that binds more than the node holds still gets groups: new ones, as KAI would
    // count the GPUs the pod's labels name.
    if (p.gpu_groups.empty()) {
      for (int64_t k = 0; k < t.gpu_share.devices; ++k) {
        p.gpu_groups.push_back(n.gpu_groups.next_id() + static_cast<uint32_t>(k));
      }
    }
  }
  node_add(pod_id, node_id, phase);
  p.node = node_id;
  set_phase(p, phase);
  if (node_pods.size() < nodes.size()) {
    node_pods.resize(nodes.size());
  }
  node_pods[node_id.index()].push_back(pod_id);
  ++p.epoch;
  JobInfo& job = jobs[p.job.index()];
  --job.pending_pods;
  ++job.active_pods;
  charge_queue(pod_id, false, -1);
  charge_queue(pod_id, true, 1);
  reindex(p.job);
}

void ClusterState::remove(PodId pod_id, PodPhase phase) {
  PodInfo& p = pod(pod_id);
  DRASIM_ASSERT(p.node.valid(), "removing a pod that is on no node");
  node_sub(pod_id);
  const bool was_releasing = p.phase == PodPhase::kReleasing;
  JobInfo& job = jobs[p.job.index()];
  if (was_releasing) {
    --job.releasing_pods;
  } else {
    charge_queue(pod_id, true, -1);  // while the pod still names its node
  }
  std::vector<PodId>& on_node = node_pods[p.node.index()];
  on_node.erase(std::find(on_node.begin(), on_node.end(), pod_id));
  p.node = NodeId();
  set_phase(p, phase);
  if (phase == PodPhase::kPending) {
    p.gpu_groups.clear();
  }
  --job.active_pods;
  if (phase == PodPhase::kPending) {
    ++job.pending_pods;
    charge_queue(pod_id, false, 1);
  }
  job.succeeded_pods += phase == PodPhase::kSucceeded ? 1 : 0;
  reindex(p.job);
}

void ClusterState::begin_release(PodId pod_id) {
  PodInfo& p = pod(pod_id);
  DRASIM_ASSERT(p.phase == PodPhase::kBinding || p.phase == PodPhase::kRunning,
                "only binding or running pods start releasing");
  NodeInfo& n = node(p.node);
  touch_node(p.node);
  n.releasing += charged_request(pod_id, p.node, ChargeStep::kChange);
  // KAI changes a task's status by removing and re-adding it.
  leave_groups(n, spec_of(pod_id), p.gpu_groups, p.phase);
  if (join_groups(n, spec_of(pod_id), p.gpu_groups, PodPhase::kReleasing)) {
    flag_resnapshot(n, p.node);
  }
  p.released_from = p.phase;
  set_phase(p, PodPhase::kReleasing);
  ++jobs[p.job.index()].releasing_pods;
  index_bound(p.job);
  charge_queue(pod_id, true, -1);
}

void ClusterState::shadow_groups(PodId pod_id, NodeId node_id, const std::vector<uint32_t>& groups,
                                 bool add) {
  NodeInfo& n = node(node_id);
  touch_node(node_id);
  const bool shared = add ? join_groups(n, spec_of(pod_id), groups, PodPhase::kPipelined)
                          : leave_groups(n, spec_of(pod_id), groups, PodPhase::kPipelined);
  if (shared) {
    flag_resnapshot(n, node_id);
  }
}

void ClusterState::undo_release(PodId pod_id) {
  PodInfo& p = pod(pod_id);
  const PodPhase phase = p.released_from;
  DRASIM_ASSERT(p.phase == PodPhase::kReleasing, "only releasing pods are restored");
  NodeInfo& n = node(p.node);
  touch_node(p.node);
  n.releasing -= charged_request(pod_id, p.node, ChargeStep::kChange);
  leave_groups(n, spec_of(pod_id), p.gpu_groups, PodPhase::kReleasing);
  if (join_groups(n, spec_of(pod_id), p.gpu_groups, phase)) {
    flag_resnapshot(n, p.node);
  }
  set_phase(p, phase);
  --jobs[p.job.index()].releasing_pods;
  index_bound(p.job);
  charge_queue(pod_id, true, 1);
}

void ClusterState::check_invariants() const {
  DRASIM_ASSERT(suspended.empty(), "no pod's claims stay suspended after its session");
  std::vector<ResourceVector> used(nodes.size());
  std::vector<uint32_t> counts(nodes.size(), 0);
  std::vector<NodeGpuGroups> groups(nodes.size());
  for (size_t i = 0; i < pods.size(); ++i) {
    const PodInfo& p = pods[i];
    DRASIM_ASSERT(p.phase != PodPhase::kPipelined, "no pipelined pod outlives its session");
    const bool holds = holds_node(p.phase);
    DRASIM_ASSERT(holds == p.node.valid(), "a pod holds a node exactly when binding or running");
    if (holds) {
      used[p.node.index()] += tracked_request(PodId::from_index(i), p.node);
      ++counts[p.node.index()];
      const std::vector<PodId>& listed = node_pods.at(p.node.index());
      DRASIM_ASSERT(std::count(listed.begin(), listed.end(), PodId::from_index(i)) == 1,
                    "a placed pod is listed once on its node");
      const PodTemplate& t = templates[p.spec.index()];
      DRASIM_ASSERT(t.gpu_share.shared() == !p.gpu_groups.empty(),
                    "a placed pod has GPU groups exactly when it is shared");
      for (const uint32_t g : p.gpu_groups) {
        groups[p.node.index()].add_memory(g, shared_task_mib(t, node(p.node)), hold_of(p.phase));
      }
    }
  }
  std::vector<QueueUsage> usage(queues.size());
  for (size_t i = 0; i < pods.size(); ++i) {
    const PodInfo& p = pods[i];
    const JobInfo& job = jobs[p.job.index()];
    const QuotaVector q =
        p.node.valid() ? quota_of(PodId::from_index(i)) : templates[p.spec.index()].quota;
    for (QueueId id = job.queue; id.valid(); id = queues[id.index()].parent) {
      if (p.phase == PodPhase::kPending) {
        usage[id.index()].pending += q;
      } else if (p.phase == PodPhase::kBinding || p.phase == PodPhase::kRunning) {
        usage[id.index()].allocated += q;
        if (!job.preemptible) {
          usage[id.index()].allocated_not_preemptible += q;
        }
      }
    }
  }
  for (size_t j = 0; j < jobs.size(); ++j) {
    const JobInfo& job = jobs[j];
    const bool victim = job.preemptible && job.queue.valid() && job.bound_pods() > 0;
    DRASIM_ASSERT(
        victim == job.bound_at.has_value()
            && (!victim || victim_jobs[job.queue.index()][*job.bound_at] == JobId::from_index(j)),
        "victim_jobs holds exactly the preemptible jobs with bound pods");
  }
  for (size_t q = 0; q < victim_jobs.size(); ++q) {
    std::map<int64_t, uint32_t> priorities;
    for (const JobId j : victim_jobs[q]) {
      ++priorities[jobs[j.index()].priority];
    }
    DRASIM_ASSERT(priorities == victim_priorities[q],
                  "victim_priorities counts the priorities of victim_jobs");
  }
  for (size_t i = 0; i < queues.size(); ++i) {
    DRASIM_ASSERT(
        usage[i].pending == queue_usage[i].pending && usage[i].allocated == queue_usage[i].allocated
            && usage[i].allocated_not_preemptible == queue_usage[i].allocated_not_preemptible,
        "queue usage equals the sum of its pods");
  }
  for (size_t i = 0; i < nodes.size(); ++i) {
    const NodeInfo& n = nodes[i];
    ResourceVector saved(n.allocatable.size());
    saved.set(kGpuSlot, n.dra_gpu_saved);
    DRASIM_ASSERT(n.used + saved == used[i],
                  "node used vector equals the sum of its pods less the shared-device dedup");
    ResourceVector shared(n.allocatable.size());
    shared.set(kGpuSlot, n.gpu_groups.gpus_taken() * kMilliPerGpu);
    DRASIM_ASSERT(n.idle + n.used + shared == n.allocatable,
                  "idle + used + GPUs of shared groups == allocatable");
    DRASIM_ASSERT(n.gpu_groups.gpus_taken() <= n.gpu_groups.used_groups(),
                  "shared groups take at most one GPU each");
    DRASIM_ASSERT(n.gpu_groups.same_memory(groups[i]), "GPU groups match their pods");
    DRASIM_ASSERT(n.pod_count == counts[i], "node pod count matches its pods");
  }
}

}  // namespace drasim::model
