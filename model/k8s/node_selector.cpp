#include "model/k8s/node_selector.h"

#include "model/k8s/quantity.h"

#include <algorithm>
#include <cstdint>
#include <optional>

namespace drasim::model {
namespace {

bool contains(const std::vector<std::string>& values, const std::string& v) {
  return std::find(values.begin(), values.end(), v) != values.end();
}

bool compare_int(const NodeSelectorRequirement& r, const std::string& label_value) {
  if (r.values.size() != 1) {
    return false;
  }
  const auto have = parse_int64(label_value);
  const auto want = parse_int64(r.values.front());
  if (!have || !want) {
    return false;
  }
  return r.op == SelectorOperator::kGt ? *have > *want : *have < *want;
}

}  // namespace

bool matches(const NodeSelectorRequirement& requirement, const StringMap& labels) {
  const auto it = labels.find(requirement.key);
  const bool has = it != labels.end();
  switch (requirement.op) {
    case SelectorOperator::kIn:
      return has && contains(requirement.values, it->second);
    case SelectorOperator::kNotIn:
      return !has || !contains(requirement.values, it->second);
    case SelectorOperator::kExists:
      return has;
    case SelectorOperator::kDoesNotExist:
      return !has;
    case SelectorOperator::kGt:
    case SelectorOperator::kLt:
      return has && compare_int(requirement, it->second);
  }
  return false;
}

bool matches(const NodeSelectorTerm& term, const StringMap& labels, const std::string& node_name) {
  if (term.match_expressions.empty() && term.match_fields.empty()) {
    return false;
  }
  for (const auto& r : term.match_expressions) {
    if (!matches(r, labels)) {
      return false;
    }
  }
  for (const auto& r : term.match_fields) {
    const StringMap fields{{"metadata.name", node_name}};
    if (!matches(r, fields)) {
      return false;
    }
  }
  return true;
}

bool matches(const NodeSelector& selector, const StringMap& labels, const std::string& node_name) {
  return std::any_of(selector.terms.begin(), selector.terms.end(),
                     [&](const NodeSelectorTerm& t) { return matches(t, labels, node_name); });
}

bool matches_all(const StringMap& required, const StringMap& labels) {
  return std::all_of(required.begin(), required.end(), [&](const auto& kv) {
    const auto it = labels.find(kv.first);
    return it != labels.end() && it->second == kv.second;
  });
}

}  // namespace drasim::model
