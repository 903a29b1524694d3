#pragma once
/// The JSON report of PRODUCT.md section 5 (schemaVersion 1): summary, pods sorted by
/// namespace/name, anomalies, quota rows and expectation verdicts. Byte-stable: fixed key
/// order, integer counts, times as simulated seconds through sim::format_seconds.

#include "sim/observe/run_result.h"

#include <string>

namespace drasim::reports {

/// The whole report as text, ending with a newline.
std::string json_report(const sim::RunResult& result);

}  // namespace drasim::reports
