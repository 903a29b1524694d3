#pragma once
/// The tree-walking evaluator over a checked Program. Variables live in a slot vector (declared
/// variables first, then comprehension variables), functions are dispatched by id, and a cost
/// counter follows cel-go's runtime cost model (interpreter/runtimecost.go): 1 per identifier,
/// selection and index, 10 per list literal, 30 per map literal, call costs per functions.h.
/// A pattern compiled at run time is also charged its RE2 program size (an instruction count),
/// which cel-go does not charge: compiling `a{1000}` builds 1,000 instructions, and an
/// expression that compiled a new one on every step of a comprehension would otherwise spend
/// seconds within the limit.

#include "model/cel/program.h"
#include "model/cel/value.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace drasim::model::cel {

/// A pattern built at run time (`s.matches(p + q)`) and its compiled form, kept for the rest of
/// one evaluation so that a comprehension does not compile the same pattern on every step.
struct RuntimeRegex {
  std::string pattern;
  std::shared_ptr<const re2::RE2> compiled;
};

struct EvalState {
  const Program& program;
  std::vector<Value> slots;
  uint64_t cost = 0;
  uint64_t cost_limit = 0;
  bool cancelled = false;  ///< the cost limit was exceeded; nothing may absorb this error
  std::vector<RuntimeRegex> regexes;  ///< the most recently compiled last, at most 64
};

/// Evaluates node `index`; errors are returned as error values.
Value evaluate_node(EvalState& state, int32_t index);

inline constexpr const char* kCostLimitExceeded = "operation cancelled: actual cost limit exceeded";

}  // namespace drasim::model::cel
