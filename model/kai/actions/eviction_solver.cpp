#include "model/kai/actions/eviction_solver.h"

#include "model/kai/framework/eviction.h"
#include "model/kai/framework/statement.h"
#include "model/kai/plugins/predicates.h"
#include "model/kai/plugins/proportion/capacity_policy.h"

#include <algorithm>
#include <tuple>

namespace drasim::model {
namespace {

bool active_allocated(PodPhase p) {
  return p == PodPhase::kBinding || p == PodPhase::kRunning;
}

/// A victim job's place in victim order now (eviction_candidates.h: lower priority, jobs above
/// minMember, newer, then name first), with its id to break ties.
std::tuple<int64_t, int, int64_t, int64_t, size_t> victim_key(const ClusterState& s, JobId id) {
  const JobInfo& job = s.jobs[id.index()];
  const int64_t bound = job.bound_pods();
  return {job.priority, bound > job.min_member ? 0 : 1, -job.creation_us,
          -static_cast<int64_t>(job.name_rank), id.index()};
}

}  // namespace

std::vector<VictimChunk> EvictionSolver::chunks_of(JobId victim) const {
  const JobInfo& job = state_.jobs[victim.index()];
  std::vector<PodId> active;
  for (const PodId p : job.pods) {
    if (active_allocated(state_.pod(p).phase)) {
      active.push_back(p);
    }
  }
  // Reverse task order: the pod the allocate action would place last goes first.
  std::sort(active.begin(), active.end(),
            [this](PodId a, PodId b) { return state_.task_before(b, a); });
  std::vector<VictimChunk> chunks;
  size_t i = 0;
  // Releasing pods still count as the job's pods for its minimum, as KAI's active-used does
  // not, so only binding and running pods above minMember are surplus.
  for (auto count = static_cast<int64_t>(active.size());
       count > job.min_member && i < active.size(); --count, ++i) {
    chunks.push_back(VictimChunk{victim, {active[i]}, {}});
  }
  if (i < active.size()) {
    chunks.push_back(
        VictimChunk{victim, {active.begin() + static_cast<long>(i), active.end()}, {}});
  }
  return chunks;
}

bool EvictionSolver::frees_room(const std::vector<PodId>& pods,
                                const std::vector<PodId>& tasks) const {
  for (const PodId v : pods) {
    const NodeInfo& n = state_.node(state_.pod(v).node);
    for (const PodId t : tasks) {
      if (fits_capacity(state_.spec_of(t).request, n, false)) {
        return true;
      }
    }
  }
  return false;
}

bool EvictionSolver::mark_moved(std::vector<VictimChunk>& taken, bool stop_at_stuck) {
  // A victim that fits somewhere on idle plus releasing capacity (its own released resources
  // included) would be re-placed as a pipelined task: it is "moved", not lost. Each trial
  // reservation takes idle capacity first and releasing capacity for the rest, and every trial
  // is undone before returning. KAI re-places victims through AllocateJob, which checks the
  // queue's capacity first (actions/common/allocate.go): a victim whose queue would go over a
  // limit (or a non-preemptible victim over its quota) stays evicted. Each trial charges its
  // queue for the checks that follow.
  struct Trial {
    NodeId node;
    ResourceVector from_idle;
    ResourceVector from_releasing;
  };

  std::vector<Trial> trials;
  std::vector<PodId> charged;
  bool all_moved = true;
  for (VictimChunk& chunk : taken) {
    chunk.moved.assign(chunk.pods.size(), false);
  }
  for (VictimChunk& chunk : taken) {
    const JobInfo& victim_job = state_.jobs[chunk.job.index()];
    for (size_t i = 0; i < chunk.pods.size() && (all_moved || !stop_at_stuck); ++i) {
      const PodId v = chunk.pods[i];
      all_moved = false;  // until this victim finds a place
      if (state_.spec_of(v).has_resource_claims) {
        continue;  // its devices are not re-allocated in a what-if
      }
      if (over_queue_capacity(state_, victim_job, state_.quota_of(v))) {
        continue;
      }
      // try_place writes the GPU groups it would choose onto a shared pod; the victim keeps
      // the groups it holds.
      std::vector<uint32_t> groups = state_.pod(v).gpu_groups;
      const AllocateAction::Placement at = placer_.try_place(v);
      state_.pod(v).gpu_groups = std::move(groups);
      if (!at.node) {
        continue;
      }
      all_moved = true;
      const ResourceVector track = state_.tracked_request(v, *at.node);
      NodeInfo& n = state_.node(*at.node);
      Trial trial{*at.node, ResourceVector(track.size()), ResourceVector(track.size())};
      for (size_t slot = 0; slot < track.size(); ++slot) {
        const int64_t idle = std::min(track.get(slot), std::max<int64_t>(n.idle.get(slot), 0));
        trial.from_idle.set(slot, idle);
        trial.from_releasing.set(slot, track.get(slot) - idle);
      }
      state_.touch_node(*at.node);
      n.idle -= trial.from_idle;
      n.releasing -= trial.from_releasing;
      trials.push_back(std::move(trial));
      state_.charge_queue(v, true, 1);
      charged.push_back(v);
      chunk.moved[i] = true;
    }
  }
  for (auto it = charged.rbegin(); it != charged.rend(); ++it) {
    state_.charge_queue(*it, true, -1);
  }
  for (auto it = trials.rbegin(); it != trials.rend(); ++it) {
    NodeInfo& n = state_.node(it->node);
    state_.touch_node(it->node);
    n.idle += it->from_idle;
    n.releasing += it->from_releasing;
  }
  return all_moved;
}

bool EvictionSolver::solve(JobId job_id, const std::vector<PodId>& tasks,
                           const std::function<std::optional<JobId>()>& next_victim,
                           const EvictionPolicy& policy, CycleResult& result) {
  Statement stmt(state_);
  std::vector<VictimChunk> taken;
  std::vector<std::pair<PodId, PodPhase>> released;
  const JobInfo& job = state_.jobs[job_id.index()];
  const QuotaVector request = chunk_request(state_, tasks);
  const auto place_tasks = [&] {
    // KAI simulates the preemptor through AllocateJob too, so its queue's capacity is checked
    // against the allocation left once the victims taken so far are released: a job over its
    // queue's limit (or a non-preemptible one over quota) cannot evict its way in.
    if (over_queue_capacity(state_, job, request)) {
      return false;
    }
    return !placer_.place_chunk(job, tasks, stmt).has_value();
  };
  // Earlier scenarios of this action may have left releasing capacity (or a GPU group) the job
  // can use as it is: then it is pipelined without victims of its own.
  if (place_tasks()) {
    placer_.commit(stmt, job, result);
    return true;
  }
  stmt.discard();
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
      return victim_key(state_, a) < victim_key(state_, b);
    });
    if (best != deferred.end()
        && (!ahead || state_.jobs[ahead->index()].queue != state_.jobs[best->index()].queue
            || victim_key(state_, *best) < victim_key(state_, *ahead))) {
      const JobId out = *best;
      deferred.erase(best);
      return out;
    }
    const std::optional<JobId> out = ahead;
    ahead.reset();
    return out;
  };
  while (const std::optional<JobId> victim = next()) {
    if (*victim == job_id) {
      continue;  // a job never evicts its own pods
    }
    std::vector<VictimChunk> chunks = chunks_of(*victim);
    if (chunks.size() > 1) {
      chunks.resize(1);
      deferred.push_back(*victim);
    }
    for (VictimChunk& chunk : chunks) {
      for (const PodId p : chunk.pods) {
        released.emplace_back(p, state_.pod(p).phase);
        state_.begin_release(p);
      }
      taken.push_back(std::move(chunk));
      if (!frees_room(taken.back().pods, tasks)) {
        continue;  // no node gained enough room yet: take more victims first
      }
      const size_t mark = stmt.checkpoint();
      if (!place_tasks()) {
        stmt.rollback(mark);
        continue;
      }
      const bool moved = !policy.replace_victims || mark_moved(taken, policy.all_must_move);
      if ((policy.all_must_move && !moved) || !policy.valid(taken)) {
        stmt.rollback(mark);
        continue;
      }
      for (const VictimChunk& c : taken) {
        for (const PodId p : c.pods) {
          confirm_eviction(state_, p, policy.message(p), result);
        }
      }
      placer_.commit(stmt, job, result);
      return true;
    }
  }
  stmt.discard();
  for (auto it = released.rbegin(); it != released.rend(); ++it) {
    state_.undo_release(it->first, it->second);
  }
  return false;
}

}  // namespace drasim::model
