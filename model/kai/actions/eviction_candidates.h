#pragma once
/// What the eviction actions iterate over: the pending jobs that may trigger evictions (ready,
/// in a leaf queue, past their preemption delay) in scheduling order, and running jobs as
/// victims in victim order (kai-scheduler-behavior.md 3.2, 3.3, 3.7).

#include "model/cluster/cluster_state.h"
#include "model/kai/actions/job_representatives.h"
#include "model/kai/framework/cycle_result.h"
#include "model/kai/framework/job_signatures.h"
#include "model/kai/framework/session.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace drasim::model {

class EvictionCandidates {
 public:
  /// `signatures`: the session's job signatures (kept by reference).
  EvictionCandidates(Session& session, CycleResult& result, const JobSignatures& signatures);

  /// Calls `attempt` for every pending job allowed to evict, in KAI's queue and job order
  /// (JobPicker). `attempt` returns the queues whose shares or jobs it changed (a committed
  /// scenario's); the order is redone for them. A job not ready for scheduling
  /// or inside its preemption delay is left out (for the delay the engine is asked to wake up
  /// when it ends). `next_request` gives a job's next chunk request for the queue order.
  /// `may_evict` (when given) rules out whole leaf queues whose jobs could never find a victim
  /// and `job_may_evict` single jobs, before any of them is ordered.
  void for_each_pending(const std::function<QuotaVector(JobId)>& next_request,
                        const std::function<std::vector<QueueId>(JobId)>& attempt,
                        const std::function<bool(QueueId)>& may_evict = {},
                        const std::function<bool(const JobInfo&)>& job_may_evict = {});

  /// Leaf queues with at least one running preemptible job (victim candidates).
  [[nodiscard]] size_t victim_queues() const { return victim_queues_; }

  [[nodiscard]] bool has_victims(QueueId queue) const { return !snapshot_[queue.index()].empty(); }

  /// The lowest priority among the queue's running preemptible jobs (call when it has any).
  [[nodiscard]] int64_t lowest_victim_priority(QueueId queue) const;

  /// A new action starts: the smallest failed jobs are remembered per action (per leaf queue
  /// in reclaim and preempt, for the whole action in consolidation). `action` is named in the
  /// steps reported to Session::observe_eviction.
  void start_action(Action action) {
    representatives_.clear();
    action_ = action;
  }

  /// Reports a step of the current action (call only when Session::observe_eviction is set).
  /// `scenarios`: the solver's scenarios for the step (EvictionSolver::record).
  void trace(EvictionStep step, JobId job, std::string detail = {}, size_t victims = 0,
             ScenarioLog scenarios = {}) const;

  /// Victims one job at a time, in victim order, until nullopt.
  using VictimFeed = std::function<std::optional<JobId>()>;
  using JobFilter = std::function<bool(const JobInfo&)>;

  /// Running preemptible jobs (binding or running pods) in victim order: `only` that queue,
  /// or every queue in victim queue order (the queue that would be scheduled last first); each
  /// queue's jobs in victim job order (lower priority first, jobs above minMember first, newer
  /// first, then name). Queues `queue_ok` rejects and jobs `job_ok` rejects are skipped.
  /// Everything is lazy, so a solver that succeeds early never orders or filters the rest.
  [[nodiscard]] VictimFeed victims(std::optional<QueueId> only,
                                   std::function<bool(QueueId)> queue_ok, JobFilter job_ok) const;

  /// KAI minruntime: whether the victim started too recently to be evicted by preempt
  /// (`preemptMinRuntime` from its leaf queue up) or reclaim (`reclaimMinRuntime`, method
  /// `lca`: from the child of the lowest common ancestor with the reclaimer's queue up, or the
  /// victim's top-level queue when they share no ancestor).
  [[nodiscard]] bool protected_by_min_runtime(const JobInfo& victim, bool reclaim,
                                              QueueId reclaimer) const;

  /// Scheduling signatures (job_representatives.h): the job is not easier to schedule than
  /// the smallest failed job with its signature in this action (and queue), so it is skipped.
  [[nodiscard]] bool skip_signature(JobId job) const;
  /// The job found no scenario (or failed the action's own check inside its attempt).
  void remember_failure(JobId job);

  /// The shape of a chunk: its tasks' fit classes, sorted (the consolidation memo's key).
  [[nodiscard]] std::vector<uint32_t> shape(const std::vector<PodId>& tasks) const;

 private:
  /// A victim job and its victim job order key.
  struct Victim {
    /// Victim job order: lower priority, above minMember (0) before at or below it (1), newer
    /// (negated creation), then the name rank reversed.
    std::tuple<int64_t, int, int64_t, int64_t> key;
    JobId job;
  };

  /// Makes sure the first `count` victims of the queue are in victim job order.
  void sort_victims(QueueId queue, size_t count) const;

  /// The queue's victims with their order keys, made when first asked for (most cycles
  /// never look at most queues' victims).
  std::vector<Victim>& victims_of(QueueId queue) const;

  /// The minimum runtime (0: none) that protects the victims of `victim_queue` from preempt,
  /// or from reclaim by `reclaimer` (walked up the queue tree without building paths: this is
  /// asked for every victim a reclaimer walks).
  [[nodiscard]] int64_t min_runtime(QueueId victim_queue, bool reclaim, QueueId reclaimer) const;

  /// The queue's side of the victim queue order as its allocation stands.
  const proportion::QueueOrderKey& order_key(QueueId queue) const;

  Session& session_;
  ClusterState& state_;
  int64_t now_us_;
  CycleResult& result_;

  /// By QueueId: the preemptible jobs with bound pods when the session's eviction actions
  /// started (ClusterState::victim_jobs).
  std::vector<std::vector<JobId>> snapshot_;
  /// By QueueId: the snapshot's jobs with their keys (once asked for), put in victim job
  /// order as far as feeds have walked them (`sorted_` entries, growing by partial sorts);
  /// mutable because all of it is a cache.
  mutable std::vector<std::vector<Victim>> by_queue_;
  mutable std::vector<size_t> sorted_;
  mutable std::vector<std::optional<int64_t>> lowest_priority_;
  /// By QueueId: the queue's side of the victim queue order (no next job), worked out again
  /// when its allocation has moved.
  mutable std::vector<proportion::QueueOrderKey> order_keys_;
  size_t victim_queues_ = 0;
  const JobSignatures& signatures_;
  JobRepresentatives representatives_;
  Action action_ = Action::kReclaim;

  /// The representatives' key of a job: its queue (or none, in consolidation) and signature.
  [[nodiscard]] std::vector<uint32_t> representative_key(JobId job) const;
};

}  // namespace drasim::model
