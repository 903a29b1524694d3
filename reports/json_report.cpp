#include "reports/json_report.h"

#include "reports/claims_json.h"
#include "reports/json_writer.h"
#include "reports/metrics_json.h"
#include "reports/pod_rows.h"
#include "reports/quota_rows.h"

#include <fmt/format.h>

namespace drasim::reports {
namespace {

void time_or_null(JsonWriter& w, const std::optional<sim::SimTime>& t) {
  if (t) {
    w.raw_number(sim::format_seconds(*t));
  } else {
    w.null();
  }
}

void write_pod(JsonWriter& w, const PodRow& r) {
  w.begin_object();
  w.key("namespace");
  w.value(r.namespace_name);
  w.key("name");
  w.value(r.name);
  w.key("queue");
  w.value(r.queue);
  w.key("phase");
  w.value(r.phase);
  w.key("node");
  w.value_or_null(r.node);
  w.key("path");
  w.value(r.path);
  w.key("submittedAt");
  w.raw_number(sim::format_seconds(r.submitted));
  w.key("boundAt");
  time_or_null(w, r.bound);
  w.key("finishedAt");
  time_or_null(w, r.finished);
  w.key("reason");
  w.value_or_null(r.reason);
  if (r.evictions > 0) {
    w.key("evictions");
    w.value(static_cast<int64_t>(r.evictions));
    w.key("evictionMessage");
    w.value(r.eviction_message);
  }
  w.key("devices");
  w.begin_array();
  for (const model::PodDevice& d : r.devices) {
    w.begin_object();
    w.key("claim");
    w.value(d.claim);
    w.key("request");
    w.value(d.request);
    w.key("driver");
    w.value(d.driver);
    w.key("pool");
    w.value(d.pool);
    w.key("device");
    w.value(d.device);
    w.end_object();
  }
  w.end_array();
  if (r.gpu_shared) {
    w.key("gpuGroups");
    w.begin_array();
    for (const std::string& g : r.gpu_groups) {
      w.value(g);
    }
    w.end_array();
    w.key("gpuPortion");
    if (r.gpu_portion) {
      w.raw_number(fmt::format("{}", *r.gpu_portion));
    } else {
      w.null();
    }
  }
  w.key("implicitTolerations");
  w.begin_array();
  for (const model::ImpliedToleration& i : r.implicit_tolerations) {
    w.begin_object();
    w.key("rule");
    w.value(i.rule);
    w.key("key");
    w.value(i.toleration.key);
    w.key("operator");
    w.value(i.toleration.op == model::TolerationOperator::kExists ? "Exists" : "Equal");
    w.key("value");
    w.value(i.toleration.value);
    w.key("effect");  // null: every effect
    if (i.toleration.effect) {
      w.value(model::to_string(*i.toleration.effect));
    } else {
      w.null();
    }
    w.end_object();
  }
  w.end_array();
  w.key("extendedResourceClaimStatus");
  if (r.extended_claim_status) {
    w.begin_object();
    w.key("name");
    w.value(r.extended_claim_status->name);
    w.key("requestMappings");
    w.begin_array();
    for (const model::RequestMapping& m : *r.extended_claim_status->mappings) {
      w.begin_object();
      w.key("containerName");
      w.value(m.container_name);
      w.key("resourceName");
      w.value(m.resource_name);
      w.key("requestName");
      w.value(m.request_name);
      w.end_object();
    }
    w.end_array();
    w.end_object();
  } else {
    w.null();
  }
  w.end_object();
}

void amount(JsonWriter& w, double value) {
  w.raw_number(sim::format_amount(value));
}

void amount_or_null(JsonWriter& w, const std::optional<double>& value) {
  if (value) {
    amount(w, *value);
  } else {
    w.null();
  }
}

void write_quota(JsonWriter& w, const QuotaRow& r) {
  w.begin_object();
  w.key("queue");
  w.value(r.queue);
  w.key("resource");
  w.value(r.resource);
  w.key("deserved");
  amount_or_null(w, r.deserved);
  w.key("limit");
  amount_or_null(w, r.limit);
  w.key("overQuotaWeight");
  amount(w, r.over_quota_weight);
  w.key("fairShare");
  amount(w, r.fair_share);
  w.key("accounted");
  amount(w, r.accounted);
  w.key("maxAccounted");
  amount(w, r.max_accounted);
  w.key("maxAccountedAt");
  time_or_null(w, r.max_accounted_at);
  w.key("actual");
  amount(w, r.actual);
  w.key("drift");
  amount(w, r.drift);
  w.key("maxAbsDrift");
  amount(w, r.max_abs_drift);
  w.key("maxAbsDriftAt");
  time_or_null(w, r.max_abs_drift_at);
  w.key("series");  // [t, accounted, fairShare, actual]
  w.begin_array();
  for (const sim::QuotaSample& s : r.series) {
    w.number_row({sim::format_seconds(s.at), sim::format_amount(s.accounted),
                  sim::format_amount(s.fair_share), sim::format_amount(s.actual)});
  }
  w.end_array();
  w.end_object();
}

void write_anomaly(JsonWriter& w, const model::Anomaly& a) {
  w.begin_object();
  w.key("kind");
  w.value(model::to_string(a.kind));
  w.key("at");
  w.raw_number(sim::format_seconds(sim::SimTime{a.at_us}));
  w.key("node");
  w.value_or_null(a.node);
  w.key("queue");
  w.value_or_null(a.queue);
  w.key("resource");
  w.value_or_null(a.resource);  // none for an anomaly about a pod, such as eviction-churn
  w.key("value");
  amount(w, a.value);
  w.key("pod");
  w.value_or_null(a.pod);
  w.key("message");
  w.value(a.message);
  w.end_object();
}

void write_summary(JsonWriter& w, const sim::RunResult& result, const PodCounts& c) {
  w.key("summary");
  w.begin_object();
  w.key("pods");
  w.value(c.pods);
  w.key("bound");
  w.value(c.bound);
  w.key("completed");
  w.value(c.completed);
  w.key("pending");
  w.value(c.pending);
  w.key("evicted");
  w.value(c.evicted);
  w.key("failed");
  w.value(c.failed);
  w.key("anomalies");
  w.value(static_cast<int64_t>(result.anomalies.size()));
  w.key("simulatedSeconds");
  w.raw_number(sim::format_seconds(result.end));
  w.key("cycles");
  w.value(static_cast<int64_t>(result.stats.cycles));
  w.end_object();
}

}  // namespace

std::string json_report(const sim::RunResult& result) {
  const std::vector<PodRow> rows = pod_rows(result);
  JsonWriter w;
  w.begin_object();
  w.key("schemaVersion");
  w.value(int64_t{1});
  w.key("scenario");
  w.value(result.scenario);
  w.key("profile");
  w.value(sim::to_string(result.profile));
  w.key("seed");
  w.value(static_cast<int64_t>(result.seed));
  write_summary(w, result, count_pods(rows));
  w.key("pods");
  w.begin_array();
  for (const PodRow& r : rows) {
    write_pod(w, r);
  }
  w.end_array();
  w.key("claims");
  write_claims(w, result.state);
  w.key("anomalies");  // already in report order (sim/observe/anomaly_order.h)
  w.begin_array();
  for (const model::Anomaly& a : result.anomalies) {
    write_anomaly(w, a);
  }
  w.end_array();
  w.key("quota");
  w.begin_array();
  for (const QuotaRow& r : quota_rows(result)) {
    write_quota(w, r);
  }
  w.end_array();
  write_metrics(w, result);
  w.key("expectations");
  w.begin_array();
  for (const auto& e : result.expectations) {
    w.begin_object();
    w.key("name");
    w.value(e.name);
    w.key("passed");
    w.value(e.passed);
    w.key("message");
    w.value(e.message);
    w.end_object();
  }
  w.end_array();
  w.key("warnings");
  w.begin_array();
  for (const auto& warning : result.warnings) {
    w.value(warning);
  }
  w.end_array();
  w.end_object();
  return w.str();
}

}  // namespace drasim::reports
