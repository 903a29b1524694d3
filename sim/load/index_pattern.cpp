#include "sim/load/index_pattern.h"

#include "sim/load/quote.h"

#include <fmt/format.h>

namespace drasim::sim {

std::string IndexPattern::format(int64_t index) const {
  std::string out;
  out.reserve(prefix.size() + suffix.size() + 8);
  out += prefix;
  out += fmt::format("{:0{}d}", index, width);
  out += suffix;
  return out;
}

namespace {

bool name_chars(std::string_view text) {
  return text.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-.") == std::string::npos;
}

}  // namespace

std::optional<IndexPattern> parse_index_pattern(std::string_view text, const Cursor& c) {
  constexpr std::string_view kExpected =
      "a name pattern with one {i} or {i:N} (N digits, zero-padded) and otherwise lower-case "
      "letters, digits, '-' and '.', such as dp-{i:3}";
  const size_t open = text.find('{');
  const size_t close = open == std::string_view::npos ? open : text.find('}', open);
  if (close == std::string_view::npos) {
    c.error(kExpected, quote(text));
    return std::nullopt;
  }
  const std::string_view inner = text.substr(open + 1, close - open - 1);
  IndexPattern p{std::string(text.substr(0, open)), std::string(text.substr(close + 1)), 0};
  const bool padded =
      inner.size() == 3 && inner.substr(0, 2) == "i:" && inner[2] >= '1' && inner[2] <= '9';
  if ((inner != "i" && !padded) || !name_chars(p.prefix) || !name_chars(p.suffix)) {
    c.error(kExpected, quote(text));
    return std::nullopt;
  }
  p.width = padded ? inner[2] - '0' : 0;
  return p;
}

}  // namespace drasim::sim
