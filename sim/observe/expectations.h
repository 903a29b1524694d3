#pragma once
/// Evaluates a scenario's expectations against the cluster state at a point in time.

#include "model/cluster/cluster_state.h"
#include "model/k8s/object_set.h"
#include "sim/load/scenario.h"
#include "sim/observe/metrics_recorder.h"
#include "sim/observe/quota_recorder.h"
#include "sim/observe/run_result.h"

namespace drasim::sim {

/// What the run looks like at the moment an expectation is checked.
struct Observation {
  const model::ClusterState& state;
  const model::ObjectSet& objects;  ///< what the state was built from (pod labels)
  SimTime now;
  const QuotaRecorder& quota;
  uint64_t evictions = 0;                            ///< pods the scheduler evicted so far
  const std::vector<uint32_t>& scheduler_evictions;  ///< the same, by PodId
  const MetricsRecorder& metrics;
};

/// The verdict of one expectation at the observed moment.
ExpectationResult evaluate(const Expectation& expectation, const Observation& observed);

}  // namespace drasim::sim
