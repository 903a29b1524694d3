// Tests of input text made safe to print (sim/load/quote.h): UTF-8 validation per RFC 3629,
// escaping of control bytes and invalid bytes, and the 40-byte token cut.
#include "sim/load/quote.h"

#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <vector>

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

/// The obvious way, written apart from quote.cpp: decode each sequence to its code point and
/// check the code point's range, one byte at a time.
size_t first_invalid_utf8_reference(const std::string& text) {
  size_t i = 0;
  while (i < text.size()) {
    const auto b = static_cast<unsigned char>(text[i]);
    size_t len = 1;
    uint32_t cp = b;
    uint32_t min = 0;
    if (b >= 0x80) {
      if ((b & 0xE0) == 0xC0) {
        len = 2, cp = b & 0x1Fu, min = 0x80;
      } else if ((b & 0xF0) == 0xE0) {
        len = 3, cp = b & 0x0Fu, min = 0x800;
      } else if ((b & 0xF8) == 0xF0) {
        len = 4, cp = b & 0x07u, min = 0x10000;
      } else {
        return i;
      }
      if (i + len > text.size()) {
        return i;
      }
      for (size_t k = 1; k < len; ++k) {
        const auto c = static_cast<unsigned char>(text[i + k]);
        if ((c & 0xC0) != 0x80) {
          return i;
        }
        cp = (cp << 6u) | (c & 0x3Fu);
      }
      if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
        return i;
      }
    }
    i += len;
  }
  return std::string::npos;
}

TEST_CASE("first_invalid_utf8, which skips ASCII eight bytes at a time, agrees with a plain scan") {
  // Random texts of ASCII runs, valid multi-byte characters and now and then a random byte, at
  // every length up to 40 so that bad bytes land at each place of an eight-byte word.
  const std::vector<std::string> pieces = {
      "a",         "plain text ", "\xc3\xa9", "\xe2\x82\xac", "\xf0\x9f\x98\x80", "\xed\x9f\xbf",
      "0123456789"};
  uint64_t state = 12345;
  const auto next = [&] {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<uint32_t>(state >> 33U);
  };
  int invalid = 0;
  for (int round = 0; round < 20000; ++round) {
    std::string text;
    const uint32_t length = next() % 41;
    while (text.size() < length) {
      if (next() % 23 == 0) {
        text += static_cast<char>(next() % 256);
      } else {
        text += pieces[next() % pieces.size()];
      }
    }
    const size_t expected = first_invalid_utf8_reference(text);
    invalid += expected != std::string::npos ? 1 : 0;
    REQUIRE_MESSAGE(first_invalid_utf8(text) == expected, "round " << round);
  }
  // Both kinds of text were tried often.
  CHECK(invalid > 2000);
  CHECK(invalid < 18000);
}

}  // namespace
}  // namespace drasim::sim
