// UTF-8 helpers shared by the CEL lexer and string functions.
#include "model/cel/utf8.h"

#include <doctest/doctest.h>

using namespace drasim::model::cel;  // NOLINT

TEST_CASE("append_utf8 writes one to four bytes by code point range") {
  std::string out;
  append_utf8(out, U'A');           // < U+0080: 1 byte
  append_utf8(out, U'\u00e9');      // < U+0800: 2 bytes
  append_utf8(out, U'\u20ac');      // < U+10000: 3 bytes
  append_utf8(out, U'\U0001F600');  // 4 bytes
  CHECK(out == "A\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80");
}

TEST_CASE("decode_utf8 and encode_utf8 round-trip code points") {
  const std::string text = "a\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80";
  const std::u32string cps = decode_utf8(text);
  CHECK(cps == U"a\u00e9\u20ac\U0001F600");
  CHECK(encode_utf8(cps) == text);
}
