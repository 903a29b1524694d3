#pragma once
/// Decoder for `spec.events[]` of the Scenario document (PRODUCT.md section 2): each entry has
/// `at:` and exactly one event key. Binder faults go to Scenario::binder_faults, every other
/// event to Scenario::events (expanded later by sim/generate/timeline_expand.h).

#include "sim/load/doc_reader.h"
#include "sim/load/scenario.h"

namespace drasim::sim {

/// Decodes one `spec.events[]` entry into `out`.
void decode_event(const Cursor& c, uint32_t file_index, Scenario& out);

}  // namespace drasim::sim
