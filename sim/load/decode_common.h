#pragma once
/// Decoders for the building blocks every kind shares: metadata, taints, tolerations, node
/// selectors. Each reports problems through the Cursor and returns what it could read.

#include "model/k8s/node_selector.h"
#include "model/k8s/object_meta.h"
#include "model/k8s/taint.h"
#include "sim/load/doc_reader.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace drasim::sim {

/// `metadata`, including the drasim.dev/at annotation. `namespaced` objects default to the
/// `default` namespace; a missing name (and generateName) is an error.
model::ObjectMeta decode_meta(const Cursor& object, uint32_t file_index, bool namespaced);

/// A template's `metadata` (a pod template, a JobSet's Job template): labels and annotations,
/// checked as an object's; no name. The source is the template itself.
model::ObjectMeta decode_template_meta(const Cursor& tmpl, uint32_t file_index);

/// Source reference of a cursor's node.
model::SourceRef source_of(const Cursor& c, uint32_t file_index);

model::TaintEffect decode_taint_effect(const Cursor& c, bool allow_none);

model::Taint decode_taint(const Cursor& c, bool allow_none);

std::vector<model::Taint> decode_taints(const Cursor& c, bool allow_none);

model::Toleration decode_toleration(const Cursor& item);

std::vector<model::Toleration> decode_tolerations(const Cursor& c);

std::vector<model::NodeSelectorRequirement> decode_requirements(const Cursor& c);

model::NodeSelectorTerm decode_selector_term(const Cursor& c);

/// A `{nodeSelectorTerms: [...]}` object; nullopt when absent.
std::optional<model::NodeSelector> decode_node_selector(const Cursor& c);

/// A drasim duration annotation value (`drasim.dev/runtime`) at `c`; nullopt when absent.
std::optional<int64_t> decode_duration_us(const Cursor& c);

/// A duration that may be negative, as KAI's CRDs and flags allow (`stalenessGracePeriod: -1s`
/// means never), in microseconds.
std::optional<int64_t> signed_duration_us(const Cursor& c);

/// The `drasim.dev/replicas` annotation: a whole number from 1 to 1000000; nullopt when absent
/// or invalid (invalid reports).
std::optional<int64_t> decode_replicas(const Cursor& c);

/// A percentage such as `10%` or `12.5%` from 0% to `max_percent`, as a fraction (0.1); nullopt
/// (and an error) otherwise.
std::optional<double> decode_percentage(const Cursor& c, int max_percent);

}  // namespace drasim::sim
