#include "model/cluster/gpu_sharing.h"

#include <algorithm>
#include <cmath>

namespace drasim::model {
namespace {

/// `math.Floor` of a milli-GPU amount, in whole GPUs.
int64_t floor_gpus(int64_t milli) {
  return milli >= 0 ? milli / kMilliPerGpu : -((-milli + kMilliPerGpu - 1) / kMilliPerGpu);
}

ResourceVector available(const NodeInfo& node, bool idle_only) {
  return idle_only ? node.idle : node.idle + node.releasing;
}

/// The first slot other than GPU where the request exceeds `v` (`lessEqualVectorsExcludingGPU`).
std::optional<size_t> short_slot_except_gpu(const PodTemplate& t, const ResourceVector& v) {
  for (size_t slot = 0; slot < t.request.size(); ++slot) {
    if (slot != kGpuSlot && t.request.get(slot) > v.get(slot)) {
      return slot;
    }
  }
  return std::nullopt;
}

/// `isValidGpuPortion`: a portion above 1 must be a whole number of GPUs.
bool valid_portion(const PodTemplate& t, const NodeInfo& node) {
  const double portion = share_portion_on_node(t.gpu_share, node.gpu_groups.memory_mib);
  return portion <= 1 || portion == std::trunc(portion);
}

bool whole_gpus_suffice(const PodTemplate& t, const NodeInfo& node, const ResourceVector& v) {
  return floor_gpus(v.get(kGpuSlot)) + fitting_groups(t, node) >= t.gpu_share.devices;
}

}  // namespace

int64_t shared_task_mib(const PodTemplate& t, const NodeInfo& node) {
  return share_memory_on_node(t.gpu_share, node.gpu_groups.memory_mib);
}

int64_t fitting_groups(const PodTemplate& t, const NodeInfo& node) {
  const int64_t mib = shared_task_mib(t, node);
  int64_t count = 0;
  for (const GpuGroup& g : node.gpu_groups.groups()) {
    if (count >= t.gpu_share.devices) {
      break;
    }
    count += node.gpu_groups.fits(g, mib) ? 1 : 0;
  }
  return count;
}

bool shared_resources_fit(const PodTemplate& t, const NodeInfo& node, bool idle_only) {
  const ResourceVector v = available(node, idle_only);
  return !short_slot_except_gpu(t, v) && valid_portion(t, node) && whole_gpus_suffice(t, node, v);
}

SharedFitGap shared_fit_gap(const PodTemplate& t, const NodeInfo& node) {
  const ResourceVector v = available(node, false);
  if (const auto slot = short_slot_except_gpu(t, v)) {
    return {SharedFitGap::Kind::kSlot, *slot};
  }
  if (!valid_portion(t, node)) {
    return {SharedFitGap::Kind::kPortion, 0};
  }
  if (!whole_gpus_suffice(t, node, v)) {
    return {SharedFitGap::Kind::kWholeGpus, 0};
  }
  return {};
}

GpuChoice choose_gpus(const PodTemplate& t, const NodeInfo& node, PlacementStrategy strategy) {
  const NodeGpuGroups& groups = node.gpu_groups;
  const int64_t mib = shared_task_mib(t, node);
  const bool fits_idle = shared_resources_fit(t, node, true);

  struct Candidate {
    int64_t score;          ///< in MiB of the node's GPU memory (the node's memory is 1.0)
    const GpuGroup* group;  ///< null: a whole GPU
  };

  // gpupack scores a group by its used portion and a whole GPU 0; gpuspread by 1 - used portion
  // and a whole GPU 1. Scaled by the node's memory, both are exact integers.
  const bool pack = strategy == PlacementStrategy::kBinpack;
  std::vector<Candidate> candidates;
  for (const GpuGroup& g : groups.groups()) {
    if (groups.fits(g, mib)) {
      candidates.push_back({pack ? g.used_mib : groups.memory_mib - g.used_mib, &g});
    }
  }
  // filterGpusByEnoughResources: `int(idle) + int(releasing)` whole GPUs, each truncated, when
  // either is positive.
  const int64_t idle = node.idle.get(kGpuSlot);
  const int64_t releasing = node.releasing.get(kGpuSlot);
  const int64_t whole =
      idle > 0 || releasing > 0 ? idle / kMilliPerGpu + releasing / kMilliPerGpu : 0;
  for (int64_t i = 0; i < whole; ++i) {
    candidates.push_back({pack ? 0 : groups.memory_mib, nullptr});
  }
  // Stable: equal scores keep candidate order, i.e. groups by id, then whole GPUs.
  std::stable_sort(candidates.begin(), candidates.end(),
                   [](const Candidate& a, const Candidate& b) { return a.score > b.score; });
  GpuChoice out;
  uint32_t next_new = groups.next_id();
  for (const Candidate& c : candidates) {
    if (static_cast<int64_t>(out.groups.size()) == t.gpu_share.devices) {
      break;
    }
    if (c.group == nullptr) {
      out.groups.push_back(next_new++);
      out.releasing = out.releasing || !fits_idle;
      continue;
    }
    // EnoughIdleResourcesOnGpu: the group has the memory without waiting for releasing pods.
    const bool idle_memory = groups.memory_mib - c.group->allocated_mib - mib >= 0;
    out.releasing = out.releasing || !idle_memory || !fits_idle;
    out.groups.push_back(c.group->id);
  }
  if (static_cast<int64_t>(out.groups.size()) < t.gpu_share.devices) {
    out.groups.clear();
  }
  return out;
}

}  // namespace drasim::model
