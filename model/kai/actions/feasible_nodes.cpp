#include "model/kai/actions/feasible_nodes.h"

#include <algorithm>

namespace drasim::model {

bool has_idle_or_releasing_gpus(const NodeInfo& node) {
  int64_t idle = node.idle.get(kGpuSlot);
  int64_t releasing = node.releasing.get(kGpuSlot);
  const int64_t mib = node.gpu_groups.memory_mib;
  if (mib > 0) {
    for (const GpuGroup& g : node.gpu_groups.groups()) {
      // 1 - ceil(100 * allocated / mib) / 100 is above zero while allocated <= 99% of mib.
      if (g.allocated_mib > 0 && g.allocated_mib * 100 <= 99 * mib) {
        idle += kMilliPerGpu - (g.allocated_mib * 100 + mib - 1) / mib * 10;
      }
      if (g.releasing_mib > 0 && !g.releasing_gpu) {
        releasing += (g.releasing_mib * 100 + mib - 1) / mib * 10;
      }
    }
  }
  return idle > 0 || releasing > 0;
}

FeasibleNodes::FeasibleNodes(const ClusterState& state, const JobInfo& job) {
  all_ = std::any_of(job.pods.begin(), job.pods.end(),
                     [&](PodId p) { return state.spec_of(p).cpu_only(); });
  if (all_) {
    return;
  }
  member_.assign(state.nodes.size(), false);
  for (size_t i = 0; i < state.nodes.size(); ++i) {
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
