// Upstream allocator test vectors, basic search and validation (allocator_testing.go in
// kubernetes/kubernetes staging/src/k8s.io/dynamic-resource-allocation/structured/internal/
// allocatortesting). Claim names in messages carry our `default/` namespace prefix.
#include <doctest/doctest.h>

#include "tests/model/dra/upstream_fixture.h"

using namespace drasim::model;                 // NOLINT
using namespace drasim::model::dra;            // NOLINT
using namespace drasim::model::dra::upstream;  // NOLINT

namespace {

void one_device_env(Env& env) {
  up_env_class_a(env);
  env.slices = {slice("slice-1", "driver-a", "pool-1", "node-1", {device("device-1")})};
}

ResourceClaim small_and_large_claim() {
  return claim("claim-0", {selected(exact("req-0", "class-a"), memory_at_least("1Gi")),
                           selected(exact("req-1", "class-a"), memory_at_least("2Gi"))});
}

}  // namespace

TEST_CASE("upstream: simple / other-node") {
  // upstream "simple": one node-local device of the class's driver.
  Env env;
  one_device_env(env);
  AllocateOutcome out = env.run({claim("claim-0", {exact("req-0", "class-a")})});
  REQUIRE(out.status == AllocateStatus::kSuccess);
  CHECK(got(out.allocations[0]) == want({"req-0 driver-a/pool-1/device-1"}));  // the only one
  // Node-local: pinned to node-1 by a metadata.name field selector.
  CHECK(out.allocations[0].node_selector->terms[0].match_fields[0].values
        == std::vector<std::string>{"node-1"});

  // upstream "other-node": node-1 only has driver-b, node-2 has driver-a in pool-2.
  env.slices = {slice("slice-1", "driver-b", "pool-1", "node-1", {device("device-1")}),
                slice("slice-2", "driver-a", "pool-2", "node-2", {device("device-1")})};
  on_node2(env);
  out = env.run({claim("claim-0", {exact("req-0", "class-a")})});
  REQUIRE(out.status == AllocateStatus::kSuccess);
  // driver-b does not match class-a, so node-2's pool-2 device is the answer.
  CHECK(got(out.allocations[0]) == want({"req-0 driver-a/pool-2/device-1"}));
}

TEST_CASE("upstream: small-and-large / -backtrack-requests / -backtrack-claims") {
  Env env;
  up_env_class_a(env);
  env.slices = {slice("slice-1", "driver-a", "pool-1", "node-1",
                      {memory_device("device-1", "1Gi"), memory_device("device-2", "2Gi")})};
  // upstream "small-and-large": the 1Gi device first suits the small request directly.
  AllocateOutcome out = env.run({small_and_large_claim()});
  REQUIRE(out.status == AllocateStatus::kSuccess);
  CHECK(got(out.allocations[0])
        == want({"req-0 driver-a/pool-1/device-1", "req-1 driver-a/pool-1/device-2"}));

  // upstream "small-and-large-backtrack-requests": the large device is listed first, taken by
  // req-0, leaves req-1 without a 2Gi device, and must be undone.
  env.slices = {slice("slice-1", "driver-a", "pool-1", "node-1",
                      {memory_device("device-2", "2Gi"), memory_device("device-1", "1Gi")})};
  out = env.run({small_and_large_claim()});
  REQUIRE(out.status == AllocateStatus::kSuccess);
  CHECK(got(out.allocations[0])
        == want({"req-0 driver-a/pool-1/device-1", "req-1 driver-a/pool-1/device-2"}));

  // upstream "small-and-large-backtrack-claims": the same, with the requests in two claims.
  out = env.run({claim("claim-0", {selected(exact("req-0", "class-a"), memory_at_least("1Gi"))}),
                 claim("claim-1", {selected(exact("req-1", "class-a"), memory_at_least("2Gi"))})});
  REQUIRE(out.status == AllocateStatus::kSuccess);
  CHECK(got(out.allocations[0]) == want({"req-0 driver-a/pool-1/device-1"}));  // backtracked
  CHECK(got(out.allocations[1]) == want({"req-1 driver-a/pool-1/device-2"}));  // the 2Gi one
}

TEST_CASE("upstream: devices-split-across-different-slices / several-different-drivers") {
  Env env;
  up_env_classes_a_b(env);
  env.slices = {slice("slice-1", "driver-a", "pool-1", "node-1", {device("device-1")}),
                slice("slice-2", "driver-a", "pool-2", "node-1", {device("device-1")})};
  // Two devices are needed and each pool has one.
  AllocateOutcome out = env.run({claim("claim-0", {exact("req-0", "class-a", 2)})});
  REQUIRE(out.status == AllocateStatus::kSuccess);
  CHECK(got(out.allocations[0])
        == want({"req-0 driver-a/pool-1/device-1", "req-0 driver-a/pool-2/device-1"}));

  // upstream "several-different-drivers": one claim per class, each gets its driver's device.
  env.slices = {
      slice("slice-1", "driver-a", "pool-1", "node-1", {device("device-1"), device("device-2")}),
      slice("slice-1", "driver-b", "pool-1", "node-1", {device("device-1")})};
  out = env.run({claim("claim-0", {exact("req-0", "class-a")}),
                 claim("claim-0", {exact("req-0", "class-b")})});
  REQUIRE(out.status == AllocateStatus::kSuccess);
  CHECK(got(out.allocations[0]) == want({"req-0 driver-a/pool-1/device-1"}));  // first of two
  CHECK(got(out.allocations[1]) == want({"req-0 driver-b/pool-1/device-1"}));  // driver-b's only
}

TEST_CASE("upstream: obsolete-slice / duplicate-slice / no-slices / already-allocated-devices") {
  Env env;
  up_env_class_a(env);
  // upstream "obsolete-slice": generation 2 obsoletes the generation 1 slice, and the remaining
  // slice alone does not complete a pool of 2 slices: nothing is allocatable.
  env.slices = {
      slice("slice-1-obsolete", "driver-a", "pool-1", "node-1", {device("device-1")}, 1, 2),
      slice("slice-1-obsolete", "driver-a", "pool-1", "node-1", {device("device-2")}, 2, 2)};
  CHECK(env.run({claim("claim-0", {exact("req-0", "class-a")})}).status
        == AllocateStatus::kNoSolution);

  // upstream "duplicate-slice": two identical slices of a 2-slice pool define device-1 twice,
  // an invalid pool, and with no other device that is the node error.
  env.slices = {slice("slice-1", "driver-a", "pool-1", "node-1", {device("device-1")}, 1, 2),
                slice("slice-1-2", "driver-a", "pool-1", "node-1", {device("device-1")}, 1, 2)};
  AllocateOutcome out = env.run({claim("claim-0", {exact("req-0", "class-a")})});
  CHECK(out.status == AllocateStatus::kNodeError);
  CHECK(out.message.find("invalid resource pools were encountered") != std::string::npos);

  // upstream "no-slices": nothing to allocate from, no error.
  env.slices.clear();
  CHECK(env.run({claim("claim-0", {exact("req-0", "class-a")})}).status
        == AllocateStatus::kNoSolution);

  // upstream "already-allocated-devices": the only device is held by another claim.
  Env held;
  one_device_env(held);
  mark_allocated(held, "driver-a", "pool-1", "device-1");
  mark_allocated(held, "driver-a", "pool-1", "device-2");
  CHECK(held.run({claim("claim-0", {exact("req-0", "class-a")})}).status
        == AllocateStatus::kNoSolution);
}

TEST_CASE("upstream: not-enough-suitable-devices / no-claims-to-allocate / max-number-devices") {
  Env env;
  one_device_env(env);
  // Two claims (both named claim-0 upstream) want the single device.
  CHECK(env.run({claim("claim-0", {exact("req-0", "class-a")}),
                 claim("claim-0", {exact("req-1", "class-a")})})
            .status
        == AllocateStatus::kNoSolution);
  // No claims: success with no results.
  const AllocateOutcome none = env.run({});
  CHECK(none.status == AllocateStatus::kSuccess);
  CHECK(none.allocations.empty());

  // upstream "max-number-devices": exactly 32 devices for a count of 32 is allowed.
  env.slices = {slice("slice-1", "driver-a", "pool-1", "node-1", numbered(32))};
  const AllocateOutcome max = env.run({claim("claim-0", {exact("req-0", "class-a", 32)})});
  REQUIRE(max.status == AllocateStatus::kSuccess);
  CHECK(max.allocations[0].results.size() == 32);  // device-0 .. device-31
  CHECK(max.allocations[0].results.back().device == "device-31");
}

TEST_CASE("upstream: validation errors (no-classes, unknown-class, empty-class, ...)") {
  Env env;
  one_device_env(env);
  const auto fatal = [&env](ResourceClaim c) {
    const AllocateOutcome out = env.run({std::move(c)});
    CHECK(out.status == AllocateStatus::kFatal);  // every case below is an error upstream
    return out.message;
  };
  // upstream "unknown-class" (and "no-classes" with class-a missing).
  CHECK(fatal(claim("claim-0", {exact("req-0", "unknown-class")}))
            .find("could not retrieve device class unknown-class")
        != std::string::npos);
  // upstream "empty-class".
  CHECK(fatal(claim("claim-0", {exact("req-0", "")}))
        == "claim default/claim-0, request req-0: missing device class name (unsupported request "
           "type?)");
  // upstream "unknown-selector": a selector without CEL.
  CHECK(fatal(claim("claim-0", {selected(exact("req-0", "class-a"), "")}))
            .find("CEL expression empty (unsupported selector type?)")
        != std::string::npos);
  // upstream "unknown-constraint": neither matchAttribute nor distinctAttribute.
  CHECK(fatal(claim("claim-0", {exact("req-0", "class-a")}, {DeviceConstraint{}}))
            .find("empty constraint (unsupported constraint type?)")
        != std::string::npos);
  // upstream "too-many-devices-single-request": 500 > 32.
  CHECK(fatal(claim("claim-0", {exact("req-0", "class-a", 500)})).find("exceeds the claim limit")
        != std::string::npos);
  // upstream "too-many-devices-total": 32 + 1 > 32, with 33 devices available.
  env.slices = {slice("slice-1", "driver-a", "pool-1", "node-1", numbered(33))};
  CHECK(fatal(claim("claim-0", {exact("req-0", "class-a", 32), exact("req-1", "class-a")}))
            .find("exceeds the claim limit")
        != std::string::npos);
  // upstream "no-classes".
  env.classes.clear();
  CHECK(fatal(claim("claim-0", {exact("req-0", "class-a")}))
            .find("could not retrieve device class class-a")
        != std::string::npos);
}

TEST_CASE("upstream: network-attached-device / unsuccessful- / local-and-network-attached") {
  Env env;
  up_env_class_a(env);
  ResourceSlice regional = slice("slice-1", "driver-a", "pool-1", "", {device("device-1")});
  regional.node_selector = NodeSelector{{{{{"region", SelectorOperator::kIn, {"region-1"}}}, {}}}};
  env.slices = {regional};
  AllocateOutcome out = env.run({claim("claim-0", {exact("req-0", "class-a")})});
  REQUIRE(out.status == AllocateStatus::kSuccess);
  CHECK(got(out.allocations[0]) == want({"req-0 driver-a/pool-1/device-1"}));
  // The result carries the slice's own region selector.
  CHECK(out.allocations[0].node_selector == regional.node_selector);

  // upstream "unsuccessful-allocation-network-attached-device": node-2 is in region-2.
  on_node2(env);
  CHECK(env.run({claim("claim-0", {exact("req-0", "class-a")})}).status
        == AllocateStatus::kNoSolution);

  // upstream "local-and-network-attached-devices": once a node-local device is in the result,
  // the selector is the node's.
  Env mixed;
  up_env_class_a(mixed);
  mixed.slices = {regional, slice("slice-1", "driver-a", "pool-2", "node-1", {device("device-1")})};
  out = mixed.run({claim("claim-0", {exact("req-0", "class-a", 2)})});
  REQUIRE(out.status == AllocateStatus::kSuccess);
  CHECK(got(out.allocations[0])
        == want({"req-0 driver-a/pool-1/device-1", "req-0 driver-a/pool-2/device-1"}));
  CHECK(out.allocations[0].node_selector->terms[0].match_fields[0].values
        == std::vector<std::string>{"node-1"});
}

TEST_CASE("upstream: many-network-attached-devices") {
  Env env;
  up_env_class_a(env);
  ResourceSlice regional = slice("slice-1", "driver-a", "pool-1", "", {device("device-1")});
  regional.node_selector = NodeSelector{{{{{"region", SelectorOperator::kIn, {"region-1"}}}, {}}}};
  ResourceSlice everywhere = slice("slice-1", "driver-a", "pool-2", "", {device("device-1")});
  everywhere.all_nodes = true;
  ResourceSlice planet = slice("slice-1", "driver-a", "pool-3", "", {device("device-1")});
  planet.node_selector = NodeSelector{{{{{"planet", SelectorOperator::kIn, {"earth"}}}, {}}}};
  ResourceSlice pinned = slice("slice-1", "driver-a", "pool-4", "", {device("device-1")});
  pinned.node_selector =
      NodeSelector{{{{}, {{"metadata.name", SelectorOperator::kIn, {"node-1"}}}}}};
  env.slices = {regional, everywhere, planet, pinned};
  const AllocateOutcome out = env.run({claim("claim-0", {exact("req-0", "class-a", 4)})});
  REQUIRE(out.status == AllocateStatus::kSuccess);
  CHECK(got(out.allocations[0])
        == want({"req-0 driver-a/pool-1/device-1", "req-0 driver-a/pool-2/device-1",
                 "req-0 driver-a/pool-3/device-1", "req-0 driver-a/pool-4/device-1"}));
  // Upstream expects one term that ANDs the region and planet expressions and the node-name
  // field (allNodes adds nothing); the order of requirements is irrelevant there.
  REQUIRE(out.allocations[0].node_selector.has_value());
  REQUIRE(out.allocations[0].node_selector->terms.size() == 1);
  const NodeSelectorTerm& term = out.allocations[0].node_selector->terms[0];
  CHECK(term.match_expressions.size() == 2);  // region-1 and planet earth
  CHECK(term.match_fields
        == std::vector<NodeSelectorRequirement>{
            {"metadata.name", SelectorOperator::kIn, {"node-1"}}});
}
