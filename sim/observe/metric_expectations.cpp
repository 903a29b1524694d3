#include "sim/observe/metric_expectations.h"

#include "sim/observe/quota_series.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace drasim::sim {
namespace {

bool has_queue(const model::ClusterState& s, const std::string& name) {
  return std::any_of(s.queues.begin(), s.queues.end(),
                     [&](const model::QueueInfo& q) { return q.spec.meta.name == name; });
}

/// A fraction as a percentage with at most two decimals: 0.756789 -> "75.68".
std::string percent(double fraction) {
  return format_amount(std::round(fraction * 10000) / 100);
}

/// Whether `value` is within the expectation's bounds (a billionth of slack for rounding).
bool within_bounds(const Expectation& e, double value) {
  constexpr double kSlack = 1e-9;
  return (!e.at_least || value >= *e.at_least - kSlack)
         && (!e.at_most || value <= *e.at_most + kSlack);
}

std::string bounds_text(const Expectation& e) {
  std::string text;
  if (e.at_least) {
    text += fmt::format("at least {}%", percent(*e.at_least));
  }
  if (e.at_most) {
    text += fmt::format("{}at most {}%", text.empty() ? "" : " and ", percent(*e.at_most));
  }
  return text;
}

}  // namespace

ExpectationResult wait_time(const Expectation& e, const Observation& o) {
  if (!e.queue.empty() && !has_queue(o.state, e.queue)) {
    return {e.name, false, fmt::format("no queue named {}", e.queue)};
  }
  std::vector<int64_t> waits = o.metrics.waits(e.queue);
  int64_t pending = 0;
  for (const model::PodInfo& p : o.state.pods) {
    if (p.phase == model::PodPhase::kPending
        && (e.queue.empty() || o.state.jobs[p.job.index()].queue_name == e.queue)) {
      waits.push_back(o.now.us - p.submitted_us);
      ++pending;
    }
  }
  const std::string who = e.queue.empty() ? std::string() : e.queue + " ";
  const std::string bound = format_seconds(SimTime{e.wait_at_most.us});
  const size_t count = waits.size();
  const std::optional<SimDuration> value = wait_percentile(waits, e.percentile);
  if (!value) {
    return {e.name, true,
            fmt::format("{}no pod waited by {}s, expected p{} at most {}s", who,
                        format_seconds(o.now), e.percentile, bound)};
  }
  const std::string still =
      pending > 0 ? fmt::format(", {} of them still pending", pending) : std::string();
  return {
      e.name, *value <= e.wait_at_most,
      fmt::format("{}p{} wait {}s over {} waits{} at {}s, expected at most {}s", who, e.percentile,
                  format_seconds(SimTime{value->us}), count, still, format_seconds(o.now), bound)};
}

ExpectationResult utilization(const Expectation& e, const Observation& o) {
  const UsageSeries& series = o.metrics.usage(e.pool, e.resource);
  const std::string what =
      fmt::format("{} {} utilization", to_string(e.pool), quota_resource_name(e.resource));
  if (e.at && !e.window) {
    const UsageSample s = usage_at(series, o.now);
    if (s.capacity <= 0) {
      return {e.name, false,
              fmt::format("{}: no capacity at {}s, expected {}", what, format_seconds(o.now),
                          bounds_text(e))};
    }
    const double value = static_cast<double>(s.used) / static_cast<double>(s.capacity);
    return {e.name, within_bounds(e, value),
            fmt::format("{} {}% at {}s, expected {}", what, percent(value), format_seconds(o.now),
                        bounds_text(e))};
  }
  const SimTime from = e.window ? e.window->first : SimTime{};
  const SimTime to = e.window ? std::min(e.window->second, o.now) : o.now;
  const std::string window = fmt::format("[{}s, {}s]", format_seconds(from), format_seconds(to));
  const std::optional<double> value = utilization_over(series, from, to);
  if (!value) {
    return {e.name, false,
            fmt::format("{}: no capacity over {}, expected {}", what, window, bounds_text(e))};
  }
  return {e.name, within_bounds(e, *value),
          fmt::format("{} {}% (time-weighted over {}), expected {}", what, percent(*value), window,
                      bounds_text(e))};
}

}  // namespace drasim::sim
