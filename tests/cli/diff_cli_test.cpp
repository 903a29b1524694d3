// `drasim diff` on the command line (cli/diff_command.cpp): the exit codes of PRODUCT.md
// section 4 (0 compared, 1 beyond a tolerance with --gate, 2 bad arguments or reports), the
// three output forms, and --help's example.
#include <doctest/doctest.h>

#include "tests/cli/cli_run.h"
#include "tests/temp_dir.h"
#include <string>

namespace drasim::cli {
namespace {

/// One pod asking for 500m on a node of `cpu` cores: bound with 1, pending with 250m.
std::string scenario(const std::string& cpu) {
  return R"(apiVersion: drasim.dev/v1alpha1
kind: Scenario
metadata: {name: one-pod}
spec:
  expect:
  - allPodsBound: true
---
apiVersion: v1
kind: Node
metadata: {name: n}
status: {allocatable: {cpu: ")"
         + cpu + R"(", memory: 1Gi, pods: "10"}}
---
apiVersion: v1
kind: Pod
metadata: {name: p}
spec:
  containers:
  - name: c
    resources: {requests: {cpu: 500m}}
)";
}

/// The JSON report of the one-pod scenario on a node of `cpu` cores, written as `name`.
std::string report(const TempDir& dir, const std::string& name, const std::string& cpu) {
  const std::string file = dir.write(name + ".yaml", scenario(cpu));
  const Run r = drasim({"run", "--out", "-", file});
  REQUIRE(r.code == (cpu == "1" ? 0 : 1));  // the pending pod fails allPodsBound
  return dir.write(name + ".json", r.out);
}

TEST_CASE("drasim diff of a report with itself exits 0, with --gate too") {
  const TempDir dir;
  const std::string a = report(dir, "a", "1");
  const Run r = drasim({"diff", a, a, "--gate"});
  CHECK(r.code == 0);
  CHECK(contains(r.out, "no differences\ngate: passed (0 changes within tolerance)\n"));
  CHECK(r.err.empty());
}

TEST_CASE("drasim diff exits 0 on differences unless --gate finds one beyond its tolerance") {
  const TempDir dir;
  const std::string fits = report(dir, "fits", "1");
  const std::string starved = report(dir, "starved", "250m");
  const Run plain = drasim({"diff", fits, starved});
  CHECK(plain.code == 0);
  // p was bound at once on the 1-core node and never on the 250m one.
  CHECK(contains(plain.out, "default/p  phase Running -> Pending, node n -> none\n"));
  CHECK(contains(plain.out, "all pods bound or completed  passed -> FAILED"));
  const Run gated = drasim({"diff", fits, starved, "--gate"});
  CHECK(gated.code == 1);
  CHECK(contains(gated.out, "FAIL placements"));
  // What else changed: the pending peak 0 -> 1, the queue's fair share of cpu (half of the
  // node's 1 core, then of 250m), and utilization (the starved run has no average: nothing ran).
  // Waits fell to none, which is better and never fails. Allowing each of them passes.
  const Run allowed =
      drasim({"diff", fits, starved, "--gate", "--tolerance", "placements=1", "--tolerance",
              "expectations=1", "--tolerance", "pendingPeak=1", "--tolerance",
              "quota.fairShare=50%", "--tolerance", "utilization=any"});
  CHECK_MESSAGE(allowed.code == 0, allowed.out);
}

TEST_CASE("drasim diff --format json and markdown") {
  const TempDir dir;
  const std::string fits = report(dir, "fits", "1");
  const std::string starved = report(dir, "starved", "250m");
  const Run json = drasim({"diff", fits, starved, "--format", "json"});
  CHECK(json.code == 0);
  CHECK(starts_with(json.out, "{\n  \"schemaVersion\": 1,"));
  CHECK(contains(json.out, "\"identical\": false"));
  CHECK(contains(json.out, "\"enabled\": false"));
  const Run md = drasim({"diff", fits, starved, "--format", "markdown", "--gate"});
  CHECK(md.code == 1);
  CHECK(contains(md.out, "| default/p | phase Running -> Pending, node n -> none |\n"));
  CHECK(contains(md.out, "| **FAIL** | placements | 1 pod changed | 0 |\n"));
}

TEST_CASE("drasim diff: a bad tolerance, a missing file or another schema exits 2") {
  const TempDir dir;
  const std::string a = report(dir, "a", "1");
  const Run tolerance = drasim({"diff", a, a, "--tolerance", "waits.p95=fast"});
  CHECK(tolerance.code == 2);
  CHECK(tolerance.err == "drasim: error: --tolerance waits.p95=fast: not a number with a unit "
                         "waits takes\n");
  const std::string missing = (dir.path() / "none.json").string();
  const Run absent = drasim({"diff", a, missing});
  CHECK(absent.code == 2);
  CHECK(starts_with(absent.err, missing + ":1:1: error: <file>:"));
  const std::string v2 = dir.write("v2.json", "{\n  \"schemaVersion\": 2\n}\n");
  const Run other = drasim({"diff", v2, a});
  CHECK(other.code == 2);
  CHECK(other.err
        == v2 + ":2:20: error: schemaVersion: schemaVersion 1 (a report of this drasim), got 2\n");
  CHECK(other.out.empty());
}

TEST_CASE("drasim diff --help exits 0 and shows an example") {
  const Run r = drasim({"diff", "--help"});
  CHECK(r.code == 0);
  CHECK(contains(r.out, "Example: drasim run plan.yaml --profile kai-v0.17"));
}

}  // namespace
}  // namespace drasim::cli
