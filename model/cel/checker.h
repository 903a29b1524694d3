#pragma once
/// The CEL type checker (after cel-go checker/checker.go): resolves identifiers to variable
/// slots, calls to function ids and overloads, field selections against declared object types,
/// and annotates every node with its type. `dyn` is assignable everywhere, so only provable type
/// errors are rejected; the rest become runtime errors.

#include "model/cel/ast.h"
#include "model/cel/environment.h"
#include "model/cel/parser.h"

#include <optional>

namespace drasim::model::cel {

struct CheckOutput {
  int32_t slot_count = 0;           ///< declared variables plus comprehension variables
  std::optional<ParseError> error;  ///< message without the `ERROR: <input>:l:c:` prefix
};

/// Checks `ast` in place. Types created for the AST are allocated in `arena`.
CheckOutput check(Ast& ast, const Environment& env, TypeArena& arena);

}  // namespace drasim::model::cel
