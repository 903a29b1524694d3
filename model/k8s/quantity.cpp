#include "model/k8s/quantity.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstddef>
#include <limits>

// Parsing follows k8s.io/apimachinery/pkg/api/resource (ParseQuantity, parseQuantityString and
// suffixHandler.interpret), with two deliberate differences that the header documents:
//   * a magnitude beyond 2^63 whole units is rejected instead of being silently capped;
//   * a lone sign or a lone "." (which upstream quietly reads as zero) is rejected.
// Everything is computed on decimal digit strings, so inputs of any length stay exact.

namespace drasim::model {

namespace {

__extension__ using UInt128 = unsigned __int128;

/// Largest accepted magnitude: 2^63 whole units, in nanos (about 9.2e27, well inside Int128).
constexpr Int128 kMaxMagnitudeNanos = (Int128{1} << 63) * Quantity::kNano;

/// kMaxMagnitudeNanos has 28 decimal digits, so any integer with more digits is out of range.
constexpr std::size_t kMaxMagnitudeDigits = 28;

/// Exponents are clamped to this before arithmetic. Any nonzero mantissa with a larger exponent
/// is out of range anyway, and any smaller one rounds up to 1n, so clamping changes no result
/// while keeping every later int64 computation far from overflow.
constexpr int64_t kExponentClamp = int64_t{1} << 40;

/// The number before the suffix, split into its decimal digits and a decimal point position.
struct Mantissa {
  bool negative = false;
  std::string digits;           // integer digits followed by fraction digits
  int64_t fraction_digits = 0;  // how many trailing entries of `digits` follow the point
  std::string_view suffix;      // everything after the number
};

/// What a suffix multiplies the mantissa by: 10^exponent10 * 2^binary_shift.
struct Scale {
  int64_t exponent10 = 0;
  int binary_shift = 0;
};

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

std::size_t count_digits(std::string_view text, std::size_t from) {
  std::size_t end = from;
  while (end < text.size() && is_digit(text[end])) {
    ++end;
  }
  return end - from;
}

/// `[+-]? digits* ( '.' digits* )?` with at least one digit somewhere, as parseQuantityString
/// reads it (so ".5" and "5." are both accepted, "." is not).
std::optional<Mantissa> split_mantissa(std::string_view text) {
  Mantissa m;
  std::size_t pos = 0;
  if (!text.empty() && (text[0] == '+' || text[0] == '-')) {
    m.negative = text[0] == '-';
    ++pos;
  }
  const std::size_t int_len = count_digits(text, pos);
  m.digits.assign(text.substr(pos, int_len));
  pos += int_len;
  std::size_t frac_len = 0;
  if (pos < text.size() && text[pos] == '.') {
    ++pos;
    frac_len = count_digits(text, pos);
    m.digits.append(text.substr(pos, frac_len));
    pos += frac_len;
  }
  if (m.digits.empty()) {
    return std::nullopt;
  }
  m.fraction_digits = static_cast<int64_t>(frac_len);
  m.suffix = text.substr(pos);
  return m;
}

/// Parses the digits of an `e`/`E` exponent: optional sign then at least one digit. Like Go's
/// strconv.ParseInt(s, 10, 64), a value outside int64 is an error; the result is then clamped.
std::optional<int64_t> parse_exponent(std::string_view text) {
  bool negative = false;
  if (!text.empty() && (text[0] == '+' || text[0] == '-')) {
    negative = text[0] == '-';
    text.remove_prefix(1);
  }
  if (text.empty()) {
    return std::nullopt;
  }
  // Accumulate the magnitude as uint64 so that -2^63 (valid for ParseInt) is representable.
  const uint64_t limit = negative ? uint64_t{1} << 63 : (uint64_t{1} << 63) - 1;
  uint64_t magnitude = 0;
  for (const char c : text) {
    if (!is_digit(c)) {
      return std::nullopt;
    }
    const auto digit = static_cast<uint64_t>(c - '0');
    if (magnitude > (limit - digit) / 10) {
      return std::nullopt;
    }
    magnitude = magnitude * 10 + digit;
  }
  const auto clamped = static_cast<int64_t>(std::min(magnitude, uint64_t{kExponentClamp}));
  return negative ? -clamped : clamped;
}

/// suffixHandler.interpret: the decimal SI table, then the binary SI table, then `e<int>` or
/// `E<int>`. Note that a bare "E" is the exa suffix (10^18), not an exponent, while a bare "e"
/// matches nothing and is rejected.
std::optional<Scale> interpret_suffix(std::string_view suffix) {
  struct Entry {
    std::string_view name;
    Scale scale;
  };

  static constexpr std::array<Entry, 16> kTable{{
      {"n", {-9, 0}},
      {"u", {-6, 0}},
      {"m", {-3, 0}},
      {"", {0, 0}},
      {"k", {3, 0}},
      {"M", {6, 0}},
      {"G", {9, 0}},
      {"T", {12, 0}},
      {"P", {15, 0}},
      {"E", {18, 0}},
      {"Ki", {0, 10}},
      {"Mi", {0, 20}},
      {"Gi", {0, 30}},
      {"Ti", {0, 40}},
      {"Pi", {0, 50}},
      {"Ei", {0, 60}},
  }};
  for (const Entry& entry : kTable) {
    if (entry.name == suffix) {
      return entry.scale;
    }
  }
  if (suffix.size() > 1 && (suffix[0] == 'e' || suffix[0] == 'E')) {
    if (const auto exponent = parse_exponent(suffix.substr(1))) {
      return Scale{*exponent, 0};
    }
  }
  return std::nullopt;
}

/// digits := digits * 2^shift, in place; shift is at most 60, so steps of 2^10 keep the
/// per-digit carry small (below 1024 * 10).
void multiply_by_power_of_two(std::string& digits, int shift) {
  for (int done = 0; done < shift; done += 10) {
    const uint32_t factor = uint32_t{1} << std::min(10, shift - done);
    uint32_t carry = 0;
    for (auto it = digits.rbegin(); it != digits.rend(); ++it) {
      const uint32_t product = static_cast<uint32_t>(*it - '0') * factor + carry;
      *it = static_cast<char>('0' + product % 10);
      carry = product / 10;
    }
    for (; carry > 0; carry /= 10) {
      digits.insert(digits.begin(), static_cast<char>('0' + carry % 10));
    }
  }
}

/// Reads at most kMaxMagnitudeDigits digits (the caller checks the length) into an Int128.
Int128 to_int128(std::string_view digits) {
  Int128 value = 0;
  for (const char c : digits) {
    value = value * 10 + (c - '0');
  }
  return value;
}

bool all_zero(std::string_view digits) {
  return std::all_of(digits.begin(), digits.end(), [](char c) { return c == '0'; });
}

/// The magnitude in nanos of int(digits) * 10^shift, rounded up to a whole nano as upstream
/// does (inf.RoundUp on the magnitude), or nullopt beyond 2^63 units. `digits` has no leading
/// zeros and is not empty.
std::optional<Int128> scaled_nanos(std::string_view digits, int64_t shift) {
  const auto length = static_cast<int64_t>(digits.size());
  Int128 nanos = 0;
  if (shift >= 0) {
    // Any number with more than 28 digits is at least 10^28 > 2^63 * 10^9.
    if (length + shift > static_cast<int64_t>(kMaxMagnitudeDigits)) {
      return std::nullopt;
    }
    nanos = to_int128(digits);
    for (int64_t i = 0; i < shift; ++i) {
      nanos *= 10;
    }
  } else {
    // The last -shift digits are below one nano: drop them, rounding up if any is nonzero.
    const auto kept = static_cast<std::size_t>(std::max<int64_t>(0, length + shift));
    if (kept > kMaxMagnitudeDigits) {
      return std::nullopt;
    }
    nanos = to_int128(digits.substr(0, kept)) + (all_zero(digits.substr(kept)) ? 0 : 1);
  }
  if (nanos > kMaxMagnitudeNanos) {
    return std::nullopt;
  }
  return nanos;
}

/// Exact magnitude in nanos of mantissa * 10^exponent10 * 2^binary_shift.
std::optional<Int128> magnitude_nanos(Mantissa& m, Scale scale) {
  multiply_by_power_of_two(m.digits, scale.binary_shift);
  // Leading zeros carry no value; the point position counts from the right, so it is unchanged.
  const std::size_t first = m.digits.find_first_not_of('0');
  if (first == std::string::npos) {
    return Int128{0};
  }
  const std::string_view significant = std::string_view(m.digits).substr(first);
  // value = int(digits) * 10^(exponent10 - fraction_digits) units, and 1 unit = 10^9 nanos.
  const int64_t shift = scale.exponent10 - m.fraction_digits + 9;
  return scaled_nanos(significant, shift);
}

/// Ceiling of n / d for d > 0 (C++ division truncates toward zero, which is already the
/// ceiling for negative quotients).
Int128 ceil_div(Int128 n, Int128 d) {
  Int128 quotient = n / d;
  if (n % d > 0) {
    ++quotient;
  }
  return quotient;
}

int64_t saturate_to_int64(Int128 value) {
  constexpr Int128 kMin = std::numeric_limits<int64_t>::min();
  constexpr Int128 kMax = std::numeric_limits<int64_t>::max();
  return static_cast<int64_t>(std::clamp(value, kMin, kMax));
}

std::string unsigned_to_string(UInt128 value) {
  std::string out;
  do {
    out.push_back(static_cast<char>('0' + static_cast<int>(value % 10)));
    value /= 10;
  } while (value != 0);
  std::reverse(out.begin(), out.end());
  return out;
}

}  // namespace

std::optional<Quantity> Quantity::parse(std::string_view text) {
  auto mantissa = split_mantissa(text);
  if (!mantissa) {
    return std::nullopt;
  }
  const auto scale = interpret_suffix(mantissa->suffix);
  if (!scale) {
    return std::nullopt;
  }
  const auto magnitude = magnitude_nanos(*mantissa, *scale);
  if (!magnitude) {
    return std::nullopt;
  }
  // Upstream rounds the magnitude before restoring the sign, so -0.1n becomes -1n.
  return Quantity(mantissa->negative ? -*magnitude : *magnitude);
}

int64_t Quantity::value() const {
  return saturate_to_int64(ceil_div(nanos_, kNano));
}

int64_t Quantity::milli_value() const {
  return saturate_to_int64(ceil_div(nanos_, kNano / 1000));
}

std::string Quantity::to_string() const {
  // Work on the unsigned magnitude so that even the most negative Int128 formats correctly.
  const UInt128 magnitude =
      nanos_ < 0 ? UInt128{0} - static_cast<UInt128>(nanos_) : static_cast<UInt128>(nanos_);
  const auto nano = static_cast<UInt128>(kNano);
  std::string out = nanos_ < 0 ? "-" : "";
  out += unsigned_to_string(magnitude / nano);
  if (const UInt128 fraction = magnitude % nano; fraction != 0) {
    // Left-pad to nine digits (one per decimal place down to nanos), then trim trailing zeros.
    std::string digits = unsigned_to_string(fraction);
    digits.insert(0, 9 - digits.size(), '0');
    digits.erase(digits.find_last_not_of('0') + 1);
    out += '.';
    out += digits;
  }
  return out;
}

std::optional<int64_t> parse_int64(std::string_view text) {
  int64_t value = 0;
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || ec != std::errc() || ptr != end) {
    return std::nullopt;
  }
  return value;
}

std::string Quantity::to_binary_string() const {
  if (nanos_ <= 0 || nanos_ % kNano != 0) {
    return to_string();
  }
  Int128 units = nanos_ / kNano;
  static constexpr std::string_view kSuffixes[] = {"", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei"};
  size_t suffix = 0;
  while (suffix + 1 < std::size(kSuffixes) && units % 1024 == 0) {
    units /= 1024;
    ++suffix;
  }
  return Quantity::from_nanos(units * kNano).to_string() + std::string(kSuffixes[suffix]);
}

}  // namespace drasim::model
