#pragma once
/// Internal to model/cel: the library families call_function() dispatches to. Each returns an
/// error value `no such overload` when the argument kinds fit none of its overloads.

#include "model/cel/function_id.h"
#include "model/cel/value.h"

#include <span>
#include <string>

namespace re2 {
class RE2;
}

namespace drasim::model::cel {

using Args = std::span<const Value>;

Value call_string_function(FunctionId id, Args args, const re2::RE2* constant_regex);
Value call_collection_function(FunctionId id, Args args);
Value call_k8s_function(FunctionId id, Args args, const re2::RE2* constant_regex);

/// `a + b` for numbers (with int/uint overflow errors), used by `+` and `sum()`.
Value add_values(const Value& a, const Value& b);

/// Whether every argument has the given kinds (a compact overload test).
inline bool kinds_are(Args args, std::initializer_list<ValueKind> kinds) {
  if (args.size() != kinds.size()) {
    return false;
  }
  std::size_t i = 0;
  for (const ValueKind k : kinds) {
    if (args[i++].kind() != k) {
      return false;
    }
  }
  return true;
}

}  // namespace drasim::model::cel
