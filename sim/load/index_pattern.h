#pragma once
/// Name patterns of generated objects: `dp-{i}` or `dp-{i:3}` with `{i}` an index from 0
/// (`{i:3}` zero-pads it to at least 3 digits). Used by node pools, DRA driver device names and
/// topology label values.

#include "sim/load/doc_reader.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace drasim::sim {

/// A checked pattern: the text around exactly one `{i}` / `{i:N}` placeholder.
struct IndexPattern {
  std::string prefix;
  std::string suffix;
  int width = 0;  ///< zero-pad to this many digits (0: no padding)

  /// The pattern with `index` in place of the placeholder: `{i:3}`, 7 -> "007".
  [[nodiscard]] std::string format(int64_t index) const;

  friend bool operator==(const IndexPattern&, const IndexPattern&) = default;
};

/// Parses `text`: exactly one `{i}` or `{i:N}` (N from 1 to 9) and otherwise only lower-case
/// letters, digits, `-` and `.` (names stay valid Kubernetes names). Reports at `c` and returns
/// nullopt when it is not one.
std::optional<IndexPattern> parse_index_pattern(std::string_view text, const Cursor& c);

}  // namespace drasim::sim
