#pragma once
/// The identity of one published device, `(driver, pool, device)` (upstream `DeviceID` in
/// staging/src/k8s.io/dynamic-resource-allocation/structured/internal/types.go), plus a
/// non-owning view of it so that maps keyed by DeviceId can be searched without building strings.

#include <compare>
#include <string>
#include <string_view>

namespace drasim::model::dra {

struct DeviceId {
  std::string driver, pool, device;

  auto operator<=>(const DeviceId&) const = default;
};

/// A DeviceId that borrows its strings; valid as long as the strings it points at.
struct DeviceKey {
  std::string_view driver, pool, device;

  auto operator<=>(const DeviceKey&) const = default;
};

/// Transparent ordering for `std::map<DeviceId, T, DeviceIdLess>`: looks up by DeviceKey too.
struct DeviceIdLess {
  using is_transparent = void;

  static DeviceKey key(const DeviceId& id) { return {id.driver, id.pool, id.device}; }

  static DeviceKey key(const DeviceKey& id) { return id; }

  template <typename A, typename B>
  bool operator()(const A& a, const B& b) const {
    return key(a) < key(b);
  }
};

/// `driver/pool/device`, the form upstream prints a DeviceID in messages.
inline std::string to_string(const DeviceKey& id) {
  std::string text;
  text.reserve(id.driver.size() + id.pool.size() + id.device.size() + 2);
  text.append(id.driver).append("/").append(id.pool).append("/").append(id.device);
  return text;
}

}  // namespace drasim::model::dra
