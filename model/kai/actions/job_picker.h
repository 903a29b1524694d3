#pragma once
/// KAI's job queue for an action (framework JobsOrderByQueues): each leaf queue's pending jobs
/// in job order, and the next job chosen by descending from the top-level queues, taking at
/// each level the child that goes first by the proportion plugin's queue order given the best
/// pending job in its subtree (kai-scheduler-behavior.md 3.3). Queue shares move as jobs are
/// placed, so the descent is redone for every job.

#include "model/cluster/cluster_state.h"
#include "model/kai/framework/session.h"

#include <functional>
#include <optional>
#include <queue>
#include <vector>

namespace drasim::model {

class JobPicker {
 public:
  /// The request of a job's next chunk (what the queue order adds to its queue's allocation).
  using NextRequest = std::function<QuotaVector(const JobKey&)>;
  /// Snapshots the pending index, keeping the jobs `keep` accepts (all when empty).
  /// Whole leaf queues `keep_queue` rejects are left out without looking at their jobs.
  /// `extra` adds jobs the index does not hold (the eviction solver's victims, whose evicted
  /// pods count as pending in its simulation).
  JobPicker(const Session& session, NextRequest next_request,
            const std::function<bool(const JobKey&)>& keep = {},
            const std::function<bool(QueueId)>& keep_queue = {},
            const std::vector<JobKey>& extra = {});

  /// The next job and its leaf queue, or nullopt when every queue is empty.
  std::optional<JobKey> pop();

  /// Puts a job back into its leaf queue (the allocate action's push-back after a success).
  void push_back(const JobKey& key);

  /// The queue's shares or its jobs changed (Session::refresh, a commit): its next job's
  /// request, its choices and its ancestors' are redone at the next pop. Choices of untouched
  /// subtrees are kept between pops. A pop whose leaf's next job asks for the same request as the
  /// job it popped changes no choice (the queue order sees queues and requests only), so the next
  /// pop takes that job without a descent.
  void invalidate(QueueId queue);

  /// A queue that competed with the last popped job's queue at one level of its path, with the
  /// request of the best pending job below it (what the queue order compared).
  struct Rival {
    QueueId queue;
    QuotaVector request;
  };

  /// Right after pop(): for each level of `leaf`'s path, the leaf first, the other queues at
  /// that level that still had pending jobs, in level order. Every sibling on the path was
  /// evaluated by the pop's descent, so their choices are fresh.
  [[nodiscard]] std::vector<std::vector<Rival>> rivals(QueueId leaf) const;

 private:
  struct Work {
    std::vector<JobKey> snapshot;
    size_t cursor = 0;
    std::priority_queue<JobKey, std::vector<JobKey>, std::greater<>> pushed_back;
    std::optional<QuotaVector> head_request;

    [[nodiscard]] bool empty() const { return cursor == snapshot.size() && pushed_back.empty(); }

    [[nodiscard]] const JobKey& head() const;
    void pop();
  };

  struct Best {
    size_t leaf;
    QuotaVector request;
  };

  std::optional<Best> best_of(const std::vector<QueueId>& level);
  std::optional<Best> best_in(QueueId queue);
  std::optional<Best> head_of(size_t leaf);

  const Session& session_;
  NextRequest next_request_;
  std::vector<Work> work_;  ///< by QueueId (only leaves hold jobs)
  /// By QueueId: the best pending job below the queue and the queue's side of the queue
  /// order with that job's request, valid while `fresh_` is set.
  std::vector<std::optional<Best>> best_;
  std::vector<proportion::QueueOrderKey> key_;
  std::vector<bool> fresh_;
  std::optional<Best> root_;  ///< best_of(top_level), valid while `root_fresh_` is set
  bool root_fresh_ = false;
};

}  // namespace drasim::model
