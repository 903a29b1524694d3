#include "reports/markdown_report.h"

#include "reports/key_metrics.h"
#include "reports/metrics_json.h"
#include "reports/pod_rows.h"
#include "reports/summary.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>

namespace drasim::reports {
namespace {

constexpr size_t kTopAnomalies = 10;
constexpr size_t kTopReasons = 10;
constexpr size_t kExamplePods = 3;

std::string seconds(const std::optional<sim::SimDuration>& d) {
  return d ? wait_text(d) + " s" : "-";
}

std::string percent(const std::optional<double>& ratio) {
  return ratio ? fmt::format("{:.1f}%", *ratio * 100) : "-";
}

std::string expectations_table(const sim::RunResult& r) {
  if (r.expectations.empty()) {
    return "No expectations.\n\n";
  }
  std::string out = "| | expectation | result |\n| --- | --- | --- |\n";
  for (const sim::ExpectationResult& e : r.expectations) {
    out += fmt::format("| {} | {} | {} |\n", e.passed ? "✅" : "❌", markdown_text(e.name),
                       markdown_text(e.message));
  }
  return out + "\n";
}

std::string metrics_table(const sim::RunResult& r, const PodCounts& c) {
  const sim::RunMetrics& m = r.metrics;
  std::string out = "| metric | value |\n| --- | --- |\n";
  out +=
      fmt::format("| pods | {} ({} running, {} completed, {} pending, {} evicted, {} failed) |\n",
                  c.pods, c.bound, c.completed, c.pending, c.evicted, c.failed);
  out += fmt::format("| placements | {} in {} scheduling cycles |\n", r.stats.placements,
                     r.stats.cycles);
  out += fmt::format("| evictions | {} by the scheduler, {} by timeline events |\n",
                     r.stats.evictions, r.stats.event_evictions);
  out +=
      fmt::format("| wait p50 / p95 / p99 | {} / {} / {} over {} binds |\n", seconds(m.waits.p50),
                  seconds(m.waits.p95), seconds(m.waits.p99), m.waits.count);
  const KeyMetrics k = key_metrics(r, c);
  if (k.pending_peak) {
    out += fmt::format("| pending peak | {} at {} s |\n", k.pending_peak->pending,
                       sim::format_seconds(k.pending_peak->at));
  }
  std::string utilization;
  for (const sim::NodePool pool : sim::kAllNodePools) {
    if (!m.usage[static_cast<size_t>(pool)][2].empty()) {
      utilization += fmt::format("{}{} {}", utilization.empty() ? "" : ", ", sim::to_string(pool),
                                 percent(k.gpu_utilization[static_cast<size_t>(pool)]));
    }
  }
  if (!utilization.empty()) {
    out += "| GPU utilization (time-weighted) | " + utilization + " |\n";
  }
  out += "| anomalies | " + anomaly_kinds_text(r.anomalies) + " |\n";
  out +=
      fmt::format("| simulated | {} s, {} events |\n", sim::format_seconds(r.end), r.stats.events);
  return out + "\n";
}

std::string anomalies_section(const std::vector<model::Anomaly>& anomalies) {
  if (anomalies.empty()) {
    return "";
  }
  std::string out = anomalies.size() > kTopAnomalies ? fmt::format(
                        "### Anomalies (the first {} of {})\n\n", kTopAnomalies, anomalies.size())
                                                     : std::string("### Anomalies\n\n");
  out += "| time (s) | kind | node | pod | what |\n| --- | --- | --- | --- | --- |\n";
  for (size_t i = 0; i < std::min(anomalies.size(), kTopAnomalies); ++i) {
    const model::Anomaly& a = anomalies[i];
    out += fmt::format("| {} | {} | {} | {} | {} |\n", sim::format_seconds(sim::SimTime{a.at_us}),
                       model::to_string(a.kind), markdown_text(a.node), markdown_text(a.pod),
                       markdown_text(a.message));
  }
  return out + "\n";
}

std::string pending_section(const std::vector<PodRow>& rows) {
  std::map<std::string, std::vector<const PodRow*>> by_reason;
  for (const PodRow& r : rows) {
    if (r.phase == "Pending") {
      by_reason[r.reason].push_back(&r);
    }
  }
  if (by_reason.empty()) {
    return "";
  }
  std::vector<std::pair<std::string, std::vector<const PodRow*>>> groups(by_reason.begin(),
                                                                         by_reason.end());
  // Most pods first; equal counts by reason text (the map's order, kept by the stable sort).
  std::stable_sort(groups.begin(), groups.end(),
                   [](const auto& a, const auto& b) { return a.second.size() > b.second.size(); });
  std::string out =
      "### Pending pods by reason\n\n| pods | reason | for example |\n"
      "| --- | --- | --- |\n";
  for (size_t i = 0; i < std::min(groups.size(), kTopReasons); ++i) {
    const auto& [reason, pods] = groups[i];
    std::string examples;
    for (size_t k = 0; k < std::min(pods.size(), kExamplePods); ++k) {
      examples +=
          fmt::format("{}{}/{}", k == 0 ? "" : ", ", pods[k]->namespace_name, pods[k]->name);
    }
    if (pods.size() > kExamplePods) {
      examples += fmt::format(" and {} more", pods.size() - kExamplePods);
    }
    out += fmt::format("| {} | {} | {} |\n", pods.size(), markdown_text(reason),
                       markdown_text(examples));
  }
  if (groups.size() > kTopReasons) {
    out += fmt::format("\n{} more reasons are in the JSON report.\n", groups.size() - kTopReasons);
  }
  return out + "\n";
}

}  // namespace

std::string markdown_text(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    switch (c) {
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '&':
        out += "&amp;";
        break;
      case '\\':
      case '|':
      case '`':
      case '*':
      case '_':
      case '[':
      case ']':
      case '#':
      case '~':
        out += '\\';
        out += c;
        break;
      default:
        out += static_cast<unsigned char>(c) < 0x20 || c == 0x7f ? ' ' : c;
    }
  }
  return out;
}

std::string markdown_report(const sim::RunResult& r) {
  const std::vector<PodRow> rows = pod_rows(r);
  const PodCounts counts = count_pods(rows);
  const size_t failed = r.expectations.size() - r.expectations_passed();
  std::string out = fmt::format("## drasim: {}\n\n", markdown_text(r.scenario));
  out += fmt::format("**{}**: {} of {} expectations held. Profile `{}`, seed {}.\n\n",
                     failed == 0 ? "PASS" : "FAIL", r.expectations.size() - failed,
                     r.expectations.size(), sim::to_string(r.profile), r.seed);
  out += expectations_table(r);
  out += "### Key metrics\n\n" + metrics_table(r, counts);
  out += anomalies_section(r.anomalies);
  out += pending_section(rows);
  return out;
}

}  // namespace drasim::reports
