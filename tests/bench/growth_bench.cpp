// How the time grows with the size (the performance issue): the KAI cycle of
// tests/bench/kai_cluster.h and the rolling migration of tests/bench/rolling-migration-10k.yaml,
// each at 1x, 2x, 4x and 8x size (8x is the full benchmark: 4,000 nodes and 140,000 pods, and
// 10,000 nodes and about 100,000 pods). Prints the best of three wall times per size and the
// exponent b of time = a * pods^b fitted by least squares on the logarithms; the target is
// b <= 1.15 (n log n or better). A measurement, not a test: nothing is asserted on time.
// Run: ./build/release/tests/drasim_bench "[growth]"
#include "model/scheduler.h"
#include "sim/engine/engine.h"
#include "sim/scenario_loader.h"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include "tests/bench/cycle_state.h"
#include "tests/bench/kai_cluster.h"
#include <chrono>
#include <cmath>
#include <functional>

namespace drasim::bench {
namespace {

double best_of_three(const std::function<void()>& run) {
  double best = 1e300;
  for (int i = 0; i < 3; ++i) {
    const auto start = std::chrono::steady_clock::now();
    run();
    best = std::min(
        best, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  return best;
}

/// The slope of log(seconds) against log(pods).
double exponent(const std::vector<std::pair<double, double>>& pods_seconds) {
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  const auto n = static_cast<double>(pods_seconds.size());
  for (const auto& [pods, seconds] : pods_seconds) {
    const double x = std::log(pods);
    const double y = std::log(seconds);
    sx += x;
    sy += y;
    sxx += x * x;
    sxy += x * y;
  }
  return (n * sxy - sx * sy) / (n * sxx - sx * sx);
}

void report(const std::string& what, const std::vector<std::pair<double, double>>& points) {
  std::string table;
  for (const auto& [pods, seconds] : points) {
    table += fmt::format("  {:>8.0f} pods: {:.3f} s\n", pods, seconds);
  }
  WARN(what << "\n" << table << "  fitted exponent: " << fmt::format("{:.2f}", exponent(points)));
}

}  // namespace

TEST_CASE("growth of the KAI cycle with the cluster's size", "[growth]") {
  std::vector<std::pair<double, double>> points;
  for (const int nodes : {500, 1000, 2000, 4000}) {
    const model::ClusterState state = prebound_state(big_kai_cluster(nodes));
    std::vector<model::ClusterState> copies(3, state);
    size_t next = 0;
    const double seconds = best_of_three([&] { (void)model::run_cycle(copies[next++], {}, 0); });
    points.emplace_back(static_cast<double>(state.pods.size()), seconds);
  }
  report("one KAI cycle", points);
}

TEST_CASE("growth of the rolling migration with the cluster's size", "[growth]") {
  const std::string path =
      std::string(DRASIM_SOURCE_DIR) + "/tests/bench/rolling-migration-10k.yaml";
  std::vector<std::pair<double, double>> points;
  for (const int eighths : {1, 2, 4, 8}) {
    // Nodes, long-running jobs, the arrival rate and the wave size scale together, so the
    // migration still takes 24 waves and the cluster stays as full.
    std::vector<sim::Override> overrides;
    for (const std::string& set :
         {fmt::format("spec.generate[0].nodePool.count={}", 10'000 * eighths / 8),
          fmt::format("spec.generate[1].workload.count={}", 1'000 * eighths / 8),
          fmt::format("spec.generate[2].workload.arrivals.poisson.ratePerHour={}",
                      1'500 * eighths / 8),
          fmt::format("spec.events[0].migrate.batchSize={}", (420 * eighths + 7) / 8)}) {
      overrides.push_back(std::get<sim::Override>(sim::parse_override("--set", set)));
    }
    const sim::Scenario scenario = sim::load_scenario({path}, {}, overrides);
    double pods = 0;
    const double seconds = best_of_three(
        [&] { pods = static_cast<double>(sim::run_scenario(scenario).state.pods.size()); });
    points.emplace_back(pods, seconds);
  }
  report("the 24-hour rolling migration", points);
}

}  // namespace drasim::bench
