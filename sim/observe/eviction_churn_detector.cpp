#include "sim/observe/eviction_churn_detector.h"

#include <fmt/format.h>

#include <algorithm>

namespace drasim::sim {

void EvictionChurnDetector::evicted(model::ClusterState& state, model::PodId pod) {
  if (reported_[pod.index()]) {
    return;
  }
  std::vector<int64_t>& times = times_[pod.index()];
  times.push_back(state.now_us);
  const auto in_window = std::find_if(times.begin(), times.end(),
                                      [&](int64_t t) { return t > state.now_us - kWindow.us; });
  times.erase(times.begin(), in_window);
  if (times.size() <= kMaxEvictions) {
    return;
  }
  reported_[pod.index()] = true;
  const model::JobInfo& job = state.jobs[state.pod(pod).job.index()];
  const auto evictions = static_cast<double>(times.size());
  state.report(model::Anomaly{
      model::AnomalyKind::kEvictionChurn, 0, "", job.queue_name, "", evictions, state.pod_key(pod),
      fmt::format("{} was evicted {} times between {}s and {}s and placed again each time: the "
                  "scheduler is taking the same resources back and forth",
                  state.pod_key(pod), times.size(), format_seconds(SimTime{times.front()}),
                  format_seconds(SimTime{state.now_us}))});
  times.clear();
}

}  // namespace drasim::sim
