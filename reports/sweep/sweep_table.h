#pragma once
/// A sweep's results: one row per variant with its values, its verdict and its key metrics.
///
/// Every number of a row is kept as the JSON text it is written as, so a row read back from a
/// shard's file (sweep_json.h) is the row that was written, and the merged shards render byte
/// for byte what the unsharded sweep renders.

#include "sim/observe/run_result.h"

#include <cstddef>
#include <string>
#include <vector>

namespace drasim::reports {

/// A numeric column: its JSON key, its label, and its unit (`s` seconds, `%` a ratio shown as a
/// percentage, empty for a count).
struct SweepMetric {
  std::string key;
  std::string label;
  std::string unit;
};

/// The columns, in display order (the wait p95 and the pending peak first).
const std::vector<SweepMetric>& sweep_metrics();

struct SweepRow {
  size_t variant = 0;
  std::vector<std::string> values;  ///< one per varied parameter
  std::string status;               ///< passed, failed (an expectation), stopped (a run limit)
  std::string message;              ///< why a run stopped; empty otherwise
  size_t expectations_passed = 0;
  size_t expectations = 0;
  std::vector<std::string> failed;   ///< the names of the expectations that failed
  std::vector<std::string> metrics;  ///< by sweep_metrics(): a JSON number, or `null`
  std::string anomaly_kinds;         ///< `3 (negative-idle 2, quota-drift 1)`
};

/// The row of a run that finished.
SweepRow sweep_row(size_t variant, std::vector<std::string> values, const sim::RunResult& result);

/// The row of a run a limit stopped (`--max-events`, `--max-wall`): no metrics.
SweepRow stopped_row(size_t variant, std::vector<std::string> values, std::string message);

struct SweepTable {
  std::string title;  ///< the scenario's name
  std::string mode;   ///< grid or zip
  std::vector<std::string> parameters;
  /// What identifies the sweep (its inputs and flags), so that only shards of one sweep merge.
  std::string fingerprint;
  size_t variant_count = 0;
  std::vector<SweepRow> rows;  ///< by variant
};

}  // namespace drasim::reports
