#include "model/k8s/quantity.h"

#include <doctest/doctest.h>

#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

using drasim::model::Int128;
using drasim::model::Quantity;

// Lets doctest print a Quantity in failure messages.
template <>
struct doctest::StringMaker<Quantity> {
  static doctest::String convert(const Quantity& q) { return q.to_string().c_str(); }
};

namespace {

/// The exact nano count of a parsed quantity as decimal text ("invalid" when rejected), so
/// that values beyond int64 compare readably.
std::string nanos_of(std::string_view text) {
  const auto q = Quantity::parse(text);
  if (!q) {
    return "invalid";
  }
  Int128 n = q->nanos();
  const bool negative = n < 0;
  std::string digits;
  do {
    const auto digit = static_cast<int>(n % 10);
    digits.insert(digits.begin(), static_cast<char>('0' + (negative ? -digit : digit)));
    n /= 10;
  } while (n != 0);
  return negative ? "-" + digits : digits;
}

/// value() of a text that must parse.
int64_t value_of(std::string_view text) {
  const auto q = Quantity::parse(text);
  REQUIRE_MESSAGE(q.has_value(), std::string(text));
  return q->value();
}

/// milli_value() of a text that must parse.
int64_t milli_of(std::string_view text) {
  const auto q = Quantity::parse(text);
  REQUIRE_MESSAGE(q.has_value(), std::string(text));
  return q->milli_value();
}

constexpr int64_t kInt64Max = std::numeric_limits<int64_t>::max();
constexpr int64_t kInt64Min = std::numeric_limits<int64_t>::min();

}  // namespace

TEST_CASE("binary suffixes multiply by powers of 1024") {
  CHECK(value_of("1Ki") == 1024);                 // 2^10
  CHECK(value_of("500Ki") == 512000);             // 500 * 1024
  CHECK(value_of("1Mi") == 1048576);              // 2^20
  CHECK(value_of("81559Mi") == 85520809984);      // 81559 * 2^20, a typical node memory size
  CHECK(value_of("2Gi") == 2147483648);           // 2 * 1024^3
  CHECK(value_of("1Ti") == 1099511627776);        // 2^40
  CHECK(value_of("1Pi") == 1125899906842624);     // 2^50
  CHECK(value_of("1Ei") == 1152921504606846976);  // 2^60
  // Binary suffixes are exact in nanos too: 1Ki is 1024 units of 10^9 nanos each.
  CHECK(nanos_of("1Ki") == "1024000000000");
}

TEST_CASE("decimal SI suffixes multiply by powers of 1000") {
  CHECK(nanos_of("1n") == "1");                  // nano: the smallest representable amount
  CHECK(nanos_of("1u") == "1000");               // micro = 10^3 nanos
  CHECK(nanos_of("1m") == "1000000");            // milli = 10^6 nanos
  CHECK(nanos_of("1") == "1000000000");          // no suffix: whole units
  CHECK(value_of("1k") == 1000);                 // kilo is lowercase k
  CHECK(value_of("1M") == 1000000);              // mega
  CHECK(value_of("1G") == 1000000000);           // giga
  CHECK(value_of("1T") == 1000000000000);        // tera
  CHECK(value_of("1P") == 1000000000000000);     // peta
  CHECK(value_of("1E") == 1000000000000000000);  // exa (see the exponent test below)
}

TEST_CASE("milli quantities round up to whole units") {
  // 100m is a tenth of a CPU: exactly 100 millicores, but value() rounds 0.1 up to 1.
  CHECK(milli_of("100m") == 100);
  CHECK(value_of("100m") == 1);
  // 191450m of memory is 191.45 bytes; value() rounds up to 192 as Quantity.Value() does.
  CHECK(milli_of("191450m") == 191450);
  CHECK(value_of("191450m") == 192);
  // A whole number of units stays put: 2000m is exactly 2.
  CHECK(value_of("2000m") == 2);
  CHECK(milli_of("2") == 2000);
}

TEST_CASE("exponent suffixes scale by powers of ten") {
  CHECK(value_of("1e3") == 1000);        // 1 * 10^3
  CHECK(value_of("12e+6") == 12000000);  // an explicit '+' on the exponent is allowed
  CHECK(milli_of("1E-2") == 10);         // 10^-2 units = 10 milli; 'E' works like 'e'
  CHECK(nanos_of("1e-9") == "1");        // exactly one nano
  CHECK(value_of("1.5e3") == 1500);      // the fraction shifts with the exponent
  CHECK(value_of("1e0") == 1);           // a zero exponent is a no-op
  CHECK(value_of("1e003") == 1000);      // leading zeros in the exponent are fine (ParseInt)
  CHECK(value_of("25e-1") == 3);         // 2.5 rounds up to 3
  CHECK(nanos_of("123e-12") == "1");     // 0.123 nanos rounds up to one nano
}

TEST_CASE("a bare capital E is the exa suffix, not an exponent") {
  // Upstream looks the suffix up in the SI tables before trying an exponent, and "E" is exa.
  // Only "E" followed by digits is an exponent, so "1E" and "1E0" differ by a factor of 10^18.
  CHECK(value_of("1E") == 1000000000000000000);
  CHECK(value_of("1E0") == 1);
  CHECK(value_of("2E2") == 200);
  // Lowercase "e" is not an SI suffix, so a bare "e" is an incomplete exponent.
  CHECK_FALSE(Quantity::parse("1e").has_value());
}

TEST_CASE("fractional mantissas are held exactly") {
  CHECK(milli_of("1.5") == 1500);          // 1.5 units = 1500 milli, no rounding involved
  CHECK(milli_of(".5") == 500);            // upstream accepts a missing integer part
  CHECK(value_of("5.") == 5);              // ... and a missing fraction part
  CHECK(value_of("1.G") == 1000000000);    // even before a suffix (upstream has a TODO on it)
  CHECK(nanos_of("0.25") == "250000000");  // a quarter unit
  CHECK(value_of("1.5Ki") == 1536);        // 1.5 * 1024
  CHECK(value_of("0.5Ki") == 512);         // 0.5 * 1024
  // 1.1Ki = 1126.4 exactly (no binary floating point): value() rounds up to 1127.
  CHECK(nanos_of("1.1Ki") == "1126400000000");
  CHECK(value_of("1.1Ki") == 1127);
  CHECK(nanos_of("0.1m") == "100000");  // 0.1 milli = 10^5 nanos
}

TEST_CASE("values finer than a nano round up to the next nano") {
  // Upstream rounds with inf.RoundUp at scale -9: anything below a nano becomes one nano.
  CHECK(nanos_of("0.0000000001") == "1");           // 0.1 nano -> 1 nano
  CHECK(nanos_of("1e-10") == "1");                  // same value spelled with an exponent
  CHECK(nanos_of("1e-100") == "1");                 // however small, nonzero stays nonzero
  CHECK(nanos_of("0.1n") == "1");                   // a tenth of the nano suffix
  CHECK(nanos_of("1.0000000001") == "1000000001");  // 1 unit + 0.1 nano -> 1 unit + 1 nano
  CHECK(nanos_of("1.5n") == "2");                   // 1.5 nanos -> 2
  // inf.RoundUp rounds the magnitude (away from zero) before the sign is restored.
  CHECK(nanos_of("-0.0000000001") == "-1");
  CHECK(nanos_of("-1.5n") == "-2");
  // A binary suffix can make a sub-nano fraction: 0.000000000001Ki = 1.024e-9 -> 2 nanos.
  CHECK(nanos_of("0.000000000001Ki") == "2");
}

TEST_CASE("value and milli_value round up toward positive infinity") {
  CHECK(milli_of("0.0001") == 1);  // 0.1 milli rounds up to 1
  CHECK(value_of("0.0001") == 1);  // and 0.0001 units round up to 1
  CHECK(milli_of("1n") == 1);      // one nano is still a (rounded up) milli
  CHECK(value_of("1n") == 1);      // ... and a (rounded up) unit
  // Toward +infinity means negative values round toward zero, as the header documents.
  CHECK(value_of("-1.5") == -1);     // ceil(-1.5) = -1
  CHECK(milli_of("-1.5") == -1500);  // exact
  CHECK(milli_of("-0.0005") == 0);   // ceil(-0.5 milli) = 0
  CHECK(value_of("-2Gi") == -2147483648);
}

TEST_CASE("a single leading sign is accepted") {
  const auto minus_one = Quantity::parse("-1");
  REQUIRE(minus_one.has_value());
  CHECK(minus_one->is_negative());
  CHECK(minus_one->value() == -1);
  CHECK(minus_one->milli_value() == -1000);
  CHECK(value_of("+1") == 1);  // an explicit '+' is allowed and changes nothing
  CHECK(nanos_of("-500m") == "-500000000");
  CHECK(value_of("+1.5Gi") == 1610612736);  // 1.5 * 2^30
  // Negative zero is just zero: nothing is stored as a sign bit.
  const auto minus_zero = Quantity::parse("-0");
  REQUIRE(minus_zero.has_value());
  CHECK(minus_zero->is_zero());
  CHECK_FALSE(minus_zero->is_negative());
}

TEST_CASE("zero has many spellings") {
  for (const std::string_view text :
       {"0", "0.0", "-0", "+0", "000", "0Gi", "0Ei", "0n", ".0", "0.", "0e999", "0e-5", "0E"}) {
    const auto q = Quantity::parse(text);
    REQUIRE_MESSAGE(q.has_value(), std::string(text));
    CHECK_MESSAGE(q->is_zero(), std::string(text));
  }
  // Any exponent that fits in int64 is accepted for a zero mantissa; it cannot overflow.
  CHECK(nanos_of("0e9223372036854775807") == "0");
}

TEST_CASE("leading and trailing zeros do not change the value") {
  // The parser works on digit strings, so arbitrarily long inputs stay exact.
  CHECK(value_of("0000000000000000000000000000000000000000001") == 1);
  CHECK(value_of("1.000000000000000000000000000000000000000000") == 1);
  CHECK(nanos_of("0.000000000000000000000000000000000000000001") == "1");  // rounds up
  CHECK(value_of("00001Ki") == 1024);
  CHECK(value_of("1000000000000000000000000000000e-30") == 1);
}

TEST_CASE("the magnitude limit is 2^63 whole units") {
  // 2^63 = 9223372036854775808 is the largest accepted magnitude, in either direction.
  CHECK(nanos_of("9223372036854775808") == "9223372036854775808000000000");
  CHECK(nanos_of("-9223372036854775808") == "-9223372036854775808000000000");
  CHECK(nanos_of("8Ei") == "9223372036854775808000000000");  // 8 * 2^60 = 2^63
  // One nano more is rejected (upstream caps instead; silently clamping would hide errors).
  CHECK(nanos_of("9223372036854775808.000000001") == "invalid");
  CHECK(nanos_of("9223372036854775809") == "invalid");
  // Sub-nano excess rounds up to a whole nano first, so it is over the limit too.
  CHECK(nanos_of("9223372036854775808.0000000001") == "invalid");
  CHECK(nanos_of("8.000000000000000001Ei") == "invalid");
  CHECK(nanos_of("9Ei") == "invalid");
  CHECK(nanos_of("9.3E") == "invalid");  // 9.3 * 10^18 > 2^63
  CHECK(nanos_of("1e19") == "invalid");
  CHECK(nanos_of("1e100") == "invalid");
  CHECK(nanos_of("-1e100") == "invalid");
  CHECK(nanos_of("1e9223372036854775807") == "invalid");
  CHECK(nanos_of("99999999999999999999999999999999999999999999") == "invalid");
}

TEST_CASE("value and milli_value saturate at the int64 range") {
  CHECK(value_of("9223372036854775807") == kInt64Max);    // exactly int64 max
  CHECK(value_of("9223372036854775808") == kInt64Max);    // 2^63 saturates
  CHECK(value_of("9223372036854775806.5") == kInt64Max);  // rounds up to exactly int64 max
  CHECK(value_of("-9223372036854775808") == kInt64Min);   // exactly int64 min
  // 10^16 units = 10^19 milli, above int64 max (about 9.22e18).
  CHECK(milli_of("1e16") == kInt64Max);
  CHECK(milli_of("-1e16") == kInt64Min);
  CHECK(milli_of("9223372036854775") == 9223372036854775000);  // still fits
}

TEST_CASE("exponents must be a sign and digits that fit in int64") {
  // Go's strconv.ParseInt(s, 10, 64) is the upstream rule for the exponent text.
  for (const std::string_view text :
       {"1e", "1E+", "1e-", "1e+-3", "1e--3", "1e3.5", "1e 3", "1ee3", "1eKi", "1e3Ki", "1e0x10",
        "1e9223372036854775808", "1e-9223372036854775809", "1e99999999999999999999"}) {
    CHECK_MESSAGE(!Quantity::parse(text).has_value(), std::string(text));
  }
  // The most negative int64 is a valid exponent, and makes any nonzero value one nano.
  CHECK(nanos_of("1e-9223372036854775808") == "1");
}

TEST_CASE("unknown or miscased suffixes are rejected") {
  for (const std::string_view text :
       {"5KB", "1Kb",  "2gi",  "1K",   "1KI", "1ki", "1mi", "1g",  "1t", "1p", "1ei", "1i", "1b",
        "1B",  "1Gib", "1GiB", "1Ki3", "1m3", "1kk", "1mm", "1Mk", "1µ", "1h", "1%",  "1ni"}) {
    CHECK_MESSAGE(!Quantity::parse(text).has_value(), std::string(text));
  }
}

TEST_CASE("malformed numbers are rejected") {
  for (const std::string_view text :
       {"",     " ",     "1 ",   " 1",    "1 Gi", "\t1", "1\n", ".",
        "+",    "-",     "+.",   "-.",    ".Ki",  "Ki",  "e3",  "E3",
        "m",    "1.2.3", "1..2", "--1",   "+-1",  "-+1", "++1", "1-",
        "1+",   "0x10",  "1,5",  "1_000", "1/2",  "inf", "NaN", "\xEF\xBC\x91" /* fullwidth 1 */,
        "1 000"}) {
    CHECK_MESSAGE(!Quantity::parse(text).has_value(), std::string(text));
  }
  // An embedded NUL is not a terminator: "1\0" is two characters and invalid.
  CHECK_FALSE(Quantity::parse(std::string_view("1\0", 2)).has_value());
}

TEST_CASE("to_string gives the shortest exact decimal") {
  CHECK(Quantity::parse("1.5")->to_string() == "1.5");
  CHECK(Quantity::parse("250m")->to_string() == "0.25");  // trailing zeros trimmed
  CHECK(Quantity::parse("-3")->to_string() == "-3");      // no ".0" on whole numbers
  CHECK(Quantity::parse("0")->to_string() == "0");
  CHECK(Quantity::parse("1n")->to_string() == "0.000000001");  // nine places for one nano
  CHECK(Quantity::parse("2Gi")->to_string() == "2147483648");  // never a suffix
  CHECK(Quantity::parse("-500m")->to_string() == "-0.5");
  CHECK(Quantity::parse("1.1Ki")->to_string() == "1126.4");
  CHECK(Quantity::parse("8Ei")->to_string() == "9223372036854775808");
  CHECK(Quantity::parse("-1.000000001")->to_string() == "-1.000000001");
  // Quantities built from raw nanos may exceed the parse limit; to_string must still work,
  // including for the most negative Int128 whose negation would overflow.
  const Int128 min128 = std::numeric_limits<Int128>::min();
  CHECK(Quantity::from_nanos(min128).to_string() == "-170141183460469231731687303715.884105728");
}

TEST_CASE("to_string round-trips through parse over a grid of values") {
  // Mixes of whole units and nanos, in both signs, hit every trimming case in to_string.
  const std::vector<int64_t> units = {0, 1, 7, 10, 999, 1024, 1000000007, kInt64Max};
  const std::vector<int64_t> nanos = {0, 1, 9, 10, 100000, 250000000, 500000000, 999999999};
  int checked = 0;
  for (const int64_t u : units) {
    for (const int64_t n : nanos) {
      for (const int sign : {1, -1}) {
        const Quantity q = Quantity::from_nanos(sign * (Int128{u} * Quantity::kNano + n));
        const auto back = Quantity::parse(q.to_string());
        REQUIRE_MESSAGE(back.has_value(), q.to_string());
        CHECK(*back == q);
        ++checked;
      }
    }
  }
  CHECK(checked == 128);  // 8 units * 8 nanos * 2 signs
}

TEST_CASE("from_units and from_milli agree with parse") {
  CHECK(Quantity::from_units(3) == *Quantity::parse("3"));
  CHECK(Quantity::from_units(-2) == *Quantity::parse("-2"));
  CHECK(Quantity::from_milli(1500) == *Quantity::parse("1.5"));
  CHECK(Quantity::from_milli(100) == *Quantity::parse("100m"));
  CHECK(Quantity::from_nanos(1) == *Quantity::parse("1n"));
  CHECK(Quantity::from_units(1024) == *Quantity::parse("1Ki"));
  CHECK(Quantity::from_units(kInt64Max).value() == kInt64Max);
  CHECK(Quantity::from_units(kInt64Min).value() == kInt64Min);
}

TEST_CASE("quantities are ordered and add exactly") {
  const Quantity half = *Quantity::parse("500m");
  const Quantity one = *Quantity::parse("1");
  CHECK(half < one);
  CHECK(half + half == one);  // 0.5 + 0.5 = 1 with no floating point error
  CHECK(one - half == half);
  CHECK((half - one).is_negative());                        // 0.5 - 1 = -0.5
  CHECK(*Quantity::parse("1Ki") > *Quantity::parse("1k"));  // 1024 > 1000
  CHECK(*Quantity::parse("1000m") == one);                  // different spellings, equal values
  CHECK(Quantity() == Quantity::from_units(0));
}

TEST_CASE("the binary form carries the largest power of 1024 that divides a whole number") {
  const auto binary = [](std::string_view text) {
    return Quantity::parse(text)->to_binary_string();
  };
  CHECK(binary("40Gi") == "40Gi");         // 40 x 1024^3
  CHECK(binary("1536Mi") == "1536Mi");     // 1.5Gi is not a whole number of Gi
  CHECK(binary("2048Mi") == "2Gi");        // 2048 x 1024^2 = 2 x 1024^3
  CHECK(binary("1024") == "1Ki");          // 1024 bytes
  CHECK(binary("1000") == "1000");         // no power of 1024 divides it
  CHECK(binary("1") == "1");               // below 1Ki
  CHECK(binary("0") == "0");               // zero keeps the plain form
  CHECK(binary("1.5") == "1.5");           // not whole
  CHECK(binary("-2Gi") == "-2147483648");  // negatives keep the plain form
}
