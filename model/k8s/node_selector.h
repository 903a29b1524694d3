#pragma once
/// Node selector terms (required node affinity, nodeSelector, DRA node selectors) and matching.

#include "model/k8s/object_meta.h"

#include <string>
#include <vector>

namespace drasim::model {

enum class SelectorOperator { kIn, kNotIn, kExists, kDoesNotExist, kGt, kLt };

struct NodeSelectorRequirement {
  std::string key;
  SelectorOperator op = SelectorOperator::kIn;
  std::vector<std::string> values;

  friend bool operator==(const NodeSelectorRequirement&, const NodeSelectorRequirement&) = default;
};

/// One term: every expression and every field requirement must match. An empty term matches
/// no node (k8s `nodeaffinity.NodeSelector` semantics).
struct NodeSelectorTerm {
  std::vector<NodeSelectorRequirement> match_expressions;
  std::vector<NodeSelectorRequirement> match_fields;  ///< only `metadata.name` is supported

  friend bool operator==(const NodeSelectorTerm&, const NodeSelectorTerm&) = default;
};

/// Terms are ORed.
struct NodeSelector {
  std::vector<NodeSelectorTerm> terms;

  friend bool operator==(const NodeSelector&, const NodeSelector&) = default;
};

/// Whether one requirement holds for `labels` (Gt/Lt compare integers; a non-integer never
/// matches, as in `labels.Requirement.Matches`).
bool matches(const NodeSelectorRequirement& requirement, const StringMap& labels);

/// Whether a term matches a node with these labels and name.
bool matches(const NodeSelectorTerm& term, const StringMap& labels, const std::string& node_name);

/// Whether any term matches. A selector with no terms matches nothing.
bool matches(const NodeSelector& selector, const StringMap& labels, const std::string& node_name);

/// `nodeSelector` map semantics: every key present with the same value.
bool matches_all(const StringMap& required, const StringMap& labels);

}  // namespace drasim::model
