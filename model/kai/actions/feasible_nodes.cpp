#include "model/kai/actions/feasible_nodes.h"

#include <algorithm>

namespace drasim::model {

FeasibleNodes::FeasibleNodes(const ClusterState& state, const JobInfo& job) {
  all_ = std::any_of(job.pods.begin(), job.pods.end(),
                     [&](PodId p) { return state.spec_of(p).cpu_only(); });
  if (all_) {
    return;
  }
  member_.assign(state.nodes.size(), false);
  for (size_t i = 0; i < state.nodes.size(); ++i) {
    if (!state.reference && i % FreeGpuIndex::kBlock == 0
        && state.free_gpus.block(state.nodes, i / FreeGpuIndex::kBlock).gpu_room_nodes == 0) {
      i += FreeGpuIndex::kBlock - 1;
      continue;
    }
    const NodeInfo& n = state.nodes[i];
    if (n.present && has_idle_or_releasing_gpus(n)) {
      member_[i] = true;
      list_.push_back(i);
    }
  }
}

void FeasibleNodes::add(size_t node) {
  if (all_ || member_[node]) {
    return;
  }
  member_[node] = true;
  list_.insert(std::lower_bound(list_.begin(), list_.end(), node), node);
  added_.push_back(node);
}

void FeasibleNodes::rollback(size_t mark) {
  while (added_.size() > mark) {
    const size_t node = added_.back();
    added_.pop_back();
    member_[node] = false;
    list_.erase(std::lower_bound(list_.begin(), list_.end(), node));
  }
}

}  // namespace drasim::model
