#include "model/cluster/task_filter_cache.h"

#include "model/cluster/cluster_state.h"
#include "model/k8s/assert.h"

namespace drasim::model {

uint16_t TaskFilterCache::code_of(const std::string& reason) const {
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

std::vector<uint16_t> TaskFilterCache::count(const ClusterState& state, TemplateId t,
                                             StaticFilter filter) const {
  const PodTemplate& spec = state.templates[t.index()];
  std::vector<uint16_t> v(state.nodes.size(), 0);
  for (size_t i = 0; i < state.nodes.size(); ++i) {
    const std::string problem = filter(spec, state.nodes[i]);
    v[i] = problem.empty() ? 0 : code_of(problem);
  }
  return v;
}

const std::vector<uint16_t>& TaskFilterCache::verdicts(const ClusterState& state, TemplateId t,
                                                       StaticFilter filter) const {
  const PodTemplate& spec = state.templates[t.index()];
  DRASIM_ASSERT(spec.placement_class < state.placement_classes, "templates have placement classes");
  if (by_class_.size() != state.placement_classes) {
    by_class_.assign(state.placement_classes, {});
  }
  std::vector<uint16_t>& v = by_class_[spec.placement_class];
  if (state.reference || v.size() != state.nodes.size()) {
    v = count(state, t, filter);
  }
#ifndef NDEBUG
  DRASIM_ASSERT(v == count(state, t, filter),
                "every change of a node's labels, taints or conditions, or of the templates' "
                "classes, invalidates the filter verdicts");
#endif
  return v;
}

}  // namespace drasim::model
