#include "sim/sweep/vary.h"

#include "sim/sweep/shard.h"

#include <doctest/doctest.h>

namespace drasim::sim {
namespace {

std::vector<std::string> values(std::string_view text) {
  auto parsed = parse_values(text);
  REQUIRE(std::holds_alternative<std::vector<std::string>>(parsed));
  return std::get<std::vector<std::string>>(parsed);
}

std::string problem(std::string_view text) {
  auto parsed = parse_values(text);
  REQUIRE(std::holds_alternative<std::string>(parsed));
  return std::get<std::string>(parsed);
}

TEST_CASE(
    "vary: a range FROM..TO:STEP holds FROM, every STEP after it, and TO when it is on a step") {
  // 8, 16, ..., 64: (64 - 8) / 8 + 1 = 8 values.
  CHECK(values("8..64:8")
        == std::vector<std::string>{"8", "16", "24", "32", "40", "48", "56", "64"});
  // 10..20:4 stops at 18: 22 would pass TO.
  CHECK(values("10..20:4") == std::vector<std::string>{"10", "14", "18"});
  CHECK(values("3..5") == std::vector<std::string>{"3", "4", "5"});  // the step defaults to 1
  // A unit rides along on every value, so durations sweep as durations.
  CHECK(values("10m..30m:10m") == std::vector<std::string>{"10m", "20m", "30m"});
  CHECK(values("-2..2:2") == std::vector<std::string>{"-2", "0", "2"});
  CHECK(values("7..7") == std::vector<std::string>{"7"});
}

TEST_CASE("vary: a list keeps its values as written, in order") {
  CHECK(values("kai,kai-v0.17,kai-v0.13")
        == std::vector<std::string>{"kai", "kai-v0.17", "kai-v0.13"});
  CHECK(values("1.5") == std::vector<std::string>{"1.5"});
  // With a comma it is a list, even with dots in its values.
  CHECK(values("../a.yaml,../b.yaml") == std::vector<std::string>{"../a.yaml", "../b.yaml"});
}

TEST_CASE("vary: malformed values are refused with the reason") {
  CHECK(problem("a,,b").find("empty value") != std::string::npos);
  CHECK(problem("8..4").find("FROM at most TO") != std::string::npos);
  CHECK(problem("1..4:0").find("a step above 0") != std::string::npos);
  CHECK(problem("1m..4h").find("one unit") != std::string::npos);
  CHECK(problem("x..4").find("each bound an integer") != std::string::npos);
  // 0..1000000 would be a million values: past kMaxRangeValues.
  CHECK(problem("0..1000000").find("at most 100000 values") != std::string::npos);
}

TEST_CASE("vary: the grid runs every combination, the last flag changing fastest; a zip pairs") {
  auto a = parse_vary("--vary", "spec.a=1,2");
  auto b = parse_vary("--vary", "Queue/q:spec.b=x,y,z");
  REQUIRE(std::holds_alternative<VaryFlag>(a));
  REQUIRE(std::holds_alternative<VaryFlag>(b));
  const std::vector<VaryFlag> flags = {std::get<VaryFlag>(a), std::get<VaryFlag>(b)};
  CHECK(flags[1].path.kind == "Queue");
  CHECK(flags[1].path.name == "q");
  auto grid = expand_variants(flags, VariantMode::kGrid);
  using Rows = std::vector<std::vector<std::string>>;
  // 2 x 3 = 6 variants, odometer order.
  CHECK(std::get<Rows>(grid)
        == Rows{{"1", "x"}, {"1", "y"}, {"1", "z"}, {"2", "x"}, {"2", "y"}, {"2", "z"}});
  auto zip = expand_variants(flags, VariantMode::kZip);
  REQUIRE(std::holds_alternative<std::string>(zip));  // 2 values against 3
  CHECK(std::get<std::string>(zip).find("2 value(s)") != std::string::npos);
  auto c = parse_vary("--vary", "spec.c=p,q");
  auto paired = expand_variants({flags[0], std::get<VaryFlag>(c)}, VariantMode::kZip);
  CHECK(std::get<Rows>(paired) == Rows{{"1", "p"}, {"2", "q"}});
}

TEST_CASE("vary: a flag without = or with a bad path is refused naming the flag") {
  auto no_eq = parse_vary("--vary", "spec.a");
  REQUIRE(std::holds_alternative<std::string>(no_eq));
  CHECK(std::get<std::string>(no_eq) == "--vary spec.a: PATH=VALUE expected, got no =");
  auto bad = parse_vary("--vary", "spec..a=1");
  REQUIRE(std::holds_alternative<std::string>(bad));
  CHECK(std::get<std::string>(bad).find("an empty key") != std::string::npos);
}

TEST_CASE("shard: I/N, or N with the index from JOB_COMPLETION_INDEX; variants dealt round-robin") {
  auto explicit_shard = parse_shard("1/3", std::nullopt);
  REQUIRE(std::holds_alternative<Shard>(explicit_shard));
  const Shard s = std::get<Shard>(explicit_shard);
  CHECK(s.index == 1);
  CHECK(s.count == 3);
  // Shard 1 of 3 holds variants 1, 4, 7: index modulo 3 is 1.
  CHECK(!s.holds(0));
  CHECK(s.holds(1));
  CHECK(s.holds(4));
  CHECK(s.holds(7));
  auto from_env = parse_shard("4", std::string_view("2"));
  REQUIRE(std::holds_alternative<Shard>(from_env));
  CHECK(std::get<Shard>(from_env).index == 2);
  auto no_env = parse_shard("4", std::nullopt);
  REQUIRE(std::holds_alternative<std::string>(no_env));
  CHECK(std::get<std::string>(no_env).find("JOB_COMPLETION_INDEX") != std::string::npos);
  CHECK(std::holds_alternative<std::string>(parse_shard("3/3", std::nullopt)));  // I < N
  CHECK(std::holds_alternative<std::string>(parse_shard("0/0", std::nullopt)));
  CHECK(std::holds_alternative<std::string>(parse_shard("a/2", std::nullopt)));
}

}  // namespace
}  // namespace drasim::sim
