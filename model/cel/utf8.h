#pragma once
/// UTF-8 encoding and decoding shared by the CEL lexer (`\u` and `\U` escapes) and the string
/// functions (indices count Unicode code points, as in cel-go). Neither side validates: the
/// lexer rejects surrogates and values past U+10FFFF before encoding, and decoding assumes the
/// text is UTF-8 (a truncated sequence at the end yields what its bytes give).

#include <string>
#include <string_view>

namespace drasim::model::cel {

/// Appends the UTF-8 bytes of code point `cp` (1 to 4 bytes) to `out`.
void append_utf8(std::string& out, char32_t cp);

/// The UTF-8 text of a sequence of code points.
std::string encode_utf8(std::u32string_view cps);

/// The code points of UTF-8 text.
std::u32string decode_utf8(std::string_view s);

}  // namespace drasim::model::cel
