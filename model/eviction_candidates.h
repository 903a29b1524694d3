#pragma once
/// What the eviction actions iterate over: the pending jobs that may trigger evictions (ready,
/// in a leaf queue, past their preemption delay) in scheduling order, and running jobs as
/// victims in victim order (kai-scheduler-behavior.md 3.2, 3.3, 3.7).

#include "model/cluster_state.h"
#include "model/scheduler.h"

#include <cstdint>
#include <functional>
#include <set>
#include <vector>

namespace drasim::model {

class EvictionCandidates {
 public:
  /// Queue order for pending jobs: whether queue `a` goes before queue `b`.
  using QueueOrder = std::function<bool(QueueId a, QueueId b)>;

  EvictionCandidates(ClusterState& state, int64_t now_us, CycleResult& result, QueueOrder order);

  /// Pending jobs allowed to evict, best first: leaf queues in `order`, each queue's jobs in
  /// job order (interleaved one job per queue turn, as the queue heap pops them). A job inside
  /// its preemption delay is left out, and the engine is asked to wake up when it ends.
  [[nodiscard]] std::vector<JobId> pending_jobs();

  /// Running jobs (binding or running pods), preemptible, passing `filter`, in victim order:
  /// victim queues ranked by `queue_rank` (higher rank gives victims first; none = one rank),
  /// then lower priority first, jobs above minMember first, newer first, name last.
  [[nodiscard]] std::vector<JobId> victims(const std::function<bool(const JobInfo&)>& filter,
                                           const std::vector<int>* queue_rank = nullptr) const;

  /// KAI minruntime: whether the victim started too recently to be evicted by preempt
  /// (`preemptMinRuntime` from its leaf queue up) or reclaim (`reclaimMinRuntime`, method
  /// `lca`: from the child of the lowest common ancestor with the reclaimer's queue up, or the
  /// victim's top-level queue when they share no ancestor).
  [[nodiscard]] bool protected_by_min_runtime(const JobInfo& victim, bool reclaim,
                                              QueueId reclaimer) const;

  /// Scheduling signatures: a job whose tasks look like those of a job that already failed in
  /// this action is skipped.
  [[nodiscard]] bool skip_signature(const std::vector<PodId>& tasks) const;
  void remember_failure(const std::vector<PodId>& tasks);

 private:
  [[nodiscard]] std::vector<uint32_t> signature(const std::vector<PodId>& tasks) const;

  ClusterState& state_;
  int64_t now_us_;
  CycleResult& result_;
  QueueOrder order_;
  std::vector<JobId> running_;  ///< jobs with binding or running pods, preemptible
  std::set<std::vector<uint32_t>> failed_;
};

}  // namespace drasim::model
