#include "reports/html/html_data.h"

#include "reports/html/downsample.h"
#include "reports/html/gpu_heatmap.h"
#include "reports/html/html_page.h"
#include "reports/html/wait_histogram.h"
#include "reports/json_writer.h"
#include "reports/metrics_json.h"
#include "reports/pod_rows.h"
#include "reports/quota_rows.h"

#include <algorithm>
#include <optional>
#include <set>

namespace drasim::reports {
namespace {

using Texts = std::vector<std::string>;

std::string number(double v) {
  return sim::format_amount(v);
}

std::string seconds(int64_t us) {
  return sim::format_seconds(sim::SimTime{us});
}

std::string str(std::string_view s) {
  return JsonWriter::quote(s);
}

void columns(JsonWriter& w, const Texts& names) {
  w.key("columns");
  w.begin_array();
  for (const std::string& n : names) {
    w.value(n);
  }
  w.end_array();
}

/// `"key": {"columns": [...], "rows": [[...], ...]}`.
void series(JsonWriter& w, const char* key, const Texts& names, const std::vector<Texts>& rows) {
  w.key(key);
  w.begin_object();
  columns(w, names);
  w.key("rows");
  w.begin_array();
  for (const Texts& r : rows) {
    w.literal_row(r);
  }
  w.end_array();
  w.end_object();
}

void summary(JsonWriter& w, const sim::RunResult& r, const std::vector<PodRow>& pods) {
  const PodCounts c = count_pods(pods);
  const auto passed = static_cast<int64_t>(r.expectations_passed());
  w.key("summary");
  w.begin_object();
  for (const auto& [name, value] : std::initializer_list<std::pair<const char*, int64_t>>{
           {"pods", c.pods},
           {"running", c.bound},
           {"completed", c.completed},
           {"pending", c.pending},
           {"evicted", c.evicted},
           {"failed", c.failed},
           {"placements", static_cast<int64_t>(r.stats.placements)},
           {"schedulerEvictions", static_cast<int64_t>(r.stats.evictions)},
           {"eventEvictions", static_cast<int64_t>(r.stats.event_evictions)},
           {"failedBinds", static_cast<int64_t>(r.stats.failed_binds)},
           {"anomalies", static_cast<int64_t>(r.anomalies.size())},
           {"expectationsPassed", passed},
           {"expectationsFailed", static_cast<int64_t>(r.expectations.size()) - passed},
           {"events", static_cast<int64_t>(r.stats.events)},
           {"cycles", static_cast<int64_t>(r.stats.cycles)}}) {
    w.key(name);
    w.value(value);
  }
  w.key("waitP50");
  w.raw_number(wait_text(r.metrics.waits.p50));
  w.key("waitP95");
  w.raw_number(wait_text(r.metrics.waits.p95));
  w.end_object();
}

/// pending, running, GPUs offline, and the wait percentiles, downsampled together.
void pod_series(JsonWriter& w, const std::vector<sim::MetricsRow>& rows, size_t buckets) {
  const auto wait = [](const std::optional<sim::SimDuration>& d) {
    return d ? static_cast<double>(d->us) : -1.0;
  };
  const std::vector<size_t> keep = m4_keep(
      rows.size(), 6, buckets, [&](size_t i) { return rows[i].at.us; },
      [&](size_t c, size_t i) {
        const sim::MetricsRow& r = rows[i];
        switch (c) {
          case 0:
            return static_cast<double>(r.pending);
          case 1:
            return static_cast<double>(r.running);
          case 2:
            return static_cast<double>(r.capacity_offline_gpus);
          case 3:
            return wait(r.wait_p50);
          case 4:
            return wait(r.wait_p95);
          default:
            return wait(r.wait_p99);
        }
      });
  std::vector<Texts> pods;
  std::vector<Texts> waits;
  for (const size_t i : keep) {
    const sim::MetricsRow& r = rows[i];
    const std::string t = sim::format_seconds(r.at);
    pods.push_back({t, std::to_string(r.pending), std::to_string(r.running),
                    std::to_string(r.capacity_offline_gpus)});
    waits.push_back({t, wait_text(r.wait_p50), wait_text(r.wait_p95), wait_text(r.wait_p99)});
  }
  series(w, "pods", {"t", "pending", "running", "GPUs offline"}, pods);
  series(w, "waits", {"t", "p50", "p95", "p99"}, waits);
}

/// GPUs used and present in the device-plugin and DRA pools: each pool's series downsampled on
/// its own, then every kept time evaluated in both.
void gpu_series(JsonWriter& w, const sim::RunMetrics& m, size_t buckets) {
  const std::array<sim::NodePool, 2> pools = {sim::NodePool::kDevicePlugin, sim::NodePool::kDra};
  std::set<int64_t> times;
  for (const sim::NodePool pool : pools) {
    const sim::UsageSeries& s = m.usage[static_cast<size_t>(pool)][2];
    const std::vector<size_t> keep = m4_keep(
        s.size(), 2, buckets, [&](size_t i) { return s[i].at.us; },
        [&](size_t c, size_t i) {
          return static_cast<double>(c == 0 ? s[i].used : s[i].capacity);
        });
    for (const size_t i : keep) {
      times.insert(s[i].at.us);
    }
  }
  std::vector<Texts> rows;
  for (const int64_t t : times) {
    Texts row = {seconds(t)};
    for (const sim::NodePool pool : pools) {
      const sim::UsageSample s =
          sim::usage_at(m.usage[static_cast<size_t>(pool)][2], sim::SimTime{t});
      row.push_back(amount_text(2, s.used));
      row.push_back(amount_text(2, s.capacity));
    }
    rows.push_back(std::move(row));
  }
  series(w, "gpus", {"t", "device-plugin used", "device-plugin present", "DRA used", "DRA present"},
         rows);
}

/// Anomalies so far, by kind (only kinds that occur), one row per instant with an anomaly.
void anomaly_series(JsonWriter& w, const std::vector<model::Anomaly>& anomalies, size_t buckets) {
  std::vector<model::AnomalyKind> kinds;
  for (const model::AnomalyKind k : model::kAnomalyKinds) {
    if (std::any_of(anomalies.begin(), anomalies.end(),
                    [&](const model::Anomaly& a) { return a.kind == k; })) {
      kinds.push_back(k);
    }
  }
  std::vector<int64_t> times;
  std::vector<std::vector<int64_t>> counts;  // [row][kind]
  std::vector<int64_t> so_far(kinds.size(), 0);
  // The run's anomalies are in report order, by time first (sim/observe/anomaly_order.h).
  for (const model::Anomaly& a : anomalies) {
    const size_t k =
        static_cast<size_t>(std::find(kinds.begin(), kinds.end(), a.kind) - kinds.begin());
    ++so_far[k];
    if (!times.empty() && times.back() == a.at_us) {
      counts.back() = so_far;
    } else {
      times.push_back(a.at_us);
      counts.push_back(so_far);
    }
  }
  const std::vector<size_t> keep = m4_keep(
      times.size(), kinds.size(), buckets, [&](size_t i) { return times[i]; },
      [&](size_t c, size_t i) { return static_cast<double>(counts[i][c]); });
  Texts names = {"t"};
  for (const model::AnomalyKind k : kinds) {
    names.emplace_back(model::to_string(k));
  }
  std::vector<Texts> rows;
  for (const size_t i : keep) {
    Texts row = {seconds(times[i])};
    for (const int64_t n : counts[i]) {
      row.push_back(std::to_string(n));
    }
    rows.push_back(std::move(row));
  }
  series(w, "anomalyCounts", names, rows);
}

/// Per queue: its GPU series (cpu when no queue ever used or was given a GPU), accounted, fair
/// share and actual, with its quota.
void queue_series(JsonWriter& w, const std::vector<QuotaRow>& quota, size_t buckets) {
  const bool any_gpu = std::any_of(quota.begin(), quota.end(), [](const QuotaRow& q) {
    return q.resource == "gpu" && (q.max_accounted > 0 || q.deserved.value_or(0) > 0);
  });
  const std::string resource = any_gpu ? "gpu" : "cpu";
  w.key("queues");
  w.begin_array();
  for (const QuotaRow& q : quota) {
    if (q.resource != resource) {
      continue;
    }
    const sim::QuotaSeries& s = q.series;
    const std::vector<size_t> keep = m4_keep(
        s.size(), 3, buckets, [&](size_t i) { return s[i].at.us; },
        [&](size_t c, size_t i) {
          return c == 0 ? s[i].accounted : c == 1 ? s[i].fair_share : s[i].actual;
        });
    w.begin_object();
    w.key("queue");
    w.value(q.queue);
    w.key("resource");
    w.value(q.resource);
    w.key("quota");
    if (q.deserved) {
      w.raw_number(number(*q.deserved));
    } else {
      w.null();
    }
    columns(w, {"t", "accounted", "fair share", "actual (pods hold)"});
    w.key("rows");
    w.begin_array();
    for (const size_t i : keep) {
      w.literal_row({sim::format_seconds(s[i].at), number(s[i].accounted), number(s[i].fair_share),
                     number(s[i].actual)});
    }
    w.end_array();
    w.end_object();
  }
  w.end_array();
}

void heatmap(JsonWriter& w, const sim::RunResult& r, const HtmlLimits& limits) {
  const GpuHeatmap map = gpu_heatmap(r, limits.heatmap_rows, limits.heatmap_columns);
  w.key("heatmap");
  w.begin_object();
  w.key("bucketSeconds");
  w.raw_number(sim::format_seconds(sim::SimTime{map.bucket.us}));
  w.key("rows");
  w.begin_array();
  for (size_t i = 0; i < map.rows.size(); ++i) {
    w.begin_object();
    w.key("name");
    w.value(map.rows[i]);
    w.key("nodes");
    w.value(map.row_nodes[i]);
    w.key("percent");
    Texts cells;
    for (const int p : map.percent[i]) {
      cells.push_back(std::to_string(p));
    }
    w.literal_row(cells);
    w.end_object();
  }
  w.end_array();
  w.end_object();
}

void histogram(JsonWriter& w, const sim::RunMetrics& m) {
  w.key("waitHistogram");
  w.begin_object();
  const std::vector<WaitBin> all = wait_histogram(m.all_waits);
  Texts labels;
  Texts counts;
  for (const WaitBin& b : all) {
    labels.push_back(str(b.label));
    counts.push_back(std::to_string(b.count));
  }
  w.key("labels");
  w.literal_row(labels);
  w.key("all");
  w.literal_row(counts);
  w.key("byQueue");
  w.begin_array();
  for (const sim::QueueWaits& q : m.by_queue) {
    Texts row = {str(q.queue)};
    for (const WaitBin& b : wait_histogram(q.sorted)) {
      row.push_back(std::to_string(b.count));
    }
    w.literal_row(row);
  }
  w.end_array();
  w.end_object();
}

/// `"key": {"total": N, "columns": [...], "rows": [...]}` with the first `limit` rows.
void table(JsonWriter& w, const char* key, const Texts& names, const std::vector<Texts>& rows,
           size_t limit) {
  w.key(key);
  w.begin_object();
  w.key("total");
  w.value(static_cast<int64_t>(rows.size()));
  columns(w, names);
  w.key("rows");
  w.begin_array();
  for (size_t i = 0; i < std::min(rows.size(), limit); ++i) {
    w.literal_row(rows[i]);
  }
  w.end_array();
  w.end_object();
}

std::string optional_number(const std::optional<double>& v) {
  return v ? number(*v) : "null";
}

void tables(JsonWriter& w, const sim::RunResult& r, const std::vector<PodRow>& pods,
            const std::vector<QuotaRow>& quota, size_t limit) {
  w.key("tables");
  w.begin_object();
  std::vector<Texts> pending;
  for (const PodRow& p : pods) {
    if (p.phase == "Pending") {
      pending.push_back({str(p.namespace_name + "/" + p.name), str(p.queue),
                         seconds(r.end.us - p.submitted.us), str(p.reason)});
    }
  }
  table(w, "pending", {"pod", "queue", "waited (s)", "reason"}, pending, limit);
  std::vector<Texts> anomalies;
  for (const model::Anomaly& a : r.anomalies) {
    anomalies.push_back({seconds(a.at_us), str(model::to_string(a.kind)), str(a.node), str(a.queue),
                         str(a.resource), number(a.value), str(a.pod), str(a.message)});
  }
  table(w, "anomalies", {"at (s)", "kind", "node", "queue", "resource", "value", "pod", "message"},
        anomalies, limit);
  std::vector<Texts> quota_rows_text;
  for (const QuotaRow& q : quota) {
    quota_rows_text.push_back(
        {str(q.queue), str(q.resource), optional_number(q.deserved), optional_number(q.limit),
         number(q.fair_share), number(q.accounted), number(q.actual), number(q.drift),
         number(q.max_abs_drift),
         q.max_abs_drift_at ? sim::format_seconds(*q.max_abs_drift_at) : "null"});
  }
  table(w, "quota",
        {"queue", "resource", "quota", "limit", "fair share", "accounted", "actual", "drift",
         "max |drift|", "max at (s)"},
        quota_rows_text, limit);
  std::vector<Texts> evictions;
  for (const sim::EvictionRecord& e : r.evictions) {
    const model::PodTemplate& t = r.state.spec_of(e.pod);
    evictions.push_back({seconds(e.at.us), str(t.namespace_name + "/" + r.state.pod(e.pod).name),
                         str(e.node.valid() ? r.state.node(e.node).name : ""), str(e.by),
                         str(e.message)});
  }
  table(w, "evictions", {"at (s)", "pod", "node", "by", "message"}, evictions, limit);
  std::vector<Texts> events;
  for (const sim::TimelineMark& m : r.marks) {
    events.push_back({seconds(m.at.us), seconds(m.until.us), str(m.kind), str(m.text)});
  }
  table(w, "events", {"at (s)", "until (s)", "kind", "what"}, events, limit);
  w.end_object();
}

void marks(JsonWriter& w, const sim::RunResult& r, size_t limit) {
  w.key("marks");
  w.begin_array();
  for (const sim::TimelineMark& m : r.marks) {
    w.literal_row({seconds(m.at.us), seconds(m.until.us), str(m.kind), str(m.text)});
  }
  w.end_array();
  w.key("anomalyMarks");
  w.begin_array();
  for (size_t i = 0; i < std::min(r.anomalies.size(), limit); ++i) {
    const model::Anomaly& a = r.anomalies[i];
    w.literal_row({seconds(a.at_us), str(model::to_string(a.kind)), str(a.message)});
  }
  w.end_array();
}

}  // namespace

std::string html_data(const sim::RunResult& r, const HtmlLimits& limits) {
  const std::vector<PodRow> pods = pod_rows(r);
  const std::vector<QuotaRow> quota = quota_rows(r);
  JsonWriter w;
  w.begin_object();
  w.key("scenario");
  w.value(r.scenario);
  w.key("profile");
  w.value(sim::to_string(r.profile));
  w.key("seed");
  w.value(static_cast<int64_t>(r.seed));
  w.key("endSeconds");
  w.raw_number(sim::format_seconds(r.end));
  summary(w, r, pods);
  w.key("expectations");
  w.begin_array();
  for (const sim::ExpectationResult& e : r.expectations) {
    w.literal_row({e.passed ? "true" : "false", str(e.name), str(e.message)});
  }
  w.end_array();
  marks(w, r, limits.table_rows);
  pod_series(w, r.metrics.rows, limits.chart_buckets);
  gpu_series(w, r.metrics, limits.chart_buckets);
  anomaly_series(w, r.anomalies, limits.chart_buckets);
  queue_series(w, quota, limits.queue_buckets);
  heatmap(w, r, limits);
  histogram(w, r.metrics);
  tables(w, r, pods, quota, limits.table_rows);
  w.end_object();
  return script_safe_json(w.str());
}

}  // namespace drasim::reports
