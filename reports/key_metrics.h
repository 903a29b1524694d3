#pragma once
/// The few numbers that sum a run up, shared by the Markdown report's metrics table and the rows
/// of a sweep: pod counts, placements and evictions, wait percentiles, the pending peak, the
/// time-weighted GPU utilization of each node pool and the anomaly count.

#include "reports/pod_rows.h"
#include "sim/load/node_pool.h"
#include "sim/observe/run_result.h"

#include <array>
#include <optional>

namespace drasim::reports {

struct KeyMetrics {
  PodCounts pods;
  /// The row with the most pending pods (the first of equals); none for a run without rows.
  std::optional<sim::MetricsRow> pending_peak;
  /// By NodePool: used over available GPU-time from 0 to the end; none when the pool never had a
  /// GPU.
  std::array<std::optional<double>, sim::kNodePools> gpu_utilization;
};

KeyMetrics key_metrics(const sim::RunResult& result, const PodCounts& pods);

}  // namespace drasim::reports
