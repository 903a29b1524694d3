#pragma once
/// A compiled CEL expression: the checked flat AST, the number of variable slots, compiled
/// regular expressions for constant patterns, and the estimated worst-case cost. Immutable once
/// built, so one Program is shared by every evaluation (and every thread).

#include "model/cel/ast.h"
#include "model/cel/types.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace re2 {
class RE2;
}

namespace drasim::model::cel {

class Program {
 public:
  std::string expression;
  Ast ast;
  int32_t slot_count = 0;
  std::shared_ptr<TypeArena> environment_types;  ///< keeps declared types alive
  std::shared_ptr<TypeArena> own_types;          ///< types created while checking
  /// Per node: the compiled pattern of a `matches`/`find`/`findAll` call whose pattern is a
  /// string literal (nullptr elsewhere), so constant regexes are compiled once.
  std::vector<std::shared_ptr<const re2::RE2>> constant_regex;
  uint64_t estimated_cost = 0;
};

}  // namespace drasim::model::cel
