#include "model/cluster/free_gpu_index.h"

#include "model/cluster/cluster_state.h"
#include "model/k8s/assert.h"

#include <algorithm>

namespace drasim::model {
namespace {

// The cluster's idle plus releasing GPUs as consolidation's gate counts them, in devices and in
// GPU memory (actions/utils IsEnoughGPUsAllocatableForJob; node_info GetSumOfIdleGPUs /
// GetSumOfReleasingGPUs): whole GPUs count with all their memory, a shared GPU group with what
// its allocated pods leave free, and a group's releasing memory when the whole GPU is not
// releasing already.
void add_consolidation_free(const NodeInfo& n, FreeGpuIndex::Summary& s) {
  const int64_t mib = n.gpu_groups.memory_mib;
  for (const int64_t whole : {n.idle.get(kGpuSlot), n.releasing.get(kGpuSlot)}) {
    s.free_milli += whole;
    s.free_mib += whole / kMilliPerGpu * mib;
  }
  if (mib <= 0) {
    return;
  }
  for (const GpuGroup& g : n.gpu_groups.groups()) {
    if (g.allocated_mib > 0) {
      s.free_milli += (mib - g.allocated_mib) * kMilliPerGpu / mib;
      s.free_mib += mib - g.allocated_mib;
    }
    if (g.releasing_mib > 0 && !g.releasing_gpu) {
      s.free_milli += g.releasing_mib * kMilliPerGpu / mib;
      s.free_mib += g.releasing_mib;
    }
  }
}

}  // namespace

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

FreeGpuIndex::Part FreeGpuIndex::part_of(const NodeInfo& n) {
  Part p;
  p.free_milli = n.idle.get(kGpuSlot) + n.releasing.get(kGpuSlot);
  p.present = n.present;
  if (!n.present) {
    return p;
  }
  Summary consolidation;
  add_consolidation_free(n, consolidation);
  p.consolidation_milli = consolidation.free_milli;
  p.consolidation_mib = consolidation.free_mib;
  p.room = has_idle_or_releasing_gpus(n);
  p.eligible = n.allocatable.get(kGpuSlot) != 0;
  return p;
}

void FreeGpuIndex::add_part(const Part& p, bool first, Summary& s) {
  s.max_free_milli = first ? p.free_milli : std::max(s.max_free_milli, p.free_milli);
  if (!p.present) {
    return;
  }
  s.free_milli += p.consolidation_milli;
  s.free_mib += p.consolidation_mib;
  s.gpu_room_nodes += p.room ? 1U : 0U;
  if (!p.eligible) {
    return;
  }
  const int64_t whole = std::clamp<int64_t>(p.free_milli / kMilliPerGpu, 0, kLevels - 1);
  ++s.eligible_at[static_cast<size_t>(whole)];
  s.min_eligible_milli = s.eligible ? std::min(s.min_eligible_milli, p.free_milli) : p.free_milli;
  s.max_eligible_milli = s.eligible ? std::max(s.max_eligible_milli, p.free_milli) : p.free_milli;
  s.eligible = true;
}

FreeGpuIndex::Summary FreeGpuIndex::summarize(const std::vector<NodeInfo>& nodes,
                                              size_t block) const {
  Summary s;
  const size_t begin = block * kBlock;
  const size_t end = std::min(nodes.size(), begin + kBlock);
  for (size_t i = begin; i < end; ++i) {
    if (dirty_[i]) {
      parts_[i] = part_of(nodes[i]);
      dirty_[i] = false;
    }
    add_part(parts_[i], i == begin, s);
  }
  return s;
}

const FreeGpuIndex::Summary& FreeGpuIndex::block(const std::vector<NodeInfo>& nodes,
                                                 size_t block) const {
  const size_t blocks = (nodes.size() + kBlock - 1) / kBlock;
  if (summaries_.size() != blocks || parts_.size() != nodes.size()) {
    summaries_.assign(blocks, Summary{});
    stale_.assign(blocks, true);
    parts_.assign(nodes.size(), Part{});
    dirty_.assign(nodes.size(), true);
  }
  if (stale_[block]) {
    summaries_[block] = summarize(nodes, block);
    stale_[block] = false;
  }
#ifndef NDEBUG
  Summary recount;
  const size_t begin = block * kBlock;
  for (size_t i = begin; i < std::min(nodes.size(), begin + kBlock); ++i) {
    add_part(part_of(nodes[i]), i == begin, recount);
  }
  DRASIM_ASSERT(summaries_[block] == recount,
                "every change of a node's free GPUs marks the node touched");
#endif
  return summaries_[block];
}

std::vector<FreeGpuIndex::Bound> FreeGpuIndex::bounds(
    const std::vector<NodeInfo>& nodes, int64_t min_gpu,
    const std::function<int64_t(int64_t)>& score_of) const {
  std::vector<Bound> out;
  const size_t blocks = (nodes.size() + kBlock - 1) / kBlock;
  // A node that can take the task has at least min_gpu milli-GPUs free, so at least this many
  // whole ones.
  const size_t need = static_cast<size_t>(std::min<int64_t>(min_gpu / kMilliPerGpu, kLevels - 1));
  for (size_t b = 0; b < blocks; ++b) {
    const Summary& s = block(nodes, b);
    if (s.max_free_milli < min_gpu) {
      continue;
    }
    for (size_t level = need; level < kLevels; ++level) {
      if (s.eligible_at[level] > 0) {
        out.push_back({score_of(static_cast<int64_t>(level)), b * kBlock,
                       std::min(nodes.size(), (b + 1) * kBlock)});
        break;
      }
    }
  }
  std::sort(out.begin(), out.end(), [](const Bound& a, const Bound& b) {
    return a.score != b.score ? a.score > b.score : a.first < b.first;
  });
  return out;
}

std::pair<int64_t, int64_t> FreeGpuIndex::free_total(const std::vector<NodeInfo>& nodes,
                                                     bool recount) const {
  if (recount) {
    Summary s;
    for (const NodeInfo& n : nodes) {
      if (n.present) {
        add_consolidation_free(n, s);
      }
    }
    return {s.free_milli, s.free_mib};
  }
  std::pair<int64_t, int64_t> total{0, 0};
  const size_t blocks = (nodes.size() + kBlock - 1) / kBlock;
  for (size_t b = 0; b < blocks; ++b) {
    const Summary& s = block(nodes, b);
    total.first += s.free_milli;
    total.second += s.free_mib;
  }
  return total;
}

}  // namespace drasim::model
