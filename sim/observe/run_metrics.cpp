#include "sim/observe/run_metrics.h"

#include <algorithm>

namespace drasim::sim {

bool MetricsRow::same_values(const MetricsRow& o) const {
  return pending == o.pending && running == o.running && evictions == o.evictions
         && failed_binds == o.failed_binds && capacity_offline_gpus == o.capacity_offline_gpus
         && wait_p50 == o.wait_p50 && wait_p95 == o.wait_p95 && wait_p99 == o.wait_p99;
}

int64_t nearest_rank(int64_t count, int percentile) {
  return std::max<int64_t>(1, (percentile * count + 99) / 100);
}

std::optional<SimDuration> wait_percentile(std::vector<int64_t>& waits, int percentile) {
  if (waits.empty()) {
    return std::nullopt;
  }
  const auto rank = nearest_rank(static_cast<int64_t>(waits.size()), percentile);
  const auto nth = waits.begin() + (rank - 1);
  std::nth_element(waits.begin(), nth, waits.end());
  return SimDuration{*nth};
}

WaitSummary summarize_waits(std::vector<int64_t>& waits) {
  WaitSummary s;
  s.count = static_cast<int64_t>(waits.size());
  if (waits.empty()) {
    return s;
  }
  std::sort(waits.begin(), waits.end());
  const auto at_rank = [&](int percentile) {
    return SimDuration{waits[static_cast<size_t>(nearest_rank(s.count, percentile) - 1)]};
  };
  s.p50 = at_rank(50);
  s.p95 = at_rank(95);
  s.p99 = at_rank(99);
  s.max = SimDuration{waits.back()};
  return s;
}

std::optional<double> utilization_over(const UsageSeries& series, SimTime from, SimTime to) {
  long double used = 0;
  long double capacity = 0;
  UsageSample current;
  SimTime since = from;
  const auto add_until = [&](SimTime until) {
    const SimTime start = std::max(since, from);
    const SimTime end = std::min(until, to);
    if (end > start) {
      const auto span = static_cast<long double>(end.us - start.us);
      used += static_cast<long double>(current.used) * span;
      capacity += static_cast<long double>(current.capacity) * span;
    }
  };
  for (const UsageSample& s : series) {
    add_until(s.at);
    current = s;
    since = s.at;
  }
  add_until(to);
  if (capacity <= 0) {
    return std::nullopt;
  }
  return static_cast<double>(used / capacity);
}

UsageSample usage_at(const UsageSeries& series, SimTime at) {
  const auto after = std::upper_bound(series.begin(), series.end(), at,
                                      [](SimTime t, const UsageSample& s) { return t < s.at; });
  return after == series.begin() ? UsageSample{at, 0, 0} : *(after - 1);
}

}  // namespace drasim::sim
