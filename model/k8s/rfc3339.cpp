#include "model/k8s/rfc3339.h"

#include <chrono>
#include <cstddef>

namespace drasim::model {
namespace {

/// The value of `width` decimal digits at `pos`, or nullopt if any is not a digit.
std::optional<int> digits(std::string_view text, size_t pos, size_t width) {
  if (pos + width > text.size()) {
    return std::nullopt;
  }
  int value = 0;
  for (size_t i = pos; i < pos + width; ++i) {
    if (text[i] < '0' || text[i] > '9') {
      return std::nullopt;
    }
    value = value * 10 + (text[i] - '0');
  }
  return value;
}

bool char_at(std::string_view text, size_t pos, char want) {
  return pos < text.size() && text[pos] == want;
}

/// Nanoseconds of a fraction `.ddd` at `pos`; advances `pos` past it. nullopt when the dot has
/// no digit after it or more than nine (finer than Kubernetes or Go can hold).
std::optional<int32_t> fraction(std::string_view text, size_t& pos) {
  if (!char_at(text, pos, '.')) {
    return 0;
  }
  ++pos;
  int32_t nanos = 0;
  size_t count = 0;
  while (pos < text.size() && text[pos] >= '0' && text[pos] <= '9') {
    if (++count > 9) {
      return std::nullopt;
    }
    nanos = nanos * 10 + (text[pos] - '0');
    ++pos;
  }
  if (count == 0) {
    return std::nullopt;
  }
  for (; count < 9; ++count) {
    nanos *= 10;
  }
  return nanos;
}

/// Seconds east of UTC for the zone at `pos` (`Z` or `±HH:MM`, which must end the text).
std::optional<int64_t> zone_offset_s(std::string_view text, size_t pos) {
  if (char_at(text, pos, 'Z')) {
    return pos + 1 == text.size() ? std::optional<int64_t>(0) : std::nullopt;
  }
  if (!char_at(text, pos, '+') && !char_at(text, pos, '-')) {
    return std::nullopt;
  }
  const auto hours = digits(text, pos + 1, 2);
  const auto minutes = digits(text, pos + 4, 2);
  if (!hours || !minutes || !char_at(text, pos + 3, ':') || pos + 6 != text.size() || *hours > 23
      || *minutes > 59) {
    return std::nullopt;
  }
  const int64_t offset = int64_t{*hours} * 3600 + int64_t{*minutes} * 60;
  return text[pos] == '-' ? -offset : offset;
}

}  // namespace

std::optional<Instant> parse_rfc3339(std::string_view text) {
  // Fixed positions: YYYY-MM-DDTHH:MM:SS is 19 characters.
  const auto year = digits(text, 0, 4);
  const auto month = digits(text, 5, 2);
  const auto day = digits(text, 8, 2);
  const auto hour = digits(text, 11, 2);
  const auto minute = digits(text, 14, 2);
  const auto second = digits(text, 17, 2);
  if (!year || !month || !day || !hour || !minute || !second || !char_at(text, 4, '-')
      || !char_at(text, 7, '-') || !char_at(text, 10, 'T') || !char_at(text, 13, ':')
      || !char_at(text, 16, ':') || *hour > 23 || *minute > 59 || *second > 59) {
    return std::nullopt;
  }
  const std::chrono::year_month_day date{std::chrono::year{*year},
                                         std::chrono::month{static_cast<unsigned>(*month)},
                                         std::chrono::day{static_cast<unsigned>(*day)}};
  if (!date.ok()) {
    return std::nullopt;
  }
  size_t pos = 19;
  const auto nanos = fraction(text, pos);
  if (!nanos) {
    return std::nullopt;
  }
  const auto offset = zone_offset_s(text, pos);
  if (!offset) {
    return std::nullopt;
  }
  const int64_t days = std::chrono::sys_days{date}.time_since_epoch().count();
  const int64_t local_s = days * 86'400 + int64_t{*hour} * 3600 + int64_t{*minute} * 60 + *second;
  return Instant{local_s - *offset, *nanos};
}

}  // namespace drasim::model
