#pragma once
/// Object metadata shared by every Kubernetes object drasim reads, plus where it came from.

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace drasim::model {

/// Where an object (or an expression inside it) was written: file table index, 1-based line and
/// column. Lets later stages (CEL compilation, cross-reference checks) report `file:line:col`.
struct SourceRef {
  uint32_t file = 0;
  uint32_t line = 0;
  uint32_t col = 0;

  friend bool operator==(const SourceRef&, const SourceRef&) = default;
};

struct OwnerReference {
  std::string api_version;
  std::string kind;
  std::string name;
  std::string uid;
  bool controller = false;

  friend bool operator==(const OwnerReference&, const OwnerReference&) = default;
};

using StringMap = std::map<std::string, std::string>;

/// A time no run reaches: objects that are never deleted.
inline constexpr int64_t kNever = INT64_MAX;

/// The parts of `metadata` drasim reads. `appear_us` is the `drasim.dev/at` annotation
/// (simulated microseconds at which the object appears; 0 by default). `creation_timestamp` is
/// `metadata.creationTimestamp` as written (RFC 3339, checked by the loader; empty when absent);
/// compare instants through parse_rfc3339 (model/k8s/rfc3339.h), never the text.
struct ObjectMeta {
  std::string name;
  std::string generate_name;
  std::string namespace_name;
  std::string uid;
  StringMap labels;
  StringMap annotations;
  std::vector<OwnerReference> owner_references;
  std::vector<std::string> finalizers;
  std::string creation_timestamp;
  std::string deletion_timestamp;  ///< `metadata.deletionTimestamp`: set while being deleted
  int64_t appear_us = 0;
  /// When a timeline event deletes or replaces the object (`spec.events[]` delete / apply);
  /// the object exists in [appear_us, gone_us).
  int64_t gone_us = kNever;
  SourceRef source;

  /// Whether the object exists at `t` (appeared, not yet deleted or replaced).
  [[nodiscard]] bool exists_at(int64_t t) const { return appear_us <= t && t < gone_us; }

  friend bool operator==(const ObjectMeta&, const ObjectMeta&) = default;
};

/// Value of a label or annotation, or `fallback` when absent.
inline const std::string& lookup(const StringMap& map, const std::string& key,
                                 const std::string& fallback) {
  const auto it = map.find(key);
  return it == map.end() ? fallback : it->second;
}

}  // namespace drasim::model
