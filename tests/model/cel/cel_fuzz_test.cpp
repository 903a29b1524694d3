// A deterministic mutation fuzz test: 20,000 mutants of valid selectors go through compile,
// cost estimation and evaluation. Nothing may crash, hang or trip the sanitizers (run it under
// the asan preset); the only requirement on results is that they are well-formed.

#include <doctest/doctest.h>

#include "tests/model/cel/cel_test_util.h"
#include <array>
#include <cstdint>
#include <string>

using namespace drasim::model::cel;
using namespace drasim::model::cel::testing;

namespace {

/// SplitMix64: a tiny, platform-independent generator (no std distributions).
struct Rng {
  uint64_t state;

  uint64_t next() {
    uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }

  std::size_t below(std::size_t n) { return n == 0 ? 0 : static_cast<std::size_t>(next() % n); }
};

constexpr std::array kCorpus = {
    "device.driver == \"gpu.nvidia.com\"",
    "device.attributes[\"gpu.nvidia.com\"].productName == \"NVIDIA H100 80GB HBM3\"",
    "device.capacity[\"gpu.nvidia.com\"].memory.compareTo(quantity(\"40Gi\")) >= 0",
    "device.attributes[\"gpu.nvidia.com\"].driverVersion.isGreaterThan(semver(\"550.0.0\"))",
    "cel.bind(a, device.attributes[\"dra.example.com\"], a.numaNode >= 0 && a.numaNode < 2)",
    "device.attributes[\"resource.kubernetes.io\"].pcieRoot.matches(\"^pci0000:[0-3]\")",
    "device.attributes.exists_one(x, x == \"dra.example.com\")",
    "[1, 2, 3].map(v, v * 2).filter(v, v > 2).size() == 2",
    "{'a': [1, 2], 'b': [3]}.all(k, v, v.size() > 0 && k.startsWith('a'))",
    "'%s-%d'.format(['x', 1]).split('-').join('+').lowerAscii() != ''",
    "lists.range(5).sum() == 10 ? optional.of(1).orValue(2) == 1 : false",
    "sets.contains([1, 2], [1]) || 'a1b2'.findAll('[0-9]').size() == 2",
    "b'\\xff' != b'' && r'\\d' == '\\\\d' && 0x10 == 16 && 1u < 2u && -1.5e1 < 0.0",
    "has(device.attributes.x) || device.attributes[?'y'].hasValue() || "
    "device.attributes.?z.orValue({}).size() == 0",
};

constexpr std::array kFragments = {
    "(",         ")",       "[",     "]",     "{",
    "}",         ".",       ",",     "?",     ":",
    "!",         "-",       "+",     "*",     "/",
    "%",         "<",       "==",    "&&",    "||",
    "in",        "'",       "\"",    "'''",   "r'",
    "b'",        "\\",      "1",     "0u",    "1.5",
    "x",         "device",  ".all(", ".map(", "has(",
    "cel.bind(", "[?",      ".?",    "null",  "quantity(",
    "semver(",   ".size()", ")))",   "(((",   "9223372036854775807",
    "\xc3\xa9",  "\xff",
};

std::string mutate(std::string s, Rng& rng) {
  const int edits = 1 + static_cast<int>(rng.below(4));
  for (int i = 0; i < edits; ++i) {
    const std::size_t pos = rng.below(s.size() + 1);
    switch (rng.below(5)) {
      case 0:
        s.erase(pos, 1 + rng.below(6));
        break;
      case 1:
        s.insert(pos, kFragments[rng.below(kFragments.size())]);
        break;
      case 2:
        if (!s.empty()) {
          const std::size_t from = rng.below(s.size());
          s.insert(pos, s.substr(from, 1 + rng.below(12)));
        }
        break;
      case 3:
        if (pos < s.size()) {
          s[pos] = static_cast<char>(32 + rng.below(95));
        }
        break;
      default:
        s += std::string(" && ") + kCorpus[rng.below(kCorpus.size())];
        break;
    }
  }
  return s;
}

}  // namespace

TEST_CASE("cel fuzz: 20000 mutated expressions never crash") {
  drasim::model::ResourceSlice slice = slice_of("gpu.nvidia.com");
  drasim::model::Device device;
  device.attributes["productName"] = std::string("NVIDIA H100 80GB HBM3");
  device.attributes["driverVersion"] = drasim::model::SemVer{"550.54.15"};
  device.attributes["dra.example.com/numaNode"] = int64_t{1};
  device.capacity["memory"].value = drasim::model::Quantity::from_units(1 << 30);
  const Environment env = device_environment(true);
  const Activation activation{{device_value(slice, device, true)}};
  Rng rng{42};
  int compiled = 0;
  int evaluated_ok = 0;
  for (int i = 0; i < 20000; ++i) {
    const std::string expr = mutate(kCorpus[rng.below(kCorpus.size())], rng);
    auto result = compile(expr, env);
    if (auto* e = std::get_if<CompileError>(&result)) {
      REQUIRE(!e->message.empty());  // every rejection says why
      continue;
    }
    ++compiled;
    const EvalResult r = evaluate(*std::get<0>(result), activation, kSelectorMaxCost);
    REQUIRE(r.value.has_value() == r.error.empty());  // exactly one of value and error
    REQUIRE(r.cost <= kSelectorMaxCost + 1'000'000);  // bounded by the limit plus one call
    evaluated_ok += r.error.empty() ? 1 : 0;
  }
  // The mutants exercise both the error paths and the evaluator (the exact counts depend only on
  // the fixed seed).
  CHECK(compiled > 1000);
  CHECK(evaluated_ok > 500);
}
