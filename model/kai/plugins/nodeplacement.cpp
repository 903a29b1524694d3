#include "model/kai/plugins/nodeplacement.h"

#include "model/cluster/gpu_sharing.h"

#include <algorithm>
#include <limits>

namespace drasim::model {
namespace {

int64_t total_of(const NodeInfo& node, bool gpu_task) {
  return gpu_task ? node.gpu_count : node.allocatable.get(kCpuSlot);
}

int64_t allocatable_of(const NodeInfo& node, bool gpu_task) {
  return node.allocatable.get(gpu_task ? kGpuSlot : kCpuSlot);
}

/// round(numerator * scale / denominator) for non-negative values, in 128-bit arithmetic.
int64_t scaled_ratio(int64_t numerator, int64_t denominator, int64_t scale) {
  __extension__ using I128 = __int128;
  const I128 n = static_cast<I128>(numerator) * scale;
  return static_cast<int64_t>((n + denominator / 2) / denominator);
}

/// Whole GPUs of a milli-GPU amount, rounded down (towards minus infinity).
int64_t whole_gpus(int64_t milli) {
  return milli >= 0 ? milli / kMilliPerGpu : -((-milli + kMilliPerGpu - 1) / kMilliPerGpu);
}

}  // namespace

int64_t non_allocated(const NodeInfo& node, bool gpu_task) {
  if (gpu_task) {
    return whole_gpus(node.idle.get(kGpuSlot) + node.releasing.get(kGpuSlot));
  }
  return node.idle.get(kCpuSlot) + node.releasing.get(kCpuSlot);
}

PlacementRange placement_range(const ClusterState& state, bool gpu_task,
                               const std::vector<bool>* within, const std::vector<size_t>* only) {
  int64_t lo = std::numeric_limits<int64_t>::max();
  int64_t hi = 0;
  const auto take = [&](size_t i) {
    const NodeInfo& n = state.nodes[i];
    if (!n.present || (within && !(*within)[i]) || allocatable_of(n, gpu_task) == 0) {
      return;
    }
    const int64_t free = non_allocated(n, gpu_task);
    lo = std::min(lo, free);
    hi = std::max(hi, free);
  };
  if (only) {
    for (const size_t i : *only) {
      take(i);
    }
    return PlacementRange{lo, hi};
  }
  if (gpu_task && within == nullptr && !state.reference) {
    // The same extremes from the per-block summaries: whole_gpus is monotonic, so the min and
    // max of the rounded amounts are the rounded min and max (FreeGpuIndex).
    const size_t blocks = (state.nodes.size() + FreeGpuIndex::kBlock - 1) / FreeGpuIndex::kBlock;
    for (size_t b = 0; b < blocks; ++b) {
      const FreeGpuIndex::Summary& s = state.free_gpus.block(state.nodes, b);
      if (s.eligible) {
        lo = std::min(lo, whole_gpus(s.min_eligible_milli));
        hi = std::max(hi, whole_gpus(s.max_eligible_milli));
      }
    }
    return PlacementRange{lo, hi};
  }
  for (size_t i = 0; i < state.nodes.size(); ++i) {
    take(i);
  }
  return PlacementRange{lo, hi};
}

int64_t binpack_score(int64_t free, const PlacementRange& range) {
  if (range.max == 0) {
    return 0;
  }
  if (range.min == range.max) {
    return kMaxHighDensity * kPoint;
  }
  // 9 * (1 - (free - min) / (max - min)) == 9 * (max - free) / (max - min)
  return scaled_ratio(range.max - free, range.max - range.min, kMaxHighDensity * kPoint);
}

int64_t placement_score(const NodeInfo& node, bool gpu_task, PlacementStrategy strategy,
                        const PlacementRange& range) {
  const int64_t free = non_allocated(node, gpu_task);
  switch (strategy) {
    case PlacementStrategy::kBinpack:
      return allocatable_of(node, gpu_task) == 0 ? 0 : binpack_score(free, range);
    case PlacementStrategy::kSpread: {
      const int64_t total = total_of(node, gpu_task);
      if (total <= 0) {
        return 0;
      }
      return scaled_ratio(free, total, kPoint);
    }
  }
  return 0;
}

int64_t gpu_sharing_score(const PodTemplate& t, const NodeInfo& node) {
  return t.gpu_share.shared() && fitting_groups(t, node) > 0 ? kGpuSharingScore : 0;
}

ScoreParts node_score_parts(const PodTemplate& t, const NodeInfo& node, bool fits_idle,
                            PlacementStrategy strategy, const PlacementRange& range) {
  ScoreParts parts;
  if (!t.nominated_node.empty() && t.nominated_node == node.name) {
    parts.nominated = kNominatedNodeScore;
  }
  if (fits_idle) {
    parts.availability = kAvailabilityScore;
  }
  const bool cpu_task = t.cpu_only();
  if (cpu_task && node.cpu_only()) {
    parts.resource_type = kResourceTypeScore;
  }
  parts.gpu_sharing = gpu_sharing_score(t, node);
  parts.placement = placement_score(node, !cpu_task, strategy, range);
  return parts;
}

int64_t node_score(const PodTemplate& t, const NodeInfo& node, bool fits_idle,
                   PlacementStrategy strategy, const PlacementRange& range) {
  return node_score_parts(t, node, fits_idle, strategy, range).total();
}

}  // namespace drasim::model
