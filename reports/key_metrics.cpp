#include "reports/key_metrics.h"

#include <algorithm>

namespace drasim::reports {

KeyMetrics key_metrics(const sim::RunResult& result, const PodCounts& pods) {
  KeyMetrics out;
  out.pods = pods;
  const sim::RunMetrics& m = result.metrics;
  const auto peak = std::max_element(
      m.rows.begin(), m.rows.end(),
      [](const sim::MetricsRow& a, const sim::MetricsRow& b) { return a.pending < b.pending; });
  if (peak != m.rows.end()) {
    out.pending_peak = *peak;
  }
  for (const sim::NodePool pool : sim::kAllNodePools) {
    const sim::UsageSeries& gpu = m.usage[static_cast<size_t>(pool)][2];
    if (!gpu.empty()) {
      out.gpu_utilization[static_cast<size_t>(pool)] =
          sim::utilization_over(gpu, sim::SimTime{}, result.end);
    }
  }
  return out;
}

}  // namespace drasim::reports
