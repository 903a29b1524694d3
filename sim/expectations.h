#pragma once
/// Evaluates a scenario's expectations against the cluster state at a point in time.

#include "model/cluster_state.h"
#include "sim/run_result.h"
#include "sim/scenario.h"

namespace drasim::sim {

/// The verdict of one expectation on `state` at `now`.
ExpectationResult evaluate(const Expectation& expectation, const model::ClusterState& state,
                           SimTime now);

}  // namespace drasim::sim
