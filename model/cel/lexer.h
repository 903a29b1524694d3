#pragma once
/// The CEL lexer (cel-spec doc/langdef.md, "Syntax"): identifiers, reserved words, int, uint,
/// double, string and bytes literals (quoted, triple-quoted, raw, with every escape form), and
/// punctuation. Errors are reported as tokens of kind kError carrying the message.

#include "model/cel/value.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace drasim::model::cel {

enum class TokenKind : uint8_t {
  kEnd,
  kError,
  kIdent,
  kInt,
  kUint,
  kDouble,
  kString,
  kBytes,
  kTrue,
  kFalse,
  kNull,
  kIn,
  kPunct,  ///< `text` holds the operator, e.g. `&&`, `.?`, `[`
};

struct Token {
  TokenKind kind = TokenKind::kEnd;
  std::string text;  ///< identifier / punctuation / error message / raw number text
  Value literal;     ///< decoded literal for number, string and bytes tokens
  uint32_t line = 1;
  uint32_t col = 1;  ///< 1-based, in code points
};

/// Splits `source` into tokens, ending with kEnd or at the first kError.
std::vector<Token> tokenize(std::string_view source);

}  // namespace drasim::model::cel
