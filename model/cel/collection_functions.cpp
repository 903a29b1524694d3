// List, set and optional functions: k8s.io/apiserver/pkg/cel/library/lists.go (isSorted sum min
// max indexOf lastIndexOf), cel-go ext/lists.go (slice flatten distinct reverse sort first last
// lists.range), ext/sets.go and the optional library of cel-go cel/library.go.

#include "model/cel/function_impls.h"
#include "model/cel/functions.h"

#include <algorithm>

namespace drasim::model::cel {

namespace {

bool is_list(Args a, std::size_t i) {
  return a.size() > i && a[i].kind() == ValueKind::kList;
}

Value min_max(FunctionId id, const std::vector<Value>& l) {
  if (l.empty()) {
    return Value::error(std::string(id == FunctionId::kMin ? "min" : "max")
                        + " called on empty list");
  }
  std::size_t best = 0;
  for (std::size_t i = 1; i < l.size(); ++i) {
    const auto c = compare_values(l[i], l[best]);
    if (!c) {
      return no_such_overload(id, std::array{l[i], l[best]});
    }
    if ((id == FunctionId::kMin && *c < 0) || (id == FunctionId::kMax && *c > 0)) {
      best = i;
    }
  }
  return l[best];
}

Value index_in_list(const std::vector<Value>& l, const Value& x, bool last) {
  for (std::size_t k = 0; k < l.size(); ++k) {
    const std::size_t i = last ? l.size() - 1 - k : k;
    if (values_equal(l[i], x)) {
      return Value::from_int(static_cast<int64_t>(i));
    }
  }
  return Value::from_int(-1);
}

void flatten_into(const std::vector<Value>& l, int64_t depth, std::vector<Value>& out) {
  for (const Value& v : l) {
    if (v.kind() == ValueKind::kList && depth > 0) {
      flatten_into(v.as_list(), depth - 1, out);
    } else {
      out.push_back(v);
    }
  }
}

Value sorted(const std::vector<Value>& l) {
  std::vector<Value> out = l;
  for (std::size_t i = 1; i < out.size(); ++i) {
    if (!compare_values(out[0], out[i]) || out[0].kind() != out[i].kind()) {
      return Value::error("list elements must have the same type");
    }
  }
  std::stable_sort(out.begin(), out.end(), [](const Value& x, const Value& y) {
    return compare_values(x, y).value_or(0) < 0;
  });
  return Value::from_list(std::move(out));
}

Value slice(const std::vector<Value>& l, int64_t start, int64_t end) {
  if (start < 0 || end < 0) {
    return Value::error("cannot slice(" + std::to_string(start) + ", " + std::to_string(end)
                        + "), negative indexes not supported");
  }
  if (start > end) {
    return Value::error("cannot slice(" + std::to_string(start) + ", " + std::to_string(end)
                        + "), start index must be less than or equal to end index");
  }
  if (end > static_cast<int64_t>(l.size())) {
    return Value::error("cannot slice(" + std::to_string(start) + ", " + std::to_string(end)
                        + "), list is length " + std::to_string(l.size()));
  }
  return Value::from_list(std::vector<Value>(l.begin() + start, l.begin() + end));
}

bool list_contains(const std::vector<Value>& l, const Value& x) {
  return std::any_of(l.begin(), l.end(), [&](const Value& v) { return values_equal(v, x); });
}

bool contains_all(const std::vector<Value>& a, const std::vector<Value>& b) {
  return std::all_of(b.begin(), b.end(), [&](const Value& x) { return list_contains(a, x); });
}

bool is_zero_value(const Value& v) {
  switch (v.kind()) {
    case ValueKind::kNull:
      return true;
    case ValueKind::kBool:
      return !v.as_bool();
    case ValueKind::kInt:
      return v.as_int() == 0;
    case ValueKind::kUint:
      return v.as_uint() == 0;
    case ValueKind::kDouble:
      return v.as_double() == 0;
    case ValueKind::kString:
    case ValueKind::kBytes:
    case ValueKind::kList:
    case ValueKind::kMap:
      return value_size(v) == 0;
    default:
      return false;
  }
}

Value list_function(FunctionId id, Args a) {
  const auto& l = a[0].as_list();
  switch (id) {
    case FunctionId::kIsSorted:
      for (std::size_t i = 1; i < l.size(); ++i) {
        const auto c = compare_values(l[i - 1], l[i]);
        if (!c) {
          return no_such_overload(id, std::array{l[i - 1], l[i]});
        }
        if (*c > 0) {
          return Value::from_bool(false);
        }
      }
      return Value::from_bool(true);
    case FunctionId::kSum: {
      Value total = Value::from_int(0);
      for (std::size_t i = 0; i < l.size(); ++i) {
        total = i == 0 ? l[0] : add_values(total, l[i]);
        if (total.is_error()) {
          return total;
        }
      }
      return total;
    }
    case FunctionId::kMin:
    case FunctionId::kMax:
      return min_max(id, l);
    case FunctionId::kIndexOf:
    case FunctionId::kLastIndexOf:
      return a.size() == 2 ? index_in_list(l, a[1], id == FunctionId::kLastIndexOf)
                           : no_such_overload(id, a);
    case FunctionId::kSlice:
      return kinds_are(a, {ValueKind::kList, ValueKind::kInt, ValueKind::kInt})
                 ? slice(l, a[1].as_int(), a[2].as_int())
                 : no_such_overload(id, a);
    case FunctionId::kFlatten: {
      int64_t depth = 1;
      if (a.size() == 2) {
        if (a[1].kind() != ValueKind::kInt) {
          return no_such_overload(id, a);
        }
        depth = a[1].as_int();
        if (depth < 0) {
          return Value::error("level must be non-negative");
        }
      }
      std::vector<Value> out;
      flatten_into(l, std::min<int64_t>(depth, 64), out);
      return Value::from_list(std::move(out));
    }
    case FunctionId::kDistinct: {
      std::vector<Value> out;
      for (const Value& v : l) {
        if (!list_contains(out, v)) {
          out.push_back(v);
        }
      }
      return Value::from_list(std::move(out));
    }
    case FunctionId::kReverse:
      return Value::from_list(std::vector<Value>(l.rbegin(), l.rend()));
    case FunctionId::kSort:
      return sorted(l);
    case FunctionId::kFirst:
      return l.empty() ? Value::optional_none() : Value::optional_of(l.front());
    case FunctionId::kLast:
      return l.empty() ? Value::optional_none() : Value::optional_of(l.back());
    default:
      return no_such_overload(id, a);
  }
}

Value optional_function(FunctionId id, Args a) {
  switch (id) {
    case FunctionId::kOptionalOf:
      return Value::optional_of(a[0]);
    case FunctionId::kOptionalOfNonZero:
      return is_zero_value(a[0]) ? Value::optional_none() : Value::optional_of(a[0]);
    case FunctionId::kOptionalNone:
      return Value::optional_none();
    default:
      break;
  }
  if (a.empty() || a[0].kind() != ValueKind::kOptional) {
    return no_such_overload(id, a);
  }
  const Value* inner = a[0].optional_value();
  switch (id) {
    case FunctionId::kHasValue:
      return Value::from_bool(inner != nullptr);
    case FunctionId::kValue:
      return inner ? *inner : Value::error("optional.none() dereference");
    case FunctionId::kOrValue:
      return (inner || a.size() < 2) ? (inner ? *inner : Value::null()) : a[1];
    case FunctionId::kOptionalOr:
      if (a.size() < 2 || a[1].kind() != ValueKind::kOptional) {
        return no_such_overload(id, a);
      }
      return inner ? a[0] : a[1];
    default:
      return no_such_overload(id, a);
  }
}

}  // namespace

Value call_collection_function(FunctionId id, Args a) {
  switch (id) {
    case FunctionId::kListsRange: {
      if (!kinds_are(a, {ValueKind::kInt})) {
        return no_such_overload(id, a);
      }
      std::vector<Value> out;
      for (int64_t i = 0; i < a[0].as_int(); ++i) {
        out.push_back(Value::from_int(i));
      }
      return Value::from_list(std::move(out));
    }
    case FunctionId::kSetsContains:
    case FunctionId::kSetsEquivalent:
    case FunctionId::kSetsIntersects: {
      if (!is_list(a, 0) || !is_list(a, 1) || a.size() != 2) {
        return no_such_overload(id, a);
      }
      const auto& x = a[0].as_list();
      const auto& y = a[1].as_list();
      if (id == FunctionId::kSetsContains) {
        return Value::from_bool(contains_all(x, y));
      }
      if (id == FunctionId::kSetsEquivalent) {
        return Value::from_bool(contains_all(x, y) && contains_all(y, x));
      }
      return Value::from_bool(
          std::any_of(y.begin(), y.end(), [&](const Value& v) { return list_contains(x, v); }));
    }
    case FunctionId::kOptionalOf:
    case FunctionId::kOptionalOfNonZero:
    case FunctionId::kOptionalNone:
    case FunctionId::kOrValue:
    case FunctionId::kOptionalOr:
    case FunctionId::kHasValue:
    case FunctionId::kValue:
      return optional_function(id, a);
    default:
      break;
  }
  if (!is_list(a, 0)) {
    return no_such_overload(id, a);
  }
  return list_function(id, a);
}

}  // namespace drasim::model::cel
