#pragma once
/// Runtime values of the CEL evaluator. A Value is a small tagged handle: scalars inline, and
/// strings, lists, maps, semvers, quantities and optionals behind an immutable shared pointer,
/// so copying a Value never copies its payload. Errors are values too (kind kError), so that
/// `&&`, `||` and the ternary can absorb them the way CEL specifies.

#include "model/cel/semver.h"
#include "model/k8s/quantity.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace drasim::model::cel {

enum class ValueKind : uint8_t {
  kNull,
  kBool,
  kInt,
  kUint,
  kDouble,
  kString,
  kBytes,
  kList,
  kMap,
  kSemver,
  kQuantity,
  kOptional,
  kType,
  kError,
};

class Value;
struct MapData;

/// An immutable, shareable CEL value.
class Value {
 public:
  Value() = default;  ///< null

  static Value null() { return Value(); }

  static Value from_bool(bool b);
  static Value from_int(int64_t i);
  static Value from_uint(uint64_t u);
  static Value from_double(double d);
  static Value from_string(std::string s);
  static Value from_bytes(std::string s);
  static Value from_list(std::vector<Value> items);
  static Value from_map(MapData map);
  static Value from_semver(Semver v);
  static Value from_quantity(Quantity q);
  static Value optional_of(Value v);
  static Value optional_none();
  /// A type value such as `int` or `kubernetes.Semver` (the result of `type(x)`).
  static Value type_value(std::string name);
  static Value error(std::string message);

  [[nodiscard]] ValueKind kind() const { return kind_; }

  [[nodiscard]] bool is_error() const { return kind_ == ValueKind::kError; }

  [[nodiscard]] bool as_bool() const { return scalar_.b; }

  [[nodiscard]] int64_t as_int() const { return scalar_.i; }

  [[nodiscard]] uint64_t as_uint() const { return scalar_.u; }

  [[nodiscard]] double as_double() const { return scalar_.d; }

  /// The text of a string, bytes, type or error value.
  [[nodiscard]] const std::string& as_string() const;
  [[nodiscard]] const std::vector<Value>& as_list() const;
  [[nodiscard]] const MapData& as_map() const;
  [[nodiscard]] const Semver& as_semver() const;
  [[nodiscard]] const Quantity& as_quantity() const;
  /// The wrapped value of an optional, or nullptr for `optional.none()`.
  [[nodiscard]] const Value* optional_value() const;

  /// The CEL type name: `int`, `string`, `list`, `map`, `kubernetes.Semver`, ...
  [[nodiscard]] std::string type_name() const;

  /// A debugging rendering (`"abc"`, `[1, 2]`, `{"a": 1}`); not CEL's `string()`.
  [[nodiscard]] std::string debug_string() const;

 private:
  ValueKind kind_ = ValueKind::kNull;

  union Scalar {
    bool b;
    int64_t i;
    uint64_t u;
    double d;
  } scalar_{.i = 0};

  std::shared_ptr<const void> heap_;

  /// A scalar value of `kind` (bool, int, uint or double).
  Value(ValueKind kind, Scalar scalar) : kind_(kind), scalar_(scalar) {}

  /// A value of `kind` whose payload is `heap` (null for `optional.none()`).
  Value(ValueKind kind, std::shared_ptr<const void> heap) : kind_(kind), heap_(std::move(heap)) {}
};

/// A map, in insertion order. Objects (the DRA `device`) are maps with string keys and a
/// non-empty `object_type`.
struct MapData {
  std::vector<std::pair<Value, Value>> entries;
  /// The device environment's outer attribute/capacity maps: a missing key yields an empty map
  /// instead of the error `no such key` (dynamic-resource-allocation/cel/compile.go, mapper).
  bool missing_key_yields_empty_map = false;
  std::string object_type;

  /// The value stored under `key` (CEL key equality, so `1`, `1u` and `1.0` are one key), or
  /// nullptr.
  [[nodiscard]] const Value* find(const Value& key) const;
  [[nodiscard]] const Value* find_string(std::string_view key) const;
};

/// CEL `==` on two non-error values: heterogeneous numeric equality, element-wise lists, key-wise
/// maps, semver and quantity by value. Values of unrelated kinds are unequal.
bool values_equal(const Value& a, const Value& b);

/// CEL ordering for `<` and friends: -1, 0, 1, or nullopt when the kinds are not comparable
/// (the caller reports `no such overload`). Doubles with NaN compare as unordered (nullopt... is
/// reported as false by the caller).
std::optional<int> compare_values(const Value& a, const Value& b);

/// The size of a string (in code points), bytes, list or map; 1 for anything else (as
/// k8s library/cost.go actualSize does for the runtime cost).
uint64_t value_size(const Value& v);

/// Number of Unicode code points in UTF-8 text.
uint64_t utf8_length(std::string_view s);

}  // namespace drasim::model::cel
