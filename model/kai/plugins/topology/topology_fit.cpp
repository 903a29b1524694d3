#include "model/kai/plugins/topology/topology_fit.h"

#include <algorithm>
#include <limits>

namespace drasim::model {

int64_t node_accommodation(const ResourceVector& max_task, const NodeInfo& node, int64_t task_count,
                           const std::vector<size_t>& skip) {
  ResourceVector one_pod(max_task.size());
  one_pod.set(kPodsSlot, 1);
  if (max_task.less_equal(one_pod)) {
    return task_count;
  }
  ResourceVector free = node.idle + node.releasing;
  for (const size_t slot : skip) {
    free.set(slot, 0);  // max_task has the slot zeroed already (JobView)
  }
  if (!max_task.less_equal(free)) {
    return 0;
  }
  int64_t fits = std::numeric_limits<int64_t>::max();
  for (size_t slot = 0; slot < max_task.size(); ++slot) {
    if (max_task.get(slot) > 0) {
      fits = std::min(fits, free.get(slot) / max_task.get(slot));
    }
  }
  return fits == std::numeric_limits<int64_t>::max() ? task_count : fits;
}

double job_ratio_to_free(const ResourceVector& tasks_sum, const ResourceVector& free) {
  double ratio = 0;
  for (size_t slot = 0; slot < tasks_sum.size(); ++slot) {
    const int64_t request = tasks_sum.get(slot);
    // Skipped DeviceClass-mapped slots arrive with a zero request (JobView zeroes them).
    if (request <= 0 || slot == kPodsSlot) {
      continue;
    }
    const int64_t available = free.get(slot);
    ratio = std::max(ratio, available <= 0
                                ? kMissingResourceRatio
                                : static_cast<double>(request) / static_cast<double>(available));
  }
  return ratio;
}

bool homogeneous_tasks(const std::vector<ResourceVector>& requests) {
  size_t slots = 0;
  for (const ResourceVector& r : requests) {
    slots = std::max(slots, r.size());
  }
  for (size_t slot = 0; slot < slots; ++slot) {
    if (slot == kCpuSlot || slot == kMemorySlot) {
      continue;
    }
    const auto users = std::count_if(requests.begin(), requests.end(),
                                     [&](const ResourceVector& r) { return r.get(slot) > 0; });
    if (users != 0 && static_cast<size_t>(users) != requests.size()) {
      return false;
    }
  }
  return true;
}

}  // namespace drasim::model
