#include "model/task_filter_cache.h"

#include "model/assert.h"
#include "model/node_fit.h"

#include <fmt/format.h>

namespace drasim::model {
namespace {

void append_requirements(std::string& key, const std::vector<NodeSelectorRequirement>& rs) {
  for (const auto& r : rs) {
    key += fmt::format("{}\x1f{}", r.key, static_cast<int>(r.op));
    for (const auto& v : r.values) {
      key += "\x1f" + v;
    }
    key += '\x1e';
  }
}

}  // namespace

std::string TaskFilterCache::signature(const PodTemplate& t) const {
  std::string key;
  for (const Toleration& tol : t.tolerations) {
    key += fmt::format("T{}\x1f{}\x1f{}\x1f{}\x1e", tol.key, static_cast<int>(tol.op), tol.value,
                       tol.effect ? static_cast<int>(*tol.effect) : -1);
  }
  for (const auto& [k, v] : t.node_selector) {
    key += fmt::format("S{}\x1f{}\x1e", k, v);
  }
  if (t.required_affinity) {
    for (const NodeSelectorTerm& term : t.required_affinity->terms) {
      key += "A";
      append_requirements(key, term.match_expressions);
      key += "F";
      append_requirements(key, term.match_fields);
    }
    key += "|";
  }
  return key;
}

uint16_t TaskFilterCache::code_of(const std::string& reason) {
  const auto it = reason_codes_.find(reason);
  if (it != reason_codes_.end()) {
    return it->second;
  }
  DRASIM_ASSERT(reasons_.size() < 65535, "fewer than 65535 distinct filter reasons");
  const auto code = static_cast<uint16_t>(reasons_.size());
  reasons_.push_back(reason);
  reason_codes_.emplace(reason, code);
  return code;
}

const std::vector<uint16_t>& TaskFilterCache::verdicts(TemplateId t) {
  const auto cached = by_template_.find(t);
  if (cached != by_template_.end()) {
    return *cached->second;
  }
  const PodTemplate& spec = state_.templates[t.index()];
  const std::string key = signature(spec);
  auto it = by_signature_.find(key);
  if (it == by_signature_.end()) {
    std::vector<uint16_t> v(state_.nodes.size(), 0);
    for (size_t i = 0; i < state_.nodes.size(); ++i) {
      const std::string problem = static_node_problem(spec, state_.nodes[i]);
      v[i] = problem.empty() ? 0 : code_of(problem);
    }
    it = by_signature_.emplace(key, std::move(v)).first;
  }
  by_template_.emplace(t, &it->second);
  return it->second;
}

}  // namespace drasim::model
