#pragma once
/// A JSON report (schemaVersion 1) read back: what `drasim diff` compares. Only the fields a
/// comparison uses are kept; the series stay in the file.

#include "sim/load/input_files.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace drasim::reports {

struct ReportPod {
  std::string key;  ///< `namespace/name`
  std::string queue;
  std::string phase;
  std::optional<std::string> node;
  std::string path;  ///< device-plugin, dra or none
  std::optional<double> bound_at;
  int64_t evictions = 0;
  /// `driver/pool/device` of every device the pod holds, sorted (claim names carry a seeded
  /// suffix, so the devices themselves are what is compared).
  std::vector<std::string> devices;
};

struct ReportAnomaly {
  std::string kind;
  double at = 0;
  std::string node;  ///< empty when the report says null; so are the three below
  std::string queue;
  std::string resource;
  std::string pod;
  std::string message;
};

struct ReportQuotaRow {
  std::string queue;
  std::string resource;
  std::optional<double> fair_share;
  double max_abs_drift = 0;
};

struct ReportUtilization {
  std::string pool;
  std::string resource;
  std::optional<double> average;
};

struct ReportWaits {
  int64_t count = 0;
  std::optional<double> p50;
  std::optional<double> p95;
  std::optional<double> p99;
  std::optional<double> max;
};

struct ReportExpectation {
  std::string name;
  bool passed = false;
  std::string message;
};

struct ReportData {
  std::string file;
  std::string scenario;
  std::string profile;
  int64_t seed = 0;
  std::vector<ReportPod> pods;  ///< in report order (namespace/name)
  std::vector<ReportAnomaly> anomalies;
  std::vector<ReportQuotaRow> quota;
  std::vector<ReportUtilization> utilization;
  ReportWaits waits;
  int64_t pending_peak = 0;  ///< the most pods pending at once (the metrics series)
  int64_t evictions = 0;     ///< every eviction of every pod
  std::vector<ReportExpectation> expectations;
};

/// Reads the JSON report at `path`. A file that is not JSON, not a report of schemaVersion 1, or
/// has a field of the wrong type throws sim::InputError with `file:line:col` and the field's
/// path, like any other input.
ReportData read_report(const std::string& path, const sim::InputPolicy& policy);

/// The same for a report already in memory (tests), named `name` in messages.
ReportData read_report_text(std::string text, const std::string& name);

}  // namespace drasim::reports
