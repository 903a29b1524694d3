#pragma once
/// Exact Kubernetes resource quantities (`100m`, `2Gi`, `1.5`, `1e3`, `500Ki`).
///
/// A Quantity keeps its value as a signed 128-bit count of nano-units, so every form the API
/// server accepts is held exactly (Kubernetes itself rounds anything finer than a nano-unit up
/// to the next nano-unit, and so do we). Conversions to the integer units the schedulers use
/// (`value()` for bytes and device counts, `milli_value()` for millicores and KAI's scalar
/// slots) round up, as `resource.Quantity.Value()` and `MilliValue()` do upstream.

#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace drasim::model {

__extension__ using Int128 = __int128;

/// An exact Kubernetes quantity. Regular value type.
class Quantity {
 public:
  constexpr Quantity() = default;

  /// Parses the Kubernetes quantity grammar: an optional sign, digits with at most one decimal
  /// point, then nothing, a binary suffix (Ki Mi Gi Ti Pi Ei), a decimal suffix (n u m k M G T P
  /// E) or an exponent (e3, E-2). Returns nullopt for anything else (empty text, spaces, `1.2.3`,
  /// `5KB`, `1e`, a magnitude beyond 2^63 whole units).
  static std::optional<Quantity> parse(std::string_view text);

  static constexpr Quantity from_units(int64_t units) { return Quantity(Int128{units} * kNano); }

  static constexpr Quantity from_milli(int64_t milli) {
    return Quantity(Int128{milli} * (kNano / 1000));
  }

  static constexpr Quantity from_nanos(Int128 nanos) { return Quantity(nanos); }

  /// Whole units, rounded up (towards +infinity), saturating at the int64 range.
  [[nodiscard]] int64_t value() const;

  /// Thousandths of a unit, rounded up (towards +infinity), saturating at the int64 range.
  [[nodiscard]] int64_t milli_value() const;

  [[nodiscard]] constexpr Int128 nanos() const { return nanos_; }

  [[nodiscard]] constexpr bool is_negative() const { return nanos_ < 0; }

  [[nodiscard]] constexpr bool is_zero() const { return nanos_ == 0; }

  /// A canonical text: the shortest exact decimal form (`1.5`, `0.25`, `2147483648`), never a
  /// suffix. Used in messages and reports.
  [[nodiscard]] std::string to_string() const;

  /// The form a person reads: a whole number of at least 1Ki that a power of 1024 divides
  /// exactly carries the largest such binary suffix (`40Gi`); anything else is to_string().
  [[nodiscard]] std::string to_binary_string() const;

  friend constexpr Quantity operator+(Quantity a, Quantity b) {
    return Quantity(a.nanos_ + b.nanos_);
  }

  friend constexpr Quantity operator-(Quantity a, Quantity b) {
    return Quantity(a.nanos_ - b.nanos_);
  }

  friend constexpr bool operator==(Quantity a, Quantity b) = default;

  friend constexpr std::strong_ordering operator<=>(Quantity a, Quantity b) {
    if (a.nanos_ < b.nanos_) {
      return std::strong_ordering::less;
    }
    if (a.nanos_ > b.nanos_) {
      return std::strong_ordering::greater;
    }
    return std::strong_ordering::equal;
  }

  static constexpr Int128 kNano = 1'000'000'000;

 private:
  constexpr explicit Quantity(Int128 nanos) : nanos_(nanos) {}

  Int128 nanos_ = 0;
};

/// A whole string as a decimal int64, as Go's `strconv.ParseInt(s, 10, 64)` reads label and
/// annotation values (no sign but `-`, no spaces); nullopt otherwise.
[[nodiscard]] std::optional<int64_t> parse_int64(std::string_view text);

}  // namespace drasim::model
