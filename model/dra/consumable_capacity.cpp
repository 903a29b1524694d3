#include "model/dra/consumable_capacity.h"

#include <algorithm>

namespace drasim::model::dra {

namespace {

Quantity sum_or_zero(const std::map<std::string, Quantity>* amounts, const std::string& name) {
  if (amounts == nullptr) {
    return Quantity();
  }
  const auto it = amounts->find(name);
  return it == amounts->end() ? Quantity() : it->second;
}

}  // namespace

Quantity consumed_amount(const std::optional<Quantity>& requested, const DeviceCapacity& capacity) {
  const std::optional<CapacityRequestPolicy>& policy = capacity.request_policy;
  if (!requested.has_value()) {
    if (policy.has_value() && policy->default_value.has_value()) {
      return *policy->default_value;
    }
    return capacity.value;
  }
  if (!policy.has_value()) {
    return *requested;
  }
  if (policy->range_min.has_value()) {
    const Quantity min = *policy->range_min;
    if (*requested < min) {
      return min;
    }
    if (!policy->range_step.has_value()) {
      return *requested;
    }
    const int64_t step = policy->range_step->value();
    if (step <= 0) {
      return *requested;
    }
    const int64_t above_min = requested->value() - min.value();
    const int64_t steps = (above_min + step - 1) / step;  // ceil, above_min >= 0
    return Quantity::from_units(min.value() + step * steps);
  }
  if (!policy->valid_values.empty()) {
    const auto it = std::find_if(policy->valid_values.begin(), policy->valid_values.end(),
                                 [&](const Quantity& value) { return value >= *requested; });
    return it == policy->valid_values.end() ? *requested : *it;
  }
  return *requested;
}

bool violates_policy(Quantity amount, const std::optional<CapacityRequestPolicy>& policy) {
  if (!policy.has_value()) {
    return false;
  }
  if (policy->default_value.has_value() && *policy->default_value == amount) {
    return false;
  }
  if (policy->range_min.has_value()) {
    if (policy->range_max.has_value() && amount > *policy->range_max) {
      return true;
    }
    if (policy->range_step.has_value()) {
      const int64_t step = policy->range_step->value();
      if (step > 0 && (amount.value() - policy->range_min->value()) % step != 0) {
        return true;
      }
    }
  }
  if (!policy->valid_values.empty()) {
    return std::find(policy->valid_values.begin(), policy->valid_values.end(), amount)
           == policy->valid_values.end();
  }
  return false;
}

bool capacity_fits(const std::map<std::string, Quantity>& requests, const Device& device,
                   const std::map<std::string, Quantity>* allocated,
                   const std::map<std::string, Quantity>* in_flight,
                   std::map<std::string, Quantity>* consumed_out) {
  for (const auto& [name, amount] : requests) {
    if (!device.capacity.contains(name)) {
      return false;  // the device does not offer a requested capacity
    }
  }
  for (const auto& [name, capacity] : device.capacity) {
    const auto request = requests.find(name);
    const Quantity consumed = consumed_amount(
        request == requests.end() ? std::nullopt : std::optional<Quantity>(request->second),
        capacity);
    if (violates_policy(consumed, capacity.request_policy)) {
      return false;
    }
    if (sum_or_zero(allocated, name) + sum_or_zero(in_flight, name) + consumed > capacity.value) {
      return false;
    }
    if (consumed_out != nullptr) {
      (*consumed_out)[name] = consumed;
    }
  }
  return true;
}

}  // namespace drasim::model::dra
