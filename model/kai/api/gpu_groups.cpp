#include "model/kai/api/gpu_groups.h"

#include "model/k8s/assert.h"

#include <fmt/format.h>

#include <algorithm>
#include <tuple>

namespace drasim::model {
namespace {

/// KAI reads the float GPU amounts through `int(...)`, which truncates towards zero.
int64_t whole(int64_t milli) {
  return milli / kMilliPerGpu;
}

}  // namespace

const GpuGroup* NodeGpuGroups::find(uint32_t id) const {
  const auto it = std::lower_bound(groups_.begin(), groups_.end(), id,
                                   [](const GpuGroup& g, uint32_t v) { return g.id < v; });
  return it != groups_.end() && it->id == id ? &*it : nullptr;
}

GpuGroup& NodeGpuGroups::at(uint32_t id) {
  auto it = std::lower_bound(groups_.begin(), groups_.end(), id,
                             [](const GpuGroup& g, uint32_t v) { return g.id < v; });
  if (it == groups_.end() || it->id != id) {
    it = groups_.insert(it, GpuGroup{id, 0, 0, 0, false});
    next_id_ = std::max(next_id_, id + 1);
  }
  return *it;
}

void NodeGpuGroups::drop_if_empty(uint32_t id) {
  // KAI keeps zeroed map entries; none of its checks can tell them from missing ones.
  const auto it =
      std::find_if(groups_.begin(), groups_.end(), [id](const GpuGroup& g) { return g.id == id; });
  if (it != groups_.end() && it->used_mib == 0 && it->allocated_mib == 0 && it->releasing_mib == 0
      && !it->releasing_gpu) {
    groups_.erase(it);
  }
}

int64_t NodeGpuGroups::used_groups() const {
  return std::count_if(groups_.begin(), groups_.end(),
                       [](const GpuGroup& g) { return g.used_mib > 0; });
}

bool NodeGpuGroups::fits(const GpuGroup& g, int64_t mib) const {
  return g.used_mib != 0 && memory_mib - g.allocated_mib + g.releasing_mib - mib >= 0
         && g.allocated_mib != g.releasing_mib;
}

void NodeGpuGroups::add(const std::vector<uint32_t>& ids, int64_t mib, GroupHold hold,
                        WholeGpuView v) {
  // addSharedGPUTaskResourcesPerPodGroup, one group at a time.
  for (const uint32_t id : ids) {
    GpuGroup& g = at(id);
    g.used_mib += mib;
    // The guard stops a GPU from being taken twice (KAI: only when the node's GPU count is
    // below idle + whole used + groups in use).
    const auto double_counted = [&] {
      return v.gpu_count
             < whole(v.idle.get(kGpuSlot)) + whole(v.used.get(kGpuSlot)) + used_groups();
    };
    switch (hold) {
      case GroupHold::kReleasing:
        g.releasing_mib += mib;
        g.allocated_mib += mib;
        if (g.used_mib == g.releasing_mib) {
          if (!g.releasing_gpu) {
            v.releasing.add(kGpuSlot, kMilliPerGpu);
            g.releasing_gpu = true;
          }
          if (double_counted()) {
            v.idle.add(kGpuSlot, -kMilliPerGpu);
            ++gpus_taken_;
          }
        }
        break;
      case GroupHold::kPipelined:
        g.releasing_mib -= mib;
        if (g.used_mib - mib == g.releasing_mib + mib) {
          v.releasing.add(kGpuSlot, -kMilliPerGpu);
        }
        break;
      case GroupHold::kHolding:
        g.allocated_mib += mib;
        if (g.used_mib <= mib && double_counted()) {
          v.idle.add(kGpuSlot, -kMilliPerGpu);
          ++gpus_taken_;
        }
        if (g.releasing_gpu) {
          v.releasing.add(kGpuSlot, -kMilliPerGpu);
          g.releasing_gpu = false;
        }
        break;
    }
  }
}

void NodeGpuGroups::remove(const std::vector<uint32_t>& ids, int64_t mib, GroupHold hold,
                           WholeGpuView v) {
  // removeSharedTaskResourcesPerPodGroup, one group at a time.
  for (const uint32_t id : ids) {
    GpuGroup& g = at(id);
    g.used_mib -= mib;
    const auto counted_once = [&] {
      return v.gpu_count
             >= whole(v.idle.get(kGpuSlot)) + whole(v.used.get(kGpuSlot)) + used_groups();
    };
    switch (hold) {
      case GroupHold::kReleasing:
        g.releasing_mib -= mib;
        g.allocated_mib -= mib;
        if (g.used_mib <= 0) {
          if (counted_once()) {
            v.idle.add(kGpuSlot, kMilliPerGpu);
            --gpus_taken_;
          }
          if (g.releasing_gpu) {
            v.releasing.add(kGpuSlot, -kMilliPerGpu);
            g.releasing_gpu = false;
          }
        }
        break;
      case GroupHold::kPipelined: {
        g.releasing_mib += mib;
        // isPipelinedToReleasingGpu: the pod had taken a fully releasing GPU (or a new one).
        const bool was_all_releasing = g.used_mib + mib == g.releasing_mib - mib;
        if (was_all_releasing || (g.used_mib == 0 && g.releasing_mib == 0)) {
          v.releasing.add(kGpuSlot, kMilliPerGpu);
        }
        break;
      }
      case GroupHold::kHolding:
        g.allocated_mib -= mib;
        if (g.used_mib <= 0 && counted_once()) {
          v.idle.add(kGpuSlot, kMilliPerGpu);
          --gpus_taken_;
        }
        if (g.used_mib != 0 && g.releasing_mib == g.used_mib && !g.releasing_gpu) {
          v.releasing.add(kGpuSlot, kMilliPerGpu);
          g.releasing_gpu = true;
        }
        break;
    }
    drop_if_empty(id);
  }
}

void NodeGpuGroups::add_memory(uint32_t id, int64_t mib, GroupHold hold) {
  GpuGroup& g = at(id);
  g.used_mib += mib;
  if (hold == GroupHold::kReleasing) {
    g.releasing_mib += mib;
  }
  if (hold != GroupHold::kPipelined) {
    g.allocated_mib += mib;
  } else {
    g.releasing_mib -= mib;
  }
}

bool NodeGpuGroups::same_memory(const NodeGpuGroups& other) const {
  const auto key = [](const std::vector<GpuGroup>& gs) {
    std::vector<std::tuple<uint32_t, int64_t, int64_t, int64_t>> out;
    for (const GpuGroup& g : gs) {
      if (g.used_mib == 0 && g.allocated_mib == 0 && g.releasing_mib == 0) {
        continue;
      }
      out.emplace_back(g.id, g.used_mib, g.allocated_mib, g.releasing_mib);
    }
    return out;
  };
  return key(groups_) == key(other.groups_);
}

void NodeGpuGroups::clear() {
  groups_.clear();
  gpus_taken_ = 0;
}

std::string gpu_group_name(const std::string& node, uint32_t id) {
  return fmt::format("{}-gpu-group-{}", node, id);
}

}  // namespace drasim::model
