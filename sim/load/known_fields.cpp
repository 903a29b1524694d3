#include "sim/load/known_fields.h"

#include "sim/load/quote.h"

#include <fmt/format.h>

#include <algorithm>

namespace drasim::sim {

void reject_unknown_fields(const Cursor& c, std::string_view what,
                           std::initializer_list<std::string_view> known) {
  if (!c.is_map()) {
    return;
  }
  for (const auto& [key, value] : c.entries()) {
    if (std::find(known.begin(), known.end(), key) == known.end()) {
      const bool vowel = !what.empty() && std::string_view("aeiou").find(what.front()) != what.npos;
      value.error(
          fmt::format("{} {} field (one of {})", vowel ? "an" : "a", what, fmt::join(known, ", ")),
          quote(key));
    }
  }
}

}  // namespace drasim::sim
