#pragma once
/// The expectations about single pods or pods by label: `podOnNode`, `podPhase` and the map form
/// of `evictionsAtMost` (README "Expectations").

#include "sim/load/doc_reader.h"
#include "sim/load/scenario.h"

#include <cstdint>
#include <string>

namespace drasim::sim {

/// A pod as `namespace/name`; a bare name is in `default`, as kubectl reads it.
std::string pod_key(std::string text);

/// `podOnNode: {pod: ml/serve-0, node: l4-0}` or `{pod: ..., nodeSelector: {pool: l4}}`.
void decode_pod_on_node(const Cursor& p, Expectation& e);

/// `podPhase: {pod: ml/serve-0, phase: Running}`, or pods by label
/// `{podSelector: {app: trainer}, namespace: ml, phase: Running}`; `node` or `nodeSelector`
/// optionally. Phases are the report's: Pending, Running, Succeeded, Failed, Evicted.
void decode_pod_phase(const Cursor& p, Expectation& e);

/// `evictionsAtMost: 3` (every pod), or `{count: 1, pod: ml/train-0}`, or
/// `{count: 2, queue: team-a}`.
void decode_evictions_at_most(const Cursor& p, uint32_t file_index, Expectation& e);

}  // namespace drasim::sim
