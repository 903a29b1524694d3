#pragma once
/// The devices already held by other (allocated) claims: the allocator's `allocatedState`
/// (dra-semantics.md section 3.1; upstream internal/allocatedstate.go). Exclusive allocations
/// make a device unavailable; allocations of multi-allocation devices (results with a shareID)
/// instead add to the consumed capacity of the device; admin-access results are left out.

#include "model/dra/device_id.h"
#include "model/dra/string_hash.h"
#include "model/k8s/dra_objects.h"
#include "model/k8s/quantity.h"

#include <map>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace drasim::model::dra {

class AllocatedDevices {
  struct Entry {
    int exclusive = 0;  ///< exclusive results naming the device
    int shares = 0;     ///< shared (shareID) results naming the device
    std::map<std::string, Quantity> consumed;
  };

  using PoolDevices = std::map<std::string, Entry, std::less<>>;

 public:
  /// The held devices of one pool, found once: an allocation search asks about every device
  /// of a pool and hashes the pool's names once instead of at each device. Valid until the
  /// next add() or remove().
  class PoolView {
   public:
    [[nodiscard]] bool is_exclusive(std::string_view device) const;
    /// As AllocatedDevices::consumed, for a device of this pool.
    [[nodiscard]] const std::map<std::string, Quantity>* consumed(std::string_view device) const;

   private:
    friend class AllocatedDevices;
    [[nodiscard]] const Entry* find(std::string_view device) const;

    const PoolDevices* devices_ = nullptr;  ///< null when no device of the pool is held
  };

  [[nodiscard]] PoolView pool(std::string_view driver, std::string_view pool) const;

  /// Records every device of `allocation` (admin-access results are skipped).
  void add(const AllocationResult& allocation);

  /// The exact inverse of add(); removing what was never added is a bug (asserted).
  void remove(const AllocationResult& allocation);

  /// Whether some claim holds the device exclusively.
  [[nodiscard]] bool is_exclusive(const DeviceKey& id) const;

  /// The names of the devices of pool `(driver, pool)` that some claim holds (exclusively or by
  /// a share), sorted; they stay valid until the next add() or remove(). One search for the
  /// whole pool: the devices are kept per pool.
  void held_in_pool(std::string_view driver, std::string_view pool,
                    std::vector<std::string_view>& out) const;

  /// Consumable capacity in use on a multi-allocation device (summed over its shares), or
  /// nullptr when no share of the device is allocated.
  [[nodiscard]] const std::map<std::string, Quantity>* consumed(const DeviceKey& id) const;

  [[nodiscard]] bool empty() const { return held_ == 0; }

 private:
  /// Held devices by pool, then by name: a device is found with one hash of its pool and a
  /// search among that pool's held devices (a node's eight, typically), not a search of every
  /// held device comparing the driver's and pool's names at each step. A pool stays in the map
  /// when its last device is released (a node fills and drains again and again).
  std::unordered_map<std::pair<std::string, std::string>, PoolDevices, StringPairHash,
                     StringPairEqual>
      pools_;
  size_t held_ = 0;  ///< devices with at least one holder, over every pool
};

}  // namespace drasim::model::dra
