#pragma once
/// The CEL function library at run time: one entry point that dispatches a resolved FunctionId
/// on the dynamic kinds of its arguments, and the runtime cost of each call, charged before the
/// call runs (cel-go interpreter/runtimecost.go and k8s.io/apiserver/pkg/cel/library/cost.go
/// CallCost), so that no call can do unbounded work beyond the cost limit.

#include "model/cel/function_id.h"
#include "model/cel/value.h"

#include <cstdint>
#include <span>

namespace re2 {
class RE2;
}

namespace drasim::model::cel {

/// Calls `id` on `args` (receiver first for receiver-style calls). `constant_regex` is the
/// precompiled pattern for matches/find/findAll with a literal pattern, or nullptr. Errors come
/// back as error values (`no such overload`, `division by zero`, ...).
Value call_function(FunctionId id, std::span<const Value> args, const re2::RE2* constant_regex);

/// The runtime cost of calling `id` on `args`: cel-go's formula, plus the nested values the call
/// visits (model/cel/work.h). `budget` is the cost still allowed; measuring stops once a cost is
/// known to exceed it, so the result is then only known to be larger than `budget`.
uint64_t call_cost(FunctionId id, std::span<const Value> args, uint64_t budget);

/// CEL's error for a call with no overload for the argument kinds.
Value no_such_overload(FunctionId id, std::span<const Value> args);

}  // namespace drasim::model::cel
