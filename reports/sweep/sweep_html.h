#pragma once
/// `sweep.html`: the sweep's table as a self-contained page (html_page.h): a chart of each metric
/// against a varied parameter (one series per combination of the others, failed variants
/// marked) and the sortable, filterable table of every variant. Its data is sweep.json.

#include "reports/sweep/sweep_table.h"

#include <string>

namespace drasim::reports {

std::string sweep_html(const SweepTable& table);

}  // namespace drasim::reports
