#include "model/task_filter_cache.h"

#include "model/assert.h"
#include "model/node_fit.h"

namespace drasim::model {

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
  const PodTemplate& spec = state_.templates[t.index()];
  DRASIM_ASSERT(spec.placement_class < by_class_.size(), "templates have placement classes");
  std::vector<uint16_t>& v = by_class_[spec.placement_class];
  if (v.size() != state_.nodes.size()) {
    v.assign(state_.nodes.size(), 0);
    for (size_t i = 0; i < state_.nodes.size(); ++i) {
      const std::string problem = static_node_problem(spec, state_.nodes[i]);
      v[i] = problem.empty() ? 0 : code_of(problem);
    }
  }
  return v;
}

}  // namespace drasim::model
