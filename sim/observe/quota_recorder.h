#pragma once
/// Records every queue's accounted usage, fair share and actual usage (the ground truth of
/// sim/observe/queue_ground_truth.h) over a run (sim/observe/quota_series.h), and each queue's
/// largest quota drift. The engine calls it after each computed cycle (all queues, the session's
/// fair shares) and after each pod transition outside a cycle that can change a queue's usage (that
/// queue and its ancestors); a sample is appended only when a value changed, so the cost per call
/// is a few comparisons per queue and resource.

#include "model/cluster/cluster_state.h"
#include "model/kai/plugins/proportion/queue_share.h"
#include "sim/observe/queue_ground_truth.h"
#include "sim/observe/quota_series.h"

#include <vector>

namespace drasim::sim {

class QuotaRecorder {
 public:
  explicit QuotaRecorder(size_t queues) : series_(queues), peaks_(queues) {}

  /// After a computed cycle: `fair_shares` as its session divided them (by QueueId; empty when
  /// the profile has no session, which keeps the previous ones).
  void after_cycle(const model::ClusterState& state, const QueueGroundTruth& truth,
                   const std::vector<model::proportion::Amounts>& fair_shares, SimTime now);

  /// After a pod of `queue` was placed or left its node outside a cycle.
  void after_pod(const model::ClusterState& state, const QueueGroundTruth& truth,
                 model::QueueId queue, SimTime now);

  /// The latest values of one queue and resource (zeros before the first sample).
  [[nodiscard]] QuotaSample current(model::QueueId queue, size_t resource) const;

  /// The largest drift of one queue and resource so far.
  [[nodiscard]] const DriftPeak& peak(model::QueueId queue, size_t resource) const {
    return peaks_[queue.index()][resource];
  }

  /// The series, by QueueId. Call once, at the end.
  std::vector<QueueSeries> take() { return std::move(series_); }

  /// The drift peaks, by QueueId. Call once, at the end.
  std::vector<QueueDriftPeaks> take_peaks() { return std::move(peaks_); }

  /// The bytes its series hold, for the memory budget.
  [[nodiscard]] uint64_t series_bytes() const;

 private:
  void sample(const model::ClusterState& state, const QueueGroundTruth& truth, size_t queue,
              const model::proportion::Amounts* fair_shares, SimTime now);

  std::vector<QueueSeries> series_;
  std::vector<QueueDriftPeaks> peaks_;
};

}  // namespace drasim::sim
