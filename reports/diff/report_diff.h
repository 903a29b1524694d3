#pragma once
/// What changed between two JSON reports (`drasim diff`), and whether each change is within its
/// tolerance. Every list is sorted, so the same two reports always give the same diff.

#include "reports/diff/report_data.h"
#include "reports/diff/tolerances.h"

#include <optional>
#include <string>
#include <vector>

namespace drasim::reports {

/// A pod placed differently: a field that changed, or a pod only one run has.
struct PodChange {
  struct Field {
    std::string name;  ///< phase, node, path, devices, evictions
    std::string base;
    std::string next;
  };

  std::string pod;      ///< `namespace/name`
  std::string only_in;  ///< "base" or "new" when one run lacks the pod, else empty
  std::vector<Field> fields;
};

/// A pod bound in both runs whose bound time moved by more than the `boundAt` tolerance.
struct BoundShift {
  std::string pod;
  double base = 0;
  double next = 0;
};

/// The anomalies of one kind: how many each run has, and which ones (by kind, node, queue,
/// resource and pod; times may move) only one run has.
struct AnomalyChange {
  std::string kind;
  size_t base = 0;
  size_t next = 0;
  std::vector<ReportAnomaly> appeared;  ///< in the new run only
  std::vector<ReportAnomaly> vanished;  ///< in the base run only
};

/// A quantity of both runs that differs: a quota row's field, a metric.
struct ValueChange {
  std::string key;             ///< the tolerance key (`waits.p95`, `quota.drift`)
  std::string subject;         ///< what it is of (`team-a gpu` for a quota row; empty for a metric)
  std::optional<double> base;  ///< null in the report (no waits, no capacity)
  std::optional<double> next;
};

/// An expectation whose verdict changed, or that only one run has.
struct ExpectationChange {
  std::string name;
  std::optional<bool> base;  ///< passed; nullopt: not in that run
  std::optional<bool> next;
  std::string message;  ///< the new run's message (the base run's if the new one lacks it)
};

/// One quantity the gate compares against its tolerance.
struct GateCheck {
  std::string key;       ///< `waits.p95`, `anomalies.negative-idle`, `placements`
  std::string subject;   ///< `team-a gpu` for a quota row, else empty
  std::string measured;  ///< the change as shown (`+2`, `+110.4%`, `-3.1pp`, `3 pods`)
  std::string allowed;   ///< the tolerance as given, `0` by default
  bool passed = true;
};

struct ReportDiff {
  const ReportData* base = nullptr;
  const ReportData* next = nullptr;
  double bound_tolerance = 0;  ///< seconds a bound time may move unlisted
  std::vector<PodChange> placement;
  std::vector<BoundShift> bound_shifts;
  std::vector<AnomalyChange> anomalies;
  std::vector<ValueChange> quota;
  std::vector<ValueChange> metrics;
  std::vector<ExpectationChange> expectations;
  std::vector<GateCheck> checks;  ///< every changed quantity, in the order of the sections

  [[nodiscard]] bool identical() const {
    return placement.empty() && bound_shifts.empty() && anomalies.empty() && quota.empty()
           && metrics.empty() && expectations.empty();
  }

  [[nodiscard]] size_t failed_checks() const;
};

/// Compares `next` with `base`. The reports must outlive the result.
ReportDiff diff_reports(const ReportData& base, const ReportData& next,
                        const Tolerances& tolerances);

/// A change of a value as the outputs show it: `+2`, `-0.5s`, `+10.4%` of the base, `-3.1pp`.
std::string format_change(const std::string& key, std::optional<double> base,
                          std::optional<double> next);

/// A value of a report as the outputs show it: `12`, `0.5s` for times, `45.1%` for utilization,
/// `null`.
std::string format_value(const std::string& key, std::optional<double> value);

}  // namespace drasim::reports
