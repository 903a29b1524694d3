#pragma once
/// The `quota-drift` detector (PRODUCT.md section 5): a queue whose accounted usage (KAI's
/// `allocated`, ClusterState::queue_usage) differs from what its Binding and Running pods really
/// hold (QueueGroundTruth), per resource the proportion plugin divides (cpu, memory, gpu).
///
/// One anomaly per episode: reported when a queue and resource's drift goes from zero to
/// non-zero, and again only after it returned to zero. The value is the drift when the episode
/// started (accounted - actual, in report units: cpu cores, memory bytes, GPU devices); the run's
/// largest drift is in the quota rows (QuotaRecorder::peak).

#include "model/cluster/cluster_state.h"
#include "sim/observe/queue_ground_truth.h"

#include <array>
#include <vector>

namespace drasim::sim {

class QuotaDriftDetector {
 public:
  explicit QuotaDriftDetector(size_t queues) : drifting_(queues) {}

  /// After a computed cycle: every queue.
  void check_all(model::ClusterState& state, const QueueGroundTruth& truth);

  /// After a pod transition outside a cycle: the pod's queue and its ancestors.
  void check_queue(model::ClusterState& state, const QueueGroundTruth& truth, model::QueueId queue);

 private:
  void check_one(model::ClusterState& state, const QueueGroundTruth& truth, model::QueueId queue);

  std::vector<std::array<bool, 3>> drifting_;  ///< by queue and resource: in an episode
};

/// A quota amount (cpu millicores, memory bytes, milli-GPUs) in report units (cores, bytes,
/// devices).
double quota_in_report_units(size_t resource, int64_t amount);

}  // namespace drasim::sim
