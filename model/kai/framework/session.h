#pragma once
/// What a KAI scheduling session computes once at open and shares between its actions
/// (framework.Session with the proportion plugin): every queue's quota, limit, weight, usage
/// and fair share in the proportion plugin's units, and the cluster total they divide. Fair
/// shares are divided once per session, level by level (kai-scheduler-behavior.md 4.3, 4.4);
/// inside the session only the allocations move, and `refresh` copies them from the live queue
/// usage of a queue and its ancestors after a job's statement is committed or rolled back.

#include "model/cluster/cluster_state.h"
#include "model/kai/framework/cycle_result.h"
#include "model/kai/plugins/proportion/queue_order.h"
#include "model/kai/plugins/proportion/queue_share.h"

#include <cstdint>
#include <functional>
#include <vector>

namespace drasim::model {

/// A quota vector (cpu millicores, memory bytes, milli-GPUs) in the proportion plugin's units
/// (cpu millicores, memory bytes, GPU devices).
proportion::Amounts to_amounts(const QuotaVector& q);

/// The proportion plugin's view of every queue (index = QueueId), fair shares divided.
/// `total` receives the cluster total: allocatable cpu, memory and TotalGPUs of the present
/// nodes whose conditions allow scheduling.
std::vector<proportion::QueueShare> queue_shares(const ClusterState& state,
                                                 proportion::Amounts& total);

class Session {
 public:
  Session(ClusterState& state, int64_t now_us);

  ClusterState& state;
  int64_t now_us;
  proportion::Amounts total{};
  std::vector<proportion::QueueShare> shares;  ///< by QueueId
  std::vector<QueueId> top_level;
  std::vector<std::vector<QueueId>> children;  ///< by QueueId

  /// SchedulerOptions::between_jobs, called through next_job().
  std::function<void()> between_jobs;
  /// SchedulerOptions::observe_eviction.
  EvictionObserver observe_eviction;

  /// An action is about to attempt its next job (may throw: see SchedulerOptions).
  void next_job() const {
    if (between_jobs) {
      between_jobs();
    }
  }

  /// Copies the live allocations of `queue` and its ancestors into `shares`.
  void refresh(QueueId queue);

  /// One side of KAI's queue order (proportion plugin) for the queue given its next job's
  /// request, worked out to be compared many times (valid while its `current()` holds).
  [[nodiscard]] proportion::QueueOrderKey order_key(QueueId queue, const QuotaVector& next) const;
};

}  // namespace drasim::model
