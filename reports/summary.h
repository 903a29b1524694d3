#pragma once
/// The short human summary `drasim run` prints: what ran, pod counts, anomalies by kind, why
/// pods are pending (the first few), and the expectation verdicts.

#include "sim/observe/run_result.h"

#include <string>

namespace drasim::reports {

std::string text_summary(const sim::RunResult& result);

}  // namespace drasim::reports
