#include "model/cluster_state.h"

#include "model/assert.h"

#include <algorithm>

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

ResourceVector ClusterState::tracked_request(PodId pod_id, NodeId node_id) const {
  ResourceVector track = spec_of(pod_id).request;
  if (!zero_unadvertised_on_reserve) {
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

void ClusterState::submit(PodId pod_id) {
  PodInfo& p = pod(pod_id);
  DRASIM_ASSERT(p.phase == PodPhase::kNotSubmitted, "a pod is submitted once");
  p.phase = PodPhase::kPending;
  ++jobs[p.job.index()].pending_pods;
  reindex(p.job);
}

void ClusterState::finish_unplaced(PodId pod_id, PodPhase phase) {
  PodInfo& p = pod(pod_id);
  DRASIM_ASSERT(p.phase == PodPhase::kNotSubmitted, "only unsubmitted pods end unplaced");
  p.phase = phase;
}

void ClusterState::reindex(JobId job_id) {
  JobInfo& job = jobs[job_id.index()];
  const bool queued = job.queue.valid() && queues[job.queue.index()].leaf;
  std::optional<JobKey> want;
  if (job.pending_pods > 0) {
    const int32_t rank = job.active_pods < job.min_member    ? 0
                         : job.active_pods == job.min_member ? 1
                                                             : 2;
    want = JobKey{-job.priority, rank, job.creation_us, job.name_rank, job_id};
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

void ClusterState::place(PodId pod_id, NodeId node_id, PodPhase phase) {
  PodInfo& p = pod(pod_id);
  DRASIM_ASSERT(!p.node.valid(), "placing a pod that is already on a node");
  DRASIM_ASSERT(p.phase == PodPhase::kPending, "only pending pods are placed");
  DRASIM_ASSERT(holds_node(phase), "a placed pod must be pipelined, binding or running");
  const ResourceVector track = tracked_request(pod_id, node_id);
  NodeInfo& n = node(node_id);
  n.used += track;
  if (phase == PodPhase::kPipelined) {
    n.releasing -= track;
  } else {
    n.idle -= track;
  }
  ++n.pod_count;
  const PodTemplate& t = spec_of(pod_id);
  n.host_ports.insert(n.host_ports.end(), t.host_ports.begin(), t.host_ports.end());
  p.node = node_id;
  p.phase = phase;
  JobInfo& job = jobs[p.job.index()];
  --job.pending_pods;
  ++job.active_pods;
  reindex(p.job);
}

void ClusterState::remove(PodId pod_id, PodPhase phase) {
  PodInfo& p = pod(pod_id);
  DRASIM_ASSERT(p.node.valid(), "removing a pod that is on no node");
  const ResourceVector track = tracked_request(pod_id, p.node);
  NodeInfo& n = node(p.node);
  n.used -= track;
  if (p.phase == PodPhase::kPipelined) {
    n.releasing += track;
  } else {
    n.idle += track;
  }
  --n.pod_count;
  for (const HostPort& hp : spec_of(pod_id).host_ports) {
    const auto it = std::find(n.host_ports.begin(), n.host_ports.end(), hp);
    DRASIM_ASSERT(it != n.host_ports.end(), "a placed pod's host port is missing on its node");
    n.host_ports.erase(it);
  }
  p.node = NodeId();
  p.phase = phase;
  JobInfo& job = jobs[p.job.index()];
  --job.active_pods;
  job.pending_pods += phase == PodPhase::kPending ? 1 : 0;
  reindex(p.job);
}

void ClusterState::check_invariants() const {
  std::vector<ResourceVector> used(nodes.size());
  std::vector<uint32_t> counts(nodes.size(), 0);
  for (size_t i = 0; i < pods.size(); ++i) {
    const PodInfo& p = pods[i];
    DRASIM_ASSERT(p.phase != PodPhase::kPipelined, "no pipelined pod outlives its session");
    const bool holds = holds_node(p.phase);
    DRASIM_ASSERT(holds == p.node.valid(), "a pod holds a node exactly when binding or running");
    if (holds) {
      used[p.node.index()] += tracked_request(PodId::from_index(i), p.node);
      ++counts[p.node.index()];
    }
  }
  for (size_t i = 0; i < nodes.size(); ++i) {
    const NodeInfo& n = nodes[i];
    DRASIM_ASSERT(n.used == used[i], "node used vector equals the sum of its pods");
    DRASIM_ASSERT(n.idle + n.used == n.allocatable, "idle + used == allocatable");
    DRASIM_ASSERT(n.pod_count == counts[i], "node pod count matches its pods");
  }
}

}  // namespace drasim::model
