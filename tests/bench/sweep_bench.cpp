// Sweeps (the capacity-planning issue): 16 variants of the demo (the 64-node rolling migration)
// at -j 1 and -j 2, as the demo itself 16 times (variants of equal cost) and as a 4 x 4 grid of
// batch and pool sizes (of very unequal cost), and the demo 4 times at -j 1, so the cost per
// variant can be compared as the sweep grows; and the merge of shard files of 1,000 and 10,000
// rows, which must grow linearly. Run: ./build/release/tests/drasim_bench "[sweep]"
// --benchmark-samples 1
#include "cli/app.h"
#include "reports/sweep/sweep_json.h"
#include "reports/sweep/sweep_merge.h"
#include "reports/sweep/sweep_text.h"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include "tests/temp_dir.h"
#include <sstream>
#include <string>
#include <vector>

namespace drasim::bench {
namespace {

int sweep(const TempDir& dir, const std::vector<std::string>& vary, const std::string& jobs) {
  const std::string scenario = std::string(DRASIM_SOURCE_DIR) + "/scenarios/rolling-migration.yaml";
  const std::string out = (dir.path() / ("j" + jobs)).string();
  std::vector<std::string> args = {"drasim", "sweep", scenario, "-j", jobs, "-q", "--out", out};
  args.insert(args.end(), vary.begin(), vary.end());
  std::vector<const char*> argv;
  for (const std::string& a : args) {
    argv.push_back(a.c_str());
  }
  std::ostringstream o;
  std::ostringstream e;
  return cli::run_cli(static_cast<int>(argv.size()), argv.data(), o, e);
}

/// `rows` variants of one parameter as `shards` shard files in `dir`.
std::vector<std::string> write_shards(const TempDir& dir, size_t rows, size_t shards) {
  std::vector<reports::SweepTable> tables(shards);
  for (size_t s = 0; s < shards; ++s) {
    tables[s] = {"bench", "grid", {"spec.generate[0].nodePool.count"}, "f", rows, {}};
  }
  for (size_t v = 0; v < rows; ++v) {
    reports::SweepRow r = reports::stopped_row(v, {std::to_string(v)}, "");
    r.status = "passed";
    for (size_t m = 0; m < r.metrics.size(); ++m) {
      r.metrics[m] = std::to_string(v * 7 + m);
    }
    tables[v % shards].rows.push_back(std::move(r));
  }
  std::vector<std::string> paths;
  for (size_t s = 0; s < shards; ++s) {
    paths.push_back(dir.write(reports::shard_file_name({s, shards}),
                              reports::sweep_json(tables[s], sim::Shard{s, shards})));
  }
  return paths;
}

size_t merge(const std::vector<std::string>& paths) {
  std::vector<reports::SweepShardFile> shards;
  for (const std::string& p : paths) {
    shards.push_back(reports::read_sweep_shard(p));
  }
  const reports::SweepTable t = reports::merge_shards(std::move(shards), paths);
  return reports::sweep_json(t).size() + reports::sweep_csv(t).size();
}

}  // namespace

TEST_CASE("a sweep of the demo", "[sweep]") {
  const TempDir dir;
  // The demo itself 16 and 4 times (its seed, 7, as the value): variants of equal cost, so the
  // cost per variant and the speed-up of -j 2 are the sweep's own.
  const auto same = [](size_t n) {
    std::string values = "7";
    for (size_t i = 1; i < n; ++i) {
      values += ",7";
    }
    return std::vector<std::string>{"--vary", "spec.seed=" + values};
  };
  const std::vector<std::string> seeds16 = same(16);
  const std::vector<std::string> seeds4 = same(4);
  // 4 batch sizes x 4 pool sizes: from 0.1 s (72 nodes) to 4 s (48 nodes, waves of 8) each.
  const std::vector<std::string> grid = {"--vary", "spec.events[0].migrate.batchSize=8,16,32,64",
                                         "--vary", "spec.generate[0].nodePool.count=48,56,64,72"};
  BENCHMARK("the demo 16 times, -j 1") {
    return sweep(dir, seeds16, "1");
  };
  BENCHMARK("the demo 16 times, -j 2") {
    return sweep(dir, seeds16, "2");
  };
  BENCHMARK("the demo 4 times, -j 1") {
    return sweep(dir, seeds4, "1");
  };
  BENCHMARK("16 grid variants, -j 1") {
    return sweep(dir, grid, "1");
  };
  BENCHMARK("16 grid variants, -j 2") {
    return sweep(dir, grid, "2");
  };
}

TEST_CASE("merging shard files", "[sweep]") {
  const TempDir small;
  const TempDir large;
  const std::vector<std::string> thousand = write_shards(small, 1000, 10);
  const std::vector<std::string> ten_thousand = write_shards(large, 10000, 100);
  BENCHMARK("1,000 rows in 10 shards") {
    return merge(thousand);
  };
  BENCHMARK("10,000 rows in 100 shards") {
    return merge(ten_thousand);
  };
}

}  // namespace drasim::bench
