// `--report csv` (reports/csv_report.h) and `--report markdown` (reports/markdown_report.h) on
// a 2-GPU device-plugin node running four one-GPU pods of 10 minutes each, and on a pod that
// can never fit.
#include "reports/csv_report.h"
#include "reports/markdown_report.h"
#include "sim/engine/engine.h"
#include "sim/scenario_loader.h"

#include <doctest/doctest.h>

#include "tests/two_waves.h"
#include <string>

namespace drasim::reports {
namespace {

using testing::kTwoWaves;

/// Three pods asking 4 GPUs of a 2-GPU node: pending for good, with one reason; one expectation
/// that fails.
const char* const kTooBig = R"(
apiVersion: v1
kind: Node
metadata: {name: gpu-a}
status:
  allocatable: {cpu: "8", memory: 32Gi, pods: "110", nvidia.com/gpu: "2"}
---
apiVersion: v1
kind: Pod
metadata:
  name: big
  annotations: {drasim.dev/replicas: "3"}
spec:
  containers: [{name: c, resources: {limits: {nvidia.com/gpu: "4"}}}]
---
apiVersion: drasim.dev/v1alpha1
kind: Scenario
metadata: {name: too-big}
spec:
  horizon: 1m
  expect:
  - {name: "every pod <runs> | *now*", allPodsBound: true}
)";

sim::RunResult run(const char* text) {
  return sim::run_scenario(sim::load_scenario_texts({{"t.yaml", text}}));
}

std::string file(const std::vector<FileToWrite>& files, const std::string& name) {
  for (const FileToWrite& f : files) {
    if (f.path == name) {
      return f.text;
    }
  }
  FAIL("no file " << name);
  return "";
}

TEST_CASE("csv fields are quoted only when they hold a comma, a quote or a line break") {
  CHECK(csv_field("plain") == "plain");
  CHECK(csv_field("a,b") == "\"a,b\"");
  CHECK(csv_field("say \"hi\"") == "\"say \"\"hi\"\"\"");
  CHECK(csv_field("two\nlines") == "\"two\nlines\"");
  CHECK(csv_field("") == "");
}

TEST_CASE("the csv report is four files with documented columns") {
  const std::vector<FileToWrite> files = csv_report(run(kTwoWaves));
  REQUIRE(files.size() == 4);
  // The same rows as the JSON report's metrics.series (tests/reports/metrics_json_test.cpp),
  // a null wait as an empty field.
  CHECK(file(files, "metrics.csv")
        == "t,pending,running,evictions,failedBinds,capacityOfflineGpus,waitP50,waitP95,waitP99\n"
           "0.0,2,2,0,0,0,,,\n"
           "0.2,2,2,0,0,0,0.2,0.2,0.2\n"
           "600.2,2,0,0,0,0,0.2,0.2,0.2\n"
           "601.0,0,2,0,0,0,0.2,0.2,0.2\n"
           "601.2,0,2,0,0,0,0.2,601.2,601.2\n"
           "1201.2,0,0,0,0,0,0.2,601.2,601.2\n");
  // The pods in name order (queue: KAI's default-queue); p-2 bound at 601.2 s, ran 10 m.
  const std::string pods = file(files, "pods.csv");
  CHECK(pods.rfind("namespace,name,queue,phase,node,path,submittedAt,boundAt,finishedAt,"
                   "evictions,devices,reason\n"
                   "default,p-0,",
                   0)
        == 0);
  CHECK(pods.find("default,p-2,default-queue,Succeeded,gpu-a,device-plugin,0.0,601.2,1201.2,0,,\n")
        != std::string::npos);
  // gpu-a is the device-plugin pool: 2 GPUs present, both used from 0 s.
  CHECK(file(files, "utilization.csv").find("0.0,device-plugin,gpu,2,2\n") != std::string::npos);
  CHECK(file(files, "quota.csv").rfind("t,queue,resource,accounted,fairShare,actual,drift\n", 0)
        == 0);
}

TEST_CASE("markdown text renders as written: table bars, HTML and emphasis escaped") {
  CHECK(markdown_text("a|b") == "a\\|b");
  CHECK(markdown_text("<script>") == "&lt;script&gt;");
  CHECK(markdown_text("*x* _y_ `z`") == "\\*x\\* \\_y\\_ \\`z\\`");
  CHECK(markdown_text("two\nlines") == "two lines");
}

TEST_CASE("the markdown summary has the verdict, expectations, metrics and pending reasons") {
  const std::string md = markdown_report(run(kTooBig));
  CHECK(md.rfind("## drasim: too-big\n\n**FAIL**: 0 of 1 expectations held. Profile `kai`, "
                 "seed 1.\n",
                 0)
        == 0);
  CHECK(md.find("| ❌ | every pod &lt;runs&gt; \\| \\*now\\* |") != std::string::npos);
  CHECK(md.find("| pods | 3 (0 running, 0 completed, 3 pending, 0 evicted, 0 failed) |")
        != std::string::npos);
  // No bind: no percentile; the three pods share one reason, the first three named.
  CHECK(md.find("| wait p50 / p95 / p99 | - / - / - over 0 binds |") != std::string::npos);
  CHECK(md.find("### Pending pods by reason\n\n| pods | reason | for example |\n| --- | --- | --- "
                "|\n| 3 | ")
        != std::string::npos);
  CHECK(md.find("| default/big-0, default/big-1, default/big-2 |") != std::string::npos);
  CHECK(md.find("### Anomalies") == std::string::npos);  // none happened
}

}  // namespace
}  // namespace drasim::reports
