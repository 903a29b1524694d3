#include "model/dra/inventory.h"

#include "model/dra/pools.h"

#include <mutex>
#include <utility>

namespace drasim::model::dra {

struct PoolCache {
  std::mutex mutex;
  std::unordered_map<std::string, std::shared_ptr<const std::vector<Pool>>, StringHash,
                     std::equal_to<>>
      by_node;
};

namespace {

/// DeviceTaintRule selector (1.35+): every set field must match; unset fields match anything.
bool rule_selects(const DeviceTaintRule& rule, const ResourceSlice& slice, const Device& device) {
  return (rule.driver.empty() || rule.driver == slice.driver)
         && (rule.pool.empty() || rule.pool == slice.pool.name)
         && (rule.device.empty() || rule.device == device.name);
}

/// The slice as the scheduler sees it: the shared one, or, when some rule selects one of its
/// devices, a copy with the rules' taints added to the published ones (section 8).
std::shared_ptr<const ResourceSlice> with_rule_taints(std::shared_ptr<const ResourceSlice> slice,
                                                      const std::vector<DeviceTaintRule>& rules) {
  std::shared_ptr<ResourceSlice> tainted;
  for (size_t d = 0; d < slice->devices.size(); ++d) {
    for (const DeviceTaintRule& rule : rules) {
      if (rule_selects(rule, *slice, slice->devices[d])) {
        if (tainted == nullptr) {
          tainted = std::make_shared<ResourceSlice>(*slice);
        }
        tainted->devices[d].taints.push_back(rule.taint);
      }
    }
  }
  return tainted != nullptr ? std::move(tainted) : std::move(slice);
}

std::vector<std::shared_ptr<const ResourceSlice>> share(std::vector<ResourceSlice> slices) {
  std::vector<std::shared_ptr<const ResourceSlice>> shared;
  shared.reserve(slices.size());
  for (ResourceSlice& slice : slices) {
    shared.push_back(std::make_shared<const ResourceSlice>(std::move(slice)));
  }
  return shared;
}

}  // namespace

Inventory::Inventory(std::vector<DeviceClass> classes, std::vector<ResourceSlice> slices,
                     const std::vector<DeviceTaintRule>& rules, const DraFeatures& features)
    : Inventory(std::move(classes), share(std::move(slices)), rules, features) {}

Inventory::Inventory(std::vector<DeviceClass> classes,
                     std::vector<std::shared_ptr<const ResourceSlice>> slices,
                     const std::vector<DeviceTaintRule>& rules, const DraFeatures& features)
    : classes_(std::move(classes)), slices_(std::move(slices)), features_(features) {
  for (uint32_t i = 0; i < classes_.size(); ++i) {
    class_index_.emplace(classes_[i].meta.name, i);  // first one wins on duplicate names
  }
  const bool merge_rules = features.device_taint_rules && features.device_taints;
  by_node_.reserve(slices_.size());
  for (uint32_t i = 0; i < slices_.size(); ++i) {
    if (merge_rules) {
      slices_[i] = with_rule_taints(std::move(slices_[i]), rules);
    }
    const ResourceSlice& slice = *slices_[i];
    if (!slice.node_name.empty() && slice.shared_counters.empty()) {
      by_node_[slice.node_name].push_back(i);
    } else {
      shared_.push_back(i);
    }
    by_pool_[{slice.driver, slice.pool.name}].push_back(i);
    labels_matter_ =
        labels_matter_ || slice.node_selector.has_value() || slice.per_device_node_selection;
  }
}

void Inventory::keep_pools() {
  pools_ = std::make_shared<PoolCache>();
}

std::shared_ptr<const std::vector<Pool>> Inventory::pools_for(const DraFeatures& features,
                                                              const std::string& node_name,
                                                              const StringMap& node_labels) const {
  const auto gather = [&] {
    return std::make_shared<const std::vector<Pool>>(
        gather_pools(*this, features, node_name, node_labels));
  };
  if (pools_ == nullptr || labels_matter_ || !(features == features_)) {
    return gather();
  }
  const std::lock_guard lock(pools_->mutex);
  auto& kept = pools_->by_node[node_name];
  if (kept == nullptr) {
    kept = gather();
  }
  return kept;
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
