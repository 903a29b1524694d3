#include "model/dra/pools.h"

#include <algorithm>
#include <map>
#include <set>
#include <utility>

namespace drasim::model::dra {

namespace {

using PoolKey = std::pair<std::string_view, std::string_view>;

/// Whether a slice reaches the node (section 3.2 steps 1-5).
bool slice_relevant(const ResourceSlice& slice, const DraFeatures& features,
                    const std::string& node_name, const StringMap& node_labels) {
  if (!features.partitionable_devices
      && (slice.per_device_node_selection || !slice.shared_counters.empty())) {
    return false;
  }
  if (!slice.shared_counters.empty()) {
    return true;  // counter sets are needed whatever node the slice names
  }
  if (!slice.node_name.empty() || slice.all_nodes || slice.node_selector.has_value()) {
    return node_matches(slice.node_name, slice.all_nodes, slice.node_selector, node_name,
                        node_labels);
  }
  if (slice.per_device_node_selection) {
    return std::any_of(slice.devices.begin(), slice.devices.end(), [&](const Device& device) {
      return node_matches(device.node_name, device.all_nodes, device.node_selector, node_name,
                          node_labels);
    });
  }
  return false;  // some future targeting field: ignore the slice
}

/// Generation handling of upstream addSlice: older slices are dropped, a newer one replaces.
void add_slice(std::vector<const ResourceSlice*>& pool, const ResourceSlice* slice) {
  if (pool.empty() || slice->pool.generation == pool.front()->pool.generation) {
    pool.push_back(slice);
    return;
  }
  if (slice->pool.generation > pool.front()->pool.generation) {
    pool.assign(1, slice);
  }
}

/// The first device name seen twice in the device slices, if any.
std::optional<std::string> duplicate_device(const std::vector<const ResourceSlice*>& slices) {
  std::set<std::string_view> names;
  for (const ResourceSlice* slice : slices) {
    for (const Device& device : slice->devices) {
      if (!names.insert(device.name).second) {
        return "duplicate device name " + device.name;
      }
    }
  }
  return std::nullopt;
}

std::optional<std::string> check_counter_consumption(
    const std::vector<const CounterSet*>& sets, const std::vector<const ResourceSlice*>& slices,
    std::string* device_name = nullptr) {
  for (const ResourceSlice* slice : slices) {
    for (const Device& device : slice->devices) {
      for (const CounterConsumption& consumption : device.consumes_counters) {
        const auto set = std::find_if(sets.begin(), sets.end(), [&](const CounterSet* s) {
          return s->name == consumption.counter_set;
        });
        const auto found = [&](std::string reason) {
          if (device_name != nullptr) {
            *device_name = device.name;
          }
          return reason;
        };
        if (set == sets.end()) {
          return found("counter set " + consumption.counter_set + " not found");
        }
        for (const auto& [counter, amount] : consumption.counters) {
          if (!(*set)->counters.contains(counter)) {
            return found("counter " + counter + " not found in counter set " + (*set)->name);
          }
        }
      }
    }
  }
  return std::nullopt;
}

/// The counter sets of the counter slices, in order; the first name declared twice, if any.
std::optional<std::string> collect_counter_sets(const std::vector<const ResourceSlice*>& slices,
                                                std::vector<const CounterSet*>& sets) {
  std::set<std::string_view> names;
  for (const ResourceSlice* slice : slices) {
    for (const CounterSet& set : slice->shared_counters) {
      if (!names.insert(set.name).second) {
        return "duplicate counter set name " + set.name;
      }
      sets.push_back(&set);
    }
  }
  return std::nullopt;
}

bool has_binding_conditions(const Pool& pool) {
  for (const ResourceSlice* slice : pool.device_slices) {
    for (const Device& device : slice->devices) {
      if (!device.binding_conditions.empty()) {
        return true;
      }
    }
  }
  return false;
}

bool by_name(const ResourceSlice* a, const ResourceSlice* b) {
  return a->meta.name < b->meta.name;
}

/// upstream buildPool: split counter and device slices, validate, remember other slices.
Pool build_pool(PoolKey key, std::vector<const ResourceSlice*> slices, const DraFeatures& features,
                const std::vector<const ResourceSlice*>* all_slices) {
  std::stable_sort(slices.begin(), slices.end(), by_name);
  Pool pool;
  pool.driver = key.first;
  pool.name = key.second;
  pool.generation = slices.front()->pool.generation;
  std::vector<const ResourceSlice*> counter_slices;
  for (const ResourceSlice* slice : slices) {
    if (features.partitionable_devices && !slice->shared_counters.empty()) {
      counter_slices.push_back(slice);
    } else {
      pool.device_slices.push_back(slice);
    }
  }
  auto invalidate = [&pool](std::string reason) {
    pool.invalid = true;
    pool.invalid_reason = std::move(reason);
    return pool;
  };
  if (auto reason = duplicate_device(pool.device_slices)) {
    return invalidate(std::move(*reason));
  }
  if (!features.partitionable_devices) {
    pool.has_binding_conditions = has_binding_conditions(pool);
    return pool;
  }
  if (auto reason = collect_counter_sets(counter_slices, pool.counter_sets)) {
    return invalidate(std::move(*reason));
  }
  if (auto reason = check_counter_consumption(pool.counter_sets, slices)) {
    return invalidate(std::move(*reason));
  }
  if (all_slices != nullptr && all_slices->size() != slices.size()) {
    for (const ResourceSlice* slice : *all_slices) {
      if (std::find(slices.begin(), slices.end(), slice) == slices.end()) {
        pool.other_device_slices.push_back(slice);
      }
    }
    if (auto reason = check_counter_consumption(pool.counter_sets, pool.other_device_slices)) {
      return invalidate(std::move(*reason));
    }
  }
  pool.has_binding_conditions = has_binding_conditions(pool);
  return pool;
}

}  // namespace

std::optional<PoolProblem> invalid_pool_reason(const std::vector<const ResourceSlice*>& slices) {
  std::vector<const ResourceSlice*> device_slices;
  std::vector<const ResourceSlice*> counter_slices;
  for (const ResourceSlice* slice : slices) {
    (slice->shared_counters.empty() ? device_slices : counter_slices).push_back(slice);
  }
  if (auto reason = duplicate_device(device_slices)) {
    return PoolProblem{std::move(*reason), ""};
  }
  std::vector<const CounterSet*> sets;
  if (auto reason = collect_counter_sets(counter_slices, sets)) {
    return PoolProblem{std::move(*reason), ""};
  }
  std::string device;
  if (auto reason = check_counter_consumption(sets, slices, &device)) {
    return PoolProblem{std::move(*reason), std::move(device)};
  }
  return std::nullopt;
}

std::string Pool::id() const {
  std::string text(driver);
  text.append("/").append(name);
  return text;
}

bool node_matches(const std::string& target_node_name, bool all_nodes,
                  const std::optional<NodeSelector>& node_selector, const std::string& node_name,
                  const StringMap& node_labels) {
  if (!target_node_name.empty()) {
    return target_node_name == node_name;
  }
  if (all_nodes) {
    return true;
  }
  if (node_selector.has_value()) {
    return matches(*node_selector, node_labels, node_name);
  }
  return false;
}

std::vector<Pool> gather_pools(const Inventory& inventory, const DraFeatures& features,
                               const std::string& node_name, const StringMap& node_labels) {
  const std::span<const uint32_t> local = inventory.node_local_slices(node_name);
  const std::span<const uint32_t> shared = inventory.shared_slices();
  // Visit both index lists merged, i.e. in cluster input order, as upstream does.
  std::map<PoolKey, std::vector<const ResourceSlice*>> collected;
  size_t l = 0;
  size_t s = 0;
  while (l < local.size() || s < shared.size()) {
    const bool take_local = s >= shared.size() || (l < local.size() && local[l] < shared[s]);
    const ResourceSlice& slice = inventory.slice(take_local ? local[l++] : shared[s++]);
    if (slice_relevant(slice, features, node_name, node_labels)) {
      add_slice(collected[PoolKey(slice.driver, slice.pool.name)], &slice);
    }
  }

  std::vector<Pool> pools;
  std::vector<Pool> binding_pools;
  auto keep = [&](Pool pool) {
    (pool.has_binding_conditions ? binding_pools : pools).push_back(std::move(pool));
  };
  for (auto& [key, slices] : collected) {  // std::map: sorted by (driver, pool name)
    const int64_t count = slices.front()->pool.resource_slice_count;
    const int64_t generation = slices.front()->pool.generation;
    if (static_cast<int64_t>(slices.size()) == count) {
      keep(build_pool(key, std::move(slices), features, nullptr));
      continue;
    }
    if (features.minor <= 34) {
      // 1.34: completeness is judged from the node's own slices only, and the devices of an
      // incomplete pool are still used by ExactCount requests (section 3.15).
      Pool pool = build_pool(key, std::move(slices), features, nullptr);
      pool.incomplete = true;
      keep(std::move(pool));
      continue;
    }
    // Cluster-wide re-check (upstream checkSlicesInPool).
    bool obsolete = false;
    std::vector<const ResourceSlice*> same_generation;
    for (const uint32_t index : inventory.pool_slices(key.first, key.second)) {
      const ResourceSlice& other = inventory.slice(index);
      if (other.pool.generation > generation) {
        obsolete = true;
        break;
      }
      if (other.pool.generation == generation) {
        same_generation.push_back(&other);
      }
    }
    if (obsolete) {
      continue;  // the driver is replacing this generation: ignore the pool entirely
    }
    if (static_cast<int64_t>(same_generation.size()) != count) {
      Pool pool;
      pool.driver = key.first;
      pool.name = key.second;
      pool.generation = generation;
      pool.incomplete = true;
      pools.push_back(std::move(pool));
      continue;
    }
    keep(build_pool(key, std::move(slices), features, &same_generation));
  }
  for (Pool& pool : binding_pools) {
    pools.push_back(std::move(pool));
  }
  return pools;
}

void add_consumption(const Pool& pool, const Device& device, Sign sign, CounterTable& totals) {
  for (const CounterConsumption& consumption : device.consumes_counters) {
    for (size_t j = 0; j < pool.counter_sets.size(); ++j) {
      const CounterSet& set = *pool.counter_sets[j];
      if (set.name != consumption.counter_set) {
        continue;
      }
      for (const auto& [name, amount] : consumption.counters) {
        const auto it = set.counters.find(name);
        if (it == set.counters.end()) {
          continue;
        }
        Quantity& value = totals[j][static_cast<size_t>(std::distance(set.counters.begin(), it))];
        value = sign == Sign::kPlus ? value + amount : value - amount;
      }
    }
  }
}

CounterTable available_counters(const Pool& pool, const AllocatedDevices& allocated) {
  CounterTable available;
  for (const CounterSet* set : pool.counter_sets) {
    std::vector<Quantity>& values = available.emplace_back();
    for (const auto& [name, value] : set->counters) {
      values.push_back(value);
    }
  }
  const auto subtract_allocated = [&](const ResourceSlice* slice) {
    for (const Device& device : slice->devices) {
      if (device.consumes_counters.empty()) {
        continue;
      }
      const DeviceKey id{slice->driver, slice->pool.name, device.name};
      if (allocated.is_exclusive(id) || allocated.consumed(id) != nullptr) {
        add_consumption(pool, device, Sign::kMinus, available);
      }
    }
  };
  std::for_each(pool.device_slices.begin(), pool.device_slices.end(), subtract_allocated);
  std::for_each(pool.other_device_slices.begin(), pool.other_device_slices.end(),
                subtract_allocated);
  return available;
}

const Taint* untolerated_taint(const DraFeatures& features,
                               const std::vector<Toleration>& tolerations, const Device& device) {
  for (const Taint& taint : device.taints) {
    const bool blocks = features.minor <= 34 || taint.effect == TaintEffect::kNoSchedule
                        || taint.effect == TaintEffect::kNoExecute;
    if (blocks && std::none_of(tolerations.begin(), tolerations.end(), [&](const Toleration& t) {
          return tolerates(t, taint);
        })) {
      return &taint;
    }
  }
  return nullptr;
}

}  // namespace drasim::model::dra
