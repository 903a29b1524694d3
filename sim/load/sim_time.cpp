#include "sim/load/sim_time.h"

#include <array>
#include <cstddef>
#include <limits>

// The grammar is Go's time.ParseDuration restricted to what a microsecond clock can hold
// exactly: no sign other than '+', no `ns`, and no part whose value is a fraction of a
// microsecond (Go would silently truncate those; we reject them instead).

namespace drasim::sim {

namespace {

__extension__ using Int128 = __int128;

/// The header promises to reject values beyond 10^15 s, but SimDuration counts microseconds in
/// an int64, whose limit (about 9.2e12 s) is the tighter bound; it is the one enforced here.
constexpr int64_t kMaxMicros = std::numeric_limits<int64_t>::max();

constexpr int64_t kMicrosPerSecond = 1'000'000;
constexpr int64_t kMicrosPerMinute = 60 * kMicrosPerSecond;
constexpr int64_t kMicrosPerHour = 60 * kMicrosPerMinute;

/// Once trailing zeros are dropped, a fraction with more than 18 digits can never be a whole
/// number of microseconds: the largest unit (1h = 2^10 * 3^2 * 5^8 us) cancels at most ten
/// decimal places. The bound also keeps `fraction * unit` inside Int128.
constexpr std::size_t kMaxFractionDigits = 18;

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

/// Microseconds per unit, or 0 for an unknown unit. Both micro signs are accepted, as in Go:
/// U+00B5 MICRO SIGN ("\xC2\xB5") and U+03BC GREEK SMALL LETTER MU ("\xCE\xBC").
int64_t unit_micros(std::string_view unit) {
  struct Unit {
    std::string_view name;
    int64_t micros;
  };

  static constexpr std::array<Unit, 7> kUnits{{
      {"us", 1},
      {"\xC2\xB5s", 1},
      {"\xCE\xBCs", 1},
      {"ms", 1'000},
      {"s", kMicrosPerSecond},
      {"m", kMicrosPerMinute},
      {"h", kMicrosPerHour},
  }};
  for (const Unit& u : kUnits) {
    if (u.name == unit) {
      return u.micros;
    }
  }
  return 0;
}

/// Takes the leading run of characters of `text` for which `pred` holds.
template <typename Pred>
std::string_view take_while(std::string_view& text, Pred pred) {
  std::size_t n = 0;
  while (n < text.size() && pred(text[n])) {
    ++n;
  }
  const std::string_view taken = text.substr(0, n);
  text.remove_prefix(n);
  return taken;
}

/// Whole part `digits` times `unit`, or nullopt beyond kMaxMicros. Leading zeros are harmless.
std::optional<int64_t> whole_micros(std::string_view digits, int64_t unit) {
  const int64_t limit = kMaxMicros / unit;
  int64_t value = 0;
  for (const char c : digits) {
    const int64_t digit = c - '0';
    if (value > (limit - digit) / 10) {
      return std::nullopt;
    }
    value = value * 10 + digit;
  }
  return value * unit;
}

/// Fraction `0.digits` times `unit`, or nullopt unless it is a whole number of microseconds.
/// The result is below `unit`, so it always fits.
std::optional<int64_t> fraction_micros(std::string_view digits, int64_t unit) {
  digits = digits.substr(0, digits.find_last_not_of('0') + 1);  // npos + 1 == 0: all zeros
  if (digits.size() > kMaxFractionDigits) {
    return std::nullopt;
  }
  Int128 numerator = 0;
  Int128 denominator = 1;
  for (const char c : digits) {
    numerator = numerator * 10 + (c - '0');
    denominator *= 10;
  }
  numerator *= unit;
  if (numerator % denominator != 0) {
    return std::nullopt;
  }
  return static_cast<int64_t>(numerator / denominator);
}

/// Consumes one `<digits>[.<digits>]<unit>` part from the front of `text` (at least one digit
/// on either side of the point, as Go requires) and returns its length in microseconds.
std::optional<int64_t> take_part(std::string_view& text) {
  const std::string_view whole = take_while(text, is_digit);
  std::string_view fraction;
  if (!text.empty() && text.front() == '.') {
    text.remove_prefix(1);
    fraction = take_while(text, is_digit);
  }
  if (whole.empty() && fraction.empty()) {
    return std::nullopt;
  }
  // Like Go, the unit is everything up to the next digit or point, so "5sx" is unit "sx".
  const std::string_view unit_text =
      take_while(text, [](char c) { return c != '.' && !is_digit(c); });
  const int64_t unit = unit_micros(unit_text);
  if (unit == 0) {
    return std::nullopt;
  }
  const auto whole_us = whole_micros(whole, unit);
  const auto fraction_us = fraction_micros(fraction, unit);
  if (!whole_us || !fraction_us || *whole_us > kMaxMicros - *fraction_us) {
    return std::nullopt;
  }
  return *whole_us + *fraction_us;
}

/// Appends "." and the six-digit microsecond fraction `micros` (< 10^6) with trailing zeros
/// trimmed, keeping at least `min_digits` digits; appends nothing when that leaves no digits.
void append_micro_fraction(std::string& out, uint64_t micros, std::size_t min_digits) {
  std::string digits = std::to_string(micros);
  digits.insert(0, 6 - digits.size(), '0');
  std::size_t keep = digits.find_last_not_of('0') + 1;  // 0 when micros == 0
  keep = keep < min_digits ? min_digits : keep;
  if (keep > 0) {
    out += '.';
    out.append(digits, 0, keep);
  }
}

/// |us| as unsigned, valid even for the most negative int64.
uint64_t magnitude(int64_t us) {
  return us < 0 ? uint64_t{0} - static_cast<uint64_t>(us) : static_cast<uint64_t>(us);
}

}  // namespace

std::optional<SimDuration> parse_duration(std::string_view text) {
  if (!text.empty() && text.front() == '+') {
    text.remove_prefix(1);
  }
  // Go's special case: a bare zero needs no unit. ("00" or "0.0" still do.)
  if (text == "0") {
    return SimDuration{0};
  }
  if (text.empty()) {
    return std::nullopt;
  }
  int64_t total = 0;
  while (!text.empty()) {
    const auto part = take_part(text);
    if (!part || total > kMaxMicros - *part) {
      return std::nullopt;
    }
    total += *part;
  }
  return SimDuration{total};
}

std::string format_duration(SimDuration d) {
  if (d.us == 0) {
    return "0s";
  }
  std::string out = d.us < 0 ? "-" : "";
  uint64_t rest = magnitude(d.us);
  constexpr auto kSecond = static_cast<uint64_t>(kMicrosPerSecond);
  if (rest < kSecond) {
    // Below a second, a whole number of milliseconds reads best as ms, anything else as us.
    out += rest % 1000 == 0 ? std::to_string(rest / 1000) + "ms" : std::to_string(rest) + "us";
    return out;
  }
  constexpr auto kHour = static_cast<uint64_t>(kMicrosPerHour);
  constexpr auto kMinute = static_cast<uint64_t>(kMicrosPerMinute);
  if (rest >= kHour) {
    out += std::to_string(rest / kHour) + "h";
    rest %= kHour;
  }
  if (rest >= kMinute) {
    out += std::to_string(rest / kMinute) + "m";
    rest %= kMinute;
  }
  // Zero components are omitted ("1h", "1h5s"); seconds carry any sub-second remainder.
  if (rest > 0) {
    out += std::to_string(rest / kSecond);
    append_micro_fraction(out, rest % kSecond, 0);
    out += 's';
  }
  return out;
}

std::string format_seconds(SimTime t) {
  const uint64_t us = magnitude(t.us);
  constexpr auto kSecond = static_cast<uint64_t>(kMicrosPerSecond);
  std::string out = t.us < 0 ? "-" : "";
  out += std::to_string(us / kSecond);
  append_micro_fraction(out, us % kSecond, 1);
  return out;
}

}  // namespace drasim::sim
