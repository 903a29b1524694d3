#pragma once
/// `--report html` (`report.html`): one self-contained page that opens offline and loads
/// nothing. It holds the run's data as JSON (html_data.h) in a `<script type="application/json">`
/// element, dygraphs and the report's script and style sheet (assets.h), all inline. The script
/// draws the summary cards, the charts over simulated time with the timeline's events and the
/// anomalies marked, the GPU occupancy grid, the wait histogram and the sortable, filterable
/// tables. Byte-stable: the same run gives the same file.

#include "reports/html/html_data.h"
#include "sim/observe/run_result.h"

#include <string>

namespace drasim::reports {

std::string html_report(const sim::RunResult& result, const HtmlLimits& limits = {});

}  // namespace drasim::reports
