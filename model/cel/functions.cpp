#include "model/cel/functions.h"

#include "model/cel/function_impls.h"
#include "model/cel/work.h"

#include <fmt/format.h>

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <optional>
#include <type_traits>

// Semantics of operators and conversions: cel-spec doc/langdef.md ("Standard Definitions") and
// cel-go common/types (int.go, uint.go, double.go, string.go); error texts as in cel-go
// (`return error for overflow`, `division by zero`, `modulus by zero`, `no such overload`).
// Costs: cel-go interpreter/runtimecost.go (costCall) and k8s library/cost.go (CallCost).

namespace drasim::model::cel {

namespace {

constexpr double kStringTraversal = 0.1;  // cel-go common.StringTraversalCostFactor
constexpr double kRegexLength = 0.25;     // cel-go common.RegexStringLengthCostFactor

uint64_t ceil_cost(double x) {
  if (x >= 1.8e19) {
    return std::numeric_limits<uint64_t>::max();
  }
  return static_cast<uint64_t>(std::ceil(x));
}

uint64_t scaled(uint64_t size, double factor) {
  return ceil_cost(static_cast<double>(size) * factor);
}

Value overflow() {
  return Value::error("return error for overflow");
}

Value arithmetic(FunctionId id, const Value& a, const Value& b) {
  if (kinds_are(std::array{a, b}, {ValueKind::kInt, ValueKind::kInt})) {
    const int64_t x = a.as_int();
    const int64_t y = b.as_int();
    int64_t r = 0;
    switch (id) {
      case FunctionId::kSubtract:
        return __builtin_sub_overflow(x, y, &r) ? overflow() : Value::from_int(r);
      case FunctionId::kMultiply:
        return __builtin_mul_overflow(x, y, &r) ? overflow() : Value::from_int(r);
      case FunctionId::kDivide:
        if (y == 0) {
          return Value::error("division by zero");
        }
        return (x == std::numeric_limits<int64_t>::min() && y == -1) ? overflow()
                                                                     : Value::from_int(x / y);
      case FunctionId::kModulo:
        if (y == 0) {
          return Value::error("modulus by zero");
        }
        return (x == std::numeric_limits<int64_t>::min() && y == -1) ? overflow()
                                                                     : Value::from_int(x % y);
      default:
        break;
    }
  }
  if (kinds_are(std::array{a, b}, {ValueKind::kUint, ValueKind::kUint})) {
    const uint64_t x = a.as_uint();
    const uint64_t y = b.as_uint();
    uint64_t r = 0;
    switch (id) {
      case FunctionId::kSubtract:
        return __builtin_sub_overflow(x, y, &r) ? overflow() : Value::from_uint(r);
      case FunctionId::kMultiply:
        return __builtin_mul_overflow(x, y, &r) ? overflow() : Value::from_uint(r);
      case FunctionId::kDivide:
        return y == 0 ? Value::error("division by zero") : Value::from_uint(x / y);
      case FunctionId::kModulo:
        return y == 0 ? Value::error("modulus by zero") : Value::from_uint(x % y);
      default:
        break;
    }
  }
  if (kinds_are(std::array{a, b}, {ValueKind::kDouble, ValueKind::kDouble})) {
    const double x = a.as_double();
    const double y = b.as_double();
    switch (id) {
      case FunctionId::kSubtract:
        return Value::from_double(x - y);
      case FunctionId::kMultiply:
        return Value::from_double(x * y);
      case FunctionId::kDivide:
        return Value::from_double(x / y);
      default:
        break;
    }
  }
  return no_such_overload(id, std::array{a, b});
}

Value relation(FunctionId id, const Value& a, const Value& b) {
  const auto c = compare_values(a, b);
  if (!c) {
    const bool numeric_nan = (a.kind() == ValueKind::kDouble || b.kind() == ValueKind::kDouble)
                             && a.kind() != ValueKind::kString && b.kind() != ValueKind::kString;
    const auto is_num = [](const Value& v) {
      return v.kind() == ValueKind::kInt || v.kind() == ValueKind::kUint
             || v.kind() == ValueKind::kDouble;
    };
    if (numeric_nan && is_num(a) && is_num(b)) {
      return Value::from_bool(false);  // NaN is unordered
    }
    return no_such_overload(id, std::array{a, b});
  }
  switch (id) {
    case FunctionId::kLess:
      return Value::from_bool(*c < 0);
    case FunctionId::kLessEquals:
      return Value::from_bool(*c <= 0);
    case FunctionId::kGreater:
      return Value::from_bool(*c > 0);
    default:
      return Value::from_bool(*c >= 0);
  }
}

Value contains_value(const Value& elem, const Value& container) {
  if (container.kind() == ValueKind::kList) {
    for (const Value& v : container.as_list()) {
      if (values_equal(v, elem)) {
        return Value::from_bool(true);
      }
    }
    return Value::from_bool(false);
  }
  if (container.kind() == ValueKind::kMap) {
    return Value::from_bool(container.as_map().find(elem) != nullptr);
  }
  return no_such_overload(FunctionId::kIn, std::array{elem, container});
}

/// Parses all of `s` as a base-10 `long long` or `unsigned long long` the way cel-go's
/// conversions from string do: nullopt for empty text, a leading space, trailing characters,
/// overflow, or (unsigned only) a minus sign, which strtoull would otherwise wrap around.
template <typename T>
std::optional<T> parse_integer(const std::string& s) {
  char* end = nullptr;
  errno = 0;
  T r = 0;
  if constexpr (std::is_signed_v<T>) {
    r = std::strtoll(s.c_str(), &end, 10);
  } else {
    r = std::strtoull(s.c_str(), &end, 10);
  }
  if (s.empty() || end != s.c_str() + s.size() || errno != 0 || s[0] == ' '
      || (std::is_unsigned_v<T> && s[0] == '-')) {
    return std::nullopt;
  }
  return r;
}

Value to_int(const Value& v) {
  switch (v.kind()) {
    case ValueKind::kInt:
      return v;
    case ValueKind::kUint:
      return v.as_uint() > static_cast<uint64_t>(std::numeric_limits<int64_t>::max())
                 ? Value::error("range error")
                 : Value::from_int(static_cast<int64_t>(v.as_uint()));
    case ValueKind::kDouble: {
      const double d = v.as_double();
      if (!(d > -9223372036854775808.0 && d < 9223372036854775808.0)) {
        return Value::error("range error");
      }
      return Value::from_int(static_cast<int64_t>(d));
    }
    case ValueKind::kString: {
      const std::string& s = v.as_string();
      if (const auto r = parse_integer<long long>(s)) {
        return Value::from_int(*r);
      }
      return Value::error("cannot convert string '" + s + "' to int");
    }
    default:
      return no_such_overload(FunctionId::kToInt, std::array{v});
  }
}

Value to_uint(const Value& v) {
  switch (v.kind()) {
    case ValueKind::kUint:
      return v;
    case ValueKind::kInt:
      return v.as_int() < 0 ? Value::error("range error")
                            : Value::from_uint(static_cast<uint64_t>(v.as_int()));
    case ValueKind::kDouble: {
      const double d = v.as_double();
      if (!(d > -1.0 && d < 18446744073709551616.0)) {
        return Value::error("range error");
      }
      return Value::from_uint(static_cast<uint64_t>(d));
    }
    case ValueKind::kString: {
      const std::string& s = v.as_string();
      if (const auto r = parse_integer<unsigned long long>(s)) {
        return Value::from_uint(*r);
      }
      return Value::error("cannot convert string '" + s + "' to uint");
    }
    default:
      return no_such_overload(FunctionId::kToUint, std::array{v});
  }
}

Value to_double(const Value& v) {
  switch (v.kind()) {
    case ValueKind::kDouble:
      return v;
    case ValueKind::kInt:
      return Value::from_double(static_cast<double>(v.as_int()));
    case ValueKind::kUint:
      return Value::from_double(static_cast<double>(v.as_uint()));
    case ValueKind::kString: {
      const std::string& s = v.as_string();
      char* end = nullptr;
      const double d = std::strtod(s.c_str(), &end);
      if (s.empty() || end != s.c_str() + s.size() || s[0] == ' ') {
        return Value::error("cannot convert string '" + s + "' to double");
      }
      return Value::from_double(d);
    }
    default:
      return no_such_overload(FunctionId::kToDouble, std::array{v});
  }
}

Value to_string(const Value& v) {
  switch (v.kind()) {
    case ValueKind::kString:
      return v;
    case ValueKind::kBytes:
      return Value::from_string(v.as_string());
    case ValueKind::kInt:
      return Value::from_string(std::to_string(v.as_int()));
    case ValueKind::kUint:
      return Value::from_string(std::to_string(v.as_uint()));
    case ValueKind::kDouble:
      return Value::from_string(fmt::format("{}", v.as_double()));
    case ValueKind::kBool:
      return Value::from_string(v.as_bool() ? "true" : "false");
    case ValueKind::kSemver:
      return Value::from_string(v.as_semver().to_string());
    case ValueKind::kType:
      return Value::from_string(v.as_string());
    default:
      return no_such_overload(FunctionId::kToString, std::array{v});
  }
}

Value to_bool(const Value& v) {
  if (v.kind() == ValueKind::kBool) {
    return v;
  }
  if (v.kind() == ValueKind::kString) {
    const std::string& s = v.as_string();
    if (s == "1" || s == "t" || s == "T" || s == "true" || s == "TRUE" || s == "True") {
      return Value::from_bool(true);
    }
    if (s == "0" || s == "f" || s == "F" || s == "false" || s == "FALSE" || s == "False") {
      return Value::from_bool(false);
    }
    return Value::error("cannot convert string '" + s + "' to bool");
  }
  return no_such_overload(FunctionId::kToBool, std::array{v});
}

Value core_function(FunctionId id, Args a) {
  switch (id) {
    case FunctionId::kAdd:
      return a.size() == 2 ? add_values(a[0], a[1]) : no_such_overload(id, a);
    case FunctionId::kSubtract:
    case FunctionId::kMultiply:
    case FunctionId::kDivide:
    case FunctionId::kModulo:
      return arithmetic(id, a[0], a[1]);
    case FunctionId::kNegate:
      if (a[0].kind() == ValueKind::kInt) {
        return a[0].as_int() == std::numeric_limits<int64_t>::min()
                   ? overflow()
                   : Value::from_int(-a[0].as_int());
      }
      return a[0].kind() == ValueKind::kDouble ? Value::from_double(-a[0].as_double())
                                               : no_such_overload(id, a);
    case FunctionId::kNot:
      return a[0].kind() == ValueKind::kBool ? Value::from_bool(!a[0].as_bool())
                                             : no_such_overload(id, a);
    case FunctionId::kNotStrictlyFalse:
      return Value::from_bool(!(a[0].kind() == ValueKind::kBool && !a[0].as_bool()));
    case FunctionId::kEquals:
      return Value::from_bool(values_equal(a[0], a[1]));
    case FunctionId::kNotEquals:
      return Value::from_bool(!values_equal(a[0], a[1]));
    case FunctionId::kLess:
    case FunctionId::kLessEquals:
    case FunctionId::kGreater:
    case FunctionId::kGreaterEquals:
      return relation(id, a[0], a[1]);
    case FunctionId::kIn:
      return contains_value(a[0], a[1]);
    case FunctionId::kSize: {
      const ValueKind k = a[0].kind();
      if (k == ValueKind::kString || k == ValueKind::kBytes || k == ValueKind::kList
          || k == ValueKind::kMap) {
        return Value::from_int(static_cast<int64_t>(value_size(a[0])));
      }
      return no_such_overload(id, a);
    }
    case FunctionId::kToInt:
      return to_int(a[0]);
    case FunctionId::kToUint:
      return to_uint(a[0]);
    case FunctionId::kToDouble:
      return to_double(a[0]);
    case FunctionId::kToString:
      return to_string(a[0]);
    case FunctionId::kToBool:
      return to_bool(a[0]);
    case FunctionId::kToBytes:
      return (a[0].kind() == ValueKind::kString || a[0].kind() == ValueKind::kBytes)
                 ? Value::from_bytes(a[0].as_string())
                 : no_such_overload(id, a);
    case FunctionId::kTypeOf:
      return Value::type_value(a[0].type_name());
    case FunctionId::kDyn:
      return a[0];
    default:
      return no_such_overload(id, a);
  }
}

bool is_text(const Value& v) {
  return v.kind() == ValueKind::kString || v.kind() == ValueKind::kBytes;
}

}  // namespace

Value add_values(const Value& a, const Value& b) {
  if (a.kind() != b.kind()) {
    return no_such_overload(FunctionId::kAdd, std::array{a, b});
  }
  switch (a.kind()) {
    case ValueKind::kInt: {
      int64_t r = 0;
      return __builtin_add_overflow(a.as_int(), b.as_int(), &r) ? overflow() : Value::from_int(r);
    }
    case ValueKind::kUint: {
      uint64_t r = 0;
      return __builtin_add_overflow(a.as_uint(), b.as_uint(), &r) ? overflow()
                                                                  : Value::from_uint(r);
    }
    case ValueKind::kDouble:
      return Value::from_double(a.as_double() + b.as_double());
    case ValueKind::kString:
      return Value::from_string(a.as_string() + b.as_string());
    case ValueKind::kBytes:
      return Value::from_bytes(a.as_string() + b.as_string());
    case ValueKind::kList: {
      std::vector<Value> out = a.as_list();
      out.insert(out.end(), b.as_list().begin(), b.as_list().end());
      return Value::from_list(std::move(out));
    }
    default:
      return no_such_overload(FunctionId::kAdd, std::array{a, b});
  }
}

Value no_such_overload(FunctionId id, std::span<const Value> args) {
  (void)id;
  std::string kinds;
  for (std::size_t i = 0; i < args.size(); ++i) {
    kinds += (i ? ", " : "") + args[i].type_name();
  }
  return Value::error("no such overload: (" + kinds + ")");
}

Value call_function(FunctionId id, std::span<const Value> args, const re2::RE2* constant_regex) {
  if (id <= FunctionId::kDyn) {
    return core_function(id, args);
  }
  if (id <= FunctionId::kReverse) {
    return call_string_function(id, args, constant_regex);
  }
  if (id <= FunctionId::kSetsIntersects || id >= FunctionId::kOptionalOf) {
    return call_collection_function(id, args);
  }
  return call_k8s_function(id, args, constant_regex);
}

uint64_t call_cost(FunctionId id, std::span<const Value> a, uint64_t budget) {
  const auto size = [&](std::size_t i) {
    return i < a.size() ? value_size(a[i]) : 0;
  };
  // Measuring stops just past the budget: any charge above it cancels the evaluation alike.
  const uint64_t cap = budget == UINT64_MAX ? budget : budget + 1;
  const auto nested = [&](std::size_t i) {
    return i < a.size() ? nested_values(a[i], cap) : 0;
  };
  const auto plus = [](uint64_t x, uint64_t y) {
    return y > UINT64_MAX - x ? UINT64_MAX : x + y;
  };
  const auto times = [](uint64_t x, uint64_t y) {
    return (x != 0 && y > UINT64_MAX / x) ? UINT64_MAX : x * y;
  };
  switch (id) {
    case FunctionId::kEquals:
    case FunctionId::kNotEquals:
      if (a.size() != 2) {
        return 1;
      }
      return plus(scaled(std::min(size(0), size(1)), kStringTraversal),
                  std::min(nested(0), nested(1)));
    case FunctionId::kLess:
    case FunctionId::kLessEquals:
    case FunctionId::kGreater:
    case FunctionId::kGreaterEquals:
      if (a.size() == 2 && is_text(a[0]) && is_text(a[1])) {
        return scaled(std::min(size(0), size(1)), kStringTraversal);
      }
      return 1;
    case FunctionId::kAdd:
      // Strings and bytes per cel-go; lists too (cel-go charges 1 for its lazy concatenation,
      // but this evaluator copies, so the copy is charged to keep the work bounded).
      if (a.size() == 2 && (is_text(a[0]) || a[0].kind() == ValueKind::kList)) {
        return std::max<uint64_t>(1, scaled(size(0) + size(1), kStringTraversal));
      }
      return 1;
    case FunctionId::kIn:
      return (a.size() == 2 && a[1].kind() == ValueKind::kList) ? plus(size(1), nested(1)) : 1;
    case FunctionId::kStartsWith:
    case FunctionId::kEndsWith:
      return scaled(size(1), kStringTraversal);
    case FunctionId::kContains:
      return scaled(size(0), kStringTraversal) * scaled(size(1), kStringTraversal);
    case FunctionId::kMatches:
    case FunctionId::kFind:
    case FunctionId::kFindAll:
      return scaled(size(0) + 1, kStringTraversal) * scaled(size(1), kRegexLength);
    case FunctionId::kFormat: {
      // The output is about as long as the arguments printed, at the traversal factor.
      const uint64_t printed = a.size() == 2 ? printed_size(a[1], times(cap, 10)) : 0;
      return plus(std::max<uint64_t>(1, scaled(size(0), kStringTraversal)),
                  scaled(printed, kStringTraversal));
    }
    case FunctionId::kToString:
    case FunctionId::kToBytes:
    case FunctionId::kQuote:
    case FunctionId::kLowerAscii:
    case FunctionId::kUpperAscii:
    case FunctionId::kSubstring:
    case FunctionId::kTrim:
    case FunctionId::kQuantity:
    case FunctionId::kIsQuantity:
    case FunctionId::kCharAt:
    case FunctionId::kReverse:
      return std::max<uint64_t>(1, scaled(size(0), kStringTraversal));
    case FunctionId::kReplace: {
      // k8s charges 2 traversals; the projected result length is charged as well so a
      // replacement cannot grow a string without paying for it.
      const uint64_t grow = (size(0) + 1) * size(2);
      return scaled(size(0), 2 * kStringTraversal) + scaled(grow, kStringTraversal);
    }
    case FunctionId::kSplit:
      return scaled(size(0), 2 * kStringTraversal);
    case FunctionId::kJoin: {
      // Summed in bytes (no decoding), stopping once past the budget.
      uint64_t total = 0;
      const uint64_t separator = a.size() > 1 && is_text(a[1]) ? a[1].as_string().size() : 0;
      if (!a.empty() && a[0].kind() == ValueKind::kList) {
        for (const Value& v : a[0].as_list()) {
          total = plus(total, plus(is_text(v) ? v.as_string().size() : 1, separator));
          if (scaled(total, 2 * kStringTraversal) > budget) {
            break;
          }
        }
      }
      return scaled(total, 2 * kStringTraversal);
    }
    case FunctionId::kIndexOf:
    case FunctionId::kLastIndexOf:
    case FunctionId::kFlatten:
      return std::max<uint64_t>(1, plus(size(0), nested(0)));
    case FunctionId::kDistinct: {
      // Each element is compared with the distinct ones kept before it: n(n-1)/2 comparisons,
      // each visiting at most the elements' nested values.
      const uint64_t n = size(0);
      return std::max<uint64_t>(1, plus(times(n, n - (n > 0 ? 1 : 0)) / 2, times(n, nested(0))));
    }
    case FunctionId::kSetsContains:
    case FunctionId::kSetsIntersects:
    case FunctionId::kSetsEquivalent: {
      // Every element of one list compared with every element of the other (both ways for
      // equivalent), as ext/sets.go's estimator counts them.
      const uint64_t pairs = times(plus(size(0), nested(0)), plus(size(1), nested(1)));
      return std::max<uint64_t>(1, id == FunctionId::kSetsEquivalent ? times(pairs, 2) : pairs);
    }
    case FunctionId::kIsSorted:
    case FunctionId::kSum:
    case FunctionId::kMin:
    case FunctionId::kMax:
    case FunctionId::kSort:
    case FunctionId::kSlice:
      return std::max<uint64_t>(1, size(0) + (a.size() > 1 ? size(1) : 0));
    case FunctionId::kListsRange:
      return (!a.empty() && a[0].kind() == ValueKind::kInt && a[0].as_int() > 0)
                 ? static_cast<uint64_t>(a[0].as_int())
                 : 1;
    default:
      return 1;
  }
}

}  // namespace drasim::model::cel
