// Writing the reports of a finished run (the reports issue): every format, on the demo (the
// rolling migration of 64 nodes) and on the 10,000-node rolling migration. The sizes are
// printed; the time is the writer's alone (the run is done once, outside the benchmark).
// Run: ./build/release/tests/drasim_bench "[report]" --benchmark-samples 3
#include "reports/csv_report.h"
#include "reports/html/html_report.h"
#include "reports/json_report.h"
#include "reports/markdown_report.h"
#include "sim/engine/engine.h"
#include "sim/scenario_loader.h"

#include <catch2/catch.hpp>

#include <string>

namespace drasim::bench {
namespace {

void bench_reports(const std::string& path) {
  const sim::RunResult r = sim::run_scenario(sim::load_scenario({path}));
  size_t csv = 0;
  for (const reports::FileToWrite& f : reports::csv_report(r)) {
    csv += f.text.size();
  }
  WARN("html " << reports::html_report(r).size() << " bytes, markdown "
               << reports::markdown_report(r).size() << " bytes, csv " << csv << " bytes, json "
               << reports::json_report(r).size() << " bytes");
  BENCHMARK("html") {
    return reports::html_report(r).size();
  };
  BENCHMARK("markdown") {
    return reports::markdown_report(r).size();
  };
  BENCHMARK("csv") {
    return reports::csv_report(r).size();
  };
  BENCHMARK("json") {
    return reports::json_report(r).size();
  };
}

}  // namespace

TEST_CASE("the reports of the demo", "[report]") {
  bench_reports(std::string(DRASIM_SOURCE_DIR) + "/scenarios/rolling-migration.yaml");
}

TEST_CASE("the reports of the 10000-node rolling migration", "[report][10k]") {
  bench_reports(std::string(DRASIM_SOURCE_DIR) + "/tests/bench/rolling-migration-10k.yaml");
}

}  // namespace drasim::bench
