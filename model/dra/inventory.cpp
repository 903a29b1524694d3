#include "model/dra/inventory.h"

namespace drasim::model::dra {

namespace {

/// DeviceTaintRule selector (1.35+): every set field must match; unset fields match anything.
bool rule_selects(const DeviceTaintRule& rule, const ResourceSlice& slice, const Device& device) {
  return (rule.driver.empty() || rule.driver == slice.driver)
         && (rule.pool.empty() || rule.pool == slice.pool.name)
         && (rule.device.empty() || rule.device == device.name);
}

}  // namespace

Inventory::Inventory(std::vector<DeviceClass> classes, std::vector<ResourceSlice> slices,
                     const std::vector<DeviceTaintRule>& rules, const DraFeatures& features)
    : classes_(std::move(classes)), slices_(std::move(slices)) {
  for (uint32_t i = 0; i < classes_.size(); ++i) {
    class_index_.emplace(classes_[i].meta.name, i);  // first one wins on duplicate names
  }
  const bool merge_rules = features.device_taint_rules && features.device_taints;
  for (uint32_t i = 0; i < slices_.size(); ++i) {
    ResourceSlice& slice = slices_[i];
    if (merge_rules) {
      // Rule taints are added to the published ones; the scheduler sees the union (section 8).
      for (Device& device : slice.devices) {
        for (const DeviceTaintRule& rule : rules) {
          if (rule_selects(rule, slice, device)) {
            device.taints.push_back(rule.taint);
          }
        }
      }
    }
    if (!slice.node_name.empty() && slice.shared_counters.empty()) {
      by_node_[slice.node_name].push_back(i);
    } else {
      shared_.push_back(i);
    }
    by_pool_[{slice.driver, slice.pool.name}].push_back(i);
  }
}

const DeviceClass* Inventory::find_class(std::string_view name) const {
  const auto it = class_index_.find(name);
  return it == class_index_.end() ? nullptr : &classes_[it->second];
}

std::span<const uint32_t> Inventory::node_local_slices(std::string_view node_name) const {
  const auto it = by_node_.find(node_name);
  if (it == by_node_.end()) {
    return {};
  }
  return it->second;
}

std::span<const uint32_t> Inventory::pool_slices(std::string_view driver,
                                                 std::string_view pool) const {
  const auto it = by_pool_.find(std::pair<std::string_view, std::string_view>(driver, pool));
  if (it == by_pool_.end()) {
    return {};
  }
  return it->second;
}

}  // namespace drasim::model::dra
