#pragma once
/// Simulated time: strong int64 microsecond types and the exact duration grammar of scenarios.
///
/// `SimTime` is a point on the simulated clock (microseconds since the start of the run);
/// `SimDuration` is a span. Durations are written as Go-style strings (`250ms`, `90s`, `5m`,
/// `6h`, `1h30m`, `1.5h`, `100us`, `0`) and parsed exactly; no floating point is involved.

#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace drasim::sim {

/// A span of simulated time in microseconds.
struct SimDuration {
  int64_t us = 0;

  static constexpr SimDuration seconds(int64_t s) { return SimDuration{s * 1'000'000}; }

  static constexpr SimDuration millis(int64_t ms) { return SimDuration{ms * 1'000}; }

  friend constexpr auto operator<=>(SimDuration, SimDuration) = default;

  friend constexpr SimDuration operator+(SimDuration a, SimDuration b) { return {a.us + b.us}; }
};

/// A point in simulated time, microseconds since the run started.
struct SimTime {
  int64_t us = 0;

  friend constexpr auto operator<=>(SimTime, SimTime) = default;

  friend constexpr SimTime operator+(SimTime t, SimDuration d) { return {t.us + d.us}; }

  friend constexpr SimDuration operator-(SimTime a, SimTime b) { return {a.us - b.us}; }
};

/// Parses a duration: an optional `+`, then one or more `<number><unit>` parts where number is
/// digits with an optional fraction and unit one of `us`, `µs`, `ms`, `s`, `m`, `h`; a bare `0` is
/// allowed. Fractions finer than a microsecond, negative values, empty text, unknown units and
/// values beyond the int64 microsecond range are rejected (nullopt).
std::optional<SimDuration> parse_duration(std::string_view text);

/// Formats a duration in the largest exact units: `90s` -> "1m30s", `250ms` -> "250ms",
/// 0 -> "0s". Inverse of parse_duration for every value it returns.
std::string format_duration(SimDuration d);

/// Simulated seconds with up to six decimals and no trailing zeros beyond one (`12.0`, `1.25`,
/// `0.000001`). This is the number format of every time in reports.
std::string format_seconds(SimTime t);

}  // namespace drasim::sim
