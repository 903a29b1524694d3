#pragma once
/// The CEL parser: a recursive-descent reading of the cel-spec grammar (doc/langdef.md) that
/// expands the standard macros (`has`, `all`, `exists`, `exists_one`, `map`, `filter`, the
/// two-variable `all`/`exists`, `cel.bind`) into comprehensions exactly as cel-go's
/// parser/macro.go does, so cost estimates see the same shapes. Nesting is limited to
/// kMaxRecursionDepth and input size to kMaxCodePoints, so no input can exhaust the stack.

#include "model/cel/ast.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>

namespace drasim::model::cel {

inline constexpr int kMaxRecursionDepth = 250;  ///< cel-go parser default
/// Deepest tree accepted (long left-leaning operator chains count, too).
inline constexpr int kMaxAstDepth = 4 * kMaxRecursionDepth;
inline constexpr uint64_t kMaxCodePoints = 100'000;  ///< cel-go ExpressionSizeCodePointLimit

struct ParseError {
  std::string message;  ///< e.g. `Syntax error: mismatched input '!' ...`
  uint32_t line = 1;
  uint32_t col = 1;
};

std::variant<Ast, ParseError> parse(std::string_view source);

}  // namespace drasim::model::cel
