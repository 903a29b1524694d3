#include "sim/load/sim_time.h"

#include <doctest/doctest.h>

#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

using drasim::sim::format_duration;
using drasim::sim::format_seconds;
using drasim::sim::parse_duration;
using drasim::sim::SimDuration;
using drasim::sim::SimTime;

namespace {

constexpr int64_t kSecond = 1'000'000;
constexpr int64_t kMinute = 60 * kSecond;
constexpr int64_t kHour = 60 * kMinute;
constexpr int64_t kInt64Max = std::numeric_limits<int64_t>::max();

/// Microseconds of a parsed duration, or -1 when it is rejected (parse never returns negatives).
int64_t micros_of(std::string_view text) {
  const auto d = parse_duration(text);
  return d ? d->us : -1;
}

}  // namespace

TEST_CASE("single-unit durations parse exactly") {
  CHECK(micros_of("100us") == 100);
  CHECK(micros_of("250ms") == 250'000);     // 250 * 1000 us
  CHECK(micros_of("90s") == 90 * kSecond);  // seconds are not normalised on parse
  CHECK(micros_of("5m") == 5 * kMinute);    // 'm' is minutes; milliseconds are "ms"
  CHECK(micros_of("6h") == 6 * kHour);
  CHECK(micros_of("+5s") == 5 * kSecond);   // Go allows a leading '+'
  CHECK(micros_of("007s") == 7 * kSecond);  // leading zeros are harmless
}

TEST_CASE("concatenated parts add up") {
  CHECK(micros_of("1h30m") == 90 * kMinute);              // 60 + 30 minutes
  CHECK(micros_of("2m3.5s") == 2 * kMinute + 3'500'000);  // 120 s + 3.5 s
  CHECK(micros_of("1h1m1s1ms1us") == kHour + kMinute + kSecond + 1'000 + 1);
  // Like Go, parts need not be in decreasing order and may repeat.
  CHECK(micros_of("30s1m") == 90 * kSecond);
  CHECK(micros_of("1s1s") == 2 * kSecond);
}

TEST_CASE("fractional parts are exact when they land on whole microseconds") {
  CHECK(micros_of("1.5h") == 90 * kMinute);  // 1.5 * 3600 s = 5400 s
  CHECK(micros_of("1.5s") == 1'500'000);
  CHECK(micros_of(".5s") == 500'000);         // Go accepts a missing integer part
  CHECK(micros_of("5.s") == 5 * kSecond);     // ... and a missing fraction part
  CHECK(micros_of("0.000001s") == 1);         // exactly one microsecond
  CHECK(micros_of("1.0000000s") == kSecond);  // trailing zeros add no precision
  CHECK(micros_of("0.001ms") == 1);           // 0.001 ms = 1 us
  CHECK(micros_of("1.0us") == 1);
  // 1/3 of an hour is not a terminating decimal, but 0.0000001h = 360 us is exact.
  CHECK(micros_of("0.0000001h") == 360);
  CHECK(micros_of("0.0000000001h") == -1);  // 0.36 us: not a whole microsecond
}

TEST_CASE("fractions finer than a microsecond are rejected") {
  // Go would truncate these silently; a scenario that says 0.5us almost certainly means
  // something the microsecond clock cannot represent, so it is an error.
  for (const std::string_view text :
       {"0.5us", "1.0000001s", "0.0005ms", "1.5us", "0.00000001m", "1s0.5us"}) {
    CHECK_MESSAGE(!parse_duration(text).has_value(), std::string(text));
  }
}

TEST_CASE("a bare zero needs no unit, but nothing else may omit it") {
  CHECK(micros_of("0") == 0);   // Go's special case
  CHECK(micros_of("+0") == 0);  // the sign is stripped before the special case, as in Go
  CHECK(micros_of("0s") == 0);
  CHECK(micros_of("0h0m") == 0);
  CHECK(micros_of("00") == -1);  // only the exact text "0" is special
  CHECK(micros_of("0.0") == -1);
  CHECK(micros_of("5") == -1);
}

TEST_CASE("both micro signs are accepted") {
  CHECK(micros_of("5\xC2\xB5s") == 5);  // U+00B5 MICRO SIGN
  CHECK(micros_of("5\xCE\xBCs") == 5);  // U+03BC GREEK SMALL LETTER MU, which Go also accepts
  CHECK(micros_of("5\xC2s") == -1);     // half a UTF-8 sequence is an unknown unit
}

TEST_CASE("malformed durations are rejected") {
  for (const std::string_view text :
       {"",       "+",      "-",      "5",      "5x",     "-1s",  "-0",  "-0s",  " 5s",
        "5s ",    "5 s",    "1h 30m", "1h-30m", "1h+30m", "s",    ".",   ".s",   "1..5s",
        "1.5.5s", "1ns",    "1sec",   "1S",     "1H",     "1M",   "1d",  "1w",   "5mss",
        "1e3s",   "1_000s", "1,5s",   "++1s",   "\t1s",   "1s\n", "inf", "1.s.", "1h30"}) {
    CHECK_MESSAGE(!parse_duration(text).has_value(), std::string(text));
  }
}

TEST_CASE("durations beyond the int64 microsecond range are rejected") {
  // int64 microseconds hold about 9.22e12 s, so the header's 10^15 s bound is never reached:
  // the representable range is the binding limit.
  CHECK(micros_of("9223372036854s") == 9'223'372'036'854 * kSecond);
  CHECK(micros_of("9223372036855s") == -1);
  CHECK(micros_of("1000000000000000s") == -1);  // 10^15 s
  // int64 max = 2562047788h 0m 54.775807s exactly, and one microsecond more overflows.
  CHECK(micros_of("2562047788h54.775807s") == kInt64Max);
  CHECK(micros_of("2562047788h54.775808s") == -1);
  CHECK(micros_of("9223372036854775807us") == kInt64Max);
  CHECK(micros_of("9223372036854775808us") == -1);
  // Overflow in the sum of parts, not just within one part, is caught too.
  CHECK(micros_of("9223372036854775807us1us") == -1);
  CHECK(micros_of("99999999999999999999999h") == -1);
}

TEST_CASE("format_duration uses the largest exact units") {
  CHECK(format_duration(SimDuration{0}) == "0s");
  CHECK(format_duration(SimDuration::seconds(90)) == "1m30s");   // 90 s = 1 min + 30 s
  CHECK(format_duration(SimDuration::millis(250)) == "250ms");   // below 1 s, whole ms
  CHECK(format_duration(SimDuration{1}) == "1us");               // below 1 s, not whole ms
  CHECK(format_duration(SimDuration{1'500}) == "1500us");        // 1.5 ms is not whole ms
  CHECK(format_duration(SimDuration::millis(1'500)) == "1.5s");  // from 1 s on: seconds
  CHECK(format_duration(SimDuration::seconds(3'600)) == "1h");   // zero parts are omitted
  CHECK(format_duration(SimDuration::seconds(3'605)) == "1h5s");
  CHECK(format_duration(SimDuration{kHour + 1}) == "1h0.000001s");  // six decimals at most
  CHECK(format_duration(SimDuration::seconds(86'400)) == "24h");    // no day unit
  CHECK(format_duration(SimDuration{kInt64Max}) == "2562047788h54.775807s");
}

TEST_CASE("format_duration handles negative durations") {
  // parse_duration never returns these, but differences of times can be negative.
  CHECK(format_duration(SimDuration{-1}) == "-1us");
  CHECK(format_duration(SimDuration::seconds(-90)) == "-1m30s");
  // The most negative int64 has no positive counterpart; the magnitude is computed unsigned.
  CHECK(format_duration(SimDuration{std::numeric_limits<int64_t>::min()})
        == "-2562047788h54.775808s");
}

TEST_CASE("format_duration round-trips through parse_duration over a deterministic grid") {
  std::vector<int64_t> values;
  // Every combination of hour, minute, second, millisecond and microsecond components,
  // including zeros, so each formatting branch is taken.
  for (const int64_t h : {0, 1, 23, 100'000}) {
    for (const int64_t m : {0, 1, 59}) {
      for (const int64_t s : {0, 1, 59}) {
        for (const int64_t ms : {0, 1, 250, 999}) {
          for (const int64_t us : {0, 1, 500, 999}) {
            values.push_back(h * kHour + m * kMinute + s * kSecond + ms * 1'000 + us);
          }
        }
      }
    }
  }
  // A fixed linear congruential sequence spreads further values over the whole range.
  uint64_t state = 0x9E3779B97F4A7C15u;
  for (int i = 0; i < 2'000; ++i) {
    state = state * 6364136223846793005u + 1442695040888963407u;
    values.push_back(static_cast<int64_t>(state >> (1 + i % 40)));
  }
  for (const int64_t edge :
       {kSecond - 1, kSecond, kMinute - 1, kHour - 1, kInt64Max - 1, kInt64Max}) {
    values.push_back(edge);
  }
  for (const int64_t v : values) {
    const std::string text = format_duration(SimDuration{v});
    const auto back = parse_duration(text);
    REQUIRE_MESSAGE(back.has_value(), text);
    CHECK_MESSAGE(back->us == v, text);
  }
  CHECK(values.size() == 4 * 3 * 3 * 4 * 4 + 2'000 + 6);
}

TEST_CASE("every spelling of a value formats to the same canonical text") {
  // Parsing accepts many spellings; formatting picks one, so format(parse(x)) normalises x.
  const std::vector<std::pair<std::string_view, std::string_view>> cases = {
      {"90s", "1m30s"},   {"1.5m", "1m30s"},    {"0.025m", "1.5s"},    {"60m", "1h"},
      {"3600s", "1h"},    {"0.5h", "30m"},      {"1000ms", "1s"},      {"1000000us", "1s"},
      {"0.25s", "250ms"}, {"1500us", "1500us"}, {"0", "0s"},           {"0h0m0s", "0s"},
      {"1h90m", "2h30m"}, {"2m3.5s", "2m3.5s"}, {"5\xC2\xB5s", "5us"},
  };
  // A plain pair rather than a structured binding: doctest's message lambdas capture `text`,
  // and clang does not yet allow capturing structured bindings.
  for (const auto& spelling : cases) {
    const std::string text(spelling.first);
    const auto d = parse_duration(text);
    REQUIRE_MESSAGE(d.has_value(), text);
    CHECK(format_duration(*d) == spelling.second);
  }
}

TEST_CASE("format_seconds prints up to six decimals and at least one") {
  CHECK(format_seconds(SimTime{12 * kSecond}) == "12.0");  // whole seconds keep one decimal
  CHECK(format_seconds(SimTime{1'250'000}) == "1.25");     // trailing zeros trimmed
  CHECK(format_seconds(SimTime{1}) == "0.000001");         // a single microsecond
  CHECK(format_seconds(SimTime{3'600 * kSecond}) == "3600.0");
  CHECK(format_seconds(SimTime{0}) == "0.0");
  CHECK(format_seconds(SimTime{-1'500'000}) == "-1.5");
  CHECK(format_seconds(SimTime{-1}) == "-0.000001");  // the sign survives a zero whole part
  CHECK(format_seconds(SimTime{kInt64Max}) == "9223372036854.775807");
  CHECK(format_seconds(SimTime{std::numeric_limits<int64_t>::min()}) == "-9223372036854.775808");
}

TEST_CASE("SimTime and SimDuration arithmetic is plain microsecond arithmetic") {
  CHECK(SimDuration::seconds(2).us == 2'000'000);
  CHECK(SimDuration::millis(3).us == 3'000);
  const SimTime start{5};
  const SimTime later = start + SimDuration::millis(1);
  CHECK(later.us == 1'005);
  CHECK((later - start) == SimDuration::millis(1));
  CHECK(SimDuration::seconds(1) + SimDuration::millis(500) == *parse_duration("1.5s"));
  CHECK(start < later);
}
