#pragma once
/// Trace files for `spec.generate[].trace`: one job per CSV row.
///
/// The first line that is neither empty nor a `#` comment is the header; it names the columns,
/// in any order: `submit`, `duration`, `pods`, `gpusPerPod`, `queue` (required) and
/// `priorityClass`, `name` (optional). Cells are separated by commas and trimmed of spaces; there
/// is no quoting. `submit` and `duration` are seconds (`90`, `12.5`) or durations (`90s`, `10m`,
/// `1h30m`); a duration is longer than zero; `pods` is 1 to 10000, `gpusPerPod` 0 to 64. A job
/// without a name is `<trace name>-<row index>` (data rows counted from 0).

#include "sim/load/diagnostic.h"
#include "sim/load/generator_spec.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace drasim::sim {

/// Jobs and pods one trace may hold (drasim's memory limit for generated pods).
inline constexpr int64_t kMaxTracePods = kMaxGeneratedPods;

/// The jobs of the CSV `text` of `file` (index `file_index` in the scenario's file table).
/// Problems are reported as `file:line:col: error: <column>: <expected>, got <found>` at the
/// cell; a trace past kMaxTracePods pods stops there with an error.
std::vector<TraceJob> parse_trace_csv(std::string_view text, const std::string& file,
                                      uint32_t file_index, std::string_view trace_name,
                                      Diagnostics& diagnostics);

}  // namespace drasim::sim
