#include "reports/csv_report.h"

#include "reports/metrics_json.h"
#include "reports/pod_rows.h"
#include "reports/quota_rows.h"

#include <fmt/format.h>

namespace drasim::reports {
namespace {

/// Appends one line of already-formatted fields.
void line(std::string& out, std::initializer_list<std::string_view> fields) {
  const char* separator = "";
  for (const std::string_view f : fields) {
    out += separator;
    out += csv_field(f);
    separator = ",";
  }
  out += '\n';
}

std::string optional_time(const std::optional<sim::SimTime>& t) {
  return t ? sim::format_seconds(*t) : std::string();
}

std::string metrics_csv(const sim::RunMetrics& m) {
  std::string out;
  line(out, {"t", "pending", "running", "evictions", "failedBinds", "capacityOfflineGpus",
             "waitP50", "waitP95", "waitP99"});
  for (const sim::MetricsRow& r : m.rows) {
    line(out, {sim::format_seconds(r.at), std::to_string(r.pending), std::to_string(r.running),
               std::to_string(r.evictions), std::to_string(r.failed_binds),
               std::to_string(r.capacity_offline_gpus), wait_text(r.wait_p50, ""),
               wait_text(r.wait_p95, ""), wait_text(r.wait_p99, "")});
  }
  return out;
}

std::string utilization_csv(const sim::RunMetrics& m) {
  std::string out;
  line(out, {"t", "pool", "resource", "used", "capacity"});
  for (const sim::NodePool pool : sim::kAllNodePools) {
    for (size_t r = 0; r < sim::kMetricResources; ++r) {
      for (const sim::UsageSample& s : m.usage[static_cast<size_t>(pool)][r]) {
        line(out, {sim::format_seconds(s.at), sim::to_string(pool), sim::quota_resource_name(r),
                   amount_text(r, s.used), amount_text(r, s.capacity)});
      }
    }
  }
  return out;
}

std::string pods_csv(const sim::RunResult& result) {
  std::string out;
  line(out, {"namespace", "name", "queue", "phase", "node", "path", "submittedAt", "boundAt",
             "finishedAt", "evictions", "devices", "reason"});
  for (const PodRow& r : pod_rows(result)) {
    std::string devices;
    for (const model::PodDevice& d : r.devices) {
      devices += fmt::format("{}{}/{}/{}", devices.empty() ? "" : " ", d.driver, d.pool, d.device);
    }
    line(out, {r.namespace_name, r.name, r.queue, r.phase, r.node, r.path,
               sim::format_seconds(r.submitted), optional_time(r.bound), optional_time(r.finished),
               std::to_string(r.evictions), devices, r.reason});
  }
  return out;
}

std::string quota_csv(const sim::RunResult& result) {
  std::string out;
  line(out, {"t", "queue", "resource", "accounted", "fairShare", "actual", "drift"});
  for (const QuotaRow& row : quota_rows(result)) {
    for (const sim::QuotaSample& s : row.series) {
      line(out, {sim::format_seconds(s.at), row.queue, row.resource,
                 sim::format_amount(s.accounted), sim::format_amount(s.fair_share),
                 sim::format_amount(s.actual), sim::format_amount(s.accounted - s.actual)});
    }
  }
  return out;
}

}  // namespace

std::string csv_field(std::string_view field) {
  if (field.find_first_of(",\"\r\n") == std::string_view::npos) {
    return std::string(field);
  }
  std::string out = "\"";
  for (const char c : field) {
    out += c;
    if (c == '"') {
      out += '"';
    }
  }
  out += '"';
  return out;
}

std::vector<FileToWrite> csv_report(const sim::RunResult& result) {
  return {{"metrics.csv", metrics_csv(result.metrics)},
          {"utilization.csv", utilization_csv(result.metrics)},
          {"pods.csv", pods_csv(result)},
          {"quota.csv", quota_csv(result)}};
}

}  // namespace drasim::reports
