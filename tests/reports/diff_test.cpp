// drasim diff (reports/diff/): reading reports back, each kind of difference, the tolerance
// arithmetic of the gate, and the three output forms. The reports are written by hand so every
// expected difference follows from the two texts; one case compares two real runs.
#include "reports/diff/diff_output.h"
#include "reports/diff/report_data.h"
#include "reports/diff/report_diff.h"
#include "reports/json_report.h"
#include "sim/engine/engine.h"
#include "sim/load/diagnostic.h"
#include "sim/scenario_loader.h"

#include <doctest/doctest.h>

#include <string>
#include <vector>

namespace drasim::reports {
namespace {

/// The parts of a report a case sets; the rest is an empty run.
struct Parts {
  std::string pods = "[]";
  std::string anomalies = "[]";
  std::string quota = "[]";
  std::string utilization = "[]";
  std::string waits = R"({"count": 0, "p50": null, "p95": null, "p99": null, "max": null})";
  std::string series = "[]";
  std::string expectations = "[]";
  std::string profile = "kai";
};

std::string report(const Parts& p) {
  return R"({"schemaVersion": 1, "scenario": "s", "profile": ")" + p.profile
         + R"(", "seed": 7, "summary": {}, "pods": )" + p.pods + R"(, "claims": [], "anomalies": )"
         + p.anomalies + R"(, "quota": )" + p.quota
         + R"(, "metrics": {"columns": ["t", "pending", "running"], "series": )" + p.series
         + R"(, "utilization": )" + p.utilization + R"(, "waits": )" + p.waits
         + R"(}, "expectations": )" + p.expectations + R"(, "warnings": []})";
}

std::string pod(const std::string& name, const std::string& phase, const std::string& node,
                const std::string& bound_at, const std::string& devices = "[]",
                const std::string& extra = "") {
  return R"({"namespace": "default", "name": ")" + name + R"(", "queue": "q", "phase": ")" + phase
         + R"(", "node": )" + node + R"(, "path": ")" + (devices == "[]" ? "device-plugin" : "dra")
         + R"(", "submittedAt": 0, "boundAt": )" + bound_at
         + R"(, "finishedAt": null, "reason": null, "devices": )" + devices + extra + "}";
}

std::string gpu(const std::string& node, const std::string& device) {
  return R"({"claim": "c-x", "request": "gpu", "driver": "gpu.nvidia.com", "pool": ")" + node
         + R"(", "device": ")" + device + R"("})";
}

std::string anomaly(const std::string& kind, double at, const std::string& node) {
  return R"({"kind": ")" + kind + R"(", "at": )" + std::to_string(at) + R"(, "node": ")" + node
         + R"(", "queue": null, "resource": "gpu", "value": -1, "pod": null, "message": "m"})";
}

ReportData read(const Parts& p, const std::string& name) {
  return read_report_text(report(p), name);
}

/// The message of the InputError reading `text` throws.
std::string read_error(const std::string& text) {
  try {
    (void)read_report_text(text, "r.json");
  } catch (const sim::InputError& e) {
    return e.diagnostics().front().to_string();
  }
  return "no error";
}

TEST_CASE("a report compared with itself has no differences and no gate checks") {
  Parts p;
  p.pods = "[" + pod("a", "Running", "\"n1\"", "1.5") + "]";
  p.anomalies = "[" + anomaly("negative-idle", 3, "n1") + "]";
  const ReportData base = read(p, "a.json");
  const ReportData next = read(p, "b.json");
  const ReportDiff d = diff_reports(base, next, Tolerances{});
  CHECK(d.identical());
  CHECK(d.checks.empty());
  CHECK(diff_words::headline(d) == "no differences");
  CHECK(diff_text(d, {true, 20}).find("gate: passed (0 changes within tolerance)")
        != std::string::npos);
}

TEST_CASE("placement: node, phase, path, devices and evictions, and pods only one run has") {
  Parts base;
  base.pods = "[" + pod("a", "Running", "\"n1\"", "1") + ", "
              + pod("b", "Running", "\"n2\"", "1", "[" + gpu("n2", "gpu-0") + "]") + ", "
              + pod("c", "Pending", "null", "null") + "]";
  Parts next;
  next.pods = "[" + pod("a", "Running", "\"n2\"", "1") + ", "
              + pod("b", "Running", "\"n2\"", "1", "[" + gpu("n2", "gpu-1") + "]",
                    R"(, "evictions": 2, "evictionMessage": "x")")
              + ", " + pod("d", "Running", "\"n3\"", "1") + "]";
  const ReportData b = read(base, "a.json");
  const ReportData n = read(next, "b.json");
  const ReportDiff d = diff_reports(b, n, Tolerances{});
  REQUIRE(d.placement.size() == 4);  // a, b and c of the base; d of the new run
  CHECK(diff_words::pod_change(d.placement[0]) == "node n1 -> n2");
  CHECK(diff_words::pod_change(d.placement[1])
        == "devices gpu.nvidia.com/n2/gpu-0 -> gpu.nvidia.com/n2/gpu-1, evictions 0 -> 2");
  CHECK(diff_words::pod_change(d.placement[2]) == "only in base: Pending");
  CHECK(diff_words::pod_change(d.placement[3]) == "only in new: Running on n3");
  CHECK(d.bound_shifts.empty());  // every pod bound in both runs was bound at 1 s in both
  // placements=0 by default: four changed pods fail it, and b's two evictions are two more
  // than the base run's none. placements=4 and evictions=2 allow exactly that.
  REQUIRE(d.checks.size() == 2);
  CHECK(d.checks[0].measured == "4 pods changed");
  CHECK_FALSE(d.checks[0].passed);
  CHECK(d.checks[1].key == "evictions");
  CHECK(d.checks[1].measured == "+2");
  CHECK_FALSE(d.checks[1].passed);
  Tolerances allowed;
  REQUIRE(allowed.add("placements=4").empty());
  REQUIRE(allowed.add("evictions=2").empty());
  CHECK(diff_reports(b, n, allowed).failed_checks() == 0);
}

TEST_CASE("bound times that moved are listed past the boundAt tolerance only") {
  Parts base;
  base.pods =
      "[" + pod("a", "Running", "\"n1\"", "10") + ", " + pod("b", "Running", "\"n1\"", "10") + "]";
  Parts next;
  next.pods =
      "[" + pod("a", "Running", "\"n1\"", "12") + ", " + pod("b", "Running", "\"n1\"", "40") + "]";
  const ReportData b = read(base, "a.json");
  const ReportData n = read(next, "b.json");
  CHECK(diff_reports(b, n, Tolerances{}).bound_shifts.size() == 2);  // 2 s and 30 s are > 0 s
  Tolerances five;
  REQUIRE(five.add("boundAt=5s").empty());
  const ReportDiff d = diff_reports(b, n, five);
  REQUIRE(d.bound_shifts.size() == 1);  // a moved 2 s (within 5 s), b moved 30 s
  CHECK(d.bound_shifts[0].pod == "default/b");
  CHECK(format_change("boundAt", 10, 40) == "+30s (+300.0%)");
  REQUIRE(d.checks.size() == 1);
  CHECK(d.checks[0].measured == "1 pod moved more than 5s");
  CHECK_FALSE(d.checks[0].passed);
  Tolerances any;
  REQUIRE(any.add("boundAt=any").empty());
  CHECK(diff_reports(b, n, any).identical());
}

TEST_CASE("anomalies appear and vanish by kind, node, queue, resource and pod, not by time") {
  Parts base;
  base.anomalies =
      "[" + anomaly("negative-idle", 5, "n1") + ", " + anomaly("quota-drift", 0, "n9") + "]";
  Parts next;
  next.anomalies =
      "[" + anomaly("negative-idle", 9, "n1") + ", " + anomaly("negative-idle", 2, "n2") + "]";
  const ReportData b = read(base, "a.json");
  const ReportData n = read(next, "b.json");
  const ReportDiff d = diff_reports(b, n, Tolerances{});
  REQUIRE(d.anomalies.size() == 2);  // sorted by kind
  CHECK(d.anomalies[0].kind == "negative-idle");
  CHECK(d.anomalies[0].base == 1);
  CHECK(d.anomalies[0].next == 2);
  REQUIRE(d.anomalies[0].appeared.size() == 1);  // n1's moved from 5 s to 9 s: the same one
  CHECK(d.anomalies[0].appeared[0].node == "n2");
  CHECK(d.anomalies[0].vanished.empty());
  CHECK(d.anomalies[1].kind == "quota-drift");
  CHECK(d.anomalies[1].vanished.size() == 1);
  // Only new anomalies are checked: one negative-idle against the default 0.
  REQUIRE(d.checks.size() == 1);
  CHECK(d.checks[0].key == "anomalies.negative-idle");
  CHECK(d.checks[0].measured == "1 new anomaly");
  CHECK_FALSE(d.checks[0].passed);
  Tolerances one;
  REQUIRE(one.add("anomalies=1").empty());  // the family's key covers every kind
  CHECK(diff_reports(b, n, one).failed_checks() == 0);
}

TEST_CASE("metrics: the most specific tolerance decides, in its unit, and improvements pass") {
  Parts base;
  base.utilization = R"([{"pool": "dra", "resource": "gpu", "average": 0.5}])";
  base.waits = R"({"count": 4, "p50": 1, "p95": 10, "p99": 10, "max": 12})";
  base.series = "[[0, 3, 0], [5, 1, 2]]";
  base.pods = "[" + pod("a", "Running", "\"n1\"", "1", "[]", R"(, "evictions": 2)") + "]";
  Parts next = base;
  next.utilization = R"([{"pool": "dra", "resource": "gpu", "average": 0.48}])";
  next.waits = R"({"count": 4, "p50": 1, "p95": 11, "p99": 10, "max": 12})";
  next.series = "[[0, 5, 0], [5, 1, 2]]";
  next.pods = "[" + pod("a", "Running", "\"n1\"", "1", "[]", R"(, "evictions": 1)") + "]";
  const ReportData b = read(base, "a.json");
  const ReportData n = read(next, "b.json");
  Tolerances t;
  REQUIRE(t.add("waits.p95=10%").empty());            // 10 s -> 11 s is +10%: within
  REQUIRE(t.add("waits=5%").empty());                 // less specific than waits.p95
  REQUIRE(t.add("utilization.dra=-2pp").empty());     // 50% -> 48% is -2pp: within
  REQUIRE(t.add("utilization.dra.gpu=1pp").empty());  // but this one is more specific
  REQUIRE(t.add("pendingPeak=2").empty());            // peak 3 -> 5: +2, within
  const ReportDiff d = diff_reports(b, n, t);
  REQUIRE(d.metrics.size() == 4);  // utilization, waits.p95, pendingPeak, evictions
  REQUIRE(d.checks.size() == 5);   // and the pod whose evictions changed, first
  CHECK(d.checks[0].key == "placements");
  CHECK(d.checks[1].key == "utilization.dra.gpu");
  CHECK(d.checks[1].measured == "-2.0pp");
  CHECK_FALSE(d.checks[1].passed);  // 2pp > 1pp
  CHECK(d.checks[2].key == "waits.p95");
  CHECK(d.checks[2].measured == "+10.0%");
  CHECK(d.checks[2].passed);
  CHECK(d.checks[3].key == "pendingPeak");
  CHECK(d.checks[3].passed);
  CHECK(d.checks[4].key == "evictions");
  CHECK(d.checks[4].measured == "-1 (-50.0%)");
  CHECK(d.checks[4].passed);       // fewer evictions is better: never beyond a tolerance
  CHECK(d.failed_checks() == 2);   // utilization, and the changed pod against placements=0
  CHECK(d.placement.size() == 1);  // the pod's evictions 2 -> 1
}

TEST_CASE("quota rows: drift growth and fair-share changes either way") {
  Parts base;
  base.quota = R"([{"queue": "a", "resource": "gpu", "fairShare": 4, "maxAbsDrift": 0},
                   {"queue": "b", "resource": "gpu", "fairShare": 4, "maxAbsDrift": 2}])";
  Parts next;
  next.quota = R"([{"queue": "a", "resource": "gpu", "fairShare": 5, "maxAbsDrift": 1},
                   {"queue": "b", "resource": "gpu", "fairShare": 3, "maxAbsDrift": 0}])";
  const ReportData b = read(base, "a.json");
  const ReportData n = read(next, "b.json");
  Tolerances t;
  REQUIRE(t.add("quota.fairShare=25%").empty());
  const ReportDiff d = diff_reports(b, n, t);
  REQUIRE(d.quota.size() == 4);
  std::vector<std::string> verdicts;
  for (const GateCheck& c : d.checks) {
    verdicts.push_back(c.subject + " " + c.key + " " + c.measured + (c.passed ? " ok" : " FAIL"));
  }
  // a's drift grew 0 -> 1 (default 0: fails); b's fell (better); fair shares moved by 25% each
  // (4 -> 5, 4 -> 3), which 25% allows either way.
  CHECK(verdicts
        == std::vector<std::string>{"a gpu quota.fairShare +25.0% ok", "a gpu quota.drift +1 FAIL",
                                    "b gpu quota.fairShare -25.0% ok", "b gpu quota.drift -2 ok"});
}

TEST_CASE("expectations that flip, and those one run lacks; only new failures are checked") {
  Parts base;
  base.expectations = R"([{"name": "A", "passed": true, "message": ""},
      {"name": "B", "passed": false, "message": ""}, {"name": "C", "passed": true, "message": ""}])";
  Parts next;
  next.expectations = R"([{"name": "A", "passed": false, "message": "2 pending"},
      {"name": "B", "passed": true, "message": ""}, {"name": "D", "passed": true, "message": ""}])";
  const ReportData b = read(base, "a.json");
  const ReportData n = read(next, "b.json");
  const ReportDiff d = diff_reports(b, n, Tolerances{});
  std::vector<std::string> flips;
  for (const ExpectationChange& e : d.expectations) {
    flips.push_back(e.name + ": " + diff_words::verdict(e.base) + " -> "
                    + diff_words::verdict(e.next));
  }
  CHECK(flips
        == std::vector<std::string>{"A: passed -> FAILED", "B: FAILED -> passed",
                                    "C: passed -> absent", "D: absent -> passed"});
  REQUIRE(d.checks.size() == 1);
  CHECK(d.checks[0].measured == "1 expectation fails");
}

TEST_CASE("a tolerance names a known key, a unit its family takes, and the worse direction") {
  Tolerances t;
  CHECK(t.add("waits.p95") == "waits.p95: a tolerance is KEY=VALUE (waits.p95=10%)");
  CHECK(t.add("wait=10%")
        == "wait: not a tolerance key; the keys are placements, boundAt, anomalies, quota, "
           "utilization, waits, pendingPeak, evictions, expectations");
  CHECK(t.add("waits.p90=10%") == "waits.p90: not one of waits, waits.p50, waits.p95, waits.p99, "
                                  "waits.max");
  CHECK(t.add("utilization.dra=2") == "utilization.dra=2: utilization takes a percentage of the "
                                      "base (10%), percentage points (2pp)");
  CHECK(t.add("placements=10%") == "placements=10%: placements takes a plain number");
  CHECK(t.add("waits.p95=-10%")
        == "waits.p95=-10%: waits.p95 gets worse as it rises, so its tolerance is 10%");
  CHECK(t.add("utilization=+2pp")
        == "utilization=+2pp: utilization gets worse as it falls, so its tolerance is -2pp");
  CHECK(t.add("evictions=ten") == "evictions=ten: not a number with a unit evictions takes");
  CHECK(t.add("utilization.=2pp") == "utilization.: an empty part after a dot");
  CHECK(t.add("waits.p99=30s").empty());
  CHECK(t.find("waits.p99").value == 30);
  CHECK(t.find("waits.p95").text == "0");  // nothing given for it or for waits
}

TEST_CASE("Tolerance::exceeded: a change equal to the tolerance is within it") {
  const Tolerance ten{10, Tolerance::Unit::kPercent, false, "10%"};
  CHECK_FALSE(ten.exceeded(0.3, 0.33, Worse::kUp));  // +10% (0.03 / 0.3), in floating point
  CHECK(ten.exceeded(0.3, 0.331, Worse::kUp));
  CHECK(ten.exceeded(0, 0.001, Worse::kUp));  // from nothing, any rise is past a percentage
  const Tolerance two_points{2, Tolerance::Unit::kPoints, false, "2pp"};
  CHECK_FALSE(two_points.exceeded(0.5, 0.48, Worse::kDown));
  CHECK(two_points.exceeded(0.5, 0.479, Worse::kDown));
  CHECK_FALSE(two_points.exceeded(0.5, 0.9, Worse::kDown));  // a rise of utilization is better
  const Tolerance zero;
  CHECK(zero.exceeded(3, 2, Worse::kEitherWay));
}

TEST_CASE("a report that is not one gets the input error format, with path and position") {
  CHECK(read_error("{\"schemaVersion\": 2}")
        == "r.json:1:19: error: schemaVersion: schemaVersion 1 (a report of this drasim), got 2");
  CHECK(read_error("{\"scenario\": \"s\"}")
        == "r.json:1:1: error: schemaVersion: schemaVersion 1 (a report of this drasim), got "
           "nothing");
  CHECK(read_error("{\"schemaVersion\": 1, \"pods\": [{\"namespace\": \"d\", \"name\": \"a\", "
                   "\"phase\": \"Running\", \"path\": \"none\", \"boundAt\": \"soon\"}]}")
        == "r.json:1:110: error: pods[0].boundAt: a number, got \"soon\"");
  CHECK(read_error("{\"schemaVersion\": 1,")
        == "r.json:1:21: error: <document>: valid JSON, got The JSON document has an improper "
           "structure: missing or superfluous commas, braces, missing keys, etc.");
  CHECK(read_error("kind: Pod") == "r.json:1:1: error: <document>: a drasim JSON report (drasim "
                                   "run --report json), got text that is not JSON");
}

TEST_CASE("kai-v0.17 against kai on the demo: one new negative-idle anomaly, one expectation") {
  // The rolling migration's shared GPU on infer-0: kai-v0.17 charges the node for it twice
  // (before KAI #1930, whose fix the kai profile has; scenarios/rolling-migration.yaml). That is
  // the only difference between the two runs.
  sim::Scenario s =
      sim::load_scenario({std::string(DRASIM_SOURCE_DIR) + "/scenarios/rolling-migration.yaml"});
  const std::string kai = json_report(sim::run_scenario(s));
  s.scheduler.profile = sim::Profile::kKaiV017;
  const std::string v017 = json_report(sim::run_scenario(s));
  const ReportData base = read_report_text(kai, "kai.json");
  const ReportData next = read_report_text(v017, "v017.json");
  const ReportDiff d = diff_reports(base, next, Tolerances{});
  CHECK(diff_words::headline(d) == "1 anomaly kind changed, 1 expectation changed");
  REQUIRE(d.anomalies.size() == 1);
  CHECK(d.anomalies[0].kind == "negative-idle");
  REQUIRE(d.anomalies[0].appeared.size() == 1);
  CHECK(d.anomalies[0].appeared[0].node == "infer-0");
  CHECK(d.failed_checks() == 2);  // the new anomaly and the expectation that now fails
}

}  // namespace
}  // namespace drasim::reports
