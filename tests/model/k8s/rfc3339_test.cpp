// Tests of model/k8s/rfc3339.h: the instants creationTimestamp values stand for. Expected seconds
// are worked out from 2026-01-01T00:00:00Z = 1767225600 (20454 days after 1970-01-01).
#include "model/k8s/rfc3339.h"

#include <doctest/doctest.h>

namespace drasim::model {
namespace {

constexpr int64_t kNewYear2026 = 1'767'225'600;

TEST_CASE("a UTC timestamp parses to seconds since the epoch") {
  CHECK(parse_rfc3339("1970-01-01T00:00:00Z") == Instant{0, 0});
  CHECK(parse_rfc3339("2026-01-01T00:00:00Z") == Instant{kNewYear2026, 0});
  // + 1 day + 3 h + 4 min + 5 s = 86400 + 10800 + 240 + 5.
  CHECK(parse_rfc3339("2026-01-02T03:04:05Z") == Instant{kNewYear2026 + 97'445, 0});
}

TEST_CASE("fractional seconds become nanoseconds") {
  CHECK(parse_rfc3339("2026-01-01T00:00:00.5Z") == Instant{kNewYear2026, 500'000'000});
  CHECK(parse_rfc3339("2026-01-01T00:00:00.000000001Z") == Instant{kNewYear2026, 1});
}

TEST_CASE("an offset is subtracted to reach UTC") {
  // 02:00 at +02:00 is midnight UTC; 23:30 the day before at -00:30 is midnight UTC too.
  CHECK(parse_rfc3339("2026-01-01T02:00:00+02:00") == Instant{kNewYear2026, 0});
  CHECK(parse_rfc3339("2025-12-31T23:30:00-00:30") == Instant{kNewYear2026, 0});
}

TEST_CASE("leap days exist only in leap years") {
  // 2024 is a leap year; 2026-02-29 and 2100-02-29 (a century, not divisible by 400) are not.
  CHECK(parse_rfc3339("2024-02-29T00:00:00Z").has_value());
  CHECK_FALSE(parse_rfc3339("2026-02-29T00:00:00Z").has_value());
  CHECK_FALSE(parse_rfc3339("2100-02-29T00:00:00Z").has_value());
}

TEST_CASE("text that is not an RFC 3339 time is rejected") {
  for (const char* bad :
       {"", "2026-01-02", "2026-01-02 03:04:05Z", "2026-01-02T03:04:05", "2026-1-02T03:04:05Z",
        "2026-13-02T03:04:05Z", "2026-01-32T03:04:05Z", "2026-01-02T24:00:00Z",
        "2026-01-02T03:60:05Z", "2026-01-02T03:04:60Z", "2026-01-02T03:04:05.Z",
        "2026-01-02T03:04:05.1234567890Z", "2026-01-02T03:04:05+2:00", "2026-01-02T03:04:05+24:00",
        "2026-01-02T03:04:05Zjunk", "yesterday"}) {
    CAPTURE(bad);
    CHECK_FALSE(parse_rfc3339(bad).has_value());
  }
}

}  // namespace
}  // namespace drasim::model
