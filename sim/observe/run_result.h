#pragma once
/// Everything a run produced: the final cluster state, the end time, expectation verdicts and
/// run statistics. It is the only thing reports/ reads.

#include "model/cluster/cluster_state.h"
#include "sim/load/scenario.h"
#include "sim/load/sim_time.h"
#include "sim/observe/quota_series.h"
#include "sim/observe/run_metrics.h"

#include <cstdint>
#include <string>
#include <vector>

namespace drasim::sim {

struct ExpectationResult {
  std::string name;
  bool passed = false;
  std::string message;
};

struct RunStats {
  uint64_t events = 0;
  uint64_t cycles = 0;           ///< cycles actually computed
  uint64_t placements = 0;       ///< binds decided by the scheduler
  uint64_t evictions = 0;        ///< pods the scheduler evicted
  uint64_t failed_binds = 0;     ///< binds that failed (binder faults, binding conditions)
  uint64_t event_evictions = 0;  ///< pods evicted by timeline events (drains, device taints)
};

/// A pod taken off its node: `by` is `scheduler` (an eviction action: reclaim, preempt,
/// consolidation, a stale gang), `timeline` (a drain, a NoExecute device taint) or `deleted` (its
/// node removed, the pod deleted by an event); `message` is the eviction's own words.
struct EvictionRecord {
  SimTime at;
  model::PodId pod;
  model::NodeId node;
  std::string by;
  std::string message;
};

struct RunResult {
  std::string scenario;
  Profile profile = Profile::kKai;
  uint64_t seed = 0;
  SimTime end;
  model::ClusterState state;
  std::vector<ExpectationResult> expectations;
  std::vector<std::string> warnings;
  RunStats stats;
  std::vector<QueueSeries> quota;  ///< by QueueId: accounted, fair share and actual over time
  std::vector<QueueDriftPeaks> quota_drift;  ///< by QueueId: the largest quota drift
  /// Every anomaly of the run in report order (sim/observe/anomaly_order.h); `state.anomalies` is
  /// empty.
  std::vector<model::Anomaly> anomalies;
  RunMetrics metrics;                     ///< metrics over time (sim/observe/metrics_recorder.h)
  std::vector<EvictionRecord> evictions;  ///< in the order they happened
  std::vector<TimelineMark> marks;        ///< the scenario's events on the time axis

  [[nodiscard]] bool all_expectations_passed() const;
  /// How many expectations held.
  [[nodiscard]] size_t expectations_passed() const;
};

}  // namespace drasim::sim
