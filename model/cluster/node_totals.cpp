#include "model/cluster/node_totals.h"

#include "model/cluster/cluster_state.h"
#include "model/k8s/assert.h"
#include "model/kai/api/pod_request.h"

#include <algorithm>

namespace drasim::model {

NodeTotals count_node_totals(const std::vector<NodeInfo>& nodes, const ResourceNames& names) {
  NodeTotals t;
  for (const NodeInfo& n : nodes) {
    if (!n.present) {
      continue;
    }
    if (n.condition_problem.empty()) {
      t.schedulable += quota_vector(n.allocatable, names);
    }
    if (!t.max_allocatable) {
      t.max_allocatable = ResourceVector(names.size());
    }
    for (size_t slot = 0; slot < n.allocatable.size(); ++slot) {
      t.max_allocatable->set(slot, std::max(t.max_allocatable->get(slot), n.allocatable.get(slot)));
    }
  }
  return t;
}

const NodeTotals& NodeTotalsCache::get(const std::vector<NodeInfo>& nodes,
                                       const ResourceNames& names, bool recount) const {
  if (recount || !fresh_ || slots_ != names.size()) {
    totals_ = count_node_totals(nodes, names);
    fresh_ = true;
    slots_ = names.size();
  }
#ifndef NDEBUG
  DRASIM_ASSERT(totals_ == count_node_totals(nodes, names),
                "every change of a node's allocatable, presence or condition invalidates the "
                "node totals");
#endif
  return totals_;
}

}  // namespace drasim::model
