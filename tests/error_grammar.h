#pragma once
// The contract's error grammar (PRODUCT.md section 1), for tests and the fuzzer:
// `FILE:LINE:COL: error: <path>: <expected>, got <found>`, with no raw control byte anywhere.

#include <re2/re2.h>

#include <string>

namespace drasim {

/// Whether one error line fits the grammar.
inline bool fits_error_grammar(const std::string& line) {
  for (const char c : line) {
    if ((static_cast<unsigned char>(c) < 0x20) || c == 0x7f) {
      return false;
    }
  }
  // RE2 matches in linear time without recursion: std::regex overflowed the stack on a
  // 50,000-character line the snapshot fuzzer made.
  static const RE2 kGrammar(R"([^:]+:[1-9][0-9]*:[1-9][0-9]*: error: \S.*?: .+, got .+)");
  return RE2::FullMatch(line, kGrammar);
}

}  // namespace drasim
