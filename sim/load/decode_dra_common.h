#pragma once
/// Helpers shared by the resource.k8s.io decoders (sim/load/decode_dra_*.cpp): the 1.35 API limits,
/// limit checks, counters, CEL selectors and opaque configs. Internal to sim/.

#include "model/k8s/dra_objects.h"
#include "sim/load/doc_reader.h"

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace drasim::sim::dra {

using model::CelSelector;
using model::Quantity;

// Limits of resource.k8s.io in Kubernetes 1.35 (k8s.io/api/resource/v1 types.go constants).
inline constexpr size_t kMaxRequests = 32;
inline constexpr size_t kMaxConstraints = 32;
inline constexpr size_t kMaxConfigs = 32;
inline constexpr size_t kMaxSelectors = 32;
inline constexpr size_t kMaxSubRequests = 8;
inline constexpr size_t kMaxTolerations = 16;
inline constexpr size_t kMaxDevices = 128;
inline constexpr size_t kMaxDevicesWithTaintsOrCounters = 64;
inline constexpr size_t kMaxAttributesAndCapacities = 32;
inline constexpr size_t kMaxAttributeLength = 64;
inline constexpr size_t kMaxTaints = 16;
inline constexpr size_t kMaxCounterSets = 8;
inline constexpr size_t kMaxCounters = 32;
inline constexpr size_t kMaxConsumesCounters = 2;
inline constexpr size_t kMaxBindingConditions = 4;
inline constexpr size_t kMaxValidValues = 10;
inline constexpr size_t kMaxResults = 32;
inline constexpr size_t kMaxReservedFor = 256;
inline constexpr size_t kMaxCelLength = 10 * 1024;

inline constexpr std::string_view kQuantityText = "a quantity such as 500m, 2 or 16Gi";

/// Reports `at most <max> <what>, got <count>` at `c` when a list or mapping is too long.
bool within_limit(const Cursor& c, size_t count, size_t max, std::string_view what);

/// Joins field names as `a and b` (or `none of them`) for "exactly one of" messages.
std::string found_fields(const std::vector<std::string_view>& names);

/// `spec`, which every DRA kind but DeviceClass requires.
Cursor required_spec(const Cursor& root);

/// A quantity that must be there: an absent one reports like an invalid one.
Quantity required_quantity(const Cursor& c);

/// `{<name>: {value: Quantity}}`, the shape of sharedCounters and consumesCounters counters.
std::map<std::string, Quantity> decode_counters(const Cursor& c);

/// `selectors: [{cel: {expression}}]` of a class or request.
std::vector<CelSelector> decode_selectors(const Cursor& c, uint32_t file_index);

/// Whether `ref` names a request of `requests`, or `<request>/<subrequest>`.
bool names_request(const std::vector<model::DeviceRequest>& requests, std::string_view ref);

/// Reports every entry of a constraint's or config's `requests` that names no request.
void check_request_refs(const Cursor& c, const std::vector<model::DeviceRequest>& requests);

/// `config: [{requests?, opaque: {driver, parameters}}]`. `requests` (the claim's requests) is
/// null for a class, whose config entries have no `requests`.
std::vector<model::OpaqueConfig> decode_configs(const Cursor& c,
                                                const std::vector<model::DeviceRequest>* requests);

/// A device's `attributes: {<name>: {int|bool|string|version: <value>}}`: exactly one type per
/// value, strings and versions at most 64 characters, versions strict semver. Invalid entries
/// are reported and left out. (sim/load/decode_dra_device_fields.cpp)
std::map<std::string, model::AttributeValue> decode_attributes(const Cursor& c);

/// A device's `capacity: {<name>: {value, requestPolicy?}}`; a request policy is allowed only
/// when `shareable` (allowMultipleAllocations: true). (sim/load/decode_dra_device_fields.cpp)
std::map<std::string, model::DeviceCapacity> decode_capacity(const Cursor& c, bool shareable);

}  // namespace drasim::sim::dra
