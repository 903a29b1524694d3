#pragma once
/// Decoder for the drasim.dev/v1alpha1 Scenario document (PRODUCT.md section 1).

#include "sim/load/doc_reader.h"
#include "sim/load/scenario.h"

#include <cstdint>

namespace drasim::sim {

/// Reads the Scenario document at `root` into the run settings of `out` (objects untouched).
void decode_scenario(const Cursor& root, uint32_t file_index, Scenario& out);

}  // namespace drasim::sim
