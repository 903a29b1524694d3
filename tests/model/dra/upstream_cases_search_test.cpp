// Upstream allocator test vectors that assert numAllocateOneInvocations, plus the multi-host
// and invalid-pool cases (allocator_testing.go, kubernetes/kubernetes). The upstream file gives
// the pruned (1.36 combinations) count as the main number and the "stable" variant's count,
// which enumerates permutations like every 1.35 variant, as an override; so minor 36 must give
// the first number and minor 35 the second.
#include <doctest/doctest.h>

#include "tests/model/dra/upstream_fixture.h"

using namespace drasim::model;                 // NOLINT
using namespace drasim::model::dra;            // NOLINT
using namespace drasim::model::dra::upstream;  // NOLINT

namespace {

Device typed(const char* name, const char* type) {
  return device(name, {{"type", std::string(type)}});
}

/// req-1 wants any two devices and req-2 one of type X, so when req-1 takes the only X device
/// the search has to backtrack.
ResourceClaim two_then_type_x_claim() {
  return claim("claim-0", {exact("req-1", "class-a", 2),
                           selected(exact("req-2", "class-a"), attribute_equals("type", "X"))});
}

uint64_t invocations(Env& env, const ResourceClaim& c, int minor, AllocateStatus status) {
  env.features.minor = minor;
  const AllocateOutcome out = env.run({c});
  CHECK(out.status == status);  // same answer in both releases
  return out.invocations;
}

}  // namespace

TEST_CASE("upstream: prioritized-list-max-allocation-limit-request (75 invocations)") {
  Env env;
  up_env_class_a(env);
  env.slices = {slice("slice-1", "driver-a", "pool-1", "node-1", numbered(64))};
  const auto both = [] {
    return first_available("req", {sub("subReq-0", "class-a", 32), sub("subReq-1", "class-a", 16)});
  };
  DeviceRequest r0 = both();
  r0.name = "req-0";
  DeviceRequest r1 = both();
  r1.name = "req-1";
  const AllocateOutcome out = env.run({claim("claim-0", {r0, r1})});
  REQUIRE(out.status == AllocateStatus::kSuccess);
  // 32 + 32 and 32 + 16 exceed the limit; only 16 + 16 fits: device-0..15, then device-16..31.
  REQUIRE(out.allocations[0].results.size() == 32);
  CHECK(out.allocations[0].results[0].request == "req-0/subReq-1");
  CHECK(out.allocations[0].results[15].device == "device-15");
  CHECK(out.allocations[0].results[16].request == "req-1/subReq-1");
  CHECK(out.allocations[0].results[16].device == "device-16");
  // 1 + (33 slots + 3 for req-1 hitting the limit) + (17 + 1 + 1 + 17 + 2) = 75: the max-size
  // signal stops the first subrequest after its 32 slots instead of trying other devices.
  CHECK(out.invocations == 75);
}

TEST_CASE("upstream: prioritized-list-max-allocation-allocation-mode-all (42 invocations)") {
  Env env;
  up_env_classes_a_b(env);
  env.slices = {slice("slice-1", "driver-a", "pool-1", "node-1", numbered(31)),
                slice("slice-2", "driver-b", "pool-2", "node-1", numbered(2))};
  const AllocateOutcome out = env.run({claim(
      "claim-0",
      {first_available("req-0", {all_sub("subReq-0", "class-a"), sub("subReq-1", "class-a", 2)}),
       exact("req-1", "class-b", 2)})});
  REQUIRE(out.status == AllocateStatus::kSuccess);
  // All 31 plus 2 for req-1 exceeds 32, so the 2-device alternative is taken.
  CHECK(
      got(out.allocations[0])
      == want({"req-0/subReq-1 driver-a/pool-1/device-0", "req-0/subReq-1 driver-a/pool-1/device-1",
               "req-1 driver-b/pool-2/device-0", "req-1 driver-b/pool-2/device-1"}));
  // 1 + 32 (All slots 0..31) + 1 (req-1 over the limit) + 8 for the second subrequest.
  CHECK(out.invocations == 42);
}

TEST_CASE("upstream: check-combinations-within-single-request-* (16 / 65 invocations)") {
  const ResourceClaim five = claim("claim-0", {exact("req-0", "class-a", 5)});

  struct Layout {
    const char* name;
    std::vector<ResourceSlice> slices;
  };

  const std::vector<Layout> layouts = {
      {"single-pool-single-slice",
       {slice("slice-1", "driver-a", "pool-1", "node-1",
              {device("device-1"), device("device-2"), device("device-3"), device("device-4")})}},
      {"single-pool-multiple-slices",
       {slice("slice-1", "driver-a", "pool-1", "node-1", {device("device-1"), device("device-2")},
              1, 2),
        slice("slice-2", "driver-a", "pool-1", "node-1", {device("device-3"), device("device-4")},
              1, 2)}},
      {"multiple-pools-multiple-slices",
       {slice("slice-1", "driver-a", "pool-1", "node-1", {device("device-1")}, 1, 2),
        slice("slice-2", "driver-a", "pool-1", "node-1", {device("device-2")}, 1, 2),
        slice("slice-3", "driver-a", "pool-2", "node-1",
              {device("device-3"), device("device-4")})}},
      {"many-pools",
       {slice("slice-1", "driver-a", "pool-1", "node-1", {device("device-1")}),
        slice("slice-2", "driver-a", "pool-2", "node-1", {device("device-2")}),
        slice("slice-3", "driver-a", "pool-3", "node-1", {device("device-3")}),
        slice("slice-4", "driver-a", "pool-4", "node-1", {device("device-4")})}}};
  for (const Layout& layout : layouts) {
    CAPTURE(layout.name);
    Env env;
    up_env_class_a(env);
    env.slices = layout.slices;
    // Five devices out of four never fit. Combinations: 1 + 4 + 6 + 4 + 1 = 16 calls.
    CHECK(invocations(env, five, 36, AllocateStatus::kNoSolution) == 16);
    // Permutations: 1 + 4 + 12 + 24 + 24 = 65 calls.
    CHECK(invocations(env, five, 35, AllocateStatus::kNoSolution) == 65);
  }
}

TEST_CASE("upstream: check-combinations-with-backtracking (12 / 14 invocations)") {
  Env env;
  up_env_class_a(env);
  env.slices = {slice("slice-1", "driver-a", "pool-1", "node-1",
                      {typed("device-1", "X"), typed("device-2", "Y"), typed("device-3", "Y")})};
  const ResourceClaim c = two_then_type_x_claim();
  // req-1 first takes {device-1, device-2}, then req-2 finds no X and the search backtracks
  // to {device-2, device-3}; 1.36 skips {device-2, device-1}.
  CHECK(invocations(env, c, 36, AllocateStatus::kSuccess) == 12);
  CHECK(invocations(env, c, 35, AllocateStatus::kSuccess) == 14);
  const AllocateOutcome out = env.run({c});
  REQUIRE(out.status == AllocateStatus::kSuccess);
  CHECK(got(out.allocations[0])
        == want({"req-1 driver-a/pool-1/device-2", "req-1 driver-a/pool-1/device-3",
                 "req-2 driver-a/pool-1/device-1"}));
}

TEST_CASE("upstream: check-combinations-with-backtracking-across-slices-and-pools") {
  Env env;
  up_env_class_a(env);
  Device bound = typed("device-3", "Y");
  bound.binding_conditions = {"IsPrepare"};
  env.slices = {slice("slice-1", "driver-a", "pool-1", "node-1", {typed("device-1", "X")}, 1, 2),
                slice("slice-2", "driver-a", "pool-1", "node-1", {typed("device-2", "Y")}, 1, 2),
                slice("slice-3", "driver-a", "pool-2", "node-1", {bound})};
  const ResourceClaim c = two_then_type_x_claim();
  // Same search as above spread over slices and pools (pool-2 last: sorted, and binding).
  CHECK(invocations(env, c, 36, AllocateStatus::kSuccess) == 12);
  CHECK(invocations(env, c, 35, AllocateStatus::kSuccess) == 14);
  const AllocateOutcome out = env.run({c});
  REQUIRE(out.status == AllocateStatus::kSuccess);
  CHECK(got(out.allocations[0])
        == want({"req-1 driver-a/pool-1/device-2", "req-1 driver-a/pool-2/device-3",
                 "req-2 driver-a/pool-1/device-1"}));
  // The binding conditions of device-3 are copied into its result.
  CHECK(out.allocations[0].results[1].binding_conditions == std::vector<std::string>{"IsPrepare"});
}

TEST_CASE("upstream: check-combinations-with-prioritized-list (26 / 32 invocations)") {
  Env env;
  up_env_class_a(env);
  env.slices = {slice("slice-1", "driver-a", "pool-1", "node-1",
                      {typed("device-1", "X"), typed("device-2", "Y"), typed("device-3", "Y")})};
  const ResourceClaim c =
      claim("claim-0",
            {first_available(
                 "req-1", {selected(sub("subReq-0", "class-a", 3), attribute_equals("type", "Y")),
                           sub("subReq-1", "class-a", 2)}),
             first_available(
                 "req-2", {sub("subReq-0", "class-a", 2),
                           selected(sub("subReq-1", "class-a"), attribute_equals("type", "X"))})});
  CHECK(invocations(env, c, 36, AllocateStatus::kSuccess) == 26);
  CHECK(invocations(env, c, 35, AllocateStatus::kSuccess) == 32);
  const AllocateOutcome out = env.run({c});
  REQUIRE(out.status == AllocateStatus::kSuccess);
  // Only two Y devices exist, and req-2 needs the X device left over.
  CHECK(
      got(out.allocations[0])
      == want({"req-1/subReq-1 driver-a/pool-1/device-2", "req-1/subReq-1 driver-a/pool-1/device-3",
               "req-2/subReq-1 driver-a/pool-1/device-1"}));
}

TEST_CASE("upstream: multi-host resource pools") {
  Env env;
  up_env_class_a(env);
  const ResourceClaim c = claim("claim-0", {exact("req-0", "class-a")});
  // upstream "different-resourceslices-in-pool-can-target-different-nodes".
  env.slices = {slice("slice-1", "driver-a", "pool-1", "node-2", {device("device-1")}, 1, 2),
                slice("slice-2", "driver-a", "pool-1", "node-1", {device("device-2")}, 1, 2)};
  AllocateOutcome out = env.run({c});
  REQUIRE(out.status == AllocateStatus::kSuccess);
  CHECK(got(out.allocations[0]) == want({"req-0 driver-a/pool-1/device-2"}));  // node-1's slice

  // upstream "allocation-mode-all-with-multi-host-resource-pool": All takes node-1's devices.
  out = env.run({claim("claim-0", {all("req-0", "class-a")})});
  REQUIRE(out.status == AllocateStatus::kSuccess);
  CHECK(got(out.allocations[0]) == want({"req-0 driver-a/pool-1/device-2"}));

  // upstream "multi-host-resource-pool-with-stale-slice-for-current-node": node-1's slice is
  // generation 1 while the pool is at generation 2 with one of two slices: nothing.
  env.slices = {slice("slice-1", "driver-a", "pool-1", "node-1", {device("device-1")}, 1, 2),
                slice("slice-2", "driver-a", "pool-1", "node-2", {device("device-2")}, 2, 2)};
  CHECK(env.run({c}).status == AllocateStatus::kNoSolution);

  // upstream "multi-host-resource-pool-complete-update-from-node-2-to-node-1": generation 2
  // (both slices on node-1) is complete and current.
  env.slices = {slice("slice-1", "driver-a", "pool-1", "node-2", {device("device-1")}, 1, 2),
                slice("slice-1", "driver-a", "pool-1", "node-2", {device("device-2")}, 1, 2),
                slice("slice-2", "driver-a", "pool-1", "node-1", {device("device-1")}, 2, 2),
                slice("slice-2", "driver-a", "pool-1", "node-1", {device("device-2")}, 2, 2)};
  out = env.run({c});
  REQUIRE(out.status == AllocateStatus::kSuccess);
  CHECK(got(out.allocations[0]) == want({"req-0 driver-a/pool-1/device-1"}));

  // upstream "multi-host-resource-pool-incomplete-update-from-node-2-to-node-1": generation 2
  // has only one of its two slices: not allocated.
  env.slices.pop_back();
  CHECK(env.run({c}).status == AllocateStatus::kNoSolution);

  // upstream "no-allocation-from-incomplete-pools".
  env.slices = {slice("slice-1", "driver-a", "pool-1", "node-1", {device("device-1")}, 1, 2)};
  CHECK(env.run({c}).status == AllocateStatus::kNoSolution);
}

TEST_CASE("upstream: invalid-pool-is-ok-if-devices-can-be-allocated-from-other / -is-error-") {
  Env env;
  up_env_class_a(env);
  // pool-1 defines device-1 twice (invalid); pool-2 is fine.
  env.slices = {slice("slice-1", "driver-a", "pool-1", "node-1", {device("device-1")}, 1, 2),
                slice("slice-2", "driver-a", "pool-1", "node-1", {device("device-1")}, 1, 2),
                slice("slice-3", "driver-a", "pool-2", "node-1", {device("device-2")})};
  const ResourceClaim c = claim("claim-0", {exact("req-0", "class-a")});
  AllocateOutcome out = env.run({c});
  REQUIRE(out.status == AllocateStatus::kSuccess);
  CHECK(got(out.allocations[0]) == want({"req-0 driver-a/pool-2/device-2"}));  // invalid skipped
  // With pool-2's device taken, the invalid pool is reported.
  mark_allocated(env, "driver-a", "pool-2", "device-2");
  out = env.run({c});
  CHECK(out.status == AllocateStatus::kNodeError);
  CHECK(out.message.find("invalid resource pools were encountered") != std::string::npos);
}
