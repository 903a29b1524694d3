// Tests of input text made safe to print (sim/load/quote.h): UTF-8 validation per RFC 3629,
// escaping of control bytes and invalid bytes, and the 40-byte token cut.
#include "sim/load/quote.h"

#include <doctest/doctest.h>

#include <string>

namespace drasim::sim {
namespace {

TEST_CASE("first_invalid_utf8 finds overlong forms, surrogates, values past U+10FFFF") {
  CHECK(first_invalid_utf8("plain ascii") == std::string::npos);
  CHECK(first_invalid_utf8("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80") == std::string::npos);
  CHECK(first_invalid_utf8("ab\xff") == 2);            // 0xFF never appears in UTF-8
  CHECK(first_invalid_utf8("\xc0\xaf") == 0);          // overlong '/' (C0 and C1 are never valid)
  CHECK(first_invalid_utf8("x\xe0\x80\xaf") == 1);     // overlong 3-byte form (E0 needs A0..BF)
  CHECK(first_invalid_utf8("\xed\xa0\x80") == 0);      // U+D800, a surrogate (ED needs 80..9F)
  CHECK(first_invalid_utf8("\xf4\x90\x80\x80") == 0);  // U+110000 (F4 needs 80..8F)
  CHECK(first_invalid_utf8("ok\xe2\x82") == 2);        // a sequence cut short at the end
  CHECK(first_invalid_utf8("\xe2\x28\xa1") == 0);      // a continuation byte missing
}

TEST_CASE("escape_text writes control bytes and invalid bytes as escapes") {
  // ESC [ 2 J would clear a terminal; the bytes are shown, not obeyed.
  CHECK(escape_text("a\x1b[2Jb\n\t\r\x7f") == "a\\x1b[2Jb\\n\\t\\r\\x7f");
  CHECK(escape_text("bad\xff\xfe") == "bad\\xff\\xfe");
  CHECK(escape_text("caf\xc3\xa9 \"q\" \\") == "caf\xc3\xa9 \"q\" \\");  // printable text unchanged
}

TEST_CASE("quote cuts at 40 bytes on a character boundary and escapes quotes") {
  CHECK(quote("abc") == "\"abc\"");
  CHECK(quote("say \"hi\" \\o/") == "\"say \\\"hi\\\" \\\\o/\"");
  CHECK(quote(std::string(41, 'x')) == "\"" + std::string(40, 'x') + "...\"");
  // 39 ASCII bytes then a 2-byte character: byte 40 would split it, so the cut is at 39.
  CHECK(quote(std::string(39, 'y') + "\xc3\xa9z") == "\"" + std::string(39, 'y') + "...\"");
  CHECK(quote(std::string(40, 'z')) == "\"" + std::string(40, 'z') + "\"");  // exactly 40: whole
  CHECK(quote("key", 316) == "\"key\"");
}

}  // namespace
}  // namespace drasim::sim
