#include "model/kai/actions/eviction_solver.h"

#include "model/kai/actions/feasible_nodes.h"
#include "model/kai/actions/victim_simulation.h"
#include "model/kai/framework/eviction.h"
#include "model/kai/plugins/predicates.h"
#include "model/kai/plugins/proportion/capacity_policy.h"

#include <algorithm>
#include <tuple>

namespace drasim::model {
namespace {

bool active_allocated(PodPhase p) {
  return p == PodPhase::kBinding || p == PodPhase::kRunning;
}

}  // namespace

std::tuple<int64_t, int, int64_t, int64_t, size_t> EvictionSolver::victim_key(JobId id) const {
  const JobInfo& job = state_.jobs[id.index()];
  // The job as KAI pushes it back: its potential victims are no longer its tasks.
  const std::vector<PodId>& gone = by_job_[id.index()];
  const int32_t rank =
      job.subgroups
          ? subgroups_elastic_rank(*job.subgroups, state_.subgroup_pods(job, &gone), false)
          : JobKey::rank_of(job.bound_pods() - static_cast<int64_t>(gone.size()), job.min_member);
  return {job.priority, rank == 2 ? 0 : 1, -job.creation_us, -static_cast<int64_t>(job.name_rank),
          id.index()};
}

bool EvictionSolver::victim_left(PodId p) const {
  return active_allocated(state_.pod(p).phase) && !potential_[p.index()];
}

bool EvictionSolver::next_chunk(JobId victim, bool& more, VictimChunk& out) {
  const JobInfo& job = state_.jobs[victim.index()];
  more = false;
  out.job = victim;
  out.pods.clear();
  if (job.subgroups) {
    // KAI GetTasksToEvict over the subgroup tree: one step's pods, and whether the job keeps
    // active pods after it (then it goes back into the victim order). Pipelined pods are not
    // victims here, as below.
    SubGroupPods pods = state_.subgroup_pods(job);
    size_t total = 0;
    for (size_t i = 0; i < pods.active.size(); ++i) {
      auto& a = pods.active[i];
      a.erase(std::remove_if(a.begin(), a.end(), [&](PodId p) { return !victim_left(p); }),
              a.end());
      pods.pipelined[i] = 0;
      total += a.size();
    }
    out.pods = subgroup_tasks_to_evict(*job.subgroups, pods);
    more = !out.pods.empty() && out.pods.size() < total;
    return !out.pods.empty();
  }
  std::vector<PodId>& active = out.pods;
  for (const PodId p : job.pods) {
    if (victim_left(p)) {
      active.push_back(p);
    }
  }
  if (active.empty()) {
    return false;
  }
  // Reverse task order: the pod the allocate action would place last goes first. Releasing
  // pods still count as the job's pods for its minimum, as KAI's active-used does not, so only
  // binding and running pods above minMember are surplus, each its own chunk; the rest go
  // together in one last chunk.
  const auto later = [this](PodId a, PodId b) {
    return state_.task_before(b, a);
  };
  const auto n = static_cast<int64_t>(active.size());
  if (n > job.min_member) {
    // A surplus pod: the last in task order (task_before is a total order, ids last).
    more = n > 1;
    const PodId last = *std::min_element(active.begin(), active.end(), later);
    active.assign(1, last);
    return true;
  }
  std::sort(active.begin(), active.end(), later);
  return true;
}

bool EvictionSolver::one_chunk(JobId victim) const {
  const JobInfo& job = state_.jobs[victim.index()];
  if (job.subgroups) {
    return false;
  }
  if (static_cast<int64_t>(job.pods.size()) <= job.min_member) {
    return true;
  }
  const auto left =
      std::count_if(job.pods.begin(), job.pods.end(), [this](PodId p) { return victim_left(p); });
  return left <= job.min_member;
}

void EvictionSolver::take_chunks(const std::vector<JobId>* jobs) {
  taken_ids_.clear();
  if (jobs == nullptr) {
    for (uint32_t i = 0; i < chunk_count_; ++i) {
      taken_ids_.push_back(i);
    }
  } else {
    for (const JobId j : *jobs) {
      const std::vector<uint32_t>& ids = chunks_by_job_[j.index()];
      taken_ids_.insert(taken_ids_.end(), ids.begin(), ids.end());
    }
    std::sort(taken_ids_.begin(), taken_ids_.end());
  }
  taken_.resize(taken_ids_.size());
  for (size_t k = 0; k < taken_ids_.size(); ++k) {
    const VictimChunk& from = potential_chunks_[taken_ids_[k]];
    taken_[k].job = from.job;
    taken_[k].pods.assign(from.pods.begin(), from.pods.end());
  }
}

bool EvictionSolver::frees_room(const std::vector<PodId>& pods,
                                const std::vector<PodId>& tasks) const {
  for (const PodId v : pods) {
    const NodeInfo& n = state_.node(state_.pod(v).node);
    for (const PodId t : tasks) {
      // A fraction fits on a shared GPU's freed part, which the node's vectors do not show
      // while another pod still uses the GPU: leave that to the simulation.
      if (state_.spec_of(t).gpu_share.shared()
          || fits_capacity(state_.spec_of(t).request, n, false)) {
        return true;
      }
    }
  }
  return false;
}

void EvictionSolver::save_shares(QueueId queue) {
  if (saved_in_.size() < state_.queues.size()) {
    saved_in_.resize(state_.queues.size(), 0);
  }
  for (QueueId id = queue; id.valid(); id = state_.queues[id.index()].parent) {
    const size_t i = id.index();
    if (saved_in_[i] == solve_count_) {
      break;  // so are its ancestors
    }
    saved_in_[i] = solve_count_;
    saved_.emplace_back(i, session_.shares[i]);
  }
}

std::vector<QueueId> EvictionSolver::committed_queues() const {
  std::vector<QueueId> out;
  for (const auto& entry : saved_) {
    out.push_back(QueueId::from_index(entry.first));
  }
  return out;
}

void EvictionSolver::reset_shares() {
  for (const auto& [i, share] : saved_) {
    session_.shares[i] = share;
  }
}

bool EvictionSolver::base_takes(JobId job, const std::vector<PodId>& tasks) {
  if (!base_takes_) {
    Statement stmt(state_);
    base_takes_ = !placer_.place_chunk(state_.jobs[job.index()], tasks, stmt);
    stmt.discard();
  }
  return *base_takes_;
}

ScenarioOutcome EvictionSolver::simulate(JobId job, const std::vector<PodId>& tasks,
                                         const std::vector<PodId>& evicted, Statement& stmt) {
  const size_t mark = stmt.checkpoint();
  // Re-placing victims only takes capacity back, so a preemptor that does not fit with every
  // victim gone cannot fit in the simulation either: that costs one placement instead of one
  // per victim job. (Greedy placement is monotone in free capacity except where node scores
  // steer a gang differently; KAI's idle-GPU scenario filters make the same kind of cut.)
  const JobInfo& preemptor = state_.jobs[job.index()];
  if (over_queue_capacity(state_, preemptor, chunk_request(state_, tasks))) {
    return ScenarioOutcome::kOverCapacity;
  }
  // A single task that no feasible node takes without victims can only land where the
  // scenario freed something: the victims' nodes, unless a victim's claim gives up devices
  // elsewhere (frees_elsewhere: a pool that is not node-local, or a claim the task shares).
  // Not for a shared-GPU task (kept as it was when trial placements still used up group ids).
  // The reference mode tries every feasible node.
  const PodId task = tasks.front();
  const bool narrow = !state_.reference && tasks.size() == 1
                      && !state_.spec_of(task).gpu_share.shared() && !base_takes(job, tasks)
                      && std::none_of(evicted.begin(), evicted.end(), [&](PodId p) {
                           return state_.suspends_claims(p) && frees_elsewhere(state_, p, task);
                         });
  std::optional<FeasibleNodes> changed;
  if (narrow) {
    changed.emplace(state_.nodes.size());
    for (const PodId p : evicted) {
      changed->add(state_.pod(p).node.index());
    }
    placer_.simulate_on(&*changed);
  }
  const bool fits = !placer_.place_chunk(preemptor, tasks, stmt);
  placer_.simulate_on(feasible_);
  stmt.rollback(mark);
  if (!fits) {
    return ScenarioOutcome::kNoFit;
  }
  // When the task's failure is its whole class's (no claim of its own pins it, no topology
  // ties its job), the same holds in the simulation for the other pods of its fit class
  // (victims whose claims are fresh again, pending pods of the victim jobs): they too fit no
  // unchanged node.
  const bool class_wide =
      narrow && !preemptor.topology && !preemptor.subgroups && narrow_class_member(state_, task);
  const std::optional<NarrowClass> same =
      class_wide
          ? std::optional<NarrowClass>(NarrowClass{&*changed, state_.spec_of(task).fit_class})
          : std::nullopt;
  const bool placed = simulate_with_victims(session_, placer_, job, tasks, evicted, stmt, same);
  reset_shares();
  if (!placed) {
    return ScenarioOutcome::kNotPlaced;
  }
  // A victim is moved when the simulation placed it again: un-evicted where it was (no longer
  // releasing) or held elsewhere (a shadow operation).
  std::vector<PodId> shadowed;
  for (size_t i = mark; i < stmt.operations().size(); ++i) {
    if (stmt.operations()[i].kind == Statement::Kind::kShadow) {
      shadowed.push_back(stmt.operations()[i].pod);
    }
  }
  for (VictimChunk& chunk : taken_) {
    chunk.moved.assign(chunk.pods.size(), false);
    for (size_t i = 0; i < chunk.pods.size(); ++i) {
      const PodId p = chunk.pods[i];
      chunk.moved[i] = state_.pod(p).phase != PodPhase::kReleasing
                       || std::find(shadowed.begin(), shadowed.end(), p) != shadowed.end();
    }
  }
  return ScenarioOutcome::kAccepted;
}

bool EvictionSolver::try_scenario(JobId job_id, const std::vector<PodId>& tasks,
                                  const std::vector<PodId>& evicted, const std::vector<PodId>& room,
                                  std::optional<size_t> node, const EvictionPolicy& policy,
                                  CycleResult& result) {
  const size_t feasible_mark = feasible_->mark();
  for (const PodId p : evicted) {
    feasible_->add(state_.pod(p).node.index());
    state_.begin_release(p);
    state_.suspend_claims(p);
  }
  Statement stmt(state_);
  const auto fail = [&](ScenarioOutcome outcome, std::string detail = {}) {
    note(evicted, node, outcome, std::move(detail));
    stmt.discard();
    for (auto it = evicted.rbegin(); it != evicted.rend(); ++it) {
      state_.resume_claims(*it);
      state_.undo_release(*it);
    }
    feasible_->rollback(feasible_mark);
    return false;
  };
  if (!frees_room(room, tasks)) {
    return fail(ScenarioOutcome::kNoRoom);  // more victims are needed first
  }
  take_chunks(node ? &by_node_[*node] : nullptr);
  if (const ScenarioOutcome o = simulate(job_id, tasks, evicted, stmt);
      o != ScenarioOutcome::kAccepted) {
    return fail(o);
  }
  const bool all_moved = std::all_of(taken_.begin(), taken_.end(), [](const VictimChunk& c) {
    return std::all_of(c.moved.begin(), c.moved.end(), [](bool m) { return m; });
  });
  if (policy.all_must_move && !all_moved) {
    return fail(ScenarioOutcome::kNotAllMoved);
  }
  if (!policy.valid(taken_)) {
    return fail(ScenarioOutcome::kRejected, record_ != nullptr && policy.why_invalid
                                                ? policy.why_invalid(taken_)
                                                : std::string());
  }
  note(evicted, node, ScenarioOutcome::kAccepted);
  for (const PodId p : evicted) {
    if (state_.pod(p).phase == PodPhase::kReleasing) {
      confirm_eviction(state_, p, policy.message(p), result);
    }
  }
  placer_.commit(stmt, state_.jobs[job_id.index()], result);
  for (const auto& entry : saved_) {
    session_.refresh(QueueId::from_index(entry.first));
  }
  return true;
}

void EvictionSolver::note(const std::vector<PodId>& evicted, std::optional<size_t> node,
                          ScenarioOutcome outcome, std::string detail) const {
  if (record_ == nullptr) {
    return;
  }
  if (record_->tried++ >= kScenariosKept) {
    return;
  }
  ScenarioTrace t;
  t.pods = evicted.size();
  t.outcome = outcome;
  t.detail = std::move(detail);
  for (const PodId p : evicted) {
    const JobInfo& job = state_.jobs[state_.pod(p).job.index()];
    std::string name = job.namespace_name + "/" + job.name;
    if (std::find(t.victim_jobs.begin(), t.victim_jobs.end(), name) == t.victim_jobs.end()) {
      t.victim_jobs.push_back(std::move(name));
    }
  }
  if (node) {
    t.node = state_.nodes[*node].name;
  }
  record_->kept.push_back(std::move(t));
}

bool EvictionSolver::try_scenarios(JobId job_id, const std::vector<PodId>& tasks,
                                   const EvictionPolicy& policy, CycleResult& result) {
  const VictimChunk& latest = potential_chunks_[chunk_count_ - 1];
  if (tasks.size() > 1) {
    // A chunk of several tasks: every potential victim at once (see eviction_solver.h). The
    // nodes of the earlier chunks had their chance, so only the latest one's must gain room.
    std::vector<PodId> all;
    for (size_t i = 0; i < chunk_count_; ++i) {
      all.insert(all.end(), potential_chunks_[i].pods.begin(), potential_chunks_[i].pods.end());
    }
    return try_scenario(job_id, tasks, all, latest.pods, std::nullopt, policy, result);
  }
  // The nodes the latest victim job holds potential victims on, each tried in turn (KAI tries
  // the nodes of the latest potential victim job in map order; drasim in node order).
  std::vector<size_t>& nodes = scenario_nodes_;
  nodes.clear();
  for (const PodId p : by_job_[latest.job.index()]) {
    nodes.push_back(state_.pod(p).node.index());
  }
  std::sort(nodes.begin(), nodes.end());
  nodes.erase(std::unique(nodes.begin(), nodes.end()), nodes.end());
  const auto base_fails = [&] {
    return !base_takes(job_id, tasks);
  };
  for (const size_t node : nodes) {
    // ByNodeScenario.VictimsTasksFromNodes: every potential victim of each job that has one
    // on this node, wherever they are. Jobs that do not reach the node stay as they are. The
    // shortcut (a one-task chunk only) looks at them before they are listed.
    if (prune_.active() && record_ == nullptr
        && prune_.fails(by_node_[node], by_job_, base_fails)) {
      continue;
    }
    std::vector<PodId> evicted;
    for (const JobId j : by_node_[node]) {
      evicted.insert(evicted.end(), by_job_[j.index()].begin(), by_job_[j.index()].end());
    }
    if (try_scenario(job_id, tasks, evicted, evicted, node, policy, result)) {
      return true;
    }
  }
  return false;
}

bool EvictionSolver::solve(JobId job_id, const std::vector<PodId>& tasks,
                           const std::function<std::optional<JobId>()>& next_victim,
                           const EvictionPolicy& policy, CycleResult& result) {
  // The scenarios are simulated on the job's feasible nodes and their victims' nodes only.
  FeasibleNodes feasible(state_, state_.jobs[job_id.index()]);
  feasible_ = &feasible;
  placer_.simulate_on(&feasible);
  // Only a single whole-GPU task without a topology constraint (scenario_prune.h).
  const JobInfo& job = state_.jobs[job_id.index()];
  if (!state_.reference && tasks.size() == 1 && !state_.spec_of(tasks.front()).gpu_share.shared()
      && !job.topology) {
    prune_.begin(tasks.front());
  }
  if (potential_.size() < state_.pods.size()) {
    potential_.resize(state_.pods.size(), false);
  }
  by_job_.resize(std::max(by_job_.size(), state_.jobs.size()));
  chunks_by_job_.resize(std::max(chunks_by_job_.size(), state_.jobs.size()));
  by_node_.resize(std::max(by_node_.size(), state_.nodes.size()));

  struct Reset {
    EvictionSolver& solver;

    ~Reset() {
      solver.placer_.simulate_on(nullptr);
      solver.feasible_ = nullptr;
      solver.prune_.end();
      for (size_t i = 0; i < solver.chunk_count_; ++i) {
        const VictimChunk& c = solver.potential_chunks_[i];
        solver.by_job_[c.job.index()].clear();
        solver.chunks_by_job_[c.job.index()].clear();
        for (const PodId p : c.pods) {
          solver.potential_[p.index()] = false;
        }
      }
      for (const size_t n : solver.nodes_taken_) {
        solver.by_node_[n].clear();
      }
      solver.nodes_taken_.clear();
      solver.chunk_count_ = 0;
    }
  } reset{*this};

  saved_.clear();
  ++solve_count_;
  base_takes_.reset();
  save_shares(job.queue);
  // KAI pops a victim job, takes its next chunk (one surplus pod of an elastic job) and pushes
  // the rest back into its queue's victim order, where its elastic state may now rank it behind
  // another job of the queue (addNextPotentialVictims): elastic victims of one queue alternate.
  // `deferred` holds those remainders; they compete with the feed's next job of the same queue.
  std::vector<JobId> deferred;
  std::optional<JobId> ahead;
  bool fed_out = false;
  const auto next = [&]() -> std::optional<JobId> {
    if (!ahead && !fed_out) {
      ahead = next_victim();
      fed_out = !ahead;
    }
    const auto best = std::min_element(deferred.begin(), deferred.end(), [&](JobId a, JobId b) {
      return victim_key(a) < victim_key(b);
    });
    if (best != deferred.end()
        && (!ahead || state_.jobs[ahead->index()].queue != state_.jobs[best->index()].queue
            || victim_key(*best) < victim_key(*ahead))) {
      const JobId out = *best;
      deferred.erase(best);
      return out;
    }
    const std::optional<JobId> out = ahead;
    ahead.reset();
    return out;
  };
  const auto base_fails = [&] {
    return !base_takes(job_id, tasks);
  };
  while (const std::optional<JobId> victim = next()) {
    if (*victim == job_id) {
      continue;  // a job never evicts its own pods
    }
    if (prune_.active() && record_ == nullptr && one_chunk(*victim)
        && prune_.useless(*victim, base_fails)) {
      // Every scenario with its pods fails (scenario_prune.h), and as one chunk it is never
      // deferred, so the walk goes on as if it had been taken. Its queue is saved as taking it
      // would have (committed_queues).
      save_shares(state_.jobs[victim->index()].queue);
      continue;
    }
    if (chunk_count_ == potential_chunks_.size()) {
      potential_chunks_.emplace_back();
    }
    VictimChunk& chunk = potential_chunks_[chunk_count_];
    bool more = false;
    if (!next_chunk(*victim, more, chunk)) {
      continue;
    }
    if (more) {
      deferred.push_back(*victim);
    }
    // The chunk joins the scenario's potential victims; none is evicted outside a scenario.
    chunks_by_job_[chunk.job.index()].push_back(static_cast<uint32_t>(chunk_count_++));
    std::vector<PodId>& of_job = by_job_[chunk.job.index()];
    for (const PodId p : chunk.pods) {
      if (prune_.active()) {
        prune_.add(p);
      }
      potential_[p.index()] = true;
      of_job.push_back(p);
      std::vector<JobId>& at = by_node_[state_.pod(p).node.index()];
      if (at.empty()) {
        nodes_taken_.push_back(state_.pod(p).node.index());
      }
      if (std::find(at.begin(), at.end(), chunk.job) == at.end()) {
        at.push_back(chunk.job);
      }
    }
    save_shares(state_.jobs[chunk.job.index()].queue);
    if (try_scenarios(job_id, tasks, policy, result)) {
      return true;
    }
  }
  return false;
}

}  // namespace drasim::model
