// The HTML report's parts (reports/html/): M4 downsampling against the full series, the node x
// time GPU grid, the wait histogram, natural node order, and the page itself (one file,
// byte-stable, no way for the data to end its script element).
#include "reports/html/html_report.h"

#include "reports/html/downsample.h"
#include "reports/html/gpu_heatmap.h"
#include "reports/html/wait_histogram.h"
#include "sim/engine/engine.h"
#include "sim/scenario_loader.h"

#include <doctest/doctest.h>

#include "tests/two_waves.h"
#include <algorithm>
#include <random>
#include <string>
#include <vector>

namespace drasim::reports {
namespace {

/// The two waves with a node without GPUs (no row in the grid), a 1200 s horizon and an
/// expectation whose name tries to end the page's script element.
const std::string kTwoWavesAndCpu = std::string(testing::kTwoWaves) + R"(---
apiVersion: v1
kind: Node
metadata: {name: cpu-only}
status:
  allocatable: {cpu: "8", memory: 32Gi, pods: "110"}
---
apiVersion: drasim.dev/v1alpha1
kind: Scenario
metadata: {name: two-waves}
spec:
  horizon: 1200s
  expect:
  - {name: "no </script> here", allPodsBound: true}
)";

sim::RunResult run() {
  return sim::run_scenario(sim::load_scenario_texts({{"t.yaml", kTwoWavesAndCpu}}));
}

TEST_CASE("M4 keeps, in every span, each column's first, last, lowest and highest value") {
  // The slow, obvious check: for random step series, every span's min and max over all rows
  // equal those over the kept rows, and the first and last rows of every span are kept.
  std::mt19937_64 rng(7);
  for (int round = 0; round < 50; ++round) {
    const size_t n = 100 + rng() % 3000;
    const size_t buckets = 1 + rng() % 60;
    std::vector<int64_t> t(n);
    std::vector<std::array<double, 2>> v(n);
    int64_t now = static_cast<int64_t>(rng() % 100);
    for (size_t i = 0; i < n; ++i) {
      now += static_cast<int64_t>(rng() % 5);  // equal times happen too
      t[i] = now;
      v[i] = {static_cast<double>(rng() % 50), static_cast<double>(rng() % 7)};
    }
    const std::vector<size_t> keep = m4_keep(
        n, 2, buckets, [&](size_t i) { return t[i]; }, [&](size_t c, size_t i) { return v[i][c]; });
    CHECK(std::is_sorted(keep.begin(), keep.end()));
    if (n <= 4 * buckets) {
      CHECK(keep.size() == n);
      continue;
    }
    const int64_t width =
        (t[n - 1] - t[0] + 1 + static_cast<int64_t>(buckets) - 1) / static_cast<int64_t>(buckets);
    CHECK(keep.size() <= buckets * 6);  // first, last and 2 per column in each span
    for (size_t b = 0; b < buckets; ++b) {
      for (size_t c = 0; c < 2; ++c) {
        double lo_all = 1e9, hi_all = -1, lo_kept = 1e9, hi_kept = -1;
        size_t first = n, last = 0;
        for (size_t i = 0; i < n; ++i) {
          if (static_cast<size_t>((t[i] - t[0]) / width) == b) {
            lo_all = std::min(lo_all, v[i][c]);
            hi_all = std::max(hi_all, v[i][c]);
            first = std::min(first, i);
            last = i;
          }
        }
        for (const size_t i : keep) {
          if (static_cast<size_t>((t[i] - t[0]) / width) == b) {
            lo_kept = std::min(lo_kept, v[i][c]);
            hi_kept = std::max(hi_kept, v[i][c]);
          }
        }
        CHECK(lo_all == lo_kept);
        CHECK(hi_all == hi_kept);
        if (first < n) {
          CHECK(std::binary_search(keep.begin(), keep.end(), first));
          CHECK(std::binary_search(keep.begin(), keep.end(), last));
        }
      }
    }
  }
}

TEST_CASE("the GPU grid is each node group's time-weighted occupancy per span") {
  const sim::RunResult r = run();
  // Horizon 1200 s in 4 spans of 300 s. gpu-a holds 2 of 2 GPUs over [0, 600.2) and [601,
  // 1201.2): spans 0 and 1 are full, span 2 (600-900 s) is idle for 0.8 s of 300 s: 299.2 /
  // 300 = 99.7%, rounded 100; span 3 full. cpu-only has no GPU and no row.
  const GpuHeatmap map = gpu_heatmap(r, 10, 4);
  REQUIRE(map.rows == std::vector<std::string>{"gpu-a"});
  CHECK(map.bucket.us == 300'000'000);
  CHECK(map.percent[0] == std::vector<int>{100, 100, 100, 100});
  // 600 spans of 2 s: [600, 602) is used 0.2 s + 1 s of 2 s (60%).
  const GpuHeatmap fine = gpu_heatmap(r, 10, 600);
  CHECK(fine.percent[0][300] == 60);
  CHECK(fine.percent[0][299] == 100);
}

TEST_CASE("nodes group in natural name order, at most max_rows groups") {
  CHECK(natural_less("gpu-2", "gpu-10"));
  CHECK_FALSE(natural_less("gpu-10", "gpu-2"));
  CHECK(natural_less("gpu-1", "gpu-01"));  // equal numbers: the shorter run first
  CHECK(natural_less("a", "b"));
  CHECK(natural_less("gpu", "gpu-0"));
  CHECK_FALSE(natural_less("x", "x"));
}

TEST_CASE("the wait histogram bins waits at human edges, the lower edge inclusive") {
  // 0.2 s and 0.9 s under 1 s; 1 s exactly in [1s, 5s); 601.2 s in [10m, 30m); 2 days last.
  const std::vector<WaitBin> bins =
      wait_histogram({200'000, 900'000, 1'000'000, 601'200'000, 172'800'000'000});
  REQUIRE(bins.size() == 14);
  CHECK(bins[0].label == "< 1s");
  CHECK(bins[0].count == 2);
  CHECK(bins[1].label == "1s - 5s");
  CHECK(bins[1].count == 1);
  CHECK(bins[8].label == "10m - 30m");
  CHECK(bins[8].count == 1);
  CHECK(bins[13].label == ">= 1d");
  CHECK(bins[13].count == 1);
  CHECK(wait_histogram({}).empty());
}

TEST_CASE("the HTML report is one byte-stable file whose data cannot close its script") {
  const std::string a = html_report(run());
  CHECK(a == html_report(run()));
  CHECK(a.rfind("<!DOCTYPE html>", 0) == 0);
  CHECK(a.find("<title>drasim: two-waves</title>") != std::string::npos);
  // Exactly the five script elements the page is made of: the error hook, the data, dygraphs,
  // the helpers both pages share (page.js) and the report's script; the expectation's
  // "</script>" is \u003c/script> in the data.
  size_t closes = 0;
  for (size_t at = a.find("</script>"); at != std::string::npos; at = a.find("</script>", at + 1)) {
    ++closes;
  }
  CHECK(closes == 5);
  CHECK(a.find("\"no \\u003c/script> here\"") != std::string::npos);
  // Nothing is loaded from elsewhere: no src or href attribute, no source map.
  CHECK(a.find(" src=") == std::string::npos);
  CHECK(a.find(" href=") == std::string::npos);
  CHECK(a.find("sourceMappingURL") == std::string::npos);
}

}  // namespace
}  // namespace drasim::reports
