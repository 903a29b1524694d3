#pragma once
/// The `metrics` object of the JSON report (README "Metrics over time"): the main series
/// `[t, pending, running, evictions, failedBinds, capacityOfflineGpus, waitP50, waitP95,
/// waitP99]` with its `columns`, per node pool and resource the series `[t, used, capacity]` and
/// its time-weighted average over the run, the final wait percentiles (all pods, per queue) and
/// the pods still pending at the end. Times and waits in simulated seconds, cpu in cores, memory
/// in bytes, gpu in devices; a wait percentile is null before the first bind.

#include "reports/json_writer.h"
#include "sim/observe/run_result.h"

#include <optional>
#include <string>

namespace drasim::reports {

/// A wait in seconds, or `none` when there is none.
std::string wait_text(const std::optional<sim::SimDuration>& wait, const char* none = "null");

/// A usage amount (sim/observe/run_metrics.h units) in report units: cpu millicores to cores,
/// memory bytes as they are, milli-GPUs to devices.
std::string amount_text(size_t resource, int64_t amount);

/// Writes `"metrics": {...}` into the open top-level object.
void write_metrics(JsonWriter& w, const sim::RunResult& result);

}  // namespace drasim::reports
