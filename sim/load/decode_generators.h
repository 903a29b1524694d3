#pragma once
/// Decoder for `spec.generate[]` of the Scenario document (node pools, workload streams, trace
/// replays). Reads trace files (relative to the scenario file's directory) and adds them to the
/// scenario's file table; the expansion into objects happens later (sim/generate/generators.h).

#include "sim/load/doc_reader.h"
#include "sim/load/scenario.h"

#include <cstdint>

namespace drasim::sim {

/// Appends one GeneratorSpec per entry of `list` to `out.generators`. Needs `out.horizon`
/// already decoded (a Poisson or burst stream without `count` or `until` stops there).
void decode_generators(const Cursor& list, uint32_t file_index, Scenario& out);

}  // namespace drasim::sim
