#pragma once
/// Evaluates a scenario's expectations against the cluster state at a point in time.

#include "model/cluster/cluster_state.h"
#include "sim/load/scenario.h"
#include "sim/observe/metrics_recorder.h"
#include "sim/observe/quota_recorder.h"
#include "sim/observe/run_result.h"

namespace drasim::sim {

/// What the run looks like at the moment an expectation is checked.
struct Observation {
  const model::ClusterState& state;
  SimTime now;
  const QuotaRecorder& quota;
  uint64_t evictions = 0;  ///< pods the scheduler evicted so far
  const MetricsRecorder& metrics;
};

/// The verdict of one expectation at the observed moment.
ExpectationResult evaluate(const Expectation& expectation, const Observation& observed);

}  // namespace drasim::sim
