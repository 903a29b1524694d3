#pragma once
/// Consumable capacity arithmetic (dra-semantics.md section 3.9; upstream
/// structured/internal/experimental/consumable_capacity.go): how much of a device capacity one
/// allocation consumes under the capacity's request policy, and whether one more allocation fits.

#include "model/k8s/dra_objects.h"
#include "model/k8s/quantity.h"

#include <map>
#include <optional>
#include <string>

namespace drasim::model::dra {

/// The amount consumed from `capacity` when the request asks for `requested` (nullopt: the
/// request names no amount for this capacity): the policy default or the full value when
/// absent; the request itself without a policy; rounded up to the valid range
/// (`min + step * ceil((req - min) / step)`, whole units as upstream `Quantity.Value()`) or to
/// the first valid value not below it (the request itself when none is).
Quantity consumed_amount(const std::optional<Quantity>& requested, const DeviceCapacity& capacity);

/// Whether `amount` breaks the policy (above max, off the step grid, not a valid value). The
/// policy default never does.
bool violates_policy(Quantity amount, const std::optional<CapacityRequestPolicy>& policy);

/// Whether `device` can take one more allocation for a request with `requests`: every requested
/// name is a capacity of the device and, for every capacity, `allocated + in_flight + consumed`
/// stays within its value without breaking its policy. On success and when `consumed_out` is
/// given, it receives the amount consumed from every capacity of the device.
bool capacity_fits(const std::map<std::string, Quantity>& requests, const Device& device,
                   const std::map<std::string, Quantity>* allocated,
                   const std::map<std::string, Quantity>* in_flight,
                   std::map<std::string, Quantity>* consumed_out);

}  // namespace drasim::model::dra
