#include "sim/observe/quota_drift_detector.h"

#include "sim/observe/quota_series.h"

#include <fmt/format.h>

namespace drasim::sim {
namespace {

/// "4 GPUs", "1.5 CPU cores", "1073741824 bytes of memory".
std::string with_unit(size_t resource, double amount) {
  static constexpr std::array<const char*, 3> kUnits = {"CPU cores", "bytes of memory", "GPUs"};
  return format_amount(amount) + " " + kUnits.at(resource);
}

}  // namespace

double quota_in_report_units(size_t resource, int64_t amount) {
  return resource == 1 ? static_cast<double>(amount) : static_cast<double>(amount) / 1000;
}

void QuotaDriftDetector::check_all(model::ClusterState& state, const QueueGroundTruth& truth) {
  for (size_t q = 0; q < drifting_.size(); ++q) {
    check_one(state, truth, model::QueueId::from_index(q));
  }
}

void QuotaDriftDetector::check_queue(model::ClusterState& state, const QueueGroundTruth& truth,
                                     model::QueueId queue) {
  for (model::QueueId id = queue; id.valid(); id = state.queues[id.index()].parent) {
    check_one(state, truth, id);
  }
}

void QuotaDriftDetector::check_one(model::ClusterState& state, const QueueGroundTruth& truth,
                                   model::QueueId queue) {
  const model::QuotaVector& accounted = state.queue_usage[queue.index()].allocated;
  const model::QuotaVector& actual = truth.actual(queue);
  for (size_t r = 0; r < accounted.size(); ++r) {
    bool& drifting = drifting_[queue.index()][r];
    const int64_t drift = accounted[r] - actual[r];
    if (drift == 0 || drifting) {
      drifting = drift != 0;
      continue;
    }
    drifting = true;
    model::Anomaly a;
    a.kind = model::AnomalyKind::kQuotaDrift;
    a.queue = state.queues[queue.index()].spec.meta.name;
    a.resource = quota_resource_name(r);
    a.value = quota_in_report_units(r, drift);
    if (const model::PodId pod = truth.last_pod(queue); pod.valid()) {
      a.pod = state.pod_key(pod);
    }
    a.message =
        fmt::format("queue {}: the scheduler accounts {} but its bound pods hold {} (drift {}{})",
                    a.queue, with_unit(r, quota_in_report_units(r, accounted[r])),
                    format_amount(quota_in_report_units(r, actual[r])), a.value > 0 ? "+" : "",
                    format_amount(a.value));
    state.report(std::move(a));
  }
}

}  // namespace drasim::sim
