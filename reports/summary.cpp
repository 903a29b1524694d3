#include "reports/summary.h"

#include "reports/pod_rows.h"
#include "sim/load/quote.h"

#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <vector>

namespace drasim::reports {

std::string anomaly_kinds_text(const std::vector<model::Anomaly>& anomalies) {
  std::vector<std::string> parts;
  for (const model::AnomalyKind kind : model::kAnomalyKinds) {
    const auto n = std::count_if(anomalies.begin(), anomalies.end(),
                                 [&](const model::Anomaly& a) { return a.kind == kind; });
    if (n > 0) {
      parts.push_back(fmt::format("{} {}", model::to_string(kind), n));
    }
  }
  return parts.empty() ? "0" : fmt::format("{} ({})", anomalies.size(), fmt::join(parts, ", "));
}

namespace {

/// `  waits: p50 0.2s, p95 601.2s, p99 601.2s over 4 binds; 2 still pending (longest 300s)`;
/// nothing when no pod was bound and none is pending.
std::string wait_line(const sim::RunMetrics& m) {
  const auto seconds = [](const std::optional<sim::SimDuration>& d) {
    return sim::format_seconds(sim::SimTime{d ? d->us : 0});
  };
  std::string line;
  if (m.waits.count > 0) {
    line = fmt::format("p50 {}s, p95 {}s, p99 {}s over {} binds", seconds(m.waits.p50),
                       seconds(m.waits.p95), seconds(m.waits.p99), m.waits.count);
  }
  if (m.still_pending > 0) {
    line += fmt::format("{}{} still pending (longest {}s)", line.empty() ? "" : "; ",
                        m.still_pending, seconds(m.still_pending_max_wait));
  }
  return line.empty() ? line : "  waits: " + line + "\n";
}

}  // namespace

std::string text_summary(const sim::RunResult& result) {
  const std::vector<PodRow> rows = pod_rows(result);
  const PodCounts c = count_pods(rows);
  std::string out = fmt::format("scenario {} (profile {}, seed {})\n", result.scenario,
                                sim::to_string(result.profile), result.seed);
  out += fmt::format("  simulated {}s: {} events, {} scheduling cycles, {} placements\n",
                     sim::format_seconds(result.end), result.stats.events, result.stats.cycles,
                     result.stats.placements);
  out += fmt::format("  pods: {} total, {} running, {} completed, {} pending, {} failed\n", c.pods,
                     c.bound, c.completed, c.pending, c.failed);
  if (result.stats.evictions > 0) {
    out += fmt::format("  evictions: {} by the scheduler, {} pods evicted at the end\n",
                       result.stats.evictions, c.evicted);
  }
  out += wait_line(result.metrics);
  out += "  anomalies: " + anomaly_kinds_text(result.anomalies) + "\n";
  constexpr size_t kShown = 10;
  size_t shown = 0;
  for (const PodRow& r : rows) {
    if (r.phase != "Pending" || shown == kShown) {
      continue;
    }
    if (shown++ == 0) {
      out += "  pending:\n";
    }
    out += fmt::format("    {}/{}: {}\n", r.namespace_name, r.name, sim::escape_text(r.reason));
  }
  if (c.pending > static_cast<int64_t>(shown)) {
    out += fmt::format("    ... and {} more\n", c.pending - static_cast<int64_t>(shown));
  }
  for (const auto& w : result.warnings) {
    out += fmt::format("  warning: {}\n", sim::escape_text(w));
  }
  const size_t passed = result.expectations_passed();
  if (!result.expectations.empty()) {
    out += fmt::format("  expectations: {} passed, {} failed\n", passed,
                       result.expectations.size() - passed);
    for (const auto& e : result.expectations) {
      // Expectation names and messages are free text of the scenario: a terminal shows their
      // control bytes escaped, not obeyed.
      out += fmt::format("    {} {}: {}\n", e.passed ? "PASS" : "FAIL", sim::escape_text(e.name),
                         sim::escape_text(e.message));
    }
  }
  return out;
}

}  // namespace drasim::reports
