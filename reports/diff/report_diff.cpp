#include "reports/diff/report_diff.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <tuple>
#include <unordered_map>

namespace drasim::reports {
namespace {

/// A number as reports print it: at most three decimals, no trailing zeros, never `-0`.
std::string number_text(double v) {
  return fmt::format("{}", std::round(v * 1000) / 1000 + 0.0);
}

std::string signed_text(double v) {
  const std::string text = number_text(v);
  return text.front() == '-' || text == "0" ? text : "+" + text;
}

bool is_time(const std::string& key) {
  return key == "boundAt" || key.starts_with("waits.");
}

bool is_utilization(const std::string& key) {
  return key.starts_with("utilization.");
}

std::string join(const std::vector<std::string>& parts) {
  std::string out;
  for (const std::string& p : parts) {
    out += (out.empty() ? "" : ", ") + p;
  }
  return out.empty() ? "none" : out;
}

void compare_pods(const ReportData& base, const ReportData& next, ReportDiff& d) {
  std::unordered_map<std::string_view, const ReportPod*> in_next;
  in_next.reserve(next.pods.size());
  for (const ReportPod& p : next.pods) {
    in_next.emplace(p.key, &p);
  }
  std::unordered_map<std::string_view, bool> in_base;
  in_base.reserve(base.pods.size());
  for (const ReportPod& b : base.pods) {
    in_base.emplace(b.key, true);
    const auto it = in_next.find(b.key);
    if (it == in_next.end()) {
      d.placement.push_back(PodChange{
          b.key, "base", {{"phase", b.phase, "-"}, {"node", b.node.value_or("none"), "-"}}});
      continue;
    }
    const ReportPod& n = *it->second;
    PodChange c{b.key, "", {}};
    const auto field = [&](const char* name, const std::string& was, const std::string& is) {
      if (was != is) {
        c.fields.push_back(PodChange::Field{name, was, is});
      }
    };
    field("phase", b.phase, n.phase);
    field("node", b.node.value_or("none"), n.node.value_or("none"));
    field("path", b.path, n.path);
    field("devices", join(b.devices), join(n.devices));
    field("evictions", std::to_string(b.evictions), std::to_string(n.evictions));
    if (!c.fields.empty()) {
      d.placement.push_back(std::move(c));
    }
    if (b.bound_at && n.bound_at && std::fabs(*n.bound_at - *b.bound_at) > d.bound_tolerance) {
      d.bound_shifts.push_back(BoundShift{b.key, *b.bound_at, *n.bound_at});
    }
  }
  for (const ReportPod& n : next.pods) {
    if (!in_base.contains(n.key)) {
      d.placement.push_back(PodChange{
          n.key, "new", {{"phase", "-", n.phase}, {"node", "-", n.node.value_or("none")}}});
    }
  }
  const auto by_pod = [](const auto& x, const auto& y) {
    return x.pod < y.pod;
  };
  std::sort(d.placement.begin(), d.placement.end(), by_pod);
  std::sort(d.bound_shifts.begin(), d.bound_shifts.end(), by_pod);
}

using AnomalyId = std::tuple<std::string, std::string, std::string, std::string>;

AnomalyId id_of(const ReportAnomaly& a) {
  return {a.node, a.queue, a.resource, a.pod};
}

void compare_anomalies(const ReportData& base, const ReportData& next, ReportDiff& d) {
  // Per kind, the anomalies of each run by identity; one run's extra copies of an identity are
  // the ones that appeared or vanished (the first ones in report order are matched).
  std::map<std::string, std::map<AnomalyId, std::pair<std::vector<const ReportAnomaly*>,
                                                      std::vector<const ReportAnomaly*>>>>
      kinds;
  for (const ReportAnomaly& a : base.anomalies) {
    kinds[a.kind][id_of(a)].first.push_back(&a);
  }
  for (const ReportAnomaly& a : next.anomalies) {
    kinds[a.kind][id_of(a)].second.push_back(&a);
  }
  for (const auto& [kind, ids] : kinds) {
    AnomalyChange c{kind, 0, 0, {}, {}};
    for (const auto& [id, runs] : ids) {
      const auto& [in_base, in_next] = runs;
      c.base += in_base.size();
      c.next += in_next.size();
      for (size_t i = in_next.size(); i < in_base.size(); ++i) {
        c.vanished.push_back(*in_base[i]);
      }
      for (size_t i = in_base.size(); i < in_next.size(); ++i) {
        c.appeared.push_back(*in_next[i]);
      }
    }
    if (!c.appeared.empty() || !c.vanished.empty()) {
      const auto by_time = [](const ReportAnomaly& x, const ReportAnomaly& y) {
        return std::tie(x.at, x.node, x.queue, x.resource, x.pod)
               < std::tie(y.at, y.node, y.queue, y.resource, y.pod);
      };
      std::sort(c.appeared.begin(), c.appeared.end(), by_time);
      std::sort(c.vanished.begin(), c.vanished.end(), by_time);
      d.anomalies.push_back(std::move(c));
    }
  }
}

void compare_quota(const ReportData& base, const ReportData& next, ReportDiff& d) {
  using Row = std::pair<const ReportQuotaRow*, const ReportQuotaRow*>;
  std::map<std::pair<std::string, std::string>, Row> rows;
  for (const ReportQuotaRow& r : base.quota) {
    rows[{r.queue, r.resource}].first = &r;
  }
  for (const ReportQuotaRow& r : next.quota) {
    rows[{r.queue, r.resource}].second = &r;
  }
  for (const auto& [name, row] : rows) {
    const std::string subject = name.first + " " + name.second;
    const auto field = [&](const char* key, auto get) {
      const std::optional<double> was = row.first ? get(*row.first) : std::nullopt;
      const std::optional<double> is = row.second ? get(*row.second) : std::nullopt;
      if (was != is) {
        d.quota.push_back(ValueChange{key, subject, was, is});
      }
    };
    field("quota.fairShare", [](const ReportQuotaRow& r) { return r.fair_share; });
    field("quota.drift",
          [](const ReportQuotaRow& r) { return std::optional<double>(r.max_abs_drift); });
  }
}

void compare_metrics(const ReportData& base, const ReportData& next, ReportDiff& d) {
  const auto value = [&](std::string key, std::optional<double> was, std::optional<double> is) {
    if (was != is) {
      d.metrics.push_back(ValueChange{std::move(key), "", was, is});
    }
  };
  std::map<std::string, std::pair<std::optional<double>, std::optional<double>>> usage;
  for (const ReportUtilization& u : base.utilization) {
    usage["utilization." + u.pool + "." + u.resource].first = u.average;
  }
  for (const ReportUtilization& u : next.utilization) {
    usage["utilization." + u.pool + "." + u.resource].second = u.average;
  }
  for (const auto& [key, averages] : usage) {
    value(key, averages.first, averages.second);
  }
  value("waits.p50", base.waits.p50, next.waits.p50);
  value("waits.p95", base.waits.p95, next.waits.p95);
  value("waits.p99", base.waits.p99, next.waits.p99);
  value("waits.max", base.waits.max, next.waits.max);
  value("pendingPeak", static_cast<double>(base.pending_peak),
        static_cast<double>(next.pending_peak));
  value("evictions", static_cast<double>(base.evictions), static_cast<double>(next.evictions));
}

void compare_expectations(const ReportData& base, const ReportData& next, ReportDiff& d) {
  // Paired by name and, for a name given twice, by its order among them.
  std::map<std::pair<std::string, size_t>, ExpectationChange> by_name;
  std::map<std::string, size_t> seen;
  for (const ReportExpectation& e : base.expectations) {
    ExpectationChange& c = by_name[{e.name, seen[e.name]++}];
    c.name = e.name;
    c.base = e.passed;
    c.message = e.message;
  }
  seen.clear();
  for (const ReportExpectation& e : next.expectations) {
    ExpectationChange& c = by_name[{e.name, seen[e.name]++}];
    c.name = e.name;
    c.next = e.passed;
    c.message = e.message;
  }
  for (auto& [name, c] : by_name) {
    if (c.base != c.next) {
      d.expectations.push_back(std::move(c));
    }
  }
}

GateCheck check(const Tolerances& tolerances, const std::string& key, std::string subject,
                std::optional<double> base, std::optional<double> next) {
  const Tolerance t = tolerances.find(key);
  GateCheck c{key, std::move(subject), format_change(key, base, next), t.text, true};
  const double was = base.value_or(0);
  const double is = next.value_or(0);
  c.passed = !t.exceeded(was, is, worse_direction(key));
  if (t.unit == Tolerance::Unit::kPercent && was != 0) {
    c.measured = fmt::format("{:+.1f}%", (is - was) / std::fabs(was) * 100 + 0.0);
  }
  return c;
}

GateCheck count_check(const Tolerances& tolerances, const std::string& key, size_t count,
                      const char* what) {
  const Tolerance t = tolerances.find(key);
  return GateCheck{key, "", fmt::format("{} {}", count, what), t.text,
                   !t.exceeded(0, static_cast<double>(count), Worse::kUp)};
}

void add_checks(const Tolerances& tolerances, ReportDiff& d) {
  if (!d.placement.empty()) {
    d.checks.push_back(count_check(tolerances, "placements", d.placement.size(),
                                   d.placement.size() == 1 ? "pod changed" : "pods changed"));
  }
  if (!d.bound_shifts.empty()) {
    // The tolerance chose which pods are listed: each listed pod moved past it.
    GateCheck c = count_check(tolerances, "boundAt", d.bound_shifts.size(), "pods moved");
    c.measured =
        fmt::format("{} {} moved more than {}s", d.bound_shifts.size(),
                    d.bound_shifts.size() == 1 ? "pod" : "pods", number_text(d.bound_tolerance));
    c.passed = false;
    d.checks.push_back(std::move(c));
  }
  for (const AnomalyChange& a : d.anomalies) {
    if (!a.appeared.empty()) {
      d.checks.push_back(count_check(tolerances, "anomalies." + a.kind, a.appeared.size(),
                                     a.appeared.size() == 1 ? "new anomaly" : "new anomalies"));
    }
  }
  for (const ValueChange& q : d.quota) {
    d.checks.push_back(check(tolerances, q.key, q.subject, q.base, q.next));
  }
  for (const ValueChange& m : d.metrics) {
    d.checks.push_back(check(tolerances, m.key, "", m.base, m.next));
  }
  const auto failing = static_cast<size_t>(
      std::count_if(d.expectations.begin(), d.expectations.end(),
                    [](const ExpectationChange& e) { return e.next == false; }));
  if (failing > 0) {
    d.checks.push_back(count_check(tolerances, "expectations", failing,
                                   failing == 1 ? "expectation fails" : "expectations fail"));
  }
}

}  // namespace

size_t ReportDiff::failed_checks() const {
  return static_cast<size_t>(
      std::count_if(checks.begin(), checks.end(), [](const GateCheck& c) { return !c.passed; }));
}

std::string format_value(const std::string& key, std::optional<double> value) {
  if (!value) {
    return "null";
  }
  if (is_utilization(key)) {
    return fmt::format("{:.1f}%", *value * 100 + 0.0);
  }
  return number_text(*value) + (is_time(key) ? "s" : "");
}

std::string format_change(const std::string& key, std::optional<double> base,
                          std::optional<double> next) {
  const double was = base.value_or(0);
  const double change = next.value_or(0) - was;
  if (is_utilization(key)) {
    return fmt::format("{:+.1f}pp", change * 100 + 0.0);
  }
  std::string out = signed_text(change) + (is_time(key) ? "s" : "");
  if (was != 0 && key != "quota.drift") {
    out += fmt::format(" ({:+.1f}%)", change / std::fabs(was) * 100 + 0.0);
  }
  return out;
}

ReportDiff diff_reports(const ReportData& base, const ReportData& next,
                        const Tolerances& tolerances) {
  ReportDiff d;
  d.base = &base;
  d.next = &next;
  const Tolerance bound = tolerances.find("boundAt");
  d.bound_tolerance = bound.any ? std::numeric_limits<double>::infinity() : bound.value;
  compare_pods(base, next, d);
  compare_anomalies(base, next, d);
  compare_quota(base, next, d);
  compare_metrics(base, next, d);
  compare_expectations(base, next, d);
  add_checks(tolerances, d);
  return d;
}

}  // namespace drasim::reports
