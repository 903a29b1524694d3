#pragma once
/// `--report csv`: the run as four CSV files (RFC 4180: comma-separated, CRLF-free `\n` line
/// ends, a field quoted when it holds a comma, a quote or a line break, quotes doubled), each
/// with a header row whose columns the README documents and keeps stable:
/// - `metrics.csv`: the main series, one row per change (`t,pending,running,evictions,
///   failedBinds,capacityOfflineGpus,waitP50,waitP95,waitP99`); an empty wait before any bind;
/// - `utilization.csv`: `t,pool,resource,used,capacity` per node pool and resource;
/// - `pods.csv`: one row per pod in report order;
/// - `quota.csv`: every queue's series, `t,queue,resource,accounted,fairShare,actual,drift`.
/// Times in simulated seconds, cpu in cores, memory in bytes, gpu in devices.

#include "reports/atomic_file.h"
#include "sim/observe/run_result.h"

#include <string>
#include <string_view>
#include <vector>

namespace drasim::reports {

/// The four files, named `metrics.csv`, `utilization.csv`, `pods.csv`, `quota.csv` (`path` is
/// the bare file name).
std::vector<FileToWrite> csv_report(const sim::RunResult& result);

/// `field` as one CSV field.
std::string csv_field(std::string_view field);

}  // namespace drasim::reports
