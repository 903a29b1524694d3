#include "model/kai/actions/task_probe.h"

#include "model/kai/actions/fit_request.h"
#include "model/kai/plugins/dynamicresources/bridge.h"
#include "model/kai/plugins/dynamicresources/dynamicresources.h"
#include "model/kai/plugins/predicates.h"
#include "model/kai/plugins/proportion/capacity_policy.h"

#include <algorithm>

namespace drasim::model {
namespace {

void probe_queues(const Session& session, const JobInfo& job, TaskProbe& out) {
  for (int32_t q = job.queue.valid() ? static_cast<int32_t>(job.queue.index()) : -1; q >= 0;
       q = session.shares[static_cast<size_t>(q)].parent) {
    const proportion::QueueShare& share = session.shares[static_cast<size_t>(q)];
    out.queues.push_back(QueueProbe{share.name, share.priority, share.r});
  }
}

/// Which queues the job's queue and its ancestors went before, and by which rule.
QueueTurnProbe probe_turn(const Session& session, const JobInfo& job,
                          const proportion::Amounts& request, const JobPicker& picker) {
  QueueTurnProbe out;
  const std::vector<std::vector<JobPicker::Rival>> rivals = picker.rivals(job.queue);
  QueueId q = job.queue;
  for (const std::vector<JobPicker::Rival>& level : rivals) {
    const proportion::QueueShare& mine = session.shares[q.index()];
    QueueLevelProbe probe{mine.name, {}};
    for (const JobPicker::Rival& r : level) {
      const proportion::QueueShare& theirs = session.shares[r.queue.index()];
      probe.rivals.push_back(QueueRival{
          theirs.name, proportion::queue_order_verdict(
                           {mine, request}, {theirs, to_amounts(r.request)}, session.total)});
    }
    std::sort(probe.rivals.begin(), probe.rivals.end(),
              [](const QueueRival& a, const QueueRival& b) {
                return a.verdict.rule != b.verdict.rule ? a.verdict.rule > b.verdict.rule
                                                        : a.name < b.name;
              });
    out.levels.push_back(std::move(probe));
    q = session.state.queues[q.index()].parent;
  }
  return out;
}

std::vector<SubgroupProbe> probe_subgroups(const ClusterState& s, const JobInfo& job) {
  std::vector<SubgroupProbe> out;
  if (!job.subgroups) {
    return out;
  }
  const SubGroupTree& tree = *job.subgroups;
  const SubGroupPods pods = s.subgroup_pods(job);
  for (size_t i = 1; i < tree.nodes().size(); ++i) {
    const SubGroupNode& n = tree.node(i);
    SubgroupProbe p{n.name, n.parent > 0 ? tree.node(static_cast<size_t>(n.parent)).name : "",
                    n.leaf};
    if (n.leaf) {
      p.alive = static_cast<int64_t>(pods.pending[i].size() + pods.active[i].size());
    } else {
      p.alive = std::count_if(n.children.begin(), n.children.end(),
                              [&](uint32_t c) { return subgroup_ready(tree, pods, c); });
    }
    p.threshold = tree.threshold(i);
    p.ready = subgroup_ready(tree, pods, i);
    out.push_back(std::move(p));
  }
  return out;
}

/// Every filter but DynamicResources on `n`, in KAI's order.
void static_filters(const ClusterState& s, const PodTemplate& t, FitRequest& fit, const NodeInfo& n,
                    NodeProbe& out) {
  if (t.gpu_share.shared()) {
    out.filters[0] = shared_gpu_problem(t, n, s.names);
  } else {
    // Every exceeded slot of the request the fit compares (the bridge's, on this node).
    for_each_short_slot(fit.on(n), n, [&](size_t slot) {
      out.filters[0] += (out.filters[0].empty() ? "" : ", ") + resource_problem(t, slot, s.names);
    });
  }
  out.filters[1] = dra_guard_problem(t, n, s.kai);
  out.filters[2] = n.condition_problem;
  out.filters[3] = taint_problem(t, n);
  out.filters[4] = affinity_problem(t, n);
  if (host_ports_conflict(t, n)) {
    out.filters[5] = "node(s) didn't have free ports for the requested pod ports";
  }
}

/// The pod's extended resources a DeviceClass answers to, with the class and why.
std::vector<BridgeProbe> probe_bridge(const ClusterState& s, const PodTemplate& t) {
  std::vector<BridgeProbe> out;
  if (!s.dra.extended) {
    return out;
  }
  for (const DraCapable& r : t.dra_capable) {
    const DeviceClass* c = s.dra.extended->find(r.name);
    if (c == nullptr) {
      continue;
    }
    BridgeProbe b;
    b.resource = r.name;
    b.device_class = c->meta.name;
    b.explicit_name = c->extended_resource_name == r.name;
    for (const ExtendedResourceMap::Shadowed& sh : s.dra.extended->shadowed()) {
      if (sh.resource == r.name) {
        b.shadowed.push_back(sh.loser);
      }
    }
    b.enabled = bridge_enabled(s);
    for (const NodeInfo& n : s.nodes) {
      if (n.present) {
        ++(n.advertises(r.name) ? b.plugin_nodes : b.dra_nodes);
      }
    }
    out.push_back(std::move(b));
  }
  return out;
}

/// A node that passed every filter: its index and total score.
struct Scored {
  size_t node;
  int64_t score;
};

/// The best score among the nodes that passed (`scored`, in name order: a tie keeps the first,
/// as allocate's scan does). With a topology plan, only inside the first domain it offers that
/// has such a node (allocate tries the domains in order; for a gang the other members' fit,
/// which it also needs, is not judged here); none when it offers none.
std::optional<std::string> choose(const ClusterState& s, const std::vector<Scored>& scored,
                                  const TopologyPlan* plan) {
  const auto best_of = [&](const std::vector<bool>* within) -> std::optional<std::string> {
    const Scored* best = nullptr;
    for (const Scored& c : scored) {
      if ((within == nullptr || (*within)[c.node]) && (best == nullptr || c.score > best->score)) {
        best = &c;
      }
    }
    return best != nullptr ? std::optional<std::string>(s.nodes[best->node].name) : std::nullopt;
  };
  if (plan == nullptr) {
    return best_of(nullptr);
  }
  for (const TopologyNodeSet& set : plan->sets) {
    if (auto chosen = best_of(&set.nodes)) {
      return chosen;
    }
  }
  return std::nullopt;
}

}  // namespace

TaskProbe probe_task(Session& session, PodId pod, const std::vector<PodId>& chunk,
                     PlacementStrategy placement, const JobPicker* picker) {
  ClusterState& s = session.state;
  const PodInfo& p = s.pod(pod);
  const PodTemplate& t = s.spec_of(pod);
  const JobInfo& job = s.jobs[p.job.index()];
  TaskProbe out;
  out.at_us = session.now_us;
  out.job = job.namespace_name + "/" + job.name;
  for (const PodId c : chunk) {
    out.chunk.push_back(s.pod_key(c));
  }
  probe_queues(session, job, out);
  if (picker != nullptr && job.queue.valid()) {
    out.turn = probe_turn(session, job, to_amounts(chunk_request(s, chunk)), *picker);
  }
  out.min_member = job.min_member;
  out.alive = job.alive_pods();
  out.ready = s.ready_for_scheduling(job);
  out.subgroups = probe_subgroups(s, job);
  if (!chunk.empty()) {
    out.over_capacity = over_queue_capacity(s, job, chunk_request(s, chunk));
  }
  out.bridge = probe_bridge(s, t);
  std::optional<TopologyPlan> plan;
  if (job.topology && !chunk.empty()) {
    plan = plan_topology(
        s, job, chunk,
        s.kai.skip_delegated_in_topology ? mapped_scalar_slots(s, chunk) : std::vector<size_t>{},
        true);
    out.topology =
        TopologyProbe{describe_constraint(s, *job.topology), plan->domains, plan->failure};
  }
  const bool bridged = uses_bridge(s, t);
  std::optional<DynamicResources> dra;
  if (t.has_resource_claims || bridged) {
    dra.emplace(s, pod, true);
    out.rejection = dra->rejection();
  }
  const std::vector<size_t> delegated =
      s.kai.skip_delegated_in_fit ? mapped_scalar_slots(s, t) : std::vector<size_t>{};
  if (const auto too_big = exceeds_every_node(t, max_allocatable(s), s.names, delegated)) {
    out.rejection = *too_big;
  }
  FitRequest fit(s, pod, bridged);
  std::optional<PlacementRange> range;
  std::vector<Scored> scored;
  for (size_t i = 0; i < s.nodes.size(); ++i) {
    const NodeInfo& n = s.nodes[i];
    if (!n.present) {
      continue;
    }
    NodeProbe node;
    node.name = n.name;
    static_filters(s, t, fit, n, node);
    if (bridged) {
      node.bridged = delegated_names(s, t, n);
    }
    const bool passed = std::all_of(node.filters.begin(), node.filters.end(),
                                    [](const std::string& f) { return f.empty(); });
    if (!passed) {
      node.filters[kDynamicResourcesFilter] = dra && !dra->skip() ? kNotRun : "";
    } else if (dra && !dra->skip() && out.rejection.empty()) {
      const DynamicResources::Verdict v = dra->filter(NodeId::from_index(i));
      node.filters[kDynamicResourcesFilter] = v->fits ? "" : v->reason;
      if (!v->fits) {
        node.devices = device_verdicts(s, pod, n);
      }
    }
    if (passed && node.filters[kDynamicResourcesFilter].empty() && out.rejection.empty()) {
      node.fits_idle = fits_on_idle(t, fit.on(n), n);
      if (!range) {
        range = placement_range(s, !t.cpu_only());
      }
      node.score = node_score_parts(t, n, node.fits_idle, placement, *range);
      if (plan && !plan->scores.empty()) {
        node.score->topology = plan->scores[i];
      }
      scored.push_back(Scored{i, node.score->total()});
    }
    out.nodes.push_back(std::move(node));
  }
  out.chosen = choose(s, scored, plan ? &*plan : nullptr);
  return out;
}

}  // namespace drasim::model
