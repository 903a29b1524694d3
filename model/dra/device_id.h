#pragma once
/// The identity of one published device, `(driver, pool, device)` (upstream `DeviceID` in
/// staging/src/k8s.io/dynamic-resource-allocation/structured/internal/types.go), as a view of
/// strings that the slices or the allocation results own.

#include <compare>
#include <string>
#include <string_view>

namespace drasim::model::dra {

/// Valid as long as the strings it points at.
struct DeviceKey {
  std::string_view driver, pool, device;

  auto operator<=>(const DeviceKey&) const = default;
};

/// `driver/pool/device`, the form upstream prints a DeviceID in messages.
inline std::string to_string(const DeviceKey& id) {
  std::string text;
  text.reserve(id.driver.size() + id.pool.size() + id.device.size() + 2);
  text.append(id.driver).append("/").append(id.pool).append("/").append(id.device);
  return text;
}

}  // namespace drasim::model::dra
