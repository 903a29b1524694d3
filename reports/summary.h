#pragma once
/// The short human summary `drasim run` prints: what ran, pod counts, anomalies by kind, why
/// pods are pending (the first few), and the expectation verdicts.

#include "sim/observe/run_result.h"

#include <string>

namespace drasim::reports {

std::string text_summary(const sim::RunResult& result);

/// `3 (negative-idle 2, quota-drift 1)`: the count, then kinds with a count in kind order; `0`
/// when there is none.
std::string anomaly_kinds_text(const std::vector<model::Anomaly>& anomalies);

}  // namespace drasim::reports
