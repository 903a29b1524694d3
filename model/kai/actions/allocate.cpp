#include "model/kai/actions/allocate.h"

#include "model/cluster/dra_gpus.h"
#include "model/cluster/gpu_sharing.h"
#include "model/kai/actions/fit_request.h"
#include "model/kai/actions/job_picker.h"
#include "model/kai/plugins/dynamicresources/bridge.h"
#include "model/kai/plugins/dynamicresources/dynamicresources.h"
#include "model/kai/plugins/nodeplacement.h"
#include "model/kai/plugins/predicates.h"
#include "model/kai/plugins/proportion/capacity_policy.h"
#include "model/kai/plugins/topology/node_sets.h"

#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <queue>
#include <tuple>
#include <utility>

namespace drasim::model {
namespace {

void set_reason(ClusterState& s, const JobInfo& job, const std::string& reason) {
  for (const PodId p : job.pods) {
    // A pod outside every subgroup keeps its own reason: the job's attempts are not its.
    if (s.pod(p).phase == PodPhase::kPending && (!job.subgroups || s.pod(p).subgroup >= 0)) {
      s.set_pod_reason(p, reason);
    }
  }
}

}  // namespace

QuotaVector AllocateAction::next_request(JobId id) const {
  JobInfo& job = state_.jobs[id.index()];
  if (state_.reference) {
    return chunk_request(state_, tasks_to_allocate(job));
  }
  if (job.request_revision != job.phase_revision) {
    job.next_request = chunk_request(state_, tasks_to_allocate(job));
    job.request_revision = job.phase_revision;
  }
  return job.next_request;
}

std::vector<PodId> AllocateAction::tasks_to_allocate(const JobInfo& job) const {
  if (job.subgroups) {
    return subgroup_tasks_to_allocate(*job.subgroups, state_.subgroup_pods(job));
  }
  const int64_t needed = job.active_pods < job.min_member ? job.min_member - job.active_pods : 1;
  if (needed == 1) {
    // A job the session pipelined whole (a victim placed again) has no pending pod left.
    const std::optional<PodId> first = state_.first_pending(job);
    return first ? std::vector<PodId>{*first} : std::vector<PodId>{};
  }
  std::vector<PodId> pending;
  for (const PodId p : job.pods) {
    if (state_.pod(p).phase == PodPhase::kPending) {
      pending.push_back(p);
    }
  }
  std::sort(pending.begin(), pending.end(),
            [this](PodId a, PodId b) { return state_.task_before(a, b); });
  if (static_cast<int64_t>(pending.size()) > needed) {
    pending.resize(static_cast<size_t>(needed));
  }
  return pending;
}

std::string AllocateAction::failure_message(PodId pod, const DraRejections& dra_rejected,
                                            const std::vector<bool>* within) {
  const TemplateId spec = state_.pod(pod).spec;
  // Count first, name later: this runs for every failing pod shape in every cycle, so it must
  // not build strings per node. Each node contributes its first failing check in KAI's order:
  // every exceeded resource, else its static filter reason, else a host-port conflict.
  const PodTemplate& t = state_.templates[spec.index()];
  const auto& verdicts = state_.node_filters.verdicts(state_, spec, static_node_problem);
  FitRequest fit(state_, pod, uses_bridge(state_, t));
  std::vector<int> per_slot(t.request.size(), 0);
  std::map<uint16_t, int> per_filter;
  std::map<std::string, int> shared_problems;
  std::map<std::string, int> guard_problems;
  int port_conflicts = 0;
  int present = 0;
  for (size_t i = 0; i < state_.nodes.size(); ++i) {
    const NodeInfo& n = state_.nodes[i];
    if (!n.present || (within && !(*within)[i])) {
      continue;
    }
    ++present;
    bool short_of_resources = false;
    if (t.gpu_share.shared()) {
      // A shared task's GPU need is not a vector slot; it fails with its own reason.
      if (std::string why = shared_gpu_problem(t, n, state_.names); !why.empty()) {
        ++shared_problems[std::move(why)];
        short_of_resources = true;
      }
    } else {
      for_each_short_slot(fit.on(n), n, [&](size_t slot) {
        ++per_slot[slot];
        short_of_resources = true;
      });
    }
    if (short_of_resources) {
      continue;
    }
    // KAI's predicates: PredicateByNodeResourcesType before the node and k8s filters.
    if (std::string guard = dra_guard_problem(t, n, state_.kai); !guard.empty()) {
      ++guard_problems[std::move(guard)];
    } else if (verdicts[i] != 0) {
      ++per_filter[verdicts[i]];
    } else if (host_ports_conflict(t, n)) {
      ++port_conflicts;
    }
  }
  std::map<std::string, int> histogram = std::move(shared_problems);
  for (size_t slot = 0; slot < per_slot.size(); ++slot) {
    if (per_slot[slot] > 0) {
      histogram[resource_problem(t, slot, state_.names)] += per_slot[slot];
    }
  }
  for (const auto& [reason, count] : guard_problems) {
    histogram[reason] += count;
  }
  for (const auto& [code, count] : per_filter) {
    histogram[state_.node_filters.reason(code)] += count;
  }
  if (port_conflicts > 0) {
    histogram["node(s) didn't have free ports for the requested pod ports"] += port_conflicts;
  }
  // Nodes the DynamicResources filter rejected passed every check above.
  // Neighbouring nodes mostly give the same reason: a run of equal reasons is counted before
  // it goes into the map, so each node costs one string comparison, not a tree descent.
  const std::string* run = nullptr;
  int run_count = 0;
  for (const auto& [node, answer] : dra_rejected) {
    if (run != nullptr && *run != answer->reason) {
      histogram[*run] += run_count;
      run_count = 0;
    }
    run = &answer->reason;
    ++run_count;
  }
  if (run != nullptr) {
    histogram[*run] += run_count;
  }
  std::vector<std::string> parts;
  for (const auto& [reason, count] : histogram) {
    parts.push_back(fmt::format("{} {}", count, reason));
  }
  // kube-scheduler's FitError sorts the "<count> <reason>" strings.
  std::sort(parts.begin(), parts.end());
  return fmt::format("0/{} nodes are available: {}.", present, fmt::join(parts, ", "));
}

AllocateAction::Placement AllocateAction::place_task(PodId pod, const TopologyScope* scope,
                                                     bool explain) {
  const PodInfo& p = state_.pod(pod);
  const PodTemplate& t = state_.spec_of(pod);
  Placement out;
  std::optional<DynamicResources> dra;
  const bool bridged = uses_bridge(state_, t);
  if (t.has_resource_claims || bridged) {
    dra.emplace(state_, pod, true);
    if (!dra->rejection().empty()) {
      out.reason = dra->rejection();
      return out;
    }
  }
  // Claims of the pod's own (not fresh from a template) make its answer the pod's alone.
  out.class_wide = !dra || dra->class_wide();
  const std::vector<size_t> delegated =
      state_.kai.skip_delegated_in_fit ? mapped_scalar_slots(state_, t) : std::vector<size_t>{};
  if (const auto too_big = exceeds_every_node(t, *pool_max_, state_.names, delegated)) {
    report_unresolvable(pod);
    out.unresolvable = true;
    out.reason = *too_big;
    return out;
  }
  const auto& verdicts = state_.node_filters.verdicts(state_, p.spec, static_node_problem);
  FitRequest fit(state_, pod, bridged);
  const bool gpu_task = !t.cpu_only();
  const std::vector<bool>* within = scope ? &scope->nodes : nullptr;
  // The binpack range spans the node set whatever fits; it is computed when the first node
  // passes the filters, so a pod that fits nowhere never pays for it.
  std::optional<PlacementRange> range;
  const bool with_dra = dra && !dra->skip();

  struct Candidate {
    int64_t score;
    size_t node;
    bool fits_idle;
  };

  std::vector<Candidate> candidates;
  if (with_dra) {
    candidates.reserve(state_.nodes.size());  // one allocation, not a growth per doubling
  }
  std::optional<Candidate> best;
  // Nodes the DynamicResources filter rejected, with its answer (kept for the message), and
  // the answers this scan asked for (remembered ones are kept by the memo).
  DraRejections dra_rejected;
  std::vector<FilterAnswerPtr> asked;
  // A node with fewer free GPUs (idle + releasing) than the pod asks on every node fails
  // can_take, so blocks of such nodes are skipped whole (FreeGpuIndex): the nodes visited,
  // and their order, are those that could pass.
  const int64_t min_gpu = t.gpu_share.shared() ? 0 : fit.min_gpu_milli();
  // The eviction solver's shortcut (scenario_prune.h) relies on which of these tests no
  // eviction can change (presence, the static verdict, the DRA-only guard): keep it in step.
  const auto visit = [&](size_t i) {
    const NodeInfo& n = state_.nodes[i];
    // The block test, node by node: with fewer free GPUs than `min_gpu` the node fails
    // can_take, so the request (for a bridged pod, built per node) is not looked at.
    if (min_gpu > 0 && !state_.reference
        && n.idle.get(kGpuSlot) + n.releasing.get(kGpuSlot) < min_gpu) {
      return;
    }
    if (!n.present || (within && !(*within)[i]) || (feasible_ && !feasible_->has(i))
        || verdicts[i] != 0 || !can_take(t, fit.on(n), n, state_.names)
        || !dra_guard_problem(t, n, state_.kai).empty() || host_ports_conflict(t, n)) {
      return;
    }
    if (with_dra) {
      // A remembered rejection settles the node before it is scored.
      if (const FilterAnswer* known = dra->remembered_rejection(NodeId::from_index(i))) {
        dra_rejected.emplace_back(i, known);
        return;
      }
    }
    const bool fits_idle = fits_on_idle(t, fit.on(n), n);
    if (!range) {
      range = placement_range(state_, gpu_task, within, feasible_ ? &feasible_->nodes() : nullptr);
    }
    int64_t score = node_score(t, n, fits_idle, options_.placement, *range);
    if (scope && !scope->scores.empty()) {
      score += scope->scores[i];
    }
    const Candidate c{score, i, fits_idle};
    if (with_dra) {
      candidates.push_back(c);
    } else if (!best || c.score > best->score || (c.score == best->score && c.node < best->node)) {
      // Nodes are sorted by name, so the lowest index among equal scores breaks ties by name.
      best = c;
    }
  };
  const auto better = [](const Candidate& a, const Candidate& b) {
    return a.score != b.score ? a.score > b.score : a.node < b.node;
  };
  // With DRA, the DynamicResources filter runs on candidates from the best score down (ties by
  // name) and the first node it accepts is the one a filter-everything-then-score pass would
  // pick, because DRA does not change KAI's node scores. Usually the best candidate is
  // accepted, so the next best is found by a scan rather than a full sort. Returns false when
  // the filter settled the pod (a rejection of the pod itself or an accepted node).
  const auto filter_best = [&]() {
    const auto top = std::min_element(candidates.begin(), candidates.end(), better);
    const Candidate c = *top;
    *top = candidates.back();
    candidates.pop_back();
    DynamicResources::Verdict v = dra->filter(NodeId::from_index(c.node));
    if (!dra->rejection().empty()) {
      out.reason = dra->rejection();
      return false;
    }
    if (!v->fits) {
      dra_rejected.emplace_back(c.node, v.get());
      asked.push_back(std::move(v));
      return true;
    }
    out.allocations = dra->kai_allocations(state_.nodes[c.node], v->allocations);
    out.bridge = v->bridge;
    best = c;
    return false;
  };
  // A whole-GPU task without topology or nominated node under binpack scores availability plus
  // nodeplacement only, so a block of nodes can score at most the availability points plus the
  // binpack score of the fewest free GPUs any of its nodes that could take the task has
  // (FreeGpuIndex::bounds). Blocks are visited from the highest bound down, and a candidate is
  // settled once no block left could beat it (or tie it at a lower index): the node, and the
  // DynamicResources filter calls, are those of a scan of every node.
  const bool bounded = !state_.reference && min_gpu > 0 && scope == nullptr && within == nullptr
                       && feasible_ == nullptr && t.nominated_node.empty()
                       && options_.placement == PlacementStrategy::kBinpack;
  if (bounded) {
    range = placement_range(state_, gpu_task, nullptr);
    const std::vector<FreeGpuIndex::Bound> bounds = state_.free_gpus.bounds(
        state_.nodes, min_gpu,
        [&](int64_t whole_free) { return kAvailabilityScore + binpack_score(whole_free, *range); });
    const auto may_beat = [](const FreeGpuIndex::Bound& b, const Candidate& c) {
      return b.score > c.score || (b.score == c.score && b.first < c.node);
    };
    size_t next = 0;
    while (true) {
      std::optional<Candidate> leader = best;
      if (with_dra && !candidates.empty()) {
        leader = *std::min_element(candidates.begin(), candidates.end(), better);
      }
      if (next < bounds.size() && (!leader || may_beat(bounds[next], *leader))) {
        for (size_t i = bounds[next].first; i < bounds[next].end; ++i) {
          visit(i);
        }
        ++next;
      } else if (!with_dra || candidates.empty() || !filter_best()) {
        break;
      }
    }
    if (!out.reason.empty()) {
      return out;
    }
  } else {
    if (feasible_) {
      // An eviction scenario: only its feasible nodes (KAI passes them to AllocateJob).
      for (const size_t i : feasible_->nodes()) {
        visit(i);
      }
    } else {
      for (size_t i = 0; i < state_.nodes.size(); ++i) {
        if (!state_.reference && min_gpu > 0 && i % FreeGpuIndex::kBlock == 0
            && state_.free_gpus.block(state_.nodes, i / FreeGpuIndex::kBlock).max_free_milli
                   < min_gpu) {
          i += FreeGpuIndex::kBlock - 1;
          continue;
        }
        visit(i);
      }
    }
    while (with_dra && !candidates.empty() && filter_best()) {
      // the node was rejected: the next best is tried
    }
    if (!out.reason.empty()) {
      return out;
    }
  }
  if (best) {
    out.node = NodeId::from_index(best->node);
    out.fits_idle = best->fits_idle;
    if (t.gpu_share.shared()) {
      // The chosen GPUs travel on the pod into ClusterState::place; a group short of idle
      // memory makes the task pipelined.
      GpuChoice choice = choose_gpus(t, state_.nodes[best->node], options_.placement);
      out.fits_idle = out.fits_idle && !choice.releasing;
      state_.pod(pod).gpu_groups = std::move(choice.groups);
    }
    return out;
  }
  if (explain) {
    out.reason = failure_message(pod, dra_rejected, within);
  }
  return out;
}

void AllocateAction::report_unresolvable(PodId pod) {
  if (!pool_max_ || !*pool_max_) {
    return;
  }
  const PodTemplate& t = state_.spec_of(pod);
  // A resource no node advertises and no DeviceClass maps can never be served: not by a device
  // plugin, not by DRA. (Claim GPUs are the claims' business, so only container requests.)
  for (size_t slot = kGpuSlot; slot < t.slot_names.size(); ++slot) {
    const std::string& name = t.slot_names[slot];
    if (name.empty() || slot == kPodsSlot
        || t.request.get(slot) - (slot == kGpuSlot ? t.claim_gpu_milli : 0) <= 0
        || (**pool_max_).get(slot) > 0) {
      continue;
    }
    if (bridge_maps(state_, name)) {
      continue;
    }
    const std::string pod_name = state_.pod_key(pod);
    state_.report_once(
        "unresolvable/" + pod_name + "/" + name,
        Anomaly{
            AnomalyKind::kUnresolvableRequest, 0, "",
            state_.jobs[state_.pod(pod).job.index()].queue_name, name,
            static_cast<double>(t.request.get(slot)) / (state_.names.is_milli(slot) ? 1000.0 : 1.0),
            pod_name,
            fmt::format("pod {} requests {}, which no node advertises and which this scheduler "
                        "cannot serve through DRA (no DeviceClass maps it, or the KEP-5004 "
                        "bridge is off): it can never be scheduled",
                        pod_name, name)});
  }
}

void AllocateAction::report_false_reject(const JobInfo& job, PodId pod,
                                         const std::vector<size_t>& slots,
                                         const std::string& failure) {
  std::vector<std::string> names;
  for (const size_t slot : slots) {
    names.push_back(state_.names.name(slot));
  }
  const std::string resources = fmt::format("{}", fmt::join(names, ", "));
  const std::string pod_name = state_.pod_key(pod);
  state_.report_once(
      "topology-false-reject/" + job.namespace_name + "/" + job.name,
      Anomaly{AnomalyKind::kTopologyFalseReject, 0, "", job.queue_name, resources, 0, pod_name,
              fmt::format("job {}/{} was rejected by topology: its DRA-backed {} shows zero free "
                          "capacity in every domain because nodes do not advertise it; skipping "
                          "it, as the allocator serves it, the job fits ({})",
                          job.namespace_name, job.name, resources, failure)});
}

void AllocateAction::record_job_failure(const JobInfo& job, PodId failed, size_t placed,
                                        const std::string& why) {
  // KAI (actions/common/allocate.go, handleFailedTaskAllocation) words a failure as a gang
  // failure only while the job is below minMember; the count is how many of this attempt's
  // tasks were placed before the failing one. An elastic pod beyond minMember just gets its
  // own reason.
  const PodInfo& pod = state_.pod(failed);
  if (job.subgroups) {
    // The gang wording names the failed pod's subgroup while it is below its minMember
    // (KAI: "Resources were found for %d pods from all sub-groups while sub-group %s requires
    // %d pods for gang scheduling").
    const SubGroupNode& leaf = job.subgroups->node(static_cast<size_t>(pod.subgroup));
    const SubGroupPods pods = state_.subgroup_pods(job);
    const auto have = static_cast<int64_t>(pods.active[static_cast<size_t>(pod.subgroup)].size());
    if (have >= leaf.min_available) {
      state_.set_pod_reason(failed, why);
      return;
    }
    set_reason(state_, job,
               fmt::format("pod group {}: resources were found for {} pods from all subgroups "
                           "while subgroup {} requires {} pods; pod {}: {}",
                           job.name, placed, leaf.name, leaf.min_available, pod.name, why));
    return;
  }
  if (job.min_member <= 1 || job.active_pods >= job.min_member) {
    state_.set_pod_reason(failed, why);
    return;
  }
  set_reason(state_, job,
             fmt::format("pod group {}: resources were found for {} pods while {} are required; "
                         "pod {}: {}",
                         job.name, placed, job.min_member, pod.name, why));
}

std::optional<AllocateAction::TaskFailure> AllocateAction::place_tasks(
    const std::vector<PodId>& tasks, Statement& stmt, const TopologyScope* scope) {
  for (size_t i = 0; i < tasks.size(); ++i) {
    const PodId pod = tasks[i];
    if (state_.pod(pod).phase == PodPhase::kReleasing) {
      if (!replace_victim(pod, stmt, scope)) {
        return TaskFailure{pod, i, "an evicted pod fits nowhere"};
      }
      continue;
    }
    // A pod of a class that failed while no node has changed since fails alike, with the
    // same message: the attempt is not repeated. (Not in a topology domain: its message
    // counts the domain's nodes only; not for a pod holding a claim left over from a failed
    // bind, whose attempt is its own; and not in the reference mode.)
    std::optional<ClassFailure>& failed = failed_classes_[state_.spec_of(pod).fit_class];
    const bool memo = allocating_ && scope == nullptr && !state_.reference
                      && !state_.pod(pod).bridge_claim_leftover;
    Placement placement;
    if (memo && failed && failed->nodes_version == state_.nodes_version) {
      placement.reason = failed->reason;
      if (failed->unresolvable) {
        report_unresolvable(pod);
      }
    } else {
      // After allocate, failures are the eviction solver's trials: nobody reads their reason.
      placement = place_task(pod, scope, allocating_);
    }
    if (!placement.node) {
      if (memo && placement.class_wide) {
        failed = ClassFailure{placement.reason, state_.nodes_version, placement.unresolvable};
      }
      return TaskFailure{pod, i, std::move(placement.reason)};
    }
    // The eviction actions only simulate: KAI places their tasks pipeline-only.
    if (placement.fits_idle && allocating_) {
      stmt.allocate(pod, *placement.node, std::move(placement.allocations),
                    std::move(placement.bridge));
    } else {
      stmt.pipeline(pod, *placement.node, std::move(placement.allocations),
                    std::move(placement.bridge));
    }
  }
  return std::nullopt;
}

bool AllocateAction::replace_victim(PodId pod, Statement& stmt, const TopologyScope* scope) {
  PodInfo& p = state_.pod(pod);
  const PodTemplate& t = state_.spec_of(pod);
  // A victim the KEP-5004 bridge may serve only comes back where it is, with the devices it
  // had: un-evicted when its node still has room for it and nobody took the devices its claims
  // gave up in the session (ClusterState::suspend_claims). It is never moved: its synthetic
  // claim is made for one node.
  if (uses_bridge(state_, t)) {
    if (!fits_capacity(state_.tracked_request(pod, p.node), state_.node(p.node), false)
        || (scope && !scope->nodes[p.node.index()]) || !state_.can_resume_claims(pod)) {
      return false;
    }
    stmt.restore(pod);
    return true;
  }
  // place_task writes the GPU groups it would choose onto a shared pod; the victim keeps the
  // groups it holds until it is really moved.
  std::vector<uint32_t> held = p.gpu_groups;
  Placement at = place_task(pod, scope, false);
  std::vector<uint32_t> chosen = std::exchange(p.gpu_groups, std::move(held));
  const bool same_groups = chosen == p.gpu_groups;
  if (!at.node || at.bridge) {
    return false;
  }
  const bool shared = state_.spec_of(pod).gpu_share.shared();
  if (t.has_resource_claims) {
    // KAI's DynamicResources plugin gives a task only virtually evicted the allocation it
    // remembers when it lands on its own node: un-evicted with its devices, if nobody took
    // them in the session. Anywhere else its claims are allocated again for that node.
    if (*at.node == p.node) {
      if (!state_.can_resume_claims(pod)) {
        return false;
      }
      stmt.restore(pod);
      return true;
    }
    return stmt.shadow(pod, *at.node, shared ? std::move(chosen) : std::vector<uint32_t>{},
                       std::move(at.allocations));
  }
  // KAI Statement.Pipeline: a task pipelined onto the node that holds it, on the same GPUs, is
  // un-evicted; anywhere else it is a moved victim, still evicted.
  if (*at.node == p.node && same_groups) {
    stmt.restore(pod);
    return true;
  }
  return stmt.shadow(pod, *at.node, shared ? std::move(chosen) : std::vector<uint32_t>{});
}

std::optional<AllocateAction::TaskFailure> AllocateAction::place_in_topology(
    const JobInfo& job, const std::vector<PodId>& tasks, Statement& stmt) {
  // KAI's allocateJob asks SubsetNodesFn for candidate node sets and tries each with a
  // checkpoint (actions/common/allocate.go; plugins/topology/job_filtering.go).
  // Mapped non-GPU resources of the job: KAI's topology plugin skips them (a cluster-wide
  // DeviceClass lookup); without the skip their zero idle rejects every domain.
  const std::vector<size_t> mapped = mapped_scalar_slots(state_, tasks);
  const bool skip = state_.kai.skip_delegated_in_topology;
  const TopologyPlan plan =
      plan_topology(state_, job, tasks, skip ? mapped : std::vector<size_t>{});
  if (plan.sets.empty() && !skip && !mapped.empty() && allocating_
      && !plan_topology(state_, job, tasks, mapped).sets.empty()) {
    report_false_reject(job, tasks.front(), mapped, plan.failure);
  }
  if (plan.sets.empty()) {
    return TaskFailure{tasks.front(), 0, plan.failure};
  }
  std::optional<TaskFailure> failure;
  for (const TopologyNodeSet& set : plan.sets) {
    const size_t mark = stmt.checkpoint();
    const TopologyScope scope{set.nodes, plan.scores};
    failure = place_tasks(tasks, stmt, &scope);
    if (!failure) {
      return std::nullopt;
    }
    stmt.rollback(mark);
  }
  failure->reason = fmt::format(
      "{}: the constraint could not be satisfied in any of {} candidate domains; last failure: {}",
      describe_constraint(state_, *job.topology), plan.sets.size(), failure->reason);
  return failure;
}

std::optional<AllocateAction::TaskFailure> AllocateAction::place_subgroup(
    const JobInfo& job, size_t at, const std::vector<PodId>& tasks, Statement& stmt,
    const TopologyScope* outer) {
  const SubGroupTree& tree = *job.subgroups;
  const auto below = [&](PodId p) {
    const int32_t leaf = state_.pod(p).subgroup;
    return leaf >= 0 && tree.under(static_cast<size_t>(leaf), at);
  };
  std::vector<PodId> mine;
  std::copy_if(tasks.begin(), tasks.end(), std::back_inserter(mine), below);
  if (mine.empty()) {
    return std::nullopt;  // a member with nothing to place succeeds
  }
  const auto place_members = [&](const TopologyScope* scope) -> std::optional<TaskFailure> {
    if (tree.node(at).leaf) {
      return place_tasks(mine, stmt, scope);
    }
    std::vector<uint32_t> order;  // members by their first task in the chunk
    for (const PodId p : mine) {
      for (const uint32_t c : tree.node(at).children) {
        if (tree.under(static_cast<size_t>(state_.pod(p).subgroup), c)
            && std::find(order.begin(), order.end(), c) == order.end()) {
          order.push_back(c);
        }
      }
    }
    for (const uint32_t c : order) {
      if (std::optional<TaskFailure> f = place_subgroup(job, c, mine, stmt, scope)) {
        return f;
      }
    }
    return std::nullopt;
  };
  const std::optional<JobTopology>& constraint = at == 0 ? job.topology : tree.node(at).topology;
  if (!constraint) {
    return place_members(outer);
  }
  std::vector<PodId> placed;
  std::copy_if(job.pods.begin(), job.pods.end(), std::back_inserter(placed), below);
  const TopologyPlan plan =
      plan_topology(state_, *constraint, placed, mine, {}, outer ? &outer->nodes : nullptr);
  if (plan.sets.empty()) {
    return TaskFailure{mine.front(), 0, plan.failure};
  }
  std::optional<TaskFailure> failure;
  for (const TopologyNodeSet& set : plan.sets) {
    const size_t mark = stmt.checkpoint();
    const TopologyScope scope{set.nodes,
                              plan.scores.empty() && outer ? outer->scores : plan.scores};
    failure = place_members(&scope);
    if (!failure) {
      return std::nullopt;
    }
    stmt.rollback(mark);
  }
  failure->reason = fmt::format(
      "{}{}: the constraint could not be satisfied in any of {} candidate domains; last failure: "
      "{}",
      at == 0 ? std::string() : "subgroup " + tree.node(at).name + ": ",
      describe_constraint(state_, *constraint), plan.sets.size(), failure->reason);
  return failure;
}

std::optional<AllocateAction::TaskFailure> AllocateAction::place_chunk(
    const JobInfo& job, const std::vector<PodId>& tasks, Statement& stmt) {
  if (job.subgroups && job.subgroups->has_topology()) {
    return place_subgroup(job, 0, tasks, stmt, nullptr);
  }
  return job.topology ? place_in_topology(job, tasks, stmt) : place_tasks(tasks, stmt, nullptr);
}

bool AllocateAction::allocate_job(JobId job_id, CycleResult& result) {
  const JobInfo& job = state_.jobs[job_id.index()];
  const std::vector<PodId> tasks = tasks_to_allocate(job);
  if (tasks.empty()) {
    return false;  // only pods outside every subgroup are pending: KAI never schedules them
  }
  if (auto over = over_queue_capacity(state_, job, next_request(job_id))) {
    set_reason(state_, job, *over);
    return false;
  }
  Statement stmt(state_);
  const std::optional<TaskFailure> failure = place_chunk(job, tasks, stmt);
  if (failure) {
    stmt.discard();
    record_job_failure(job, failure->pod, failure->placed, failure->reason);
    return false;
  }
  commit(stmt, job, result);
  return true;
}

void AllocateAction::commit(Statement& stmt, const JobInfo& job, CycleResult& result) {
  const auto& ops = stmt.operations();
  const bool any_pipelined = std::any_of(ops.begin(), ops.end(), [](const Statement::Op& op) {
    return op.pipelined && op.kind == Statement::Kind::kPlace;
  });
  if (any_pipelined) {
    const int64_t bound = std::count_if(job.pods.begin(), job.pods.end(), [&](PodId p) {
      const PodPhase ph = state_.pod(p).phase;
      return ph == PodPhase::kBinding || ph == PodPhase::kRunning;
    });
    if (job.subgroups ? subgroups_should_pipeline(*job.subgroups, state_.subgroup_pods(job))
                      : bound < job.min_member) {
      stmt.convert_all_to_pipelined();
    }
  }
  for (const Statement::Op& op : stmt.operations()) {
    if (op.kind == Statement::Kind::kRestore) {
      continue;  // an un-evicted victim simply stays
    }
    if (op.kind == Statement::Kind::kShadow) {
      pipelined_.push_back(op);  // a moved victim's new place is held until the session closes
      continue;
    }
    if (op.pipelined) {
      pipelined_.push_back(op);
      state_.set_pod_reason(op.pod,
                            fmt::format("pipelined onto node {}: waiting for resources being "
                                        "released",
                                        state_.node(op.node).name));
    } else {
      result.binds.emplace_back(op.pod, op.node);
    }
  }
}

size_t AllocateAction::release_pipelined() {
  Statement closing(state_);
  for (auto it = pipelined_.rbegin(); it != pipelined_.rend(); ++it) {
    closing.undo(*it);
  }
  const size_t count = pipelined_.size();
  pipelined_.clear();
  return count;
}

}  // namespace drasim::model

namespace drasim::model {

void AllocateAction::reject_unqueued() {
  for (const JobId id : state_.pending_unqueued) {
    const JobInfo& job = state_.jobs[id.index()];
    if (!job.queue.valid()) {
      set_reason(state_, job,
                 fmt::format("queue {} does not exist (QueueDoesNotExist)", job.queue_name));
    } else {
      set_reason(state_, job,
                 fmt::format("queue {} is not a leaf queue; only leaf queues receive jobs",
                             job.queue_name));
    }
  }
}

bool AllocateAction::ready(JobId id) {
  JobInfo& job = state_.jobs[id.index()];
  // KAI `IsReadyForScheduling`: enough alive pods (JobInfo::alive_pods) to satisfy minMember,
  // or with subgroups enough ready members at every level.
  if (state_.ready_for_scheduling(job)) {
    return true;
  }
  if (job.not_ready_revision == job.phase_revision && !state_.reference) {
    return false;  // its pods already say why, and nothing they say has changed
  }
  mark_not_ready(job);
  job.not_ready_revision = job.phase_revision;  // after set_pod_reason, which clears it
  return false;
}

void AllocateAction::mark_not_ready(const JobInfo& job) {
  if (job.subgroups) {
    const SubGroupPods pods = state_.subgroup_pods(job);
    const int32_t leaf = first_unready_leaf(*job.subgroups, pods);
    if (leaf < 0) {  // every subgroup is ready, but a minSubGroup asks for more than there are
      set_reason(state_, job,
                 fmt::format("pod group {} is not ready: minSubGroup asks for more subgroups "
                             "than it has",
                             job.name));
      return;
    }
    const auto i = static_cast<size_t>(leaf);
    set_reason(
        state_, job,
        fmt::format("pod group {} is not ready: subgroup {} has {} of {} required pods", job.name,
                    job.subgroups->node(i).name, pods.pending[i].size() + pods.active[i].size(),
                    job.subgroups->node(i).min_available));
    return;
  }
  const int64_t alive = job.alive_pods();
  set_reason(state_, job,
             fmt::format("pod group {} is not ready: {} of {} required pods exist", job.name, alive,
                         job.min_member));
}

void AllocateAction::run(CycleResult& result) {
  pool_max_ = max_allocatable(state_);
  reject_unqueued();

  // KAI's allocate orders only the jobs ready for scheduling (JobsOrderInitOptions
  // FilterUnready, actions/utils/input_jobs.go): a job short of its gang never ranks its queue.
  JobPicker picker(
      session_, [this](const JobKey& key) { return next_request(key.job); },
      [this](const JobKey& key) { return ready(key.job); });
  picker_ = &picker;
  while (const std::optional<JobKey> key = picker.pop()) {
    session_.next_job();
    const JobId job = key->job;
    if (options_.observe_allocate) {
      options_.observe_allocate(session_, *this, job);
    }
    const JobInfo& info = state_.jobs[job.index()];
    ++result.jobs_attempted;
    const bool placed = allocate_job(job, result);
    if (placed) {
      session_.refresh(info.queue);
      picker.invalidate(info.queue);
    }
    if (!placed) {
      ++result.jobs_failed;
      continue;
    }
    // Push back: the job competes again for its next task (elastic growth, one pod at a time).
    if (info.indexed) {
      picker.push_back(*info.indexed);
    }
  }
  picker_ = nullptr;
  if (options_.observe_allocate) {
    options_.observe_allocate(session_, *this, JobId());
  }
  // From here on the eviction actions free capacity, so fit-class failures prove nothing.
  allocating_ = false;
}

}  // namespace drasim::model
