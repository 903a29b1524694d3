#include "sim/load/known_fields.h"

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
      value.error(fmt::format("a {} field (one of {})", what, fmt::join(known, ", ")),
                  fmt::format("\"{}\"", key));
    }
  }
}

}  // namespace drasim::sim
