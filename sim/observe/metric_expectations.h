#pragma once
/// Verdicts of the expectations on metrics over time (README "Metrics over time"):
/// - `waitTime`: the nearest-rank percentile of the waits of bound pods so far together with the
///   waits so far of pods still pending (so a run where pods starve cannot pass), of one queue
///   or of every pod, at most a bound; with no wait at all it holds;
/// - `utilization`: what a node pool physically uses of a resource over its capacity, at an
///   instant (`at`) or as a time-weighted average (used resource-time over available
///   resource-time) over `over: [from, to]` cut at the moment of the check, by default the whole
///   run; it fails when the pool has no capacity then.

#include "sim/observe/expectations.h"

namespace drasim::sim {

ExpectationResult wait_time(const Expectation& e, const Observation& o);

ExpectationResult utilization(const Expectation& e, const Observation& o);

}  // namespace drasim::sim
