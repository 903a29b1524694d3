// Upstream allocator test vectors for firstAvailable (prioritized list) and All mode, with
// admin access (allocator_testing.go, kubernetes/kubernetes).
#include <doctest/doctest.h>

#include "tests/model/dra/upstream_fixture.h"

using namespace drasim::model;                 // NOLINT
using namespace drasim::model::dra;            // NOLINT
using namespace drasim::model::dra::upstream;  // NOLINT

namespace {

DeviceRequest admin(DeviceRequest r) {
  r.admin_access = true;
  return r;
}

}  // namespace

TEST_CASE("upstream: prioritized-list-first-unavailable / -non-available / -too-many-in-first") {
  Env env;
  up_env_classes_a_b(env);
  env.slices = {slice("slice-1", "driver-a", "pool-1", "node-1", {device("device-1")})};
  // No driver-b device: the second alternative (class-a) is used.
  AllocateOutcome out = env.run({claim(
      "claim-0",
      {first_available("req-0", {sub("subReq-0", "class-b"), sub("subReq-1", "class-a")})})});
  REQUIRE(out.status == AllocateStatus::kSuccess);
  CHECK(got(out.allocations[0]) == want({"req-0/subReq-1 driver-a/pool-1/device-1"}));

  // upstream "prioritized-list-too-many-in-first-subrequest": 500 only in an alternative is
  // not a claim-limit error (the minimum counts), and the second alternative fits.
  out = env.run({claim("claim-0", {first_available("req-0", {sub("subReq-0", "class-b", 500),
                                                             sub("subReq-1", "class-a")})})});
  REQUIRE(out.status == AllocateStatus::kSuccess);
  CHECK(got(out.allocations[0]) == want({"req-0/subReq-1 driver-a/pool-1/device-1"}));

  // upstream "prioritized-list-non-available": two of either driver do not exist.
  env.slices.push_back(slice("slice-2", "driver-b", "pool-2", "node-1", {device("device-1")}));
  CHECK(env.run({claim("claim-0", {first_available("req-0", {sub("subReq-0", "class-b", 2),
                                                             sub("subReq-1", "class-a", 2)})})})
            .status
        == AllocateStatus::kNoSolution);
}

TEST_CASE("upstream: prioritized-list-disabled") {
  Env env;
  up_env_classes_a_b(env);
  env.features.prioritized_list = false;
  env.slices = {slice("slice-1", "driver-a", "pool-1", "node-1", {device("device-1")})};
  const AllocateOutcome out =
      env.run({claim("claim-0", {first_available("req-0", {sub("subReq-0", "class-a")})})});
  CHECK(out.status == AllocateStatus::kFatal);
  CHECK(out.message
        == "claim default/claim-0, request req-0: has subrequests, but the DRAPrioritizedList "
           "feature is disabled");
}

TEST_CASE(
    "upstream: prioritized-list-subrequests-with-expressions / -multi-request / "
    "-with-backtracking") {
  Env env;
  up_env_classes_a_b(env);
  env.slices = {slice("slice-1", "driver-a", "pool-1", "node-1",
                      {memory_device("device-1", "2Gi"), memory_device("device-2", "2Gi"),
                       memory_device("device-3", "1Gi")})};
  AllocateOutcome out = env.run(
      {claim("claim-0",
             {selected(exact("req-0", "class-a"), memory_at_least("1Gi")),
              first_available(
                  "req-1", {selected(sub("subReq-0", "class-a"), memory_at_least("4Gi")),
                            selected(sub("subReq-1", "class-a", 2), memory_at_least("2Gi"))})})});
  REQUIRE(out.status == AllocateStatus::kSuccess);
  // No 4Gi device; the two 2Gi devices go to subReq-1, so req-0 must back off to the 1Gi one.
  CHECK(got(out.allocations[0])
        == want({"req-0 driver-a/pool-1/device-3", "req-1/subReq-1 driver-a/pool-1/device-1",
                 "req-1/subReq-1 driver-a/pool-1/device-2"}));

  // upstream "prioritized-list-multi-request": 8Gi in pool-1, 4Gi in pool-2.
  env.slices = {
      slice("slice-1", "driver-a", "pool-1", "node-1", {memory_device("device-1", "8Gi")}),
      slice("slice-2", "driver-a", "pool-2", "node-1", {memory_device("device-2", "4Gi")})};
  out = env.run({claim(
      "claim-0",
      {selected(exact("req-1", "class-a"), memory_at_least("8Gi")),
       first_available("req-0", {selected(sub("subReq-0", "class-a"), memory_at_least("8Gi")),
                                 selected(sub("subReq-1", "class-a"), memory_at_least("4Gi"))})})});
  REQUIRE(out.status == AllocateStatus::kSuccess);
  // req-1 takes the only 8Gi device, so req-0 settles for its 4Gi alternative.
  CHECK(got(out.allocations[0])
        == want({"req-0/subReq-1 driver-a/pool-2/device-2", "req-1 driver-a/pool-1/device-1"}));

  // upstream "prioritized-list-with-backtracking": the same requests in the other order; the
  // first alternative takes the 8Gi device, req-1 fails, and the second alternative is tried.
  out = env.run({claim(
      "claim-0",
      {first_available("req-0", {selected(sub("subReq-0", "class-a"), memory_at_least("8Gi")),
                                 selected(sub("subReq-1", "class-a"), memory_at_least("4Gi"))}),
       selected(exact("req-1", "class-a"), memory_at_least("8Gi"))})});
  REQUIRE(out.status == AllocateStatus::kSuccess);
  CHECK(got(out.allocations[0])
        == want({"req-0/subReq-1 driver-a/pool-2/device-2", "req-1 driver-a/pool-1/device-1"}));
}

TEST_CASE("upstream: prioritized-list-subrequests-with-constraints-ref-parent/-sub-request") {
  Env env;
  up_env_classes_a_b(env);
  Device d1 = memory_device("device-1", "8Gi");
  d1.attributes["driverVersion"] = SemVer{"1.0.0"};
  Device d2 = memory_device("device-2", "2Gi");
  d2.attributes["driverVersion"] = SemVer{"2.0.0"};
  Device d3 = memory_device("device-3", "1Gi");
  d3.attributes["driverVersion"] = SemVer{"1.0.0"};
  env.slices = {slice("slice-1", "driver-a", "pool-1", "node-1", {d1}),
                slice("slice-2", "driver-a", "pool-2", "node-1", {d2, d3})};
  const auto requests = [] {
    return std::vector<DeviceRequest>{
        selected(exact("req-0", "class-a"), memory_at_least("8Gi")),
        first_available("req-1", {selected(sub("subReq-0", "class-a"), memory_at_least("2Gi")),
                                  selected(sub("subReq-1", "class-a"), memory_at_least("1Gi"))})};
  };
  // Constraint on the parent request: every alternative must match device-1's version 1.0.0,
  // which leaves only device-3 (subReq-1; device-2 is 2.0.0).
  AllocateOutcome out = env.run(
      {claim("claim-0", requests(), {match("driver-a/driverVersion", {"req-0", "req-1"})})});
  REQUIRE(out.status == AllocateStatus::kSuccess);
  CHECK(got(out.allocations[0])
        == want({"req-0 driver-a/pool-1/device-1", "req-1/subReq-1 driver-a/pool-2/device-3"}));

  // Constraint naming only subReq-0: subReq-0 cannot use device-2 (version), subReq-1 is free.
  env.slices = {slice("slice-1", "driver-a", "pool-1", "node-1", {d1}),
                slice("slice-2", "driver-a", "pool-2", "node-1", {d2})};
  out = env.run({claim("claim-0", requests(),
                       {match("driver-a/driverVersion", {"req-0", "req-1/subReq-0"})})});
  REQUIRE(out.status == AllocateStatus::kSuccess);
  CHECK(got(out.allocations[0])
        == want({"req-0 driver-a/pool-1/device-1", "req-1/subReq-1 driver-a/pool-2/device-2"}));
}

TEST_CASE("upstream: prioritized-list allocation mode All cases") {
  Env env;
  up_env_classes_a_b(env);
  env.slices = {
      slice("slice-1", "driver-a", "pool-1", "node-1", {device("device-1"), device("device-2")})};
  // upstream "prioritized-list-allocation-mode-all": device-2 is in use, so All fails and the
  // single-device alternative gets device-1.
  Env held;
  up_env_classes_a_b(held);
  held.slices = env.slices;
  mark_allocated(held, "driver-a", "pool-1", "device-2");
  AllocateOutcome out = held.run({claim(
      "claim-0",
      {first_available("req-0", {all_sub("subReq-0", "class-a"), sub("subReq-1", "class-a")})})});
  REQUIRE(out.status == AllocateStatus::kSuccess);
  CHECK(got(out.allocations[0]) == want({"req-0/subReq-1 driver-a/pool-1/device-1"}));

  // upstream "prioritized-list-allocation-mode-all-multiple-requests": req-0 holds device-1,
  // so All cannot take both and the second alternative gets device-2.
  out = env.run({claim("claim-0", {exact("req-0", "class-a"),
                                   first_available("req-1", {all_sub("subReq-0", "class-a"),
                                                             sub("subReq-1", "class-a")})})});
  REQUIRE(out.status == AllocateStatus::kSuccess);
  CHECK(got(out.allocations[0])
        == want({"req-0 driver-a/pool-1/device-1", "req-1/subReq-1 driver-a/pool-1/device-2"}));

  // upstream "prioritized-list-allocation-mode-all-with-selectors(-multiple-pools(-across-
  // nodes))": no v6 device on node-1, so All of the v5 alternative takes every v5 device of
  // node-1 across pools; node-2's devices are not on this node.
  const auto gen = [](const char* name, const char* g) {
    return device(name, {{"generation", std::string(g)}});
  };
  env.slices = {slice("slice-1", "driver-a", "pool-1", "node-1", {gen("device-1", "v5")}),
                slice("slice-2", "driver-a", "pool-2", "node-1", {gen("device-1", "v5")}),
                slice("slice-3", "driver-a", "pool-3", "node-2",
                      {gen("device-1", "v5"), gen("device-2", "v6")})};
  const ResourceClaim generations =
      claim("claim-0",
            {first_available(
                "req-0",
                {selected(all_sub("subReq-0", "class-a"), attribute_equals("generation", "v6")),
                 selected(all_sub("subReq-1", "class-a"), attribute_equals("generation", "v5"))})});
  out = env.run({generations});
  REQUIRE(out.status == AllocateStatus::kSuccess);
  CHECK(got(out.allocations[0])
        == want({"req-0/subReq-1 driver-a/pool-1/device-1",
                 "req-0/subReq-1 driver-a/pool-2/device-1"}));

  // upstream "...-deviceclass-subset": the class only selects devices with `selected`.
  env.classes = {device_class("class-a", {driver_is("driver-a") + " && selected"})};
  const auto pick = [&gen](const char* name, const char* g, bool chosen) {
    Device d = gen(name, g);
    d.attributes["selected"] = chosen;
    return d;
  };
  env.slices = {slice("slice-1", "driver-a", "pool-1", "node-1",
                      {pick("device-1", "v6", false), pick("device-2", "v5", false),
                       pick("device-3", "v5", true)})};
  out = env.run({generations});
  REQUIRE(out.status == AllocateStatus::kSuccess);
  CHECK(got(out.allocations[0]) == want({"req-0/subReq-1 driver-a/pool-1/device-3"}));
}

TEST_CASE("upstream: all-devices-* without firstAvailable") {
  Env env;
  up_env_classes_a_b(env);
  env.slices = {slice("slice-1", "driver-a", "pool-1", "node-1", {device("device-1")}),
                slice("slice-1", "driver-a", "pool-2", "node-1", {device("device-1")})};
  // upstream "all-devices-many": both pools' devices.
  AllocateOutcome out = env.run({claim("claim-0", {all("req-0", "class-a")})});
  REQUIRE(out.status == AllocateStatus::kSuccess);
  CHECK(got(out.allocations[0])
        == want({"req-0 driver-a/pool-1/device-1", "req-0 driver-a/pool-2/device-1"}));

  // upstream "all-devices-many-plus-another(-reversed)": All of driver-a plus one driver-b.
  env.slices = {
      slice("slice-1", "driver-a", "pool-1", "node-1", {device("device-1"), device("device-2")}),
      slice("slice-1", "driver-b", "pool-1", "node-1", {device("device-1")})};
  out = env.run(
      {claim("claim-1", {exact("req-0", "class-b")}), claim("claim-0", {all("req-0", "class-a")})});
  REQUIRE(out.status == AllocateStatus::kSuccess);
  CHECK(got(out.allocations[0]) == want({"req-0 driver-b/pool-1/device-1"}));
  CHECK(got(out.allocations[1])
        == want({"req-0 driver-a/pool-1/device-1", "req-0 driver-a/pool-1/device-2"}));

  // upstream "all-devices-no-solution(-reversed)": one device, All plus one more, either order.
  env.slices = {slice("slice-1", "driver-a", "pool-1", "node-1", {device("device-1")})};
  CHECK(env.run({claim("claim-1", {exact("req-0", "class-a")}),
                 claim("claim-0", {all("req-0", "class-a")})})
            .status
        == AllocateStatus::kNoSolution);
  CHECK(env.run({claim("claim-0", {all("req-0", "class-a")}),
                 claim("claim-1", {exact("req-0", "class-a")})})
            .status
        == AllocateStatus::kNoSolution);

  // upstream "all-devices-of-the-incomplete-pool": the pool misses a slice.
  env.slices = {slice("slice-1", "driver-a", "pool-1", "node-1", {device("device-1")}, 1, 2)};
  out = env.run({claim("claim-0", {all("req-0", "class-a")})});
  CHECK(out.status == AllocateStatus::kFatal);
  CHECK(out.message
        == "claim default/claim-0, request req-0: asks for all devices, but resource pool "
           "driver-a/pool-1 is currently being updated");

  // upstream "all-devices-slice-without-devices" / "all-devices-no-slices": All needs one.
  env.slices = {slice("slice-1", "driver-a", "pool-1", "node-1", {})};
  CHECK(env.run({claim("claim-0", {all("req-0", "class-a")})}).status
        == AllocateStatus::kNoSolution);
  env.slices.clear();
  CHECK(env.run({claim("claim-0", {all("req-0", "class-a")})}).status
        == AllocateStatus::kNoSolution);
}

TEST_CASE("upstream: all-devices with allocated devices and admin access") {
  Env env;
  up_env_classes_a_b(env);
  env.slices = {
      slice("slice-1", "driver-a", "pool-1", "node-1", {device("device-1"), device("device-2")}),
      slice("slice-2", "driver-b", "pool-2", "node-1", {device("device-1")})};
  mark_allocated(env, "driver-a", "pool-1", "device-1");
  // upstream "all-devices-some-allocated": device-1 in use, All fails.
  CHECK(env.run({claim("claim-0", {all("req-0", "class-a")})}).status
        == AllocateStatus::kNoSolution);
  // upstream "all-devices-some-allocated-admin-access": admin access ignores other claims.
  AllocateOutcome out = env.run({claim("claim-0", {admin(all("req-0", "class-a"))})});
  REQUIRE(out.status == AllocateStatus::kSuccess);
  CHECK(got(out.allocations[0])
        == want({"req-0 driver-a/pool-1/device-1", "req-0 driver-a/pool-1/device-2"}));
  CHECK(out.allocations[0].results[0].admin_access == std::optional<bool>(true));  // flagged
  // upstream "count-devices-some-allocated-admin-access": the same with count 2.
  out = env.run({claim("claim-0", {admin(exact("req-0", "class-a", 2))})});
  REQUIRE(out.status == AllocateStatus::kSuccess);
  CHECK(got(out.allocations[0])
        == want({"req-0 driver-a/pool-1/device-1", "req-0 driver-a/pool-1/device-2"}));
  // upstream "all-devices-some-allocated-prioritized-list": All of class-a fails, class-b fits.
  out = env.run({claim("claim-0", {first_available("req-0", {all_sub("subReq-0", "class-a"),
                                                             sub("subReq-1", "class-b")})})});
  REQUIRE(out.status == AllocateStatus::kSuccess);
  CHECK(got(out.allocations[0]) == want({"req-0/subReq-1 driver-b/pool-2/device-1"}));
}

TEST_CASE("upstream: admin access among claims of one pod") {
  Env env;
  up_env_classes_a_b(env);
  env.slices = {
      slice("slice-1", "driver-a", "pool-1", "node-1", {device("device-1"), device("device-2")})};
  // upstream "all-devices-some-allocating-admin-access": req-0 (admin) takes device-1 within
  // the claim, so req-1's All (admin) cannot have it too.
  CHECK(env.run({claim("claim-0",
                       {admin(exact("req-0", "class-a")), admin(all("req-1", "class-a"))})})
            .status
        == AllocateStatus::kNoSolution);
  // upstream "separate-claims-share-device-admin-access": two claims both get device-1.
  AllocateOutcome out = env.run({claim("claim-0", {admin(exact("req-0", "class-a"))}),
                                 claim("claim-1", {admin(exact("req-0", "class-a"))})});
  REQUIRE(out.status == AllocateStatus::kSuccess);
  CHECK(got(out.allocations[0]) == want({"req-0 driver-a/pool-1/device-1"}));
  CHECK(got(out.allocations[1]) == want({"req-0 driver-a/pool-1/device-1"}));
  // upstream "admin-access-claims-device-allocating-for-non-admin-access": a normal claim's
  // device is still available to an admin claim.
  out = env.run({claim("claim-0", {exact("req-0", "class-a")}),
                 claim("claim-1", {admin(exact("req-0", "class-a"))})});
  REQUIRE(out.status == AllocateStatus::kSuccess);
  CHECK(got(out.allocations[1]) == want({"req-0 driver-a/pool-1/device-1"}));
  // upstream "admin-access-disabled".
  env.features.admin_access = false;
  out = env.run({claim("claim-0", {admin(exact("req-0", "class-a"))})});
  CHECK(out.status == AllocateStatus::kFatal);
  CHECK(out.message
        == "claim default/claim-0, request req-0: admin access is requested, but the feature is "
           "disabled");
}
