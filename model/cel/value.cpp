#include "model/cel/value.h"

#include <fmt/format.h>

#include <cmath>
#include <limits>

namespace drasim::model::cel {

namespace {

struct TextPayload {
  std::string text;
};

std::shared_ptr<const void> text_payload(std::string text) {
  return std::make_shared<const TextPayload>(TextPayload{std::move(text)});
}

template <typename T>
const T& payload(const std::shared_ptr<const void>& p) {
  return *static_cast<const T*>(p.get());
}

const std::string kEmptyString;
const std::vector<Value> kEmptyList;

/// Compares an int64 with a uint64 exactly.
int compare_int_uint(int64_t a, uint64_t b) {
  if (a < 0) {
    return -1;
  }
  const auto ua = static_cast<uint64_t>(a);
  return ua < b ? -1 : (ua > b ? 1 : 0);
}

/// Compares an integer with a double exactly enough for CEL (NaN is handled by the caller).
int compare_double(double a, double b) {
  return a < b ? -1 : (a > b ? 1 : 0);
}

std::optional<int> compare_numbers(const Value& a, const Value& b) {
  const ValueKind ka = a.kind();
  const ValueKind kb = b.kind();
  if (ka == ValueKind::kDouble || kb == ValueKind::kDouble) {
    const auto to_d = [](const Value& v) {
      switch (v.kind()) {
        case ValueKind::kInt:
          return static_cast<double>(v.as_int());
        case ValueKind::kUint:
          return static_cast<double>(v.as_uint());
        default:
          return v.as_double();
      }
    };
    const double da = to_d(a);
    const double db = to_d(b);
    if (std::isnan(da) || std::isnan(db)) {
      return std::nullopt;
    }
    return compare_double(da, db);
  }
  if (ka == ValueKind::kInt && kb == ValueKind::kInt) {
    return a.as_int() < b.as_int() ? -1 : (a.as_int() > b.as_int() ? 1 : 0);
  }
  if (ka == ValueKind::kUint && kb == ValueKind::kUint) {
    return a.as_uint() < b.as_uint() ? -1 : (a.as_uint() > b.as_uint() ? 1 : 0);
  }
  if (ka == ValueKind::kInt) {
    return compare_int_uint(a.as_int(), b.as_uint());
  }
  return -compare_int_uint(b.as_int(), a.as_uint());
}

bool is_number(ValueKind k) {
  return k == ValueKind::kInt || k == ValueKind::kUint || k == ValueKind::kDouble;
}

}  // namespace

Value Value::from_bool(bool b) {
  return Value(ValueKind::kBool, Scalar{.b = b});
}

Value Value::from_int(int64_t i) {
  return Value(ValueKind::kInt, Scalar{.i = i});
}

Value Value::from_uint(uint64_t u) {
  return Value(ValueKind::kUint, Scalar{.u = u});
}

Value Value::from_double(double d) {
  return Value(ValueKind::kDouble, Scalar{.d = d});
}

Value Value::from_string(std::string s) {
  return Value(ValueKind::kString, text_payload(std::move(s)));
}

Value Value::from_bytes(std::string s) {
  return Value(ValueKind::kBytes, text_payload(std::move(s)));
}

Value Value::type_value(std::string name) {
  return Value(ValueKind::kType, text_payload(std::move(name)));
}

Value Value::error(std::string message) {
  return Value(ValueKind::kError, text_payload(std::move(message)));
}

Value Value::from_list(std::vector<Value> items) {
  return Value(ValueKind::kList, std::make_shared<const std::vector<Value>>(std::move(items)));
}

Value Value::from_map(MapData map) {
  return Value(ValueKind::kMap, std::make_shared<const MapData>(std::move(map)));
}

Value Value::from_semver(Semver s) {
  return Value(ValueKind::kSemver, std::make_shared<const Semver>(std::move(s)));
}

Value Value::from_quantity(Quantity q) {
  return Value(ValueKind::kQuantity, std::make_shared<const Quantity>(q));
}

Value Value::optional_of(Value inner) {
  return Value(ValueKind::kOptional, std::make_shared<const Value>(std::move(inner)));
}

Value Value::optional_none() {
  return Value(ValueKind::kOptional, std::shared_ptr<const void>());
}

const std::string& Value::as_string() const {
  return heap_ ? payload<TextPayload>(heap_).text : kEmptyString;
}

const std::vector<Value>& Value::as_list() const {
  return heap_ ? payload<std::vector<Value>>(heap_) : kEmptyList;
}

const MapData& Value::as_map() const {
  return payload<MapData>(heap_);
}

const Semver& Value::as_semver() const {
  return payload<Semver>(heap_);
}

const Quantity& Value::as_quantity() const {
  return payload<Quantity>(heap_);
}

const Value* Value::optional_value() const {
  return static_cast<const Value*>(heap_.get());
}

std::string Value::type_name() const {
  switch (kind_) {
    case ValueKind::kNull:
      return "null_type";
    case ValueKind::kBool:
      return "bool";
    case ValueKind::kInt:
      return "int";
    case ValueKind::kUint:
      return "uint";
    case ValueKind::kDouble:
      return "double";
    case ValueKind::kString:
      return "string";
    case ValueKind::kBytes:
      return "bytes";
    case ValueKind::kList:
      return "list";
    case ValueKind::kMap:
      return as_map().object_type.empty() ? "map" : as_map().object_type;
    case ValueKind::kSemver:
      return "kubernetes.Semver";
    case ValueKind::kQuantity:
      return "kubernetes.Quantity";
    case ValueKind::kOptional:
      return "optional_type";
    case ValueKind::kType:
      return "type";
    case ValueKind::kError:
      return "*types.Err";
  }
  return "unknown";
}

std::string Value::debug_string() const {
  switch (kind_) {
    case ValueKind::kNull:
      return "null";
    case ValueKind::kBool:
      return as_bool() ? "true" : "false";
    case ValueKind::kInt:
      return std::to_string(as_int());
    case ValueKind::kUint:
      return std::to_string(as_uint()) + "u";
    case ValueKind::kDouble:
      return fmt::format("{}", as_double());
    case ValueKind::kString:
      return "\"" + as_string() + "\"";
    case ValueKind::kBytes:
      return "b\"" + as_string() + "\"";
    case ValueKind::kList: {
      std::string out = "[";
      for (std::size_t i = 0; i < as_list().size(); ++i) {
        out += (i ? ", " : "") + as_list()[i].debug_string();
      }
      return out + "]";
    }
    case ValueKind::kMap: {
      std::string out = "{";
      bool first = true;
      for (const auto& [k, v] : as_map().entries) {
        out += (first ? "" : ", ") + k.debug_string() + ": " + v.debug_string();
        first = false;
      }
      return out + "}";
    }
    case ValueKind::kSemver:
      return "semver(" + as_semver().to_string() + ")";
    case ValueKind::kQuantity:
      return "quantity(" + as_quantity().to_string() + ")";
    case ValueKind::kOptional:
      return optional_value() ? "optional(" + optional_value()->debug_string() + ")"
                              : "optional.none()";
    case ValueKind::kType:
      return as_string();
    case ValueKind::kError:
      return "error(" + as_string() + ")";
  }
  return "?";
}

const Value* MapData::find(const Value& key) const {
  for (const auto& [k, v] : entries) {
    if (values_equal(k, key)) {
      return &v;
    }
  }
  return nullptr;
}

const Value* MapData::find_string(std::string_view key) const {
  for (const auto& [k, v] : entries) {
    if (k.kind() == ValueKind::kString && k.as_string() == key) {
      return &v;
    }
  }
  return nullptr;
}

bool values_equal(const Value& a, const Value& b) {
  if (is_number(a.kind()) && is_number(b.kind())) {
    const auto c = compare_numbers(a, b);
    return c && *c == 0;
  }
  if (a.kind() != b.kind()) {
    return false;
  }
  switch (a.kind()) {
    case ValueKind::kNull:
      return true;
    case ValueKind::kBool:
      return a.as_bool() == b.as_bool();
    case ValueKind::kString:
    case ValueKind::kBytes:
    case ValueKind::kType:
    case ValueKind::kError:
      return a.as_string() == b.as_string();
    case ValueKind::kList: {
      const auto& la = a.as_list();
      const auto& lb = b.as_list();
      if (la.size() != lb.size()) {
        return false;
      }
      for (std::size_t i = 0; i < la.size(); ++i) {
        if (!values_equal(la[i], lb[i])) {
          return false;
        }
      }
      return true;
    }
    case ValueKind::kMap: {
      const auto& ma = a.as_map();
      const auto& mb = b.as_map();
      if (ma.entries.size() != mb.entries.size()) {
        return false;
      }
      for (const auto& [k, v] : ma.entries) {
        const Value* other = mb.find(k);
        if (other == nullptr || !values_equal(v, *other)) {
          return false;
        }
      }
      return true;
    }
    case ValueKind::kSemver:
      return a.as_semver().compare(b.as_semver()) == 0;
    case ValueKind::kQuantity:
      return a.as_quantity() == b.as_quantity();
    case ValueKind::kOptional: {
      const Value* va = a.optional_value();
      const Value* vb = b.optional_value();
      if (va == nullptr || vb == nullptr) {
        return va == vb;
      }
      return values_equal(*va, *vb);
    }
    case ValueKind::kInt:
    case ValueKind::kUint:
    case ValueKind::kDouble:
      return false;  // handled above
  }
  return false;
}

std::optional<int> compare_values(const Value& a, const Value& b) {
  if (is_number(a.kind()) && is_number(b.kind())) {
    return compare_numbers(a, b);
  }
  if (a.kind() != b.kind()) {
    return std::nullopt;
  }
  switch (a.kind()) {
    case ValueKind::kBool:
      return static_cast<int>(a.as_bool()) - static_cast<int>(b.as_bool());
    case ValueKind::kString:
    case ValueKind::kBytes: {
      const int c = a.as_string().compare(b.as_string());
      return c < 0 ? -1 : (c > 0 ? 1 : 0);
    }
    default:
      return std::nullopt;
  }
}

uint64_t utf8_length(std::string_view s) {
  uint64_t n = 0;
  for (const char c : s) {
    if ((static_cast<unsigned char>(c) & 0xC0U) != 0x80U) {
      ++n;
    }
  }
  return n;
}

uint64_t value_size(const Value& v) {
  switch (v.kind()) {
    case ValueKind::kString:
      return utf8_length(v.as_string());
    case ValueKind::kBytes:
      return v.as_string().size();
    case ValueKind::kList:
      return v.as_list().size();
    case ValueKind::kMap:
      return v.as_map().entries.size();
    default:
      return 1;
  }
}

}  // namespace drasim::model::cel
