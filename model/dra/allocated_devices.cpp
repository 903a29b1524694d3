#include "model/dra/allocated_devices.h"

#include "model/k8s/assert.h"

namespace drasim::model::dra {

void AllocatedDevices::add(const AllocationResult& allocation) {
  for (const DeviceAllocationResult& result : allocation.results) {
    if (result.admin_access.value_or(false)) {
      continue;  // admin access never blocks normal users (section 3.11)
    }
    Entry& entry = devices_[DeviceId{result.driver, result.pool, result.device}];
    if (result.share_id.empty()) {
      ++entry.exclusive;
      continue;
    }
    ++entry.shares;
    for (const auto& [name, amount] : result.consumed_capacity) {
      entry.consumed[name] = entry.consumed[name] + amount;
    }
  }
}

void AllocatedDevices::remove(const AllocationResult& allocation) {
  for (const DeviceAllocationResult& result : allocation.results) {
    if (result.admin_access.value_or(false)) {
      continue;
    }
    const auto it = devices_.find(DeviceKey{result.driver, result.pool, result.device});
    DRASIM_ASSERT(it != devices_.end(), "removing a device allocation that was never added");
    Entry& entry = it->second;
    if (result.share_id.empty()) {
      DRASIM_ASSERT(entry.exclusive > 0, "removing an exclusive allocation that was never added");
      --entry.exclusive;
    } else {
      DRASIM_ASSERT(entry.shares > 0, "removing a shared allocation that was never added");
      --entry.shares;
      for (const auto& [name, amount] : result.consumed_capacity) {
        const auto used = entry.consumed.find(name);
        DRASIM_ASSERT(used != entry.consumed.end(), "removing capacity that was never added");
        used->second = used->second - amount;
      }
      if (entry.shares == 0) {
        entry.consumed.clear();
      }
    }
    if (entry.exclusive == 0 && entry.shares == 0) {
      devices_.erase(it);
    }
  }
}

bool AllocatedDevices::is_exclusive(const DeviceId& id) const {
  return is_exclusive(DeviceIdLess::key(id));
}

bool AllocatedDevices::is_exclusive(const DeviceKey& id) const {
  const auto it = devices_.find(id);
  return it != devices_.end() && it->second.exclusive > 0;
}

void AllocatedDevices::held_in_pool(std::string_view driver, std::string_view pool,
                                    std::vector<std::string_view>& out) const {
  out.clear();
  // Every entry in the map is held (remove() erases an entry when its last holder goes).
  for (auto it = devices_.lower_bound(DeviceKey{driver, pool, ""});
       it != devices_.end() && it->first.driver == driver && it->first.pool == pool; ++it) {
    out.emplace_back(it->first.device);
  }
}

const std::map<std::string, Quantity>* AllocatedDevices::consumed(const DeviceId& id) const {
  return consumed(DeviceIdLess::key(id));
}

const std::map<std::string, Quantity>* AllocatedDevices::consumed(const DeviceKey& id) const {
  const auto it = devices_.find(id);
  if (it == devices_.end() || it->second.shares == 0) {
    return nullptr;
  }
  return &it->second.consumed;
}

}  // namespace drasim::model::dra
