#pragma once
/// The data of the HTML report, as one JSON object the page's script draws from (README "HTML
/// report" lists its parts). Series are downsampled for a chart's width (downsample.h), the
/// node x time GPU grid is aggregated by node group (gpu_heatmap.h) and the tables keep their
/// first rows, so the file stays small at 10,000 nodes and 100,000 pods. The text is byte-stable
/// and holds no `<`, so it can sit inside a `<script>` element as it is.

#include "sim/observe/run_result.h"

#include <cstddef>
#include <string>

namespace drasim::reports {

struct HtmlLimits {
  size_t chart_buckets = 800;  ///< M4 spans of the main charts
  size_t queue_buckets = 300;  ///< M4 spans of each queue's chart
  size_t heatmap_rows = 120;
  size_t heatmap_columns = 240;
  size_t table_rows = 5000;  ///< rows kept per table (the total is given)
};

std::string html_data(const sim::RunResult& result, const HtmlLimits& limits = {});

}  // namespace drasim::reports
