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

AllocatedDevices::PoolView AllocatedDevices::pool(std::string_view driver,
                                                  std::string_view pool) const {
  PoolView view;
  if (const auto it = pools_.find(std::pair{driver, pool}); it != pools_.end()) {
    view.devices_ = &it->second;
  }
  return view;
}

const AllocatedDevices::Entry* AllocatedDevices::PoolView::find(std::string_view device) const {
  if (devices_ == nullptr) {
    return nullptr;
  }
  const auto it = devices_->find(device);
  return it == devices_->end() ? nullptr : &it->second;
}

bool AllocatedDevices::PoolView::is_exclusive(std::string_view device) const {
  const Entry* entry = find(device);
  return entry != nullptr && entry->exclusive > 0;
}

const std::map<std::string, Quantity>* AllocatedDevices::PoolView::consumed(
    std::string_view device) const {
  const Entry* entry = find(device);
  if (entry == nullptr || entry->shares == 0) {
    return nullptr;
  }
  return &entry->consumed;
}

bool AllocatedDevices::is_exclusive(const DeviceKey& id) const {
  return pool(id.driver, id.pool).is_exclusive(id.device);
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
  return pool(id.driver, id.pool).consumed(id.device);
}

}  // namespace drasim::model::dra
