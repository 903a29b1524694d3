#include "model/dra/allocated_devices.h"

#include "model/k8s/assert.h"

namespace drasim::model::dra {

void AllocatedDevices::add(const AllocationResult& allocation) {
  for (const DeviceAllocationResult& result : allocation.results) {
    if (result.admin_access.value_or(false)) {
      continue;  // admin access never blocks normal users (section 3.11)
    }
    const std::pair<std::string_view, std::string_view> pool_key{result.driver, result.pool};
    auto pool = pools_.find(pool_key);
    if (pool == pools_.end()) {
      pool = pools_.try_emplace(std::pair<std::string, std::string>(pool_key)).first;
    }
    auto device = pool->second.find(result.device);
    if (device == pool->second.end()) {
      device = pool->second.try_emplace(result.device).first;
      ++held_;
    }
    Entry& entry = device->second;
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
    const auto pool =
        pools_.find(std::pair<std::string_view, std::string_view>{result.driver, result.pool});
    DRASIM_ASSERT(pool != pools_.end(), "removing a device allocation that was never added");
    const auto it = pool->second.find(result.device);
    DRASIM_ASSERT(it != pool->second.end(), "removing a device allocation that was never added");
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
      pool->second.erase(it);
      --held_;
    }
  }
}

const AllocatedDevices::Entry* AllocatedDevices::find(const DeviceKey& id) const {
  const auto pool = pools_.find(std::pair{id.driver, id.pool});
  if (pool == pools_.end()) {
    return nullptr;
  }
  const auto it = pool->second.find(id.device);
  return it == pool->second.end() ? nullptr : &it->second;
}

bool AllocatedDevices::is_exclusive(const DeviceKey& id) const {
  const Entry* entry = find(id);
  return entry != nullptr && entry->exclusive > 0;
}

void AllocatedDevices::held_in_pool(std::string_view driver, std::string_view pool,
                                    std::vector<std::string_view>& out) const {
  out.clear();
  const auto it = pools_.find(std::pair{driver, pool});
  if (it == pools_.end()) {
    return;
  }
  // Every entry is held (remove() erases an entry when its last holder goes).
  for (const auto& [device, entry] : it->second) {
    out.emplace_back(device);
  }
}

const std::map<std::string, Quantity>* AllocatedDevices::consumed(const DeviceKey& id) const {
  const Entry* entry = find(id);
  if (entry == nullptr || entry->shares == 0) {
    return nullptr;
  }
  return &entry->consumed;
}

}  // namespace drasim::model::dra
