#include "reports/metrics_json.h"

#include "sim/observe/quota_series.h"

#include <string>

namespace drasim::reports {

std::string wait_text(const std::optional<sim::SimDuration>& wait, const char* none) {
  return wait ? sim::format_seconds(sim::SimTime{wait->us}) : std::string(none);
}

std::string amount_text(size_t resource, int64_t amount) {
  if (resource == 1) {
    return std::to_string(amount);
  }
  return sim::format_amount(static_cast<double>(amount) / 1000);
}

namespace {

void write_columns(JsonWriter& w, std::initializer_list<const char*> names) {
  w.key("columns");
  w.begin_array();
  for (const char* name : names) {
    w.value(name);
  }
  w.end_array();
}

void write_rows(JsonWriter& w, const std::vector<sim::MetricsRow>& rows) {
  write_columns(w, {"t", "pending", "running", "evictions", "failedBinds", "capacityOfflineGpus",
                    "waitP50", "waitP95", "waitP99"});
  w.key("series");
  w.begin_array();
  for (const sim::MetricsRow& r : rows) {
    const std::string pending = std::to_string(r.pending);
    const std::string running = std::to_string(r.running);
    const std::string evictions = std::to_string(r.evictions);
    const std::string failed = std::to_string(r.failed_binds);
    const std::string offline = std::to_string(r.capacity_offline_gpus);
    w.number_row({sim::format_seconds(r.at), pending, running, evictions, failed, offline,
                  wait_text(r.wait_p50), wait_text(r.wait_p95), wait_text(r.wait_p99)});
  }
  w.end_array();
}

void write_usage(JsonWriter& w, const sim::RunResult& result) {
  w.key("utilization");
  w.begin_array();
  for (const sim::NodePool pool : sim::kAllNodePools) {
    for (size_t r = 0; r < sim::kMetricResources; ++r) {
      const sim::UsageSeries& series = result.metrics.usage[static_cast<size_t>(pool)][r];
      if (series.empty()) {
        continue;
      }
      w.begin_object();
      w.key("pool");
      w.value(sim::to_string(pool));
      w.key("resource");
      w.value(sim::quota_resource_name(r));
      w.key("average");
      if (const auto average = sim::utilization_over(series, sim::SimTime{}, result.end)) {
        w.raw_number(sim::format_amount(*average));
      } else {
        w.null();
      }
      write_columns(w, {"t", "used", "capacity"});
      w.key("series");
      w.begin_array();
      for (const sim::UsageSample& s : series) {
        w.number_row(
            {sim::format_seconds(s.at), amount_text(r, s.used), amount_text(r, s.capacity)});
      }
      w.end_array();
      w.end_object();
    }
  }
  w.end_array();
}

void write_waits(JsonWriter& w, const sim::WaitSummary& s) {
  w.key("count");
  w.value(s.count);
  for (const auto& [name, value] : {std::pair{"p50", s.p50}, std::pair{"p95", s.p95},
                                    std::pair{"p99", s.p99}, std::pair{"max", s.max}}) {
    w.key(name);
    w.raw_number(wait_text(value));
  }
}

}  // namespace

void write_metrics(JsonWriter& w, const sim::RunResult& result) {
  const sim::RunMetrics& m = result.metrics;
  w.key("metrics");
  w.begin_object();
  write_rows(w, m.rows);
  write_usage(w, result);
  w.key("waits");
  w.begin_object();
  write_waits(w, m.waits);
  w.end_object();
  w.key("waitsByQueue");
  w.begin_array();
  for (const sim::QueueWaits& q : m.by_queue) {
    w.begin_object();
    w.key("queue");
    w.value(q.queue);
    write_waits(w, q.waits);
    w.end_object();
  }
  w.end_array();
  w.key("stillPending");
  w.begin_object();
  w.key("count");
  w.value(m.still_pending);
  w.key("maxWaitSeconds");
  w.raw_number(wait_text(m.still_pending_max_wait));
  w.end_object();
  w.end_object();
}

}  // namespace drasim::reports
