// Decoding the quota and eviction expectations of `spec.expect[]` (sim/decode_scenario.cpp) and
// the load-time check that a fairShare expectation names an existing queue
// (sim/scenario_checks.cpp). Messages are pinned exactly; a comment says where each one points.
#include "sim/scenario_loader.h"

#include <doctest/doctest.h>

#include <string>
#include <string_view>

namespace drasim::sim {
namespace {

const char* const kHead = R"(apiVersion: scheduling.run.ai/v2
kind: Queue
metadata: {name: team-a}
---
apiVersion: drasim.dev/v1alpha1
kind: Scenario
metadata: {name: t}
spec:
  expect:
)";

/// Every diagnostic of loading kHead plus `expect_items`, one a line ("" when it loads).
std::string errors_of(std::string_view expect_items) {
  try {
    (void)load_scenario_texts({{"t.yaml", std::string(kHead) + std::string(expect_items)}});
  } catch (const InputError& e) {
    std::string out;
    for (const Diagnostic& d : e.diagnostics()) {
      out += d.to_string() + "\n";
    }
    return out;
  }
  return "";
}

Scenario load_ok(std::string_view expect_items) {
  return load_scenario_texts({{"t.yaml", std::string(kHead) + std::string(expect_items)}});
}

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
           "podOnNode, fairShare, evictionsAtMost, got several\n");
}

}  // namespace
}  // namespace drasim::sim
