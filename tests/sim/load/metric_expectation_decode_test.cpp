// Decoding the waitTime and utilization expectations of `spec.expect[]`
// (sim/load/decode_metric_expectations.cpp). Messages are pinned exactly; a comment says where each
// one points (line 10 is the first expect item).
#include "sim/scenario_loader.h"

#include <doctest/doctest.h>

#include "tests/sim/load/expect_fixture.h"
#include <string>
#include <string_view>

namespace drasim::sim {
namespace {

using expect_fixture::errors_of;
using expect_fixture::load_ok;

TEST_CASE("a waitTime expectation reads its percentile, bound and optional queue") {
  const Scenario s = load_ok(
      "  - {waitTime: {percentile: 95, atMost: 10m, queue: team-a}}\n"
      "  - {waitTime: {percentile: 50, atMost: 90s}, at: 1h}\n");
  REQUIRE(s.expectations.size() == 2);
  const Expectation& a = s.expectations[0];
  CHECK(a.kind == Expectation::Kind::kWaitTime);
  CHECK(a.percentile == 95);
  CHECK(a.wait_at_most == SimDuration::seconds(600));
  CHECK(a.queue == "team-a");
  CHECK(a.name == "p95 wait of team-a at most 600.0s");
  const Expectation& b = s.expectations[1];
  CHECK(b.percentile == 50);
  CHECK(b.queue.empty());
  CHECK(b.at == SimTime{3'600'000'000});
  CHECK(b.name == "p50 wait at most 90.0s");
}

TEST_CASE("a waitTime expectation needs a percentile from 1 to 100, a bound and a known queue") {
  // `0` and `101` at column 28.
  CHECK(errors_of("  - waitTime: {percentile: 0, atMost: 10m}\n")
        == "t.yaml:10:28: error: spec.expect[0].waitTime.percentile: a percentile from 1 to 100, "
           "got 0\n");
  CHECK(errors_of("  - waitTime: {percentile: 101, atMost: 10m}\n")
        == "t.yaml:10:28: error: spec.expect[0].waitTime.percentile: a percentile from 1 to 100, "
           "got 101\n");
  // Missing keys are reported at the mapping (column 15).
  CHECK(errors_of("  - waitTime: {atMost: 10m}\n")
        == "t.yaml:10:15: error: spec.expect[0].waitTime.percentile: a percentile from 1 to 100, "
           "got nothing\n");
  CHECK(errors_of("  - waitTime: {percentile: 99}\n")
        == "t.yaml:10:15: error: spec.expect[0].waitTime.atMost: a duration such as 10m, got "
           "nothing\n");
  // `team-z` at column 51.
  CHECK(errors_of("  - waitTime: {percentile: 99, atMost: 1m, queue: team-z}\n")
        == "t.yaml:10:51: error: spec.expect[0].waitTime.queue: the name of an existing Queue, "
           "got \"team-z\"\n");
}

TEST_CASE("a utilization expectation reads resource, pool, bounds and window") {
  const Scenario s = load_ok(
      "  - {utilization: {resource: gpu, pool: dra, atLeast: 70%, over: [1h, 5h]}}\n"
      "  - {utilization: {resource: cpu, atMost: 95.5%}, at: 2h}\n");
  REQUIRE(s.expectations.size() == 2);
  const Expectation& a = s.expectations[0];
  CHECK(a.kind == Expectation::Kind::kUtilization);
  CHECK(a.resource == 2);
  CHECK(a.pool == NodePool::kDra);
  CHECK(a.at_least == doctest::Approx(0.7));
  CHECK_FALSE(a.at_most.has_value());
  REQUIRE(a.window.has_value());
  CHECK(a.window->first == SimTime{3'600'000'000});
  CHECK(a.window->second == SimTime{18'000'000'000});
  CHECK(a.name == "dra gpu utilization at least 70%");
  const Expectation& b = s.expectations[1];
  CHECK(b.pool == NodePool::kAll);  // the default
  CHECK(b.at_most == doctest::Approx(0.955));
  CHECK(b.name == "all cpu utilization at most 95.5%");
}

TEST_CASE("a utilization expectation rejects an unknown pool or resource") {
  // `gpus` at column 29; `gpu-nodes` at column 40.
  CHECK(errors_of("  - utilization: {resource: gpus, atLeast: 1%}\n")
        == "t.yaml:10:29: error: spec.expect[0].utilization.resource: one of cpu, memory, gpu, "
           "got \"gpus\"\n");
  CHECK(errors_of("  - utilization: {resource: gpu, pool: gpu-nodes, atLeast: 1%}\n")
        == "t.yaml:10:40: error: spec.expect[0].utilization.pool: one of device-plugin, dra, "
           "mixed, cpu, all, got \"gpu-nodes\"\n");
}

TEST_CASE("a utilization expectation needs a bound from 0% to 100%") {
  // `120%` at column 43, `-5%` at column 42; no bound: at the mapping (column 18).
  CHECK(errors_of("  - utilization: {resource: gpu, atLeast: 120%}\n")
        == "t.yaml:10:43: error: spec.expect[0].utilization.atLeast: a percentage from 0% to "
           "100%, such as 10%, got \"120%\"\n");
  CHECK(errors_of("  - utilization: {resource: gpu, atMost: -5%}\n")
        == "t.yaml:10:42: error: spec.expect[0].utilization.atMost: a percentage from 0% to "
           "100%, such as 10%, got \"-5%\"\n");
  CHECK(errors_of("  - utilization: {resource: gpu}\n")
        == "t.yaml:10:18: error: spec.expect[0].utilization: atLeast or atMost, such as 70%, got "
           "neither\n");
}

TEST_CASE("a utilization window ends after it starts and does not come with at") {
  // `1h` (the end) at column 59; the window at column 54 (55 in the flow mapping).
  CHECK(errors_of("  - utilization: {resource: gpu, atLeast: 50%, over: [5h, 1h]}\n")
        == "t.yaml:10:59: error: spec.expect[0].utilization.over[1]: a time after the window's "
           "start 18000.0s, got 3600.0s\n");
  CHECK(errors_of("  - utilization: {resource: gpu, atLeast: 50%, over: [1h]}\n")
        == "t.yaml:10:54: error: spec.expect[0].utilization.over: a window [from, to] such as "
           "[1h, 5h], got 1 items\n");
  CHECK(errors_of("  - {utilization: {resource: gpu, atLeast: 50%, over: [1h, 2h]}, at: 3h}\n")
        == "t.yaml:10:55: error: spec.expect[0].utilization.over: no window together with at (at "
           "checks the value at that instant), got a window\n");
}

}  // namespace
}  // namespace drasim::sim
