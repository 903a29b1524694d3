// Golden reports: each reference scenario's JSON report must match the file checked in under
// tests/golden/. After an intended change, regenerate with
//   ./build/dev/cli/drasim run scenarios/<name>.yaml --out - -q > tests/golden/<name>.json
// and review the diff: every changed line is a behaviour change.
#include "reports/json_report.h"
#include "sim/engine/engine.h"
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

TEST_CASE("every reference scenario's JSON report matches its golden file") {
  // device-plugin: placement and pending reasons; pure-dra: devices per pod; implicit
  // tolerations; gpu-sharing: GPU groups; reclaim and quota-fairshare: evictions and the quota
  // rows with their series; mixed: device-plugin and bridged pods side by side, synthetic claim
  // names and extendedResourceClaimStatus, quota drift and shadowed-device-class anomalies.
  const std::string root = DRASIM_SOURCE_DIR;
  for (const char* name : {"device-plugin", "pure-dra", "implicit-tolerations", "gpu-sharing",
                           "reclaim", "quota-fairshare", "mixed", "rolling-migration"}) {
    CAPTURE(name);
    const std::string expected = read_file(root + "/tests/golden/" + name + ".json");
    REQUIRE_FALSE(expected.empty());
    CHECK(report_of(root + "/scenarios/" + name + ".yaml") == expected);
  }
}

TEST_CASE("the same scenario and seed give byte-identical reports") {
  const std::string file = std::string(DRASIM_SOURCE_DIR) + "/scenarios/device-plugin.yaml";
  CHECK(report_of(file) == report_of(file));
}

}  // namespace
}  // namespace drasim::reports
