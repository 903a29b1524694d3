#pragma once
/// Metrics over time (README "Metrics over time"): what the MetricsRecorder keeps during a run
/// and hands to the RunResult, and the arithmetic the report and the expectations share
/// (nearest-rank percentiles, time-weighted utilization).
///
/// Units: times and waits in microseconds (SimTime), cpu in millicores, memory in bytes, gpu in
/// milli-GPUs (1000 = one device); reports convert to seconds, cores and devices.

#include "sim/load/node_pool.h"
#include "sim/load/sim_time.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace drasim::sim {

/// One row of the main series: the state at the end of instant `at`.
/// - `pending`: pods in phase Pending (submitted, not placed; a recreated pod is pending again);
/// - `running`: pods holding a node (Binding, Running, and Releasing until they leave);
/// - `evictions`, `failed_binds`: cumulative counts of scheduler evictions and failed binds;
/// - `capacity_offline_gpus`: GPUs of present nodes out of service (see MetricsRecorder);
/// - `wait_p50` .. `wait_p99`: nearest-rank percentiles of the waits recorded so far (none
///   before the first bind).
struct MetricsRow {
  SimTime at;
  int64_t pending = 0;
  int64_t running = 0;
  int64_t evictions = 0;
  int64_t failed_binds = 0;
  int64_t capacity_offline_gpus = 0;
  std::optional<SimDuration> wait_p50;
  std::optional<SimDuration> wait_p95;
  std::optional<SimDuration> wait_p99;

  /// Equal values, whatever the times.
  [[nodiscard]] bool same_values(const MetricsRow& o) const;
};

/// What a pool physically holds of one resource at the end of instant `at`.
struct UsageSample {
  SimTime at;
  int64_t used = 0;
  int64_t capacity = 0;
};

/// One sample whenever used or capacity changed, the last one of an instant kept. Before the
/// first sample both are 0.
using UsageSeries = std::vector<UsageSample>;

/// cpu, memory, gpu (the quota resources' order, sim/observe/quota_series.h).
inline constexpr size_t kMetricResources = 3;

/// Usage series by NodePool (kAll last) and resource.
using PoolUsage = std::array<std::array<UsageSeries, kMetricResources>, kNodePools>;

/// Nearest-rank percentiles of a set of waits (none when the set is empty).
struct WaitSummary {
  int64_t count = 0;
  std::optional<SimDuration> p50;
  std::optional<SimDuration> p95;
  std::optional<SimDuration> p99;
  std::optional<SimDuration> max;
};

/// The final wait percentiles of one queue (the pod's job's queue name).
struct QueueWaits {
  std::string queue;
  WaitSummary waits;
  std::vector<int64_t> sorted;  ///< every wait of the queue's pods, microseconds, ascending
};

struct RunMetrics {
  std::vector<MetricsRow> rows;
  PoolUsage usage;
  WaitSummary waits;                 ///< every recorded wait
  std::vector<int64_t> all_waits;    ///< every recorded wait, microseconds, ascending
  std::vector<QueueWaits> by_queue;  ///< sorted by queue name
  int64_t still_pending = 0;         ///< pods pending at the end of the run
  /// The longest wait so far of a pod still pending at the end (from its last submission).
  std::optional<SimDuration> still_pending_max_wait;
  /// By NodeId: the GPUs a node holds and has (milli-GPUs, as the gpu usage series), one sample
  /// per change; a node that is gone has capacity 0. Empty for nodes that never had a GPU.
  std::vector<UsageSeries> node_gpus;
};

/// The 1-based nearest rank of percentile `percentile` (1..100) among `count` values:
/// ceil(percentile * count / 100), at least 1.
int64_t nearest_rank(int64_t count, int percentile);

/// Nearest-rank percentiles of `waits` (reordered).
WaitSummary summarize_waits(std::vector<int64_t>& waits);

/// The nearest-rank `percentile` of `waits` (reordered); none when empty.
std::optional<SimDuration> wait_percentile(std::vector<int64_t>& waits, int percentile);

/// Time-weighted utilization over [from, to): the integral of used over the integral of
/// capacity (used device-hours over available device-hours), with every sample holding until
/// the next; none when there is no capacity in the window.
std::optional<double> utilization_over(const UsageSeries& series, SimTime from, SimTime to);

/// The sample in force at `at` (zeros before the first).
UsageSample usage_at(const UsageSeries& series, SimTime at);

}  // namespace drasim::sim
