#include "reports/sweep/sweep_table.h"

#include "reports/key_metrics.h"
#include "reports/metrics_json.h"
#include "reports/summary.h"

#include <fmt/format.h>

#include <array>

namespace drasim::reports {
namespace {

/// `device-plugin` as `DevicePlugin`, for a JSON key.
std::string camel(std::string_view name) {
  std::string out;
  bool upper = true;
  for (char c : name) {
    if (c == '-') {
      upper = true;
    } else {
      out += upper && c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
      upper = false;
    }
  }
  return out;
}

/// The pools whose GPU utilization a row shows: all of them together first (the cpu pool has no
/// GPU).
constexpr std::array<sim::NodePool, 4> kGpuPools = {
    sim::NodePool::kAll, sim::NodePool::kDevicePlugin, sim::NodePool::kDra, sim::NodePool::kMixed};

std::string ratio_text(const std::optional<double>& ratio) {
  return ratio ? fmt::format("{:.4f}", *ratio) : "null";
}

}  // namespace

const std::vector<SweepMetric>& sweep_metrics() {
  static const std::vector<SweepMetric> metrics = [] {
    std::vector<SweepMetric> out = {
        {"waitP95", "wait p95", "s"},
        {"pendingPeak", "pending peak", ""},
        {"pendingAtEnd", "pending at the end", ""},
    };
    for (const sim::NodePool pool : kGpuPools) {
      out.push_back({"gpuUtilization" + camel(sim::to_string(pool)),
                     fmt::format("GPU utilization, {}", sim::to_string(pool)), "%"});
    }
    out.insert(out.end(), {{"anomalies", "anomalies", ""},
                           {"evictions", "scheduler evictions", ""},
                           {"eventEvictions", "timeline evictions", ""},
                           {"placements", "placements", ""},
                           {"completed", "pods completed", ""},
                           {"waitP50", "wait p50", "s"},
                           {"waitP99", "wait p99", "s"}});
    return out;
  }();
  return metrics;
}

SweepRow sweep_row(size_t variant, std::vector<std::string> values, const sim::RunResult& result) {
  SweepRow row;
  row.variant = variant;
  row.values = std::move(values);
  row.status = result.all_expectations_passed() ? "passed" : "failed";
  row.expectations_passed = result.expectations_passed();
  row.expectations = result.expectations.size();
  for (const sim::ExpectationResult& e : result.expectations) {
    if (!e.passed) {
      row.failed.push_back(e.name);
    }
  }
  const KeyMetrics k = key_metrics(result, count_pods(pod_rows(result)));
  const sim::WaitSummary& w = result.metrics.waits;
  row.metrics = {
      wait_text(w.p95),
      k.pending_peak ? std::to_string(k.pending_peak->pending) : "null",
      std::to_string(k.pods.pending),
  };
  for (const sim::NodePool pool : kGpuPools) {
    row.metrics.push_back(ratio_text(k.gpu_utilization[static_cast<size_t>(pool)]));
  }
  row.metrics.insert(
      row.metrics.end(),
      {std::to_string(result.anomalies.size()), std::to_string(result.stats.evictions),
       std::to_string(result.stats.event_evictions), std::to_string(result.stats.placements),
       std::to_string(k.pods.completed), wait_text(w.p50), wait_text(w.p99)});
  row.anomaly_kinds = anomaly_kinds_text(result.anomalies);
  return row;
}

SweepRow stopped_row(size_t variant, std::vector<std::string> values, std::string message) {
  SweepRow row;
  row.variant = variant;
  row.values = std::move(values);
  row.status = "stopped";
  row.message = std::move(message);
  row.metrics.assign(sweep_metrics().size(), "null");
  return row;
}

}  // namespace drasim::reports
