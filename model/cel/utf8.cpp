#include "model/cel/utf8.h"

#include <cstddef>

namespace drasim::model::cel {

void append_utf8(std::string& out, char32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

std::string encode_utf8(std::u32string_view cps) {
  std::string out;
  for (const char32_t cp : cps) {
    append_utf8(out, cp);
  }
  return out;
}

std::u32string decode_utf8(std::string_view s) {
  std::u32string out;
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    int len = 1;
    char32_t cp = c;
    if (c >= 0xF0) {
      len = 4;
      cp = c & 0x07U;
    } else if (c >= 0xE0) {
      len = 3;
      cp = c & 0x0FU;
    } else if (c >= 0xC0) {
      len = 2;
      cp = c & 0x1FU;
    }
    for (int k = 1; k < len && i + static_cast<std::size_t>(k) < s.size(); ++k) {
      cp = (cp << 6) | (static_cast<unsigned char>(s[i + static_cast<std::size_t>(k)]) & 0x3FU);
    }
    out.push_back(cp);
    i += static_cast<std::size_t>(len);
  }
  return out;
}

}  // namespace drasim::model::cel
