#include "model/kai/actions/victim_simulation.h"

#include "model/kai/actions/job_picker.h"
#include "model/kai/plugins/proportion/capacity_policy.h"

#include <algorithm>

namespace drasim::model {
namespace {

class Simulation {
 public:
  Simulation(Session& session, AllocateAction& placer, JobId preemptor,
             const std::vector<PodId>& tasks, const std::vector<PodId>& evicted,
             std::optional<NarrowClass> narrow)
      : session_(session),
        state_(session.state),
        placer_(placer),
        preemptor_(preemptor),
        tasks_(tasks),
        evicted_(evicted),
        narrow_(narrow) {
    std::sort(evicted_.begin(), evicted_.end());
    for (const PodId p : evicted_) {
      victims_.push_back(state_.pod(p).job);
    }
    std::sort(victims_.begin(), victims_.end());
    victims_.erase(std::unique(victims_.begin(), victims_.end()), victims_.end());
  }

  bool run(Statement& stmt) {
    // The evictions moved the victims' queues: the order sees them without their victims.
    std::vector<QueueId> leaves{job(preemptor_).queue};
    for (const JobId v : victims_) {
      session_.refresh(job(v).queue);
      leaves.push_back(job(v).queue);
    }
    // Only the leaf queues of the preemptor and the victims take part, each with all its
    // pending jobs (their turns decide when the queue's next relevant job comes). Other leaves
    // hold only jobs that would be skipped; leaving them out is exact between sibling leaves
    // (the queue order is a strict weak order, so a sibling that goes first in between changes
    // nobody's relative order) and differs from KAI only where such a leaf's next job would
    // stand for its parent queue against another subtree. It keeps a scenario's cost to the
    // pending jobs of those queues instead of every pending job of the cluster.
    const auto in_play = [&](QueueId q) {
      return std::find(leaves.begin(), leaves.end(), q) != leaves.end();
    };
    std::vector<JobKey> extra;
    for (const JobId v : victims_) {
      const std::vector<PodId> chunk = tasks_of(v);
      if (!chunk.empty()) {
        extra.push_back(key_of(v, chunk.front()));
      }
    }
    if (!job(preemptor_).indexed) {
      extra.push_back(key_of(preemptor_, tasks_.front()));
    }
    JobPicker picker(
        session_, [&](const JobKey& key) { return request_of(key.job); },
        [&](const JobKey& key) { return !is_victim(key.job); }, in_play, extra);
    size_t left = victims_.size() + 1;
    bool placed = false;
    while (left > 0) {
      const std::optional<JobKey> key = picker.pop();
      if (!key) {
        break;
      }
      const JobId id = key->job;
      if (id == preemptor_) {
        --left;
        if (over_queue_capacity(state_, job(id), chunk_request(state_, tasks_))
            || place(job(id), tasks_, stmt)) {
          return false;
        }
        placed = true;
      } else if (is_victim(id)) {
        --left;
        place_victim(id, stmt);
        if (!placed && narrow_ && all_back()) {
          // Every victim is back where it was and the rest of the simulation can only take
          // capacity: the preemptor, which fits nowhere without victims (NarrowClass), will
          // find no room when its turn comes.
          return false;
        }
      } else {
        continue;  // a pending job only takes its turn
      }
      session_.refresh(job(id).queue);
      picker.invalidate(job(id).queue);
    }
    return placed;
  }

 private:
  [[nodiscard]] const JobInfo& job(JobId id) const { return state_.jobs[id.index()]; }

  [[nodiscard]] bool is_victim(JobId id) const {
    return std::binary_search(victims_.begin(), victims_.end(), id);
  }

  /// No pod of the scenario is evicted any more: each was placed back where it was.
  [[nodiscard]] bool all_back() const {
    return std::none_of(evicted_.begin(), evicted_.end(),
                        [&](PodId p) { return state_.pod(p).phase == PodPhase::kReleasing; });
  }

  [[nodiscard]] bool evicted_here(PodId p) const {
    return state_.pod(p).phase == PodPhase::kReleasing
           && std::binary_search(evicted_.begin(), evicted_.end(), p);
  }

  /// KAI GetTasksToAllocate(isRealAllocation = false) of a victim job.
  [[nodiscard]] std::vector<PodId> tasks_of(JobId id) const {
    const JobInfo& j = job(id);
    if (j.subgroups) {
      return subgroup_tasks_to_allocate(*j.subgroups, state_.subgroup_pods(j, &evicted_));
    }
    std::vector<PodId> candidates;
    for (const PodId p : j.pods) {
      if (state_.pod(p).phase == PodPhase::kPending || evicted_here(p)) {
        candidates.push_back(p);
      }
    }
    std::sort(candidates.begin(), candidates.end(),
              [this](PodId a, PodId b) { return state_.task_before(a, b); });
    const int64_t active = j.bound_pods();
    const auto needed = static_cast<size_t>(active < j.min_member ? j.min_member - active : 1);
    if (candidates.size() > needed) {
      candidates.resize(needed);
    }
    return candidates;
  }

  /// The request of the job's next chunk: the preemptor's tasks, a victim's tasks as they
  /// stand now, or a pending job's next tasks (kept while its pods stand still).
  [[nodiscard]] QuotaVector request_of(JobId id) const {
    if (id == preemptor_) {
      return chunk_request(state_, tasks_);
    }
    if (is_victim(id)) {
      return chunk_request(state_, tasks_of(id));
    }
    return placer_.next_request(id);
  }

  /// The job order key of a victim job as it stands with its pods evicted (the elastic rank
  /// counts active allocated pods, which leave out releasing ones).
  [[nodiscard]] JobKey key_of(JobId id, PodId head) const {
    const JobInfo& j = job(id);
    return JobKey{-j.priority, state_.elastic_rank(j, false), j.creation_us, j.name_rank, id, head};
  }

  /// One AllocateJob of a victim job: its whole chunk or nothing.
  void place_victim(JobId id, Statement& stmt) {
    const std::vector<PodId> chunk = tasks_of(id);
    if (chunk.empty() || over_queue_capacity(state_, job(id), chunk_request(state_, chunk))) {
      return;
    }
    const size_t mark = stmt.checkpoint();
    if (place(job(id), chunk, stmt)) {
      stmt.rollback(mark);
    }
  }

  /// AllocateAction::place_chunk, on the narrowed nodes when the job places its tasks one by
  /// one (no topology) and every task is of the narrowed class and holds no allocated claim
  /// that could pin it elsewhere (see NarrowClass).
  std::optional<AllocateAction::TaskFailure> place(const JobInfo& j,
                                                   const std::vector<PodId>& chunk,
                                                   Statement& stmt) {
    const auto narrowed = [&](PodId p) {
      return state_.spec_of(p).fit_class == narrow_->fit_class
             && (evicted_here(p) || narrow_class_member(state_, p));
    };
    if (!narrow_ || j.topology || j.subgroups
        || !std::all_of(chunk.begin(), chunk.end(), narrowed)) {
      return placer_.place_chunk(j, chunk, stmt);
    }
    const FeasibleNodes* before = placer_.simulated_on();
    placer_.simulate_on(narrow_->nodes);
    std::optional<AllocateAction::TaskFailure> failure = placer_.place_chunk(j, chunk, stmt);
    placer_.simulate_on(before);
    return failure;
  }

  Session& session_;
  ClusterState& state_;
  AllocateAction& placer_;
  JobId preemptor_;
  const std::vector<PodId>& tasks_;
  std::vector<PodId> evicted_;
  std::vector<JobId> victims_;
  std::optional<NarrowClass> narrow_;
};

}  // namespace

bool narrow_class_member(const ClusterState& state, PodId pod) {
  const PodInfo& p = state.pod(pod);
  return !p.bridge_claim_leftover && std::none_of(p.claims.begin(), p.claims.end(), [&](ClaimId c) {
    return c.valid() && state.claims.at(c).claim.allocation;
  });
}

bool simulate_with_victims(Session& session, AllocateAction& placer, JobId preemptor,
                           const std::vector<PodId>& tasks, const std::vector<PodId>& evicted,
                           Statement& stmt, std::optional<NarrowClass> narrow) {
  return Simulation(session, placer, preemptor, tasks, evicted, narrow).run(stmt);
}

}  // namespace drasim::model
