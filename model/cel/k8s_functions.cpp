// Kubernetes CEL libraries: quantity (k8s.io/apiserver/pkg/cel/library/quantity.go), semver
// (semverlib.go) and regex (regex.go: find, findAll). Quantities reuse model::Quantity.

#include "model/cel/function_impls.h"
#include "model/cel/functions.h"

#include <re2/re2.h>

#include <memory>

namespace drasim::model::cel {

namespace {

Value quantity_function(FunctionId id, Args a) {
  const Quantity& q = a[0].as_quantity();
  switch (id) {
    case FunctionId::kIsInteger:
      return Value::from_bool(q.nanos() % Quantity::kNano == 0
                              && q.nanos() / Quantity::kNano <= Int128{INT64_MAX}
                              && q.nanos() / Quantity::kNano >= Int128{INT64_MIN});
    case FunctionId::kAsInteger:
      if (q.nanos() % Quantity::kNano != 0 || q.nanos() / Quantity::kNano > Int128{INT64_MAX}
          || q.nanos() / Quantity::kNano < Int128{INT64_MIN}) {
        return Value::error("cannot convert value to integer");
      }
      return Value::from_int(static_cast<int64_t>(q.nanos() / Quantity::kNano));
    case FunctionId::kAsApproximateFloat:
      return Value::from_double(static_cast<double>(q.nanos()) / 1e9);
    case FunctionId::kSign:
      return Value::from_int(q.is_negative() ? -1 : (q.is_zero() ? 0 : 1));
    case FunctionId::kQuantityAdd:
    case FunctionId::kQuantitySub: {
      if (a.size() != 2) {
        break;
      }
      Quantity other;
      if (a[1].kind() == ValueKind::kQuantity) {
        other = a[1].as_quantity();
      } else if (a[1].kind() == ValueKind::kInt) {
        other = Quantity::from_units(a[1].as_int());
      } else {
        break;
      }
      return Value::from_quantity(id == FunctionId::kQuantityAdd ? q + other : q - other);
    }
    default:
      break;
  }
  return no_such_overload(id, a);
}

Value comparison(FunctionId id, Args a) {
  int c = 0;
  if (kinds_are(a, {ValueKind::kQuantity, ValueKind::kQuantity})) {
    const auto o = a[0].as_quantity() <=> a[1].as_quantity();
    c = o < 0 ? -1 : (o > 0 ? 1 : 0);
  } else if (kinds_are(a, {ValueKind::kSemver, ValueKind::kSemver})) {
    c = a[0].as_semver().compare(a[1].as_semver());
  } else {
    return no_such_overload(id, a);
  }
  if (id == FunctionId::kCompareTo) {
    return Value::from_int(c);
  }
  return Value::from_bool(id == FunctionId::kIsGreaterThan ? c > 0 : c < 0);
}

std::optional<Semver> parse_semver(Args a) {
  const bool normalize = a.size() == 2 && a[1].as_bool();
  return normalize ? Semver::parse_normalized(a[0].as_string()) : Semver::parse(a[0].as_string());
}

Value regex_function(FunctionId id, Args a, const re2::RE2* constant_regex) {
  std::unique_ptr<re2::RE2> owned;
  const re2::RE2* re = constant_regex;
  if (re == nullptr) {
    owned = std::make_unique<re2::RE2>(a[1].as_string(), re2::RE2::Quiet);
    if (!owned->ok()) {
      return Value::error("error parsing regexp: " + owned->error());
    }
    re = owned.get();
  }
  re2::StringPiece input(a[0].as_string());
  re2::StringPiece match;
  if (id == FunctionId::kFind) {
    if (re->Match(input, 0, input.size(), re2::RE2::UNANCHORED, &match, 1)) {
      return Value::from_string(std::string(match));
    }
    return Value::from_string("");
  }
  const int64_t limit = a.size() == 3 ? a[2].as_int() : -1;
  std::vector<Value> out;
  std::size_t pos = 0;
  while (pos <= input.size() && (limit < 0 || static_cast<int64_t>(out.size()) < limit)) {
    if (!re->Match(input, pos, input.size(), re2::RE2::UNANCHORED, &match, 1)) {
      break;
    }
    out.push_back(Value::from_string(std::string(match)));
    const auto start = static_cast<std::size_t>(match.data() - input.data());
    pos = start + match.size() + (match.empty() ? 1 : 0);
  }
  return Value::from_list(std::move(out));
}

}  // namespace

Value call_k8s_function(FunctionId id, Args a, const re2::RE2* constant_regex) {
  switch (id) {
    case FunctionId::kFind:
    case FunctionId::kFindAll:
      if (a.size() >= 2 && a[0].kind() == ValueKind::kString && a[1].kind() == ValueKind::kString
          && (a.size() == 2 || a[2].kind() == ValueKind::kInt)) {
        return regex_function(id, a, constant_regex);
      }
      break;
    case FunctionId::kQuantity:
    case FunctionId::kIsQuantity: {
      if (!kinds_are(a, {ValueKind::kString})) {
        break;
      }
      const auto q = Quantity::parse(a[0].as_string());
      if (id == FunctionId::kIsQuantity) {
        return Value::from_bool(q.has_value());
      }
      if (!q) {
        return Value::error(
            "quantities must match the regular expression "
            "'^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'");
      }
      return Value::from_quantity(*q);
    }
    case FunctionId::kCompareTo:
    case FunctionId::kIsGreaterThan:
    case FunctionId::kIsLessThan:
      return comparison(id, a);
    case FunctionId::kSemver:
    case FunctionId::kIsSemver: {
      if (a.empty() || a[0].kind() != ValueKind::kString
          || (a.size() == 2 && a[1].kind() != ValueKind::kBool)) {
        break;
      }
      auto v = parse_semver(a);
      if (id == FunctionId::kIsSemver) {
        return Value::from_bool(v.has_value());
      }
      if (!v) {
        return Value::error("invalid semver: " + a[0].as_string());
      }
      return Value::from_semver(std::move(*v));
    }
    case FunctionId::kMajor:
    case FunctionId::kMinor:
    case FunctionId::kPatch: {
      if (!kinds_are(a, {ValueKind::kSemver})) {
        break;
      }
      const Semver& v = a[0].as_semver();
      const uint64_t part = id == FunctionId::kMajor   ? v.major
                            : id == FunctionId::kMinor ? v.minor
                                                       : v.patch;
      return Value::from_int(static_cast<int64_t>(part));
    }
    default:
      if (!a.empty() && a[0].kind() == ValueKind::kQuantity) {
        return quantity_function(id, a);
      }
      break;
  }
  return no_such_overload(id, a);
}

}  // namespace drasim::model::cel
