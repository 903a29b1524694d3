#pragma once
/// Decoder for the drasim.dev/v1alpha1 Scenario document (PRODUCT.md section 1).

#include "sim/load/doc_reader.h"
#include "sim/load/scenario.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace drasim::sim {

/// Reads the Scenario document at `root` into the run settings of `out` (objects untouched).
void decode_scenario(const Cursor& root, uint32_t file_index, Scenario& out);

/// KAI's actions of a cycle, in order: a list of names or a comma-separated string as KAI's
/// scheduler configuration writes them (`allocate, consolidation, reclaim`). Unknown and repeated
/// names are errors (nothing is returned then).
std::optional<std::vector<model::Action>> decode_actions(const Cursor& c);

}  // namespace drasim::sim
