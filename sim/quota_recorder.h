#pragma once
/// Records every queue's accounted usage and fair share over a run (sim/quota_series.h). The
/// engine calls it after each computed cycle (all queues, the session's fair shares) and after
/// each pod transition outside a cycle that can change a queue's usage (that queue and its
/// ancestors); a sample is appended only when a value changed, so the cost per call is a few
/// comparisons per queue and resource.

#include "model/cluster_state.h"
#include "model/proportion/queue_share.h"
#include "sim/quota_series.h"

#include <vector>

namespace drasim::sim {

class QuotaRecorder {
 public:
  explicit QuotaRecorder(size_t queues) : series_(queues) {}

  /// After a computed cycle: `fair_shares` as its session divided them (by QueueId; empty when
  /// the profile has no session, which keeps the previous ones).
  void after_cycle(const model::ClusterState& state,
                   const std::vector<model::proportion::Amounts>& fair_shares, SimTime now);

  /// After a pod of `queue` was placed or left its node outside a cycle.
  void after_pod(const model::ClusterState& state, model::QueueId queue, SimTime now);

  /// The latest values of one queue and resource (zeros before the first sample).
  [[nodiscard]] QuotaSample current(model::QueueId queue, size_t resource) const;

  /// The series, by QueueId. Call once, at the end.
  std::vector<QueueSeries> take() { return std::move(series_); }

 private:
  void sample(size_t queue, const model::proportion::Amounts& accounted,
              const model::proportion::Amounts* fair_shares, SimTime now);

  std::vector<QueueSeries> series_;
};

}  // namespace drasim::sim
