#include "sim/load/quote.h"

#include <fmt/format.h>

#include <cstdint>
#include <cstring>

namespace drasim::sim {
namespace {

/// The length of the well-formed UTF-8 sequence at `text[i]`, or 0 when it is not one.
size_t sequence_at(std::string_view text, size_t i) {
  const auto byte = [&](size_t k) {
    return static_cast<unsigned char>(text[k]);
  };
  const unsigned char b0 = byte(i);
  if (b0 < 0x80) {
    return 1;
  }
  size_t len = 0;
  unsigned char lo = 0x80;
  unsigned char hi = 0xBF;  // the range of the second byte (RFC 3629 table)
  if (b0 >= 0xC2 && b0 <= 0xDF) {
    len = 2;
  } else if (b0 >= 0xE0 && b0 <= 0xEF) {
    len = 3;
    lo = b0 == 0xE0 ? 0xA0 : 0x80;  // no overlong forms
    hi = b0 == 0xED ? 0x9F : 0xBF;  // no surrogates
  } else if (b0 >= 0xF0 && b0 <= 0xF4) {
    len = 4;
    lo = b0 == 0xF0 ? 0x90 : 0x80;
    hi = b0 == 0xF4 ? 0x8F : 0xBF;  // nothing past U+10FFFF
  } else {
    return 0;
  }
  if (i + len > text.size() || byte(i + 1) < lo || byte(i + 1) > hi) {
    return 0;
  }
  for (size_t k = 2; k < len; ++k) {
    if (byte(i + k) < 0x80 || byte(i + k) > 0xBF) {
      return 0;
    }
  }
  return len;
}

void append_escaped(std::string& out, std::string_view text, bool token) {
  size_t i = 0;
  while (i < text.size()) {
    const size_t len = sequence_at(text, i);
    const auto c = static_cast<unsigned char>(text[i]);
    if (len == 0) {
      out += fmt::format("\\x{:02x}", c);
      ++i;
      continue;
    }
    if (len == 1) {
      if (c == '\n') {
        out += "\\n";
      } else if (c == '\t') {
        out += "\\t";
      } else if (c == '\r') {
        out += "\\r";
      } else if (c < 0x20 || c == 0x7F) {
        out += fmt::format("\\x{:02x}", c);
      } else if (token && (c == '\\' || c == '"')) {
        out += '\\';
        out += static_cast<char>(c);
      } else {
        out += static_cast<char>(c);
      }
    } else {
      out.append(text.substr(i, len));
    }
    i += len;
  }
}

}  // namespace

size_t first_invalid_utf8(std::string_view text) {
  constexpr uint64_t kHighBits = 0x8080'8080'8080'8080ULL;
  for (size_t i = 0; i < text.size();) {
    // Inputs are mostly ASCII: skip eight bytes without a high bit at a time.
    uint64_t word = 0;
    if (i + sizeof word <= text.size()) {
      std::memcpy(&word, text.data() + i, sizeof word);
      if ((word & kHighBits) == 0) {
        i += sizeof word;
        continue;
      }
    }
    const size_t len = sequence_at(text, i);
    if (len == 0) {
      return i;
    }
    i += len;
  }
  return std::string_view::npos;
}

std::string escape_text(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  append_escaped(out, text, false);
  return out;
}

std::string quote(std::string_view text, size_t max_bytes) {
  std::string out = "\"";
  if (text.size() <= max_bytes) {
    append_escaped(out, text, true);
  } else {
    size_t cut = max_bytes;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) {
      --cut;  // do not split a character
    }
    append_escaped(out, text.substr(0, cut), true);
    out += "...";
  }
  out += '"';
  return out;
}

}  // namespace drasim::sim
