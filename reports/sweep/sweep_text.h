#pragma once
/// A sweep's table as CSV (`sweep.csv`), Markdown (`sweep.md`) and the text `drasim sweep`
/// prints.

#include "reports/sweep/sweep_table.h"

#include <string>

namespace drasim::reports {

/// `variant,<parameters...>,status,expectationsPassed,expectations,<metric keys...>,
/// anomalyKinds,failedExpectations,message`: numbers as in the JSON (seconds, ratios), empty
/// for null; failed expectation names joined by `; `.
std::string sweep_csv(const SweepTable& table);

/// The verdict count, then one table row per variant: its values, the verdict, the expectations
/// passed, wait p95, pending peak, GPU utilization per pool (percent), anomalies and evictions.
std::string sweep_markdown(const SweepTable& table);

/// The same columns aligned for a terminal, then the verdict count.
std::string sweep_text(const SweepTable& table);

/// The rows alone: a Markdown table, and aligned text (`drasim plan` shows its probes so).
std::string sweep_rows_markdown(const SweepTable& table);
std::string sweep_rows_text(const SweepTable& table);

}  // namespace drasim::reports
