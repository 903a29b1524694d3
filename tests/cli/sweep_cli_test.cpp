// `drasim sweep`, `drasim sweep merge`, `drasim plan` and `--set` on a scenario whose outcome is
// plain arithmetic (tests/cli/sweep-capacity.yaml): a Deployment of 10 pods of one GPU each on
// `count` nodes of 4 GPUs. The pods run to the horizon, so min(10, 4 x count) run and the rest
// stay pending.
#include <doctest/doctest.h>

#include "tests/cli/cli_run.h"
#include "tests/temp_dir.h"
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace drasim::cli {
namespace {

/// tests/cli/sweep-capacity.yaml, copied into each test's directory.
const std::string kCapacityFile = DRASIM_SOURCE_DIR "/tests/cli/sweep-capacity.yaml";

std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

/// The CSV column `name` of every data row.
std::vector<std::string> column(const std::string& csv, const std::string& name) {
  std::istringstream lines(csv);
  std::string line;
  std::getline(lines, line);
  std::vector<std::string> head;
  std::istringstream h(line);
  for (std::string cell; std::getline(h, cell, ',');) {
    head.push_back(cell);
  }
  const auto at = static_cast<size_t>(std::find(head.begin(), head.end(), name) - head.begin());
  std::vector<std::string> out;
  while (std::getline(lines, line)) {
    std::istringstream row(line);
    std::vector<std::string> cells;
    for (std::string cell; std::getline(row, cell, ',');) {
      cells.push_back(cell);
    }
    out.push_back(at < cells.size() ? cells[at] : "");
  }
  return out;
}

TEST_CASE("sweep: each variant's outcome is the arithmetic of its values") {
  const TempDir dir;
  const std::string scenario = dir.write("capacity.yaml", slurp(kCapacityFile));
  const std::string out = (dir.path() / "out").string();
  const Run r = drasim({"sweep", scenario, "--vary", "spec.generate[0].nodePool.count=1..4",
                        "--out", out, "-j", "2", "-q"});
  REQUIRE_MESSAGE(r.code == 0, r.err);
  const std::string csv = slurp(std::filesystem::path(out) / "sweep.csv");
  // 4 nodes x 4 GPUs hold the 10 pods from 3 nodes on: pending = max(0, 10 - 4 x count).
  CHECK(column(csv, "spec.generate[0].nodePool.count")
        == std::vector<std::string>{"1", "2", "3", "4"});
  CHECK(column(csv, "pendingAtEnd") == std::vector<std::string>{"6", "2", "0", "0"});
  CHECK(column(csv, "status") == std::vector<std::string>{"failed", "failed", "passed", "passed"});
  CHECK(column(csv, "placements") == std::vector<std::string>{"4", "8", "10", "10"});
  for (const char* f : {"sweep.json", "sweep.md", "sweep.html"}) {
    CHECK(std::filesystem::exists(std::filesystem::path(out) / f));
  }
}

TEST_CASE(
    "sweep: -j 1 and -j 2 write the same bytes; shards merge into exactly the unsharded sweep") {
  const TempDir dir;
  const std::string scenario = dir.write("capacity.yaml", slurp(kCapacityFile));
  const auto path = [&](const char* name) {
    return (dir.path() / name).string();
  };
  const std::initializer_list<std::string> vary = {"--vary", "spec.generate[0].nodePool.count=1,3",
                                                   "--vary", "spec.horizon=5m,10m,20m"};
  std::vector<std::string> base = {"sweep", scenario};
  base.insert(base.end(), vary);
  const auto sweep = [&](std::vector<std::string> extra) {
    std::vector<std::string> args = base;
    args.insert(args.end(), extra.begin(), extra.end());
    std::vector<const char*> argv = {"drasim"};
    for (const std::string& a : args) {
      argv.push_back(a.c_str());
    }
    std::ostringstream o;
    std::ostringstream e;
    const int code = run_cli(static_cast<int>(argv.size()), argv.data(), o, e);
    CHECK_MESSAGE(code == 0, e.str());
  };
  sweep({"-j", "1", "-q", "--out", path("one")});
  sweep({"-j", "2", "-q", "--out", path("two")});
  // 6 variants over 4 shards: shard 0 holds 0 and 4, shard 1 holds 1 and 5, shards 2 and 3 one.
  for (const char* s : {"0/4", "1/4", "2/4", "3/4"}) {
    sweep({"--shard", s, "-j", "1", "-q", "--out", path("shards")});
  }
  const Run merged = drasim({"sweep", "merge", path("shards"), "--out", path("merged"), "-q"});
  REQUIRE_MESSAGE(merged.code == 0, merged.err);
  for (const char* f : {"sweep.json", "sweep.csv", "sweep.md", "sweep.html"}) {
    const std::string one = slurp(dir.path() / "one" / f);
    CHECK(!one.empty());
    CHECK(one == slurp(dir.path() / "two" / f));
    CHECK(one == slurp(dir.path() / "merged" / f));
  }
  // A shard count no sweep can have is refused at its place in the file, not allocated.
  const std::string shard0 = slurp(dir.path() / "shards" / "sweep-shard-0-of-4.json");
  TempDir forged;
  std::string huge = shard0;
  const std::string count = "\"count\": 4";
  huge.replace(huge.find(count), count.size(), "\"count\": 4611686018427387904");
  (void)forged.write("sweep-shard-0-of-4.json", huge);
  const Run refused = drasim({"sweep", "merge", forged.path().string(), "-q"});
  CHECK(refused.code == 2);
  CHECK(contains(refused.err, "count from 1 to 1000000"));
  // A missing shard is named, and nothing is written.
  std::filesystem::remove(dir.path() / "shards" / "sweep-shard-2-of-4.json");
  const Run incomplete = drasim({"sweep", "merge", path("shards"), "--out", path("partial")});
  CHECK(incomplete.code == 2);
  CHECK(contains(incomplete.err, "no shard 2 (sweep-shard-2-of-4.json)"));
  CHECK(!std::filesystem::exists(dir.path() / "partial" / "sweep.json"));
}

TEST_CASE("sweep: a value the decoders refuse is reported at its flag, before any variant runs") {
  const TempDir dir;
  const std::string scenario = dir.write("capacity.yaml", slurp(kCapacityFile));
  const Run r = drasim({"sweep", scenario, "--vary", "spec.generate[0].nodePool.count=2,many",
                        "--out", (dir.path() / "out").string()});
  CHECK(r.code == 2);
  CHECK(starts_with(r.err, "drasim: error: --vary spec.generate[0].nodePool.count=many:\n"));
  CHECK(contains(r.err, "capacity.yaml:12:14: error: spec.generate[0].nodePool.count"));
  CHECK(!std::filesystem::exists(dir.path() / "out" / "sweep.json"));
  // A named object that is not in the inputs.
  const Run missing =
      drasim({"sweep", scenario, "--vary", "Queue/team-z:spec.resources.gpu.quota=1,2"});
  CHECK(missing.code == 2);
  CHECK(contains(missing.err,
                 "--vary:1:1: error: Queue/team-z:spec.resources.gpu.quota: a Queue "
                 "named team-z in the inputs, got none"));
  // A path through a scalar.
  const Run through = drasim({"sweep", scenario, "--vary", "spec.horizon.value=1,2"});
  CHECK(through.code == 2);
  CHECK(contains(through.err, "spec.horizon: a mapping with a field value, got a scalar"));
  // A bad range, at parse time.
  const Run range = drasim({"sweep", scenario, "--vary", "spec.generate[0].nodePool.count=4..1"});
  CHECK(range.code == 2);
  CHECK(contains(range.err, "FROM at most TO"));
}

TEST_CASE("plan: the fewest nodes for which every pod is placed, with the runs that prove it") {
  const TempDir dir;
  const std::string scenario = dir.write("capacity.yaml", slurp(kCapacityFile));
  const std::string out = (dir.path() / "plan").string();
  const Run r = drasim({"plan", scenario, "--search", "spec.generate[0].nodePool.count=1..8", "-j",
                        "1", "--out", out});
  REQUIRE_MESSAGE(r.code == 0, r.err);
  // 10 pods of one GPU on nodes of 4 GPUs: 3 nodes (12 GPUs) hold them, 2 (8) do not.
  CHECK(contains(r.out,
                 "the smallest spec.generate[0].nodePool.count that passes every "
                 "expectation is 3 (2 fails)"));
  // Bisection over 8 values: 8 passes, 1 fails, then 4 passes, 2 fails, 3 passes: 5 probes.
  const std::string plan = slurp(std::filesystem::path(out) / "plan.json");
  CHECK(contains(plan, "\"answer\": \"3\""));
  CHECK(contains(plan, "\"boundary\": \"2\""));
  const std::filesystem::path answer = std::filesystem::path(out) / "answer" / "report.json";
  REQUIRE(std::filesystem::exists(answer));
  CHECK(contains(slurp(answer), "\"pending\": 0"));
  CHECK(contains(slurp(std::filesystem::path(out) / "boundary" / "report.json"), "\"pending\": 2"));
  size_t probes = 0;
  for (size_t at = plan.find("\"round\""); at != std::string::npos;
       at = plan.find("\"round\"", at + 1)) {
    ++probes;
  }
  CHECK(probes == 5);
  // A probe stopped by a run limit is neither a pass nor a failure: the plan stops, exit 2.
  const Run stopped = drasim({"plan", scenario, "--search", "spec.generate[0].nodePool.count=1..8",
                              "--max-events", "3", "-q"});
  CHECK(stopped.code == 2);
  CHECK(contains(stopped.err,
                 "--search spec.generate[0].nodePool.count=8: the run stopped at its "
                 "--max-events limit"));
  // No value of 1..2 is enough: exit 1, and the answer says so.
  const Run none =
      drasim({"plan", scenario, "--search", "spec.generate[0].nodePool.count=1..2", "-q"});
  CHECK(none.code == 1);
}

TEST_CASE("run --set replaces a field before the inputs are read") {
  const TempDir dir;
  const std::string scenario = dir.write("capacity.yaml", slurp(kCapacityFile));
  // 2 nodes leave 2 pods pending (exit 1); --set makes it 3 nodes and every pod runs (exit 0).
  CHECK(drasim({"run", scenario, "-q"}).code == 1);
  CHECK(drasim({"run", scenario, "-q", "--set", "spec.generate[0].nodePool.count=3"}).code == 0);
  // Deployment/web is a named object: 8 replicas fit 2 nodes.
  CHECK(drasim({"run", scenario, "-q", "--set", "Deployment/web:spec.replicas=8"}).code == 0);
  const Run bad = drasim({"run", scenario, "--set", "spec.generate[0].nodePool"});
  CHECK(bad.code == 2);
  CHECK(contains(bad.err, "PATH=VALUE expected, got no ="));
}

}  // namespace
}  // namespace drasim::cli
