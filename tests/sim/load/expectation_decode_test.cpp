// Decoding the quota and eviction expectations of `spec.expect[]` (sim/load/decode_scenario.cpp)
// and the load-time check that a fairShare expectation names an existing queue
// (sim/load/scenario_checks.cpp). Messages are pinned exactly; a comment says where each one
// points.
#include "sim/scenario_loader.h"

#include <doctest/doctest.h>

#include "tests/sim/load/expect_fixture.h"
#include <string>
#include <string_view>

namespace drasim::sim {
namespace {

using expect_fixture::errors_of;
using expect_fixture::load_ok;

TEST_CASE("a fairShare expectation reads its queue, resource, percentage and time") {
  const Scenario s =
      load_ok("  - {fairShare: {queue: team-a, resource: gpu, within: 12.5%}, at: 2h}\n");
  REQUIRE(s.expectations.size() == 1);
  const Expectation& e = s.expectations[0];
  CHECK(e.kind == Expectation::Kind::kFairShare);
  CHECK(e.queue == "team-a");
  CHECK(e.resource == 2);  // gpu, the proportion plugin's third resource
  CHECK(e.within == doctest::Approx(0.125));
  CHECK(e.at == SimTime{7'200'000'000});
  CHECK(e.name == "team-a gpu within 12.5% of its fair share");
}

TEST_CASE("an evictionsAtMost expectation reads its count") {
  const Scenario s = load_ok("  - {evictionsAtMost: 3}\n");
  REQUIRE(s.expectations.size() == 1);
  CHECK(s.expectations[0].kind == Expectation::Kind::kEvictionsAtMost);
  CHECK(s.expectations[0].count == 3);
  CHECK(s.expectations[0].name == "at most 3 evictions");
}

TEST_CASE("a fairShare expectation about a queue that does not exist is rejected at the name") {
  // The Scenario's expect list starts on line 10; `team-z` is at column 24.
  CHECK(errors_of("  - fairShare: {queue: team-z, resource: gpu, within: 10%}\n")
        == "t.yaml:10:24: error: spec.expect[0].fairShare.queue: the name of an existing Queue, "
           "got \"team-z\"\n");
}

TEST_CASE("a fairShare expectation needs a queue and a resource") {
  // Missing fields are reported at the fairShare mapping (line 10, column 16).
  CHECK(errors_of("  - fairShare: {within: 10%}\n")
        == "t.yaml:10:16: error: spec.expect[0].fairShare.queue: a queue name, got nothing\n"
           "t.yaml:10:16: error: spec.expect[0].fairShare.resource: one of cpu, memory, gpu, got "
           "nothing\n");
  CHECK(errors_of("  - fairShare: {queue: team-a, resource: nic, within: 10%}\n")
        == "t.yaml:10:42: error: spec.expect[0].fairShare.resource: one of cpu, memory, gpu, got "
           "\"nic\"\n");
}

TEST_CASE("a fairShare expectation's within is a percentage from 0% to 1000%") {
  // `within` values start at column 55.
  CHECK(errors_of("  - fairShare: {queue: team-a, resource: gpu, within: 10}\n")
        == "t.yaml:10:55: error: spec.expect[0].fairShare.within: a percentage from 0% to 1000%, "
           "such as 10%, got \"10\"\n");
  CHECK(errors_of("  - fairShare: {queue: team-a, resource: gpu, within: 1001%}\n")
        == "t.yaml:10:55: error: spec.expect[0].fairShare.within: a percentage from 0% to 1000%, "
           "such as 10%, got \"1001%\"\n");
  CHECK(errors_of("  - fairShare: {queue: team-a, resource: gpu, within: -5%}\n")
        == "t.yaml:10:55: error: spec.expect[0].fairShare.within: a percentage from 0% to 1000%, "
           "such as 10%, got \"-5%\"\n");
  CHECK(errors_of("  - fairShare: {queue: team-a, resource: gpu, within: 1000%}\n").empty());
  CHECK(errors_of("  - fairShare: {queue: team-a, resource: gpu}\n")
        == "t.yaml:10:16: error: spec.expect[0].fairShare.within: a percentage from 0% to 1000%, "
           "such as 10%, got nothing\n");
}

TEST_CASE("evictionsAtMost takes a whole number of zero or more") {
  // The value starts at column 22.
  CHECK(errors_of("  - evictionsAtMost: -1\n")
        == "t.yaml:10:22: error: spec.expect[0].evictionsAtMost: zero or more evictions, got "
           "-1\n");
  CHECK(errors_of("  - evictionsAtMost: two\n")
        == "t.yaml:10:22: error: spec.expect[0].evictionsAtMost: a whole number of evictions, got "
           "\"two\"\n");
}

TEST_CASE("an expectation with two kinds is rejected") {
  CHECK(errors_of("  - {evictionsAtMost: 1, pendingAtMost: 0}\n")
        == "t.yaml:10:5: error: spec.expect[0]: exactly one of allPodsBound, pendingAtMost, "
           "podOnNode, podPhase, fairShare, evictionsAtMost, anomaliesAtMost, quotaDrift, "
           "waitTime, utilization, got several\n");
}

TEST_CASE("an anomaliesAtMost expectation reads an optional kind and a count") {
  const Scenario s = load_ok(
      "  - {anomaliesAtMost: {kind: negative-idle, count: 0}}\n"
      "  - {anomaliesAtMost: {count: 3}, at: 1m}\n");
  REQUIRE(s.expectations.size() == 2);
  CHECK(s.expectations[0].kind == Expectation::Kind::kAnomaliesAtMost);
  CHECK(s.expectations[0].anomaly_kind == model::AnomalyKind::kNegativeIdle);
  CHECK(s.expectations[0].count == 0);
  CHECK(s.expectations[0].name == "at most 0 negative-idle anomalies");
  CHECK_FALSE(s.expectations[1].anomaly_kind.has_value());
  CHECK(s.expectations[1].count == 3);
  CHECK(s.expectations[1].name == "at most 3 anomalies");
}

TEST_CASE("an anomaliesAtMost expectation names the allowed kinds for an unknown one") {
  // `stale` starts at column 29; the negative count at column 49.
  CHECK(errors_of("  - anomaliesAtMost: {kind: stale, count: 0}\n")
        == "t.yaml:10:29: error: spec.expect[0].anomaliesAtMost.kind: one of negative-idle, "
           "quota-drift, topology-false-reject, double-count, stale-claim, "
           "shadowed-device-class, unresolvable-request, eviction-churn, got \"stale\"\n");
  CHECK(errors_of("  - anomaliesAtMost: {kind: quota-drift, count: -1}\n")
        == "t.yaml:10:49: error: spec.expect[0].anomaliesAtMost.count: zero or more anomalies, "
           "got -1\n");
  // Without a count: reported at the mapping (column 22).
  CHECK(errors_of("  - anomaliesAtMost: {kind: quota-drift}\n")
        == "t.yaml:10:22: error: spec.expect[0].anomaliesAtMost.count: a whole number of "
           "anomalies, got nothing\n");
}

TEST_CASE("a quotaDrift expectation reads its queue, resource and bound in report units") {
  const Scenario s = load_ok("  - {quotaDrift: {queue: team-a, resource: cpu, within: 1.5}}\n");
  REQUIRE(s.expectations.size() == 1);
  const Expectation& e = s.expectations[0];
  CHECK(e.kind == Expectation::Kind::kQuotaDrift);
  CHECK(e.queue == "team-a");
  CHECK(e.resource == 0);
  CHECK(e.within == 1.5);
  CHECK(e.name == "team-a cpu quota drift within 1.5");
}

TEST_CASE("a quotaDrift expectation needs an existing queue and a bound of zero or more") {
  // `team-z` at column 25 (line 10); the negative bound at column 56.
  CHECK(errors_of("  - quotaDrift: {queue: team-z, resource: gpu, within: 0}\n")
        == "t.yaml:10:25: error: spec.expect[0].quotaDrift.queue: the name of an existing Queue, "
           "got \"team-z\"\n");
  CHECK(errors_of("  - quotaDrift: {queue: team-a, resource: gpu, within: -1}\n")
        == "t.yaml:10:56: error: spec.expect[0].quotaDrift.within: zero or more (cpu cores, "
           "memory bytes or GPUs), got -1\n");
  CHECK(errors_of("  - quotaDrift: {queue: team-a, resource: gpu}\n")
        == "t.yaml:10:17: error: spec.expect[0].quotaDrift.within: zero or more (cpu cores, "
           "memory bytes or GPUs), got nothing\n");
}

}  // namespace
}  // namespace drasim::sim
