#include "model/free_gpu_index.h"

#include "model/assert.h"
#include "model/cluster_state.h"

#include <algorithm>

namespace drasim::model {
namespace {

FreeGpuIndex::Summary summarize(const std::vector<NodeInfo>& nodes, size_t block) {
  FreeGpuIndex::Summary s;
  const size_t end = std::min(nodes.size(), (block + 1) * FreeGpuIndex::kBlock);
  for (size_t i = block * FreeGpuIndex::kBlock; i < end; ++i) {
    const NodeInfo& n = nodes[i];
    const int64_t free = n.idle.get(kGpuSlot) + n.releasing.get(kGpuSlot);
    s.max_free_milli = i == block * FreeGpuIndex::kBlock ? free : std::max(s.max_free_milli, free);
    if (!n.present || n.allocatable.get(kGpuSlot) == 0) {
      continue;
    }
    s.min_eligible_milli = s.eligible ? std::min(s.min_eligible_milli, free) : free;
    s.max_eligible_milli = s.eligible ? std::max(s.max_eligible_milli, free) : free;
    s.eligible = true;
  }
  return s;
}

}  // namespace

const FreeGpuIndex::Summary& FreeGpuIndex::block(const std::vector<NodeInfo>& nodes,
                                                 size_t block) const {
  const size_t blocks = (nodes.size() + kBlock - 1) / kBlock;
  if (summaries_.size() != blocks) {
    summaries_.assign(blocks, Summary{});
    stale_.assign(blocks, true);
  }
  if (stale_[block]) {
    summaries_[block] = summarize(nodes, block);
    stale_[block] = false;
  }
#ifndef NDEBUG
  DRASIM_ASSERT(summaries_[block] == summarize(nodes, block),
                "every change of a node's free GPUs marks its block stale");
#endif
  return summaries_[block];
}

}  // namespace drasim::model
