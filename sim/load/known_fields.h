#pragma once
/// The check that a mapping of a drasim shorthand (generators, driver shapes) has only the
/// fields it knows: a misspelt field would otherwise be silently ignored.

#include "sim/load/doc_reader.h"

#include <initializer_list>
#include <string_view>

namespace drasim::sim {

/// Reports every key of the mapping `c` that is not in `known` as
/// `<path>.<key>: a <what> field (one of a, b, c), got "<key>"`.
void reject_unknown_fields(const Cursor& c, std::string_view what,
                           std::initializer_list<std::string_view> known);

}  // namespace drasim::sim
