// Tests of the command line (cli/app.cpp) through run_cli: exit codes (PRODUCT.md section 4:
// 0 ok, 1 an expectation failed, 2 invalid input or usage), what goes to stdout and stderr, and
// that a failed run writes nothing.
#include "cli/app.h"

#include <doctest/doctest.h>
#include <stdlib.h>

#include "tests/cli/cli_run.h"
#include "tests/temp_dir.h"
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <sstream>
#include <string>
#include <vector>

namespace drasim::cli {
namespace {

namespace fs = std::filesystem;

size_t entries_in(const fs::path& dir) {
  size_t n = 0;
  for ([[maybe_unused]] const auto& entry : fs::directory_iterator(dir)) {
    ++n;
  }
  return n;
}

// A node with one core and a pod that asks for two: the pod can never bind, so the scenario's
// only expectation (all pods bound) fails.
const std::string kFailingScenario = R"(apiVersion: drasim.dev/v1alpha1
kind: Scenario
metadata: {name: too-big}
spec:
  expect:
  - allPodsBound: true
---
apiVersion: v1
kind: Node
metadata: {name: n}
status: {allocatable: {cpu: "1", memory: 1Gi, pods: "10"}}
---
apiVersion: v1
kind: Pod
metadata: {name: big}
spec:
  containers:
  - name: c
    resources: {requests: {cpu: "2"}}
)";

// The same cluster with a pod that fits (for validate, which does not run it).
const std::string kGoodScenario = R"(apiVersion: drasim.dev/v1alpha1
kind: Scenario
metadata: {name: fits}
spec:
  expect:
  - allPodsBound: true
---
apiVersion: v1
kind: Node
metadata: {name: n}
status: {allocatable: {cpu: "1", memory: 1Gi, pods: "10"}}
---
apiVersion: v1
kind: Pod
metadata: {name: small}
spec:
  containers:
  - name: c
    resources: {requests: {cpu: 500m}}
)";

// A node and no pods: "at most 0 pending" holds whatever the scheduler does.
const std::string kPassingScenario = R"(apiVersion: drasim.dev/v1alpha1
kind: Scenario
metadata: {name: idle}
spec:
  expect:
  - pendingAtMost: 0
---
apiVersion: v1
kind: Node
metadata: {name: n}
status: {allocatable: {cpu: "1", memory: 1Gi, pods: "10"}}
)";

// A pod whose cpu request is not a quantity: `2GB` is on line 4 at column 59.
const std::string kBadInput = R"(apiVersion: v1
kind: Pod
metadata: {name: p}
spec: {containers: [{name: c, resources: {requests: {cpu: 2GB}}}]}
)";

TEST_CASE("drasim validate on a good file exits 0 and prints an ok line") {
  const TempDir dir;
  const std::string file = dir.write("good.yaml", kGoodScenario);
  const Run r = drasim({"validate", file});
  CHECK(r.code == 0);
  CHECK_MESSAGE(starts_with(r.out, "ok: 1 file(s): 1 nodes, 1 pods"), r.out);
  CHECK(r.err.empty());
}

TEST_CASE("drasim validate on a bad file exits 2 with the diagnostic on stderr only") {
  const TempDir dir;
  const std::string file = dir.write("bad.yaml", kBadInput);
  const Run r = drasim({"validate", file});
  CHECK(r.code == 2);
  CHECK(r.out.empty());
  CHECK(r.err
        == file
               + ":4:59: error: spec.containers[0].resources.requests.cpu: a quantity such as "
                 "500m, 2 or 16Gi, got \"2GB\"\n");
}

TEST_CASE("drasim validate reports the errors of every file of a directory together") {
  const TempDir dir;
  const std::string a = dir.write("a.yaml", "- not an object\n");
  const std::string b = dir.write("b.yml", kBadInput);
  (void)dir.write("notes.txt", "not YAML, not read");
  const Run r = drasim({"validate", dir.path().string()});
  CHECK(r.code == 2);
  CHECK(r.out.empty());
  CHECK(r.err
        == a + ":1:1: error: <document>: a Kubernetes object (a mapping), got a list\n" + b
               + ":4:59: error: spec.containers[0].resources.requests.cpu: a quantity such as "
                 "500m, 2 or 16Gi, got \"2GB\"\n");
}

TEST_CASE("drasim run with a failing expectation exits 1 and writes the JSON report to stdout") {
  const TempDir dir;
  const std::string file = dir.write("fail.yaml", kFailingScenario);
  const Run r = drasim({"run", "--out", "-", file});
  CHECK(r.code == 1);
  // `--out -` makes stdout the JSON report alone; the human summary goes to stderr.
  CHECK_MESSAGE(starts_with(r.out, "{"), r.out);
  CHECK(contains(r.out, "\"schemaVersion\": 1"));
  CHECK(contains(r.out, "\"passed\": false"));
  CHECK(contains(r.err, "FAIL all pods bound or completed"));
}

TEST_CASE("drasim run exits 0 when every expectation holds") {
  const TempDir dir;
  const std::string file = dir.write("idle.yaml", kPassingScenario);
  const Run r = drasim({"run", "-q", file});
  CHECK(r.code == 0);
  CHECK(r.out.empty());  // -q: no summary, and no report was asked for
}

TEST_CASE("drasim run on a missing path exits 2 naming the path") {
  const TempDir dir;
  const std::string missing = (dir.path() / "no-such-file.yaml").string();
  const Run r = drasim({"run", missing});
  CHECK(r.code == 2);
  CHECK(r.out.empty());
  // No file, so no line or column: the message is `<path>: error: ...`.
  CHECK(r.err == missing + ":1:1: error: <file>: a readable YAML file or directory, got nothing\n");
}

TEST_CASE("drasim --help exits 0 and lists the subcommands") {
  const Run r = drasim({"--help"});
  CHECK(r.code == 0);
  CHECK(contains(r.out, "run"));
  CHECK(contains(r.out, "validate"));
}

TEST_CASE("drasim run --help exits 0 and shows an example") {
  const Run r = drasim({"run", "--help"});
  CHECK(r.code == 0);
  CHECK(contains(r.out, "Example: drasim run"));
}

TEST_CASE("drasim profiles lists every profile and switch with its value per kai profile") {
  // cli/profiles_command.cpp: one line per profile, then one line per switch (sim/load/profiles.h,
  // model/kai/api/switches.h) with its value in kai-v0.12, kai-v0.13, kai-v0.17 and kai.
  const Run r = drasim({"profiles"});
  CHECK(r.code == 0);
  CHECK(r.err.empty());
  for (const char* profile : {"kai-v0.12", "kai-v0.13", "kai-v0.17", "kai ", "kube-scheduler"}) {
    CAPTURE(profile);
    CHECK(contains(r.out, std::string("\n  ") + profile));
  }
  for (const char* name : {"draGpuAccounting", "draOnlyNodeGuard", "draGuardSharedOnly",
                           "extendedResourceBridge", "skipDelegatedInFit", "zeroDelegatedOnReserve",
                           "skipDelegatedInTopology", "skipBridgeClaimsInGpuCount",
                           "remapImplicitGpuNames", "sharedClaimDedup", "staleClaimRecovery"}) {
    CAPTURE(name);
    CHECK(contains(r.out, std::string("\n  ") + name + " "));
  }
  // Names padded to 27 columns, then one 4-column value per profile, two spaces, the summary.
  // The shared-claim dedup (#1930) is unreleased: only `kai` has it. DRA GPU accounting (#900)
  // arrived in v0.13. skipDelegatedInFit is off everywhere: KAI skips delegated dimensions only
  // in the fractional fit path.
  CHECK(contains(r.out, "\n  sharedClaimDedup            off off off on   pods sharing a claim"));
  CHECK(contains(r.out, "\n  draGpuAccounting            off on  on  on   GPU devices"));
  CHECK(contains(r.out, "\n  draGuardSharedOnly          off off on  on   the guard"));
  CHECK(contains(r.out, "\n  skipDelegatedInFit          off off off off  the fit check"));
}

TEST_CASE("an unknown flag is a usage error with exit code 2") {
  const Run r = drasim({"--no-such-flag"});
  CHECK(r.code == 2);
  CHECK(r.out.empty());
  CHECK(contains(r.err, "--no-such-flag"));
}

TEST_CASE("an unknown report format is a usage error with exit code 2") {
  const TempDir dir;
  const std::string file = dir.write("good.yaml", kGoodScenario);
  const Run r = drasim({"run", "--report", "xml", file});
  CHECK(r.code == 2);
  CHECK(r.out.empty());
  CHECK(contains(r.err, "xml"));
  CHECK(entries_in(dir.path()) == 1);  // only the input
}

TEST_CASE("drasim run --out DIR on bad input writes nothing into DIR") {
  const TempDir input;
  const std::string file = input.write("bad.yaml", kBadInput);
  const TempDir out_dir;
  const Run r = drasim(
      {"run", "--report", "json", "--report", "junit", "--out", out_dir.path().string(), file});
  CHECK(r.code == 2);
  CHECK(r.out.empty());
  CHECK(starts_with(r.err, file + ":4:59: error: "));
  CHECK(entries_in(out_dir.path()) == 0);
}

TEST_CASE("drasim run --out DIR on bad input does not create DIR") {
  const TempDir input;
  const std::string file = input.write("bad.yaml", kBadInput);
  const fs::path out_dir = input.path() / "reports";
  const Run r = drasim({"run", "--report", "json", "--out", out_dir.string(), file});
  CHECK(r.code == 2);
  CHECK_FALSE(fs::exists(out_dir));
}

TEST_CASE("drasim run stopped by --max-events exits 2, says where the time went, writes nothing") {
  const TempDir input;
  const std::string file = input.write("fail.yaml", kFailingScenario);
  const TempDir out_dir;
  const Run r = drasim(
      {"run", "--max-events", "2", "--report", "json", "--out", out_dir.path().string(), file});
  CHECK(r.code == 2);
  CHECK(r.out.empty());
  // The two events: the pod is submitted at 0 s, and the cycle at 0 s finds no node for it.
  CHECK(r.err
        == "drasim: error: the run stopped at its --max-events limit of 2 events at simulated "
           "time 0.0s: 2 events, 1 scheduling cycles, 0 placements, 0 evictions by the "
           "scheduler, 0 by timeline events; a run that evicts and places the same pods again "
           "and again does not end by itself (set spec.horizon, or raise the limit)\n");
  CHECK(entries_in(out_dir.path()) == 0);
}

TEST_CASE("--max-wall takes a number of seconds of zero or more") {
  const TempDir input;
  const std::string file = input.write("fail.yaml", kFailingScenario);
  const Run r = drasim({"run", "--max-wall", "-1", file});
  CHECK(r.code == 2);
  CHECK(contains(r.err, "--max-wall"));
}

TEST_CASE("drasim run --out DIR writes the requested reports when the input is good") {
  const TempDir input;
  const std::string file = input.write("fail.yaml", kFailingScenario);
  const TempDir out_dir;
  const Run r = drasim({"run", "-q", "--report", "json", "--report", "junit", "--out",
                        out_dir.path().string(), file});
  CHECK(r.code == 1);  // the expectation fails, but the run itself finished
  CHECK(fs::exists(out_dir.path() / "report.json"));
  CHECK(fs::exists(out_dir.path() / "report.junit.xml"));
  CHECK(entries_in(out_dir.path()) == 2);  // no temporary files left behind
}

TEST_CASE("drasim run writes all five formats in one run, each file once") {
  const TempDir input;
  const std::string file = input.write("fail.yaml", kFailingScenario);
  const TempDir out_dir;
  const Run r = drasim({"run", "-q", "--report", "json", "--report", "html", "--report", "markdown",
                        "--report", "csv", "--report", "junit", "--report", "csv", "--out",
                        out_dir.path().string(), file});
  CHECK(r.code == 1);
  // report.json, report.junit.xml, report.md, report.html and the four CSV files; csv asked
  // twice is written once, and no temporary file is left.
  for (const char* name : {"report.json", "report.junit.xml", "report.md", "report.html",
                           "metrics.csv", "utilization.csv", "pods.csv", "quota.csv"}) {
    CHECK_MESSAGE(fs::exists(out_dir.path() / name), name);
  }
  CHECK(entries_in(out_dir.path()) == 8);
}

TEST_CASE("--out - writes only JSON: another format there is a usage error") {
  const TempDir input;
  const std::string file = input.write("fail.yaml", kFailingScenario);
  const Run r = drasim({"run", "--report", "html", "--out", "-", file});
  CHECK(r.code == 2);
  CHECK(r.out.empty());
  CHECK(r.err
        == "drasim: error: --out - writes only the JSON report; give a directory for others\n");
}

}  // namespace
}  // namespace drasim::cli
