#pragma once
/// Decoders of the expectations on metrics over time (sim/observe/run_metrics.h): `waitTime` and
/// `utilization` entries of `spec.expect[]`.

#include "sim/load/doc_reader.h"
#include "sim/load/scenario.h"

#include <cstdint>

namespace drasim::sim {

/// `waitTime: {percentile: 95, atMost: 10m, queue: team-a}` (queue optional).
void decode_wait_time(const Cursor& p, uint32_t file_index, Expectation& e);

/// `utilization: {resource: gpu, pool: dra, atLeast: 70%, atMost: 95%, over: [1h, 5h]}`: pool
/// defaults to all, at least one of atLeast and atMost, `over` optional and not together with the
/// expectation's `at` (`entry`).
void decode_utilization(const Cursor& entry, const Cursor& p, Expectation& e);

}  // namespace drasim::sim
