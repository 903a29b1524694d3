// The JSON report's `metrics` (reports/metrics_json.cpp): the main series with its columns, the
// per-pool utilization series with their time-weighted averages, and the final waits, on a
// 2-GPU device-plugin node running four one-GPU pods of 10 minutes each.
#include "reports/json_report.h"
#include "sim/engine/engine.h"
#include "sim/scenario_loader.h"

#include <doctest/doctest.h>

#include "tests/two_waves.h"
#include <string>

namespace drasim::reports {
namespace {

using testing::kTwoWaves;

std::string report() {
  return json_report(sim::run_scenario(sim::load_scenario_texts({{"t.yaml", kTwoWaves}})));
}

/// The report text from `from` up to (not including) `to`, both searched from `from` on.
std::string between(const std::string& text, const std::string& from, const std::string& to) {
  const size_t start = text.find(from);
  REQUIRE(start != std::string::npos);
  const size_t end = text.find(to, start + from.size());
  REQUIRE(end != std::string::npos);
  return text.substr(start, end - start);
}

TEST_CASE("the metrics series has one row per instant at which a value changed") {
  // p-0 and p-1 bind at 0 s (their binds complete at 0.2 s: waits 0.2 s) and finish at 600.2 s;
  // the cycle at the next boundary (601 s) binds p-2 and p-3, running from 601.2 s (waits
  // 601.2 s) to 1201.2 s. Nearest-rank over {0.2, 0.2, 601.2, 601.2}: p50 the 2nd value, p95 and
  // p99 the 4th.
  CHECK(between(report(), "    \"series\": [\n      [0.0", "    \"utilization\"")
        == "    \"series\": [\n"
           "      [0.0, 2, 2, 0, 0, 0, null, null, null],\n"
           "      [0.2, 2, 2, 0, 0, 0, 0.2, 0.2, 0.2],\n"
           "      [600.2, 2, 0, 0, 0, 0, 0.2, 0.2, 0.2],\n"
           "      [601.0, 0, 2, 0, 0, 0, 0.2, 0.2, 0.2],\n"
           "      [601.2, 0, 2, 0, 0, 0, 0.2, 601.2, 601.2],\n"
           "      [1201.2, 0, 0, 0, 0, 0, 0.2, 601.2, 601.2]\n"
           "    ],\n");
}

TEST_CASE("the metrics name their columns") {
  CHECK(between(report(), "  \"metrics\": {", "    \"series\"")
        == "  \"metrics\": {\n"
           "    \"columns\": [\n"
           "      \"t\",\n"
           "      \"pending\",\n"
           "      \"running\",\n"
           "      \"evictions\",\n"
           "      \"failedBinds\",\n"
           "      \"capacityOfflineGpus\",\n"
           "      \"waitP50\",\n"
           "      \"waitP95\",\n"
           "      \"waitP99\"\n"
           "    ],\n");
}

TEST_CASE("a pool's GPU utilization series comes with its time-weighted average") {
  // Used 2 GPUs over [0, 600.2) and [601, 1201.2): 2 x 600.2 x 2 = 2400.8 GPU-seconds of
  // 2 x 1201.2 = 2402.4: 0.999334 (six decimals).
  const std::string text = report();
  const std::string gpu =
      between(text, "\"pool\": \"device-plugin\",\n        \"resource\": \"gpu\"", "      }");
  CHECK(gpu.find("\"average\": 0.999334,") != std::string::npos);
  CHECK(gpu.find("        \"series\": [\n"
                 "          [0.0, 2, 2],\n"
                 "          [600.2, 0, 2],\n"
                 "          [601.0, 2, 2],\n"
                 "          [1201.2, 0, 2]\n"
                 "        ]")
        != std::string::npos);
  // cpu in cores: 2 of 8 over the same spans, 2400.8 of 9609.6 core-seconds = 0.249833.
  const std::string cpu =
      between(text, "\"pool\": \"device-plugin\",\n        \"resource\": \"cpu\"", "      }");
  CHECK(cpu.find("\"average\": 0.249833,") != std::string::npos);
  CHECK(cpu.find("[0.0, 2, 8]") != std::string::npos);
}

TEST_CASE("the final waits come overall, per queue, and for the pods still pending") {
  const std::string text = report();
  CHECK(between(text, "    \"waits\": {", "    \"waitsByQueue\"")
        == "    \"waits\": {\n"
           "      \"count\": 4,\n"
           "      \"p50\": 0.2,\n"
           "      \"p95\": 601.2,\n"
           "      \"p99\": 601.2,\n"
           "      \"max\": 601.2\n"
           "    },\n");
  CHECK(text.find("\"queue\": \"default-queue\",\n        \"count\": 4,") != std::string::npos);
  CHECK(between(text, "    \"stillPending\": {", "  \"expectations\"")
        == "    \"stillPending\": {\n"
           "      \"count\": 0,\n"
           "      \"maxWaitSeconds\": null\n"
           "    }\n"
           "  },\n");
}

}  // namespace
}  // namespace drasim::reports
