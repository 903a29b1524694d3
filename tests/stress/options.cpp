// Command-line parsing for the stress tester.
#include "tests/stress/options.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <sstream>
#include <string_view>

namespace drasim::stress {

namespace {

constexpr std::string_view kUsage =
    "usage: stress --drasim PATH --count N --seed S [--workdir DIR] [--jobs N] [--keep]\n"
    "              [--max-wall SECONDS] [--max-events N] [--timeout SECONDS] [--reference]\n"
    "       stress --generate-only --count N --seed S [--workdir DIR] [--jobs N]\n"
    "Generates N random scenarios (seeds S .. S+N-1), runs each through drasim twice and\n"
    "checks that both runs exit 0 and write byte-identical JSON reports. With --reference\n"
    "the second run is `drasim run --reference` (no caches): the fast paths must not change\n"
    "a byte. With --generate-only it writes each scenario to DIR/seed-S.yaml and runs\n"
    "nothing.\n";

/// Parses one numeric option value; returns false (and says why) when it is not a number.
template <class T>
bool parse_number(std::string_view flag, const char* text, T& out) {
  std::istringstream in(text);
  in >> out;
  if (!in || !in.eof()) {
    fmt::print(stderr, "stress: {} needs a number, got \"{}\"\n", flag, text);
    return false;
  }
  return true;
}

}  // namespace

std::optional<Options> parse_options(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string_view flag = argv[i];
    if (flag == "--keep") {
      o.keep = true;
      continue;
    }
    if (flag == "--reference") {
      o.reference = true;
      continue;
    }
    if (flag == "--generate-only") {
      o.generate_only = true;
      continue;
    }
    if (flag == "-h" || flag == "--help") {
      fmt::print("{}", kUsage);
      std::exit(0);
    }
    if (i + 1 >= argc) {
      fmt::print(stderr, "stress: {} needs a value\n{}", flag, kUsage);
      return std::nullopt;
    }
    const char* value = argv[++i];
    bool ok = true;
    if (flag == "--drasim") {
      o.drasim = value;
    } else if (flag == "--workdir") {
      o.workdir = value;
    } else if (flag == "--count") {
      ok = parse_number(flag, value, o.count);
    } else if (flag == "--seed") {
      ok = parse_number(flag, value, o.seed);
    } else if (flag == "--jobs") {
      ok = parse_number(flag, value, o.jobs);
    } else if (flag == "--max-wall") {
      ok = parse_number(flag, value, o.max_wall_s);
    } else if (flag == "--max-events") {
      ok = parse_number(flag, value, o.max_events);
    } else if (flag == "--timeout") {
      ok = parse_number(flag, value, o.timeout_s);
    } else {
      fmt::print(stderr, "stress: unknown option {}\n{}", flag, kUsage);
      return std::nullopt;
    }
    if (!ok) {
      return std::nullopt;
    }
  }
  if (o.drasim.empty() && !o.generate_only) {
    fmt::print(stderr, "stress: --drasim PATH is required\n{}", kUsage);
    return std::nullopt;
  }
  o.jobs = std::max(o.jobs, 1u);
  if (o.timeout_s <= 0) {
    o.timeout_s = o.max_wall_s + 15;
  }
  return o;
}

}  // namespace drasim::stress
