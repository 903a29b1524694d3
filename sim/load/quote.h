#pragma once
/// Input text made safe to print. A message never echoes more of the input than a short token,
/// and never a raw control byte or invalid UTF-8: scenario files may come from anyone, and
/// their errors land on a terminal or in a CI log.

#include <cstddef>
#include <string>
#include <string_view>

namespace drasim::sim {

/// The longest token of the input a message quotes, in bytes before escaping.
inline constexpr size_t kQuotedBytes = 40;

/// The byte offset of the first byte that is not part of well-formed UTF-8 (no overlong
/// forms, no surrogates, nothing past U+10FFFF), or `npos` when all of `text` is.
[[nodiscard]] size_t first_invalid_utf8(std::string_view text);

/// `text` with control bytes, DEL and bytes of invalid UTF-8 written as `\n`, `\t` or `\xHH`.
/// Printable UTF-8 passes unchanged.
[[nodiscard]] std::string escape_text(std::string_view text);

/// A token of the input for a message: `text` cut to `max_bytes` (at a character boundary,
/// then `...`), escaped, in double quotes (`\"` and `\\` inside).
[[nodiscard]] std::string quote(std::string_view text, size_t max_bytes = kQuotedBytes);

}  // namespace drasim::sim
