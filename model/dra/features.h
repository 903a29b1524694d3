#pragma once
/// The optional DRA behaviours the structured allocator and the DynamicResources plugin follow,
/// resolved from the scenario's Kubernetes version, its feature gates and the scheduler profile
/// (dra-semantics.md section 1). The allocator never looks at version strings, only at this.

#include <cstdint>

namespace drasim::model::dra {

struct DraFeatures {
  /// Kubernetes minor release (34..37): selects the version-specific rules of section 3.15
  /// (taint effects, class-config shape, same-request pruning).
  int minor = 35;
  bool admin_access = false;               ///< DRAAdminAccess
  bool prioritized_list = false;           ///< DRAPrioritizedList (`firstAvailable`)
  bool partitionable_devices = false;      ///< DRAPartitionableDevices (shared counters)
  bool consumable_capacity = false;        ///< DRAConsumableCapacity (+ distinctAttribute)
  bool device_taints = false;              ///< DRADeviceTaints
  bool device_taint_rules = false;         ///< DRADeviceTaintRules (the DeviceTaintRule API)
  bool device_binding_and_status = false;  ///< DRADeviceBindingConditions && ...DeviceStatus
  bool extended_resource = false;          ///< DRAExtendedResource (KEP-5004)

  friend bool operator==(const DraFeatures&, const DraFeatures&) = default;
};

}  // namespace drasim::model::dra
