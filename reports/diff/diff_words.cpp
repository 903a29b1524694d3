#include "reports/diff/diff_output.h"

#include <fmt/format.h>

namespace drasim::reports::diff_words {

std::string pod_change(const PodChange& c) {
  if (!c.only_in.empty()) {
    const bool in_new = c.only_in == "new";
    std::string phase;
    std::string node;
    for (const PodChange::Field& f : c.fields) {
      (f.name == "phase" ? phase : node) = in_new ? f.next : f.base;
    }
    return fmt::format("only in {}: {}{}", c.only_in, phase, node == "none" ? "" : " on " + node);
  }
  std::string out;
  for (const PodChange::Field& f : c.fields) {
    out += fmt::format("{}{} {} -> {}", out.empty() ? "" : ", ", f.name, f.base, f.next);
  }
  return out;
}

std::string anomaly(const ReportAnomaly& a) {
  std::string out = fmt::format("at {}s", a.at);
  for (const auto& [name, value] : {std::pair{"node", &a.node}, std::pair{"queue", &a.queue},
                                    std::pair{"resource", &a.resource}, std::pair{"pod", &a.pod}}) {
    if (!value->empty()) {
      out += fmt::format(", {} {}", name, *value);
    }
  }
  return out + (a.message.empty() ? "" : ": " + a.message);
}

std::string value_label(const ValueChange& v) {
  if (v.subject.empty()) {
    return v.key;
  }
  const size_t dot = v.key.find('.');
  return v.subject + " " + (dot == std::string::npos ? v.key : v.key.substr(dot + 1));
}

std::string verdict(std::optional<bool> passed) {
  if (!passed) {
    return "absent";
  }
  return *passed ? "passed" : "FAILED";
}

std::string count(size_t n, const char* one, const char* many) {
  return fmt::format("{} {}", n, n == 1 ? one : many);
}

std::string headline(const ReportDiff& d) {
  if (d.identical()) {
    return "no differences";
  }
  std::string parts;
  const auto part = [&](size_t n, const char* one, const char* many) {
    if (n > 0) {
      parts += (parts.empty() ? "" : ", ") + count(n, one, many);
    }
  };
  part(d.placement.size(), "pod placed differently", "pods placed differently");
  part(d.bound_shifts.size(), "bound time moved", "bound times moved");
  part(d.anomalies.size(), "anomaly kind changed", "anomaly kinds changed");
  part(d.quota.size(), "quota value changed", "quota values changed");
  part(d.metrics.size(), "metric changed", "metrics changed");
  part(d.expectations.size(), "expectation changed", "expectations changed");
  return parts;
}

std::string gate_line(const ReportDiff& d) {
  const size_t failed = d.failed_checks();
  if (failed == 0) {
    return fmt::format("gate: passed ({} within tolerance)",
                       count(d.checks.size(), "change", "changes"));
  }
  return fmt::format("gate: FAILED, {} of {} beyond tolerance", failed,
                     count(d.checks.size(), "change", "changes"));
}

}  // namespace drasim::reports::diff_words
