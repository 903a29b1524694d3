#pragma once
/// The CEL abstract syntax tree: a flat vector of nodes addressed by index, with macros already
/// expanded into comprehensions (as cel-go's parser does). The checker annotates the same nodes
/// with types, variable slots and function ids, so the evaluator reads one compact array.

#include "model/cel/function_id.h"
#include "model/cel/value.h"

#include <cstdint>
#include <string>
#include <vector>

namespace drasim::model::cel {

struct Type;

enum class NodeKind : uint8_t {
  kLiteral,        ///< `literal`
  kIdent,          ///< `name`; resolved to `slot`
  kSelect,         ///< `children[0].name`; flags: test_only (has()), optional (`.?`)
  kCall,           ///< `name(children...)`, or `children[0].name(children[1..])` if has_target
  kList,           ///< `[children...]`
  kMap,            ///< `{children[0]: children[1], ...}`
  kComprehension,  ///< children: iter_range, accu_init, loop_condition, loop_step, result
};

/// One AST node. Positions are 1-based line and column (in code points) inside the expression.
struct Node {
  NodeKind kind = NodeKind::kLiteral;
  bool has_target = false;  ///< kCall: receiver-style call
  bool test_only = false;   ///< kSelect: has() presence test
  bool optional = false;    ///< kSelect `.?`, kCall `_[?_]`
  uint32_t line = 1;
  uint32_t col = 1;
  std::string name;        ///< ident, field, function, or comprehension iteration variable
  std::string accu_name;   ///< kComprehension accumulator variable
  std::string iter_name2;  ///< kComprehension second iteration variable (two-variable forms)
  Value literal;           ///< kLiteral value; for a kList of literals, the prebuilt list
  std::vector<int32_t> children;

  // Filled by the checker.
  const Type* type = nullptr;
  int32_t slot = -1;   ///< kIdent: variable slot; kComprehension: iteration variable slot
  int32_t slot2 = -1;  ///< kComprehension: accumulator slot
  int32_t slot3 = -1;  ///< kComprehension: second iteration variable slot
  FunctionId function = FunctionId::kUnknown;
};

/// A parsed expression. `root` indexes `nodes`.
struct Ast {
  std::vector<Node> nodes;
  int32_t root = -1;

  [[nodiscard]] const Node& at(int32_t i) const { return nodes[static_cast<std::size_t>(i)]; }

  Node& at(int32_t i) { return nodes[static_cast<std::size_t>(i)]; }
};

/// The accumulator variable of expanded macros (cel-go parser.AccumulatorName).
inline constexpr const char* kAccumulatorName = "@result";

}  // namespace drasim::model::cel
