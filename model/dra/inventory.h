#pragma once
/// Every DeviceClass and ResourceSlice of the cluster, prepared once for the structured
/// allocator: DeviceTaintRule taints merged into the devices they select (dra-semantics.md
/// sections 2.6 and 8; only with DRADeviceTaintRules and DRADeviceTaints on) and the slices
/// indexed so that gathering the pools of one node touches only the slices that can matter
/// to it: node-local slices by node name, everything else (allNodes, nodeSelector,
/// perDeviceNodeSelection, counter-only) in one list, and every slice by pool for the
/// cluster-wide completeness re-check (section 3.2).

#include "model/dra/features.h"
#include "model/dra/string_hash.h"
#include "model/k8s/dra_objects.h"

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace drasim::model::dra {

struct Pool;
struct PoolCache;

class Inventory {
 public:
  /// The slices are shared, not copied: an inventory rebuilt after a few slices came or went
  /// keeps the others' copies (and their device addresses). A slice that a DeviceTaintRule
  /// selects gets a private copy with the rule's taints.
  Inventory(std::vector<DeviceClass> classes,
            std::vector<std::shared_ptr<const ResourceSlice>> slices,
            const std::vector<DeviceTaintRule>& rules, const DraFeatures& features);

  /// The same inventory from slices given by value.
  Inventory(std::vector<DeviceClass> classes, std::vector<ResourceSlice> slices,
            const std::vector<DeviceTaintRule>& rules, const DraFeatures& features);

  /// The class with this name, or nullptr.
  [[nodiscard]] const DeviceClass* find_class(std::string_view name) const;

  [[nodiscard]] const std::vector<DeviceClass>& classes() const { return classes_; }

  /// The slices, in input order, rule taints merged in: `slice(i)` for i < slice_count().
  [[nodiscard]] size_t slice_count() const { return slices_.size(); }

  [[nodiscard]] const ResourceSlice& slice(uint32_t index) const { return *slices_[index]; }

  /// Indices (ascending) of the slices with `nodeName == node_name` and no shared counters.
  [[nodiscard]] std::span<const uint32_t> node_local_slices(std::string_view node_name) const;

  /// Indices (ascending) of every slice that is not node-local.
  [[nodiscard]] std::span<const uint32_t> shared_slices() const { return shared_; }

  /// Indices (ascending) of every slice of pool `(driver, pool)`, whatever node it targets.
  [[nodiscard]] std::span<const uint32_t> pool_slices(std::string_view driver,
                                                      std::string_view pool) const;

  /// From now on, pools_for keeps the pools of each node it is asked about. Not in the
  /// reference mode.
  void keep_pools();
  /// gather_pools for the node. Kept per node name once keep_pools was called, when no slice
  /// selects nodes by label (so the name alone decides which slices target the node) and
  /// `features` are the inventory's own: the inventory never changes, so neither do the pools.
  /// Thread-safe: copies of a cluster state share their inventory.
  [[nodiscard]] std::shared_ptr<const std::vector<Pool>> pools_for(
      const DraFeatures& features, const std::string& node_name,
      const StringMap& node_labels) const;

 private:
  std::vector<DeviceClass> classes_;
  std::vector<std::shared_ptr<const ResourceSlice>> slices_;
  DraFeatures features_;
  bool labels_matter_ = false;        ///< some slice selects nodes by label
  std::shared_ptr<PoolCache> pools_;  ///< set by keep_pools
  std::map<std::string, uint32_t, std::less<>> class_index_;
  // The slice indexes are only searched, never walked, so hash maps serve (searched by view).
  std::unordered_map<std::string, std::vector<uint32_t>, StringHash, std::equal_to<>> by_node_;
  std::vector<uint32_t> shared_;
  std::unordered_map<std::pair<std::string, std::string>, std::vector<uint32_t>, StringPairHash,
                     StringPairEqual>
      by_pool_;
};

}  // namespace drasim::model::dra
