#pragma once
/// The node x time GPU occupancy grid of the HTML report. GPU nodes (those with a GPU series,
/// sim/observe/run_metrics.h) in natural name order (`gpu-2` before `gpu-10`) are cut into at
/// most `max_rows` groups of consecutive nodes, equal in size but the last; simulated time
/// [0, end) into `buckets` equal spans. A cell is the group's time-weighted occupancy in that
/// span: the integral of GPUs used over the integral of GPUs present, in whole percent, rounded
/// to nearest; -1 where the group had no GPU in the span (nodes gone or not yet there). So a
/// drain is a column of cells going to 0, a removed node a row going blank, and fragmentation
/// rows that stay part-full while pods wait.

#include "sim/observe/run_result.h"

#include <string>
#include <vector>

namespace drasim::reports {

struct GpuHeatmap {
  std::vector<std::string> rows;          ///< `gpu-0`, or `gpu-0 .. gpu-7` for a group
  std::vector<int64_t> row_nodes;         ///< nodes per row
  sim::SimDuration bucket;                ///< the width of a column
  std::vector<std::vector<int>> percent;  ///< [row][column]
};

GpuHeatmap gpu_heatmap(const sim::RunResult& result, size_t max_rows, size_t buckets);

/// Natural order: digit runs compare as numbers, the rest byte by byte; equal runs of different
/// length (`01`, `1`) by length, so the order is total.
bool natural_less(const std::string& a, const std::string& b);

}  // namespace drasim::reports
