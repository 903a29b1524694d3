#include "reports/diff/report_data.h"

#include "sim/load/diagnostic.h"
#include "sim/load/doc_reader.h"
#include "sim/load/json_source.h"

#include <algorithm>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

namespace drasim::reports {
namespace {

/// The one schema this drasim writes (PRODUCT.md section 5).
constexpr int64_t kSchemaVersion = 1;

std::optional<std::string> string_or_null(const sim::Cursor& c) {
  if (!c.present()) {
    return std::nullopt;
  }
  return c.str();
}

ReportPod read_pod(const sim::Cursor& c) {
  ReportPod p;
  p.key = c["namespace"].required_str() + "/" + c["name"].required_str();
  p.queue = c["queue"].str();
  p.phase = c["phase"].required_str();
  p.node = string_or_null(c["node"]);
  p.path = c["path"].required_str();
  p.bound_at = c["boundAt"].number();
  p.evictions = c["evictions"].integer().value_or(0);
  for (const sim::Cursor& d : c["devices"].items()) {
    p.devices.push_back(d["driver"].str() + "/" + d["pool"].str() + "/" + d["device"].str());
  }
  std::sort(p.devices.begin(), p.devices.end());
  return p;
}

ReportAnomaly read_anomaly(const sim::Cursor& c) {
  ReportAnomaly a;
  a.kind = c["kind"].required_str();
  a.at = c["at"].number().value_or(0);
  a.node = c["node"].str();
  a.queue = c["queue"].str();
  a.resource = c["resource"].str();
  a.pod = c["pod"].str();
  a.message = c["message"].str();
  return a;
}

ReportWaits read_waits(const sim::Cursor& c) {
  ReportWaits w;
  w.count = c["count"].integer().value_or(0);
  w.p50 = c["p50"].number();
  w.p95 = c["p95"].number();
  w.p99 = c["p99"].number();
  w.max = c["max"].number();
  return w;
}

/// The largest `pending` of the metrics series (its column is named in `columns`).
int64_t pending_peak(const sim::Cursor& metrics) {
  const std::vector<std::string> columns = metrics["columns"].string_list();
  const auto column = std::find(columns.begin(), columns.end(), "pending");
  if (column == columns.end()) {
    return 0;
  }
  const auto at = static_cast<size_t>(column - columns.begin());
  int64_t peak = 0;
  for (const sim::Cursor& row : metrics["series"].items()) {
    const std::vector<sim::Cursor> cells = row.items();
    if (at < cells.size()) {
      peak = std::max(peak, cells[at].integer().value_or(0));
    }
  }
  return peak;
}

void read_metrics(const sim::Cursor& m, ReportData& r) {
  for (const sim::Cursor& u : m["utilization"].items()) {
    r.utilization.push_back(ReportUtilization{u["pool"].required_str(),
                                              u["resource"].required_str(), u["average"].number()});
  }
  r.waits = read_waits(m["waits"]);
  r.pending_peak = pending_peak(m);
}

ReportData decode(const sim::Cursor& root, const std::string& name) {
  ReportData r;
  r.file = name;
  if (!root.is_map()) {
    root.error("a drasim JSON report (a mapping with schemaVersion)");
    return r;
  }
  const sim::Cursor version = root["schemaVersion"];
  constexpr std::string_view kExpected = "schemaVersion 1 (a report of this drasim)";
  const std::optional<int64_t> v = version.integer(kExpected);  // reports a non-integer
  if (!version.present()) {
    version.error(kExpected, "nothing");
  } else if (v && *v != kSchemaVersion) {
    version.error(kExpected);
  }
  if (v != kSchemaVersion) {
    return r;  // another schema: its fields mean other things
  }
  r.scenario = root["scenario"].str();
  r.profile = root["profile"].str();
  r.seed = root["seed"].integer().value_or(0);
  for (const sim::Cursor& p : root["pods"].items()) {
    r.pods.push_back(read_pod(p));
    r.evictions += r.pods.back().evictions;
  }
  for (const sim::Cursor& a : root["anomalies"].items()) {
    r.anomalies.push_back(read_anomaly(a));
  }
  for (const sim::Cursor& q : root["quota"].items()) {
    r.quota.push_back(ReportQuotaRow{q["queue"].required_str(), q["resource"].required_str(),
                                     q["fairShare"].number(),
                                     q["maxAbsDrift"].number().value_or(0)});
  }
  read_metrics(root["metrics"], r);
  for (const sim::Cursor& e : root["expectations"].items()) {
    r.expectations.push_back(ReportExpectation{e["name"].required_str(), e["passed"].boolean(false),
                                               e["message"].str()});
  }
  return r;
}

}  // namespace

ReportData read_report_text(std::string text, const std::string& name) {
  sim::Diagnostics diagnostics;
  if (!sim::looks_like_json(text)) {
    diagnostics.error(sim::Diagnostic{name, sim::Mark{1, 1}, "",
                                      "a drasim JSON report (drasim run --report json)",
                                      "text that is not JSON"});
    diagnostics.throw_if_errors();
  }
  std::vector<sim::Document> docs = sim::parse_json(std::move(text), 0, name, diagnostics);
  diagnostics.throw_if_errors();
  const sim::DecodeContext ctx{name, &diagnostics, nullptr};
  const sim::DocNode& root = docs.front().root();
  ReportData report = decode(sim::Cursor(&root, root.mark, "", &ctx), name);
  diagnostics.throw_if_errors();
  return report;
}

ReportData read_report(const std::string& path, const sim::InputPolicy& policy) {
  sim::InputFiles files({path}, policy);
  sim::FileRead read = files.read_argument(path);
  if (auto* problem = std::get_if<sim::FileProblem>(&read)) {
    throw sim::InputError(
        {sim::Diagnostic{path, {}, "", problem->expected, std::move(problem->found)}});
  }
  return read_report_text(std::move(std::get<sim::FileText>(read).text), path);
}

}  // namespace drasim::reports
