// Golden reports: each reference scenario's JSON report must match the file checked in under
// tests/golden/. After an intended change, regenerate with
//   ./build/dev/cli/drasim run scenarios/<name>.yaml --out - -q > tests/golden/<name>.json
// and review the diff: every changed line is a behaviour change.
#include "reports/json_report.h"
#include "sim/engine.h"
#include "sim/scenario_loader.h"

#include <doctest/doctest.h>

#include <fstream>
#include <sstream>
#include <string>

namespace drasim::reports {
namespace {

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string report_of(const std::string& scenario_file) {
  const sim::Scenario s = sim::load_scenario({scenario_file});
  return json_report(sim::run_scenario(s));
}

TEST_CASE("the device-plugin scenario's JSON report matches its golden file") {
  const std::string root = DRASIM_SOURCE_DIR;
  const std::string actual = report_of(root + "/scenarios/device-plugin.yaml");
  const std::string expected = read_file(root + "/tests/golden/device-plugin.json");
  REQUIRE_FALSE(expected.empty());
  CHECK(actual == expected);
}

TEST_CASE(
    "the pure-DRA scenario's JSON report, with every pod's devices, matches its golden file") {
  const std::string root = DRASIM_SOURCE_DIR;
  const std::string actual = report_of(root + "/scenarios/pure-dra.yaml");
  const std::string expected = read_file(root + "/tests/golden/pure-dra.json");
  REQUIRE_FALSE(expected.empty());
  CHECK(actual == expected);
}

TEST_CASE(
    "the implicit-tolerations scenario's JSON report, with every pod's implied tolerations, "
    "matches its golden file") {
  const std::string root = DRASIM_SOURCE_DIR;
  const std::string actual = report_of(root + "/scenarios/implicit-tolerations.yaml");
  const std::string expected = read_file(root + "/tests/golden/implicit-tolerations.json");
  REQUIRE_FALSE(expected.empty());
  CHECK(actual == expected);
}

TEST_CASE(
    "the gpu-sharing scenario's JSON report, with every shared pod's GPU groups and portion, "
    "matches its golden file") {
  const std::string root = DRASIM_SOURCE_DIR;
  const std::string actual = report_of(root + "/scenarios/gpu-sharing.yaml");
  const std::string expected = read_file(root + "/tests/golden/gpu-sharing.json");
  REQUIRE_FALSE(expected.empty());
  CHECK(actual == expected);
}

TEST_CASE(
    "the reclaim scenario's JSON report, with the evicted pods and the quota series, matches its "
    "golden file") {
  const std::string root = DRASIM_SOURCE_DIR;
  const std::string actual = report_of(root + "/scenarios/reclaim.yaml");
  const std::string expected = read_file(root + "/tests/golden/reclaim.json");
  REQUIRE_FALSE(expected.empty());
  CHECK(actual == expected);
}

TEST_CASE("the same scenario and seed give byte-identical reports") {
  const std::string file = std::string(DRASIM_SOURCE_DIR) + "/scenarios/device-plugin.yaml";
  CHECK(report_of(file) == report_of(file));
}

}  // namespace
}  // namespace drasim::reports
