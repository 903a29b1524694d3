#include "reports/diff/diff_output.h"
#include "reports/json_writer.h"

#include <fmt/format.h>

#include <cmath>

namespace drasim::reports {
namespace {

/// Numbers keep every digit the reports gave (no rounding): tools may do their own arithmetic.
void number_or_null(JsonWriter& w, std::optional<double> v) {
  if (v) {
    w.raw_number(fmt::format("{}", *v));
  } else {
    w.null();
  }
}

void verdict(JsonWriter& w, std::optional<bool> passed) {
  if (passed) {
    w.value(*passed);
  } else {
    w.null();
  }
}

void run(JsonWriter& w, const char* key, const ReportData& r) {
  w.key(key);
  w.begin_object();
  w.key("file");
  w.value(r.file);
  w.key("scenario");
  w.value(r.scenario);
  w.key("profile");
  w.value(r.profile);
  w.key("seed");
  w.value(r.seed);
  w.end_object();
}

void anomaly(JsonWriter& w, const ReportAnomaly& a) {
  w.begin_object();
  w.key("at");
  number_or_null(w, a.at);
  for (const auto& [name, value] : {std::pair{"node", &a.node}, std::pair{"queue", &a.queue},
                                    std::pair{"resource", &a.resource}, std::pair{"pod", &a.pod}}) {
    w.key(name);
    w.value_or_null(*value);
  }
  w.key("message");
  w.value(a.message);
  w.end_object();
}

void values(JsonWriter& w, const char* key, const std::vector<ValueChange>& list, bool subject) {
  w.key(key);
  w.begin_array();
  for (const ValueChange& v : list) {
    w.begin_object();
    if (subject) {
      w.key("row");
      w.value(v.subject);
    }
    w.key("key");
    w.value(v.key);
    w.key("base");
    number_or_null(w, v.base);
    w.key("new");
    number_or_null(w, v.next);
    w.end_object();
  }
  w.end_array();
}

void placement(JsonWriter& w, const ReportDiff& d) {
  w.key("placement");
  w.begin_array();
  for (const PodChange& c : d.placement) {
    w.begin_object();
    w.key("pod");
    w.value(c.pod);
    w.key("onlyIn");
    w.value_or_null(c.only_in);
    w.key("changes");
    w.begin_array();
    for (const PodChange::Field& f : c.fields) {
      w.begin_object();
      w.key("field");
      w.value(f.name);
      w.key("base");
      w.value(f.base);
      w.key("new");
      w.value(f.next);
      w.end_object();
    }
    w.end_array();
    w.end_object();
  }
  w.end_array();
  w.key("boundTimes");
  w.begin_array();
  for (const BoundShift& s : d.bound_shifts) {
    w.begin_object();
    w.key("pod");
    w.value(s.pod);
    w.key("base");
    number_or_null(w, s.base);
    w.key("new");
    number_or_null(w, s.next);
    w.end_object();
  }
  w.end_array();
}

void anomalies(JsonWriter& w, const ReportDiff& d) {
  w.key("anomalies");
  w.begin_array();
  for (const AnomalyChange& a : d.anomalies) {
    w.begin_object();
    w.key("kind");
    w.value(a.kind);
    w.key("base");
    w.value(static_cast<int64_t>(a.base));
    w.key("new");
    w.value(static_cast<int64_t>(a.next));
    for (const auto& [key, list] :
         {std::pair{"appeared", &a.appeared}, std::pair{"vanished", &a.vanished}}) {
      w.key(key);
      w.begin_array();
      for (const ReportAnomaly& x : *list) {
        anomaly(w, x);
      }
      w.end_array();
    }
    w.end_object();
  }
  w.end_array();
}

void gate(JsonWriter& w, const ReportDiff& d, bool enabled) {
  w.key("gate");
  w.begin_object();
  w.key("enabled");
  w.value(enabled);
  w.key("passed");
  w.value(d.failed_checks() == 0);
  w.key("checks");
  w.begin_array();
  for (const GateCheck& c : d.checks) {
    w.begin_object();
    w.key("key");
    w.value(c.key);
    w.key("row");
    w.value_or_null(c.subject);
    w.key("change");
    w.value(c.measured);
    w.key("tolerance");
    w.value(c.allowed);
    w.key("passed");
    w.value(c.passed);
    w.end_object();
  }
  w.end_array();
  w.end_object();
}

}  // namespace

std::string diff_json(const ReportDiff& d, const DiffOutputOptions& options) {
  JsonWriter w;
  w.begin_object();
  w.key("schemaVersion");
  w.value(int64_t{1});
  run(w, "base", *d.base);
  run(w, "new", *d.next);
  w.key("identical");
  w.value(d.identical());
  w.key("boundTolerance");
  number_or_null(
      w, std::isinf(d.bound_tolerance) ? std::nullopt : std::optional<double>(d.bound_tolerance));
  placement(w, d);
  anomalies(w, d);
  values(w, "quota", d.quota, true);
  values(w, "metrics", d.metrics, false);
  w.key("expectations");
  w.begin_array();
  for (const ExpectationChange& e : d.expectations) {
    w.begin_object();
    w.key("name");
    w.value(e.name);
    w.key("base");
    verdict(w, e.base);
    w.key("new");
    verdict(w, e.next);
    w.key("message");
    w.value(e.message);
    w.end_object();
  }
  w.end_array();
  gate(w, d, options.gate);
  w.end_object();
  return w.str() + "\n";
}

}  // namespace drasim::reports
