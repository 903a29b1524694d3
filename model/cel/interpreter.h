#pragma once
/// The tree-walking evaluator over a checked Program. Variables live in a slot vector (declared
/// variables first, then comprehension variables), functions are dispatched by id, and a cost
/// counter follows cel-go's runtime cost model (interpreter/runtimecost.go): 1 per identifier,
/// selection and index, 10 per list literal, 30 per map literal, call costs per functions.h.

#include "model/cel/program.h"
#include "model/cel/value.h"

#include <cstdint>
#include <vector>

namespace drasim::model::cel {

struct EvalState {
  const Program& program;
  std::vector<Value> slots;
  uint64_t cost = 0;
  uint64_t cost_limit = 0;
  bool cancelled = false;  ///< the cost limit was exceeded; nothing may absorb this error
};

/// Evaluates node `index`; errors are returned as error values.
Value evaluate_node(EvalState& state, int32_t index);

inline constexpr const char* kCostLimitExceeded = "operation cancelled: actual cost limit exceeded";

}  // namespace drasim::model::cel
