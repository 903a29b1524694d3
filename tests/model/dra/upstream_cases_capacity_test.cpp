// Upstream allocator test vectors for partitionable devices (shared counters) and consumable
// capacity (allocator_testing.go, kubernetes/kubernetes).
#include <doctest/doctest.h>

#include "tests/model/dra/upstream_fixture.h"

using namespace drasim::model;                 // NOLINT
using namespace drasim::model::dra;            // NOLINT
using namespace drasim::model::dra::upstream;  // NOLINT

namespace {

Device mem(const char* name, const char* amount) {
  return with_counters(device(name), "counter-set-1", {{"memory", q(amount)}});
}

CounterSet memory_set(const char* amount) {
  return {"counter-set-1", {{"memory", q(amount)}}};
}

}  // namespace

TEST_CASE("upstream: partitionable-devices-multiple-devices / -prioritized-list") {
  Env env;
  up_env_class_a(env);
  env.slices = {
      slice("slice-1", "driver-a", "pool-1", "node-1",
            {mem("device-1", "4Gi"), mem("device-2", "6Gi"), mem("device-3", "4Gi")}, 1, 2),
      counter_slice("slice-2", "pool-1", 2, {memory_set("8Gi")})};
  // 4Gi + 6Gi exceeds the 8Gi counter, so the second device is device-3.
  AllocateOutcome out =
      env.run({claim("claim-0", {exact("req-0", "class-a"), exact("req-1", "class-a")})});
  REQUIRE(out.status == AllocateStatus::kSuccess);
  CHECK(got(out.allocations[0])
        == want({"req-0 driver-a/pool-1/device-1", "req-1 driver-a/pool-1/device-3"}));

  // upstream "partitionable-devices-prioritized-list": the 6Gi alternative does not fit next
  // to device-1, the 4Gi alternative takes device-3.
  out = env.run({claim(
      "claim-0",
      {exact("req-0", "class-a"),
       first_available("req-1", {selected(sub("subReq-0", "class-a"), memory_at_least("6Gi")),
                                 selected(sub("subReq-1", "class-a"), memory_at_least("4Gi"))})})});
  REQUIRE(out.status == AllocateStatus::kSuccess);
  CHECK(got(out.allocations[0])
        == want({"req-0 driver-a/pool-1/device-1", "req-1/subReq-1 driver-a/pool-1/device-3"}));

  // upstream "partitionable-devices-disabled-device-consumes-counters": without the gate a
  // device that consumes counters is never allocated.
  env.features.partitionable_devices = false;
  env.slices = {slice("slice-1", "driver-a", "pool-1", "node-1", {mem("device-1", "4Gi")}, 1, 2),
                counter_slice("slice-2", "pool-1", 2, {memory_set("18Gi")})};
  CHECK(env.run({claim("claim-0", {exact("req-0", "class-a")})}).status
        == AllocateStatus::kNoSolution);
  // upstream "...-disabled-other-device-do-not-consume-counters": a plain device still is.
  env.slices[0].devices.push_back(device("device-2"));
  out = env.run({claim("claim-0", {exact("req-0", "class-a")})});
  REQUIRE(out.status == AllocateStatus::kSuccess);
  CHECK(got(out.allocations[0]) == want({"req-0 driver-a/pool-1/device-2"}));
}

TEST_CASE("upstream: partitionable-devices-multiple-counters / -multiple-pools") {
  Env env;
  up_env_class_a(env);
  const auto two_sets = [](const char* name, const char* m1, const char* c1, const char* c2,
                           const char* m2) {
    Device d = with_counters(device(name), "counter-set-1", {{"memory", q(m1)}, {"cpus", q(c1)}});
    return with_counters(d, "counter-set-2", {{"cpus", q(c2)}, {"memory", q(m2)}});
  };
  env.slices = {slice("slice-1", "driver-a", "pool-1", "node-1",
                      {two_sets("device-1", "4Gi", "6", "4", "2Gi"),
                       two_sets("device-2", "6Gi", "4", "6", "6Gi"),
                       two_sets("device-3", "4Gi", "4", "4", "4Gi")},
                      1, 2),
                counter_slice("slice-2", "pool-1", 2,
                              {{"counter-set-1", {{"cpus", q("8")}, {"memory", q("18Gi")}}},
                               {"counter-set-2", {{"cpus", q("12")}, {"memory", q("18Gi")}}}})};
  const ResourceClaim two =
      claim("claim-0", {exact("req-0", "class-a"), exact("req-1", "class-a")});
  AllocateOutcome out = env.run({two});
  REQUIRE(out.status == AllocateStatus::kSuccess);
  // device-1 uses 6 of 8 cpus in set 1, leaving no partner; device-2 + device-3 fit.
  CHECK(got(out.allocations[0])
        == want({"req-0 driver-a/pool-1/device-2", "req-1 driver-a/pool-1/device-3"}));

  // upstream "partitionable-devices-multiple-pools": pool-1 devices 2 and 3 and pool-2
  // device-1 are in use (and pool-1's device-1 alone cannot serve two requests).
  const auto cpu_mem = [](const char* name, const char* cpus, const char* memory) {
    return with_counters(device(name), "counter-set-1", {{"cpus", q(cpus)}, {"memory", q(memory)}});
  };
  const CounterSet set = {"counter-set-1", {{"cpus", q("8")}, {"memory", q("18Gi")}}};
  Env pools;
  up_env_class_a(pools);
  pools.slices = {slice("slice-1", "driver-a", "pool-1", "node-1",
                        {cpu_mem("device-1", "6", "4Gi"), cpu_mem("device-2", "4", "6Gi"),
                         cpu_mem("device-3", "4", "4Gi")},
                        1, 2),
                  counter_slice("slice-2", "pool-1", 2, {set}),
                  slice("slice-3", "driver-a", "pool-2", "node-1",
                        {cpu_mem("device-1", "6", "4Gi"), cpu_mem("device-2", "1", "7Gi"),
                         cpu_mem("device-3", "1", "7Gi")},
                        1, 2),
                  counter_slice("slice-4", "pool-2", 2, {set})};
  mark_allocated(pools, "driver-a", "pool-1", "device-2");
  mark_allocated(pools, "driver-a", "pool-1", "device-3");
  mark_allocated(pools, "driver-a", "pool-2", "device-1");
  out = pools.run({two});
  REQUIRE(out.status == AllocateStatus::kSuccess);
  // Allocated devices charge their pool's counters too: pool-1 has 0 cpus left, pool-2 has 2.
  CHECK(got(out.allocations[0])
        == want({"req-0 driver-a/pool-2/device-2", "req-1 driver-a/pool-2/device-3"}));
}

TEST_CASE("upstream: partitionable-devices-no-capacity-available / -overallocated / unused") {
  Env env;
  up_env_class_a(env);
  // upstream "partitionable-devices-no-capacity-available": device-2 (16Gi) in use leaves 2Gi.
  env.slices = {slice("slice-1", "driver-a", "pool-1", "node-1",
                      {mem("device-1", "4Gi"), mem("device-2", "16Gi")}, 1, 2),
                counter_slice("slice-2", "pool-1", 2, {memory_set("18Gi")})};
  mark_allocated(env, "driver-a", "pool-1", "device-2");
  CHECK(env.run({claim("claim-0", {exact("req-0", "class-a")})}).status
        == AllocateStatus::kNoSolution);
  // upstream "partitionable-devices-overallocated-capacity-pool": device-2 (20Gi) already
  // overdraws the 18Gi counter.
  env.slices[0].devices[1] = mem("device-2", "20Gi");
  CHECK(env.run({claim("claim-0", {exact("req-0", "class-a")})}).status
        == AllocateStatus::kNoSolution);

  // upstream "partitionable-devices-unused-counters-in-counter-set": 5Gi + 4Gi > 8Gi, so the
  // pair is device-2 + device-3; the unused counter does not matter.
  Env unused;
  up_env_class_a(unused);
  unused.slices = {
      slice("slice-1", "driver-a", "pool-1", "node-1",
            {mem("device-1", "5Gi"), mem("device-2", "4Gi"), mem("device-3", "4Gi")}, 1, 2),
      counter_slice("slice-2", "pool-1", 2,
                    {{"counter-set-1", {{"memory", q("8Gi")}, {"unused", q("1Gi")}}}})};
  const AllocateOutcome out = unused.run({claim("claim-0", {exact("req-0", "class-a", 2)})});
  REQUIRE(out.status == AllocateStatus::kSuccess);
  CHECK(got(out.allocations[0])
        == want({"req-0 driver-a/pool-1/device-2", "req-0 driver-a/pool-1/device-3"}));
}

TEST_CASE("upstream: partitionable-devices invalid counter references") {
  Env env;
  up_env_class_a(env);
  const ResourceClaim c = claim("claim-0", {exact("req-0", "class-a")});
  const auto invalid = [&env, &c] {
    const AllocateOutcome out = env.run({c});
    CHECK(out.status == AllocateStatus::kNodeError);  // the only pool is invalid
    return out.message.find("invalid resource pools were encountered") != std::string::npos;
  };
  // "-device-counter-consumption-references-unknown-counter-set".
  env.slices = {slice("slice-1", "driver-a", "pool-1", "node-1",
                      {with_counters(device("device-1"), "counter-set-2", {})}, 1, 2),
                counter_slice("slice-2", "pool-1", 2, {{"counter-set-1", {}}})};
  CHECK(invalid());
  // "-references-unknown-counter-in-counter-set".
  env.slices = {
      slice("slice-1", "driver-a", "pool-1", "node-1", {mem("device-1", "8Gi")}, 1, 2),
      counter_slice("slice-2", "pool-1", 2, {{"counter-set-1", {{"other-memory", q("8Gi")}}}})};
  CHECK(invalid());
  // "-references-counter-set-in-other-pool": counter sets are per pool.
  env.slices = {slice("slice-1", "driver-a", "pool-1", "node-1", {mem("device-1", "8Gi")}),
                counter_slice("slice-2", "pool-2", 1, {memory_set("8Gi")})};
  CHECK(invalid());
  // "-same-counter-set-name-in-different-resource-slices".
  env.slices = {slice("slice-1", "driver-a", "pool-1", "node-1", {device("device-1")}, 1, 4),
                counter_slice("slice-2", "pool-1", 4, {{"counter-set-1", {}}}),
                slice("slice-3", "driver-a", "pool-1", "node-1", {device("device-2")}, 1, 4),
                counter_slice("slice-4", "pool-1", 4, {{"counter-set-1", {}}})};
  CHECK(invalid());
}

TEST_CASE("upstream: partitionable-devices-per-device-node-selection-*") {
  Env env;
  up_env_class_a(env);
  Device d1 = mem("device-1", "4Gi");
  d1.node_name = "node-1";
  Device d2 = mem("device-2", "6Gi");
  d2.node_name = "node-2";
  ResourceSlice devices = slice("slice-1", "driver-a", "pool-1", "", {d1, d2}, 1, 2);
  devices.per_device_node_selection = true;
  ResourceSlice counters = counter_slice("slice-2", "pool-1", 2, {memory_set("18Gi")}, "");
  counters.per_device_node_selection = true;
  env.slices = {devices, counters};
  // "-nodename": the 6Gi device is on node-2, so the 4Gi alternative gets node-1's device-1.
  AllocateOutcome out = env.run({claim(
      "claim-0",
      {first_available("req-0", {selected(sub("subReq-0", "class-a"), memory_at_least("6Gi")),
                                 selected(sub("subReq-1", "class-a"), memory_at_least("4Gi"))})})});
  REQUIRE(out.status == AllocateStatus::kSuccess);
  CHECK(got(out.allocations[0]) == want({"req-0/subReq-1 driver-a/pool-1/device-1"}));
  CHECK(out.allocations[0].node_selector->terms[0].match_fields[0].values
        == std::vector<std::string>{"node-1"});  // the device's node name

  // "-node-selector": a per-device region selector is the result's selector.
  Device regional = mem("device-1", "4Gi");
  regional.node_selector = NodeSelector{{{{{"region", SelectorOperator::kIn, {"region-1"}}}, {}}}};
  env.slices[0].devices = {regional};
  out = env.run({claim("claim-0", {exact("req-0", "class-a")})});
  REQUIRE(out.status == AllocateStatus::kSuccess);
  CHECK(out.allocations[0].node_selector == regional.node_selector);

  // "partitionable-devices-disabled-per-device-node-selection": not usable without the gate.
  env.features.partitionable_devices = false;
  Device plain = device("device-2");
  plain.node_name = "node-1";
  ResourceSlice per_device = slice("slice-1", "driver-a", "pool-1", "", {plain});
  per_device.per_device_node_selection = true;
  env.slices = {per_device};
  CHECK(env.run({claim("claim-0", {exact("req-0", "class-a")})}).status
        == AllocateStatus::kNoSolution);
}

TEST_CASE("upstream: consumable-capacity multi-allocatable devices") {
  Env env;
  up_env(env);
  env.classes = {multi_class("class-a", "driver-a", true)};
  const ResourceClaim one_a = claim("claim-0", {with_capacity(exact("req-0", "class-a"), "1")});
  const ResourceClaim one_b = claim("claim-1", {with_capacity(exact("req-0", "class-a"), "1")});
  // "-without-policy-with-capacity-request": two claims of 1 share a device with 2.
  Device two = multi(device("device-1"));
  two.capacity["capacity-0"] = DeviceCapacity{q("2"), std::nullopt};
  env.slices = {slice("slice-1", "driver-a", "pool-1", "node-1", {two})};
  AllocateOutcome out = env.run({one_a, one_b});
  REQUIRE(out.status == AllocateStatus::kSuccess);
  CHECK(got(out.allocations[1]) == want({"req-0 driver-a/pool-1/device-1"}));  // shared
  CHECK(out.allocations[1].results[0].consumed_capacity.at("capacity-0") == q("1"));
  // "-without-policy-without-capacity-request-block": no request takes all of it.
  CHECK(env.run({claim("claim-0", {exact("req-0", "class-a")}),
                 claim("claim-1", {exact("req-0", "class-a")})})
            .status
        == AllocateStatus::kNoSolution);

  // "-with-range-policy-with-capacity-request": 1 rounds up to the minimum 2; 2 + 2 <= 4.
  env.slices = {slice("slice-1", "driver-a", "pool-1", "node-1",
                      {with_range_policy(multi(device("device-1")), "4")})};
  out = env.run({one_a, one_b});
  REQUIRE(out.status == AllocateStatus::kSuccess);
  CHECK(out.allocations[0].results[0].consumed_capacity.at("capacity-0") == q("2"));
  // "-with-range-policy-step": 3 rounds up to 4 by the step of 2.
  out = env.run({claim("claim-0", {with_capacity(exact("req-0", "class-a"), "3")})});
  REQUIRE(out.status == AllocateStatus::kSuccess);
  CHECK(out.allocations[0].results[0].consumed_capacity.at("capacity-0") == q("4"));
  // "-with-policy-without-capacity-request": the default 2 is consumed.
  out = env.run({claim("claim-0", {exact("req-0", "class-a")})});
  REQUIRE(out.status == AllocateStatus::kSuccess);
  CHECK(out.allocations[0].results[0].consumed_capacity.at("capacity-0") == q("2"));
  // "-with-request-over-max-sharing-policy": 6 exceeds the range max 4.
  env.slices[0].devices[0] = with_range_policy(multi(device("device-1")), "10");
  CHECK(env.run({claim("claim-0", {with_capacity(exact("req-0", "class-a"), "6")})}).status
        == AllocateStatus::kNoSolution);

  // "-with-valid-values-policy(-round-up)": 2 is valid; with {1, 3} it rounds up to 3.
  env.slices[0].devices[0] = with_valid_values(multi(device("device-1")), "1", "4", {"2"});
  out = env.run({claim("claim-0", {with_capacity(exact("req-0", "class-a"), "2")})});
  REQUIRE(out.status == AllocateStatus::kSuccess);
  CHECK(out.allocations[0].results[0].consumed_capacity.at("capacity-0") == q("2"));
  env.slices[0].devices[0] = with_valid_values(multi(device("device-1")), "1", "3", {"3"});
  out = env.run({claim("claim-0", {with_capacity(exact("req-0", "class-a"), "2")})});
  REQUIRE(out.status == AllocateStatus::kSuccess);
  CHECK(out.allocations[0].results[0].consumed_capacity.at("capacity-0") == q("3"));
  // "-with-zero-request-policy" / "-violates-zero-request-policy": only 0 is valid.
  env.slices[0].devices[0] = with_valid_values(multi(device("device-1")), "0", "1");
  out = env.run({claim("claim-0", {exact("req-0", "class-a")}),
                 claim("claim-1", {exact("req-0", "class-a")})});
  REQUIRE(out.status == AllocateStatus::kSuccess);
  CHECK(out.allocations[1].results[0].consumed_capacity.at("capacity-0") == q("0"));
  CHECK(env.run({one_a}).status == AllocateStatus::kNoSolution);

  // "-with-missing-capacity-request": capacity-0 asked, the device only has capacity-1.
  Device other = multi(device("device-1"));
  other.capacity["capacity-1"] = DeviceCapacity{q("1"), std::nullopt};
  env.slices[0].devices[0] = other;
  CHECK(env.run({one_a}).status == AllocateStatus::kNoSolution);
}

TEST_CASE("upstream: consumable-capacity with allocated capacity and exclusivity") {
  Env env;
  up_env(env);
  env.classes = {multi_class("class-a", "driver-a", true)};
  const ResourceClaim two = claim("claim-0", {with_capacity(exact("req-0", "class-a"), "2")});
  // "-with-allocated-capacity-use-remaining": 2 of 4 used, 2 remain.
  env.slices = {slice("slice-1", "driver-a", "pool-1", "node-1",
                      {with_range_policy(multi(device("device-1")), "4")})};
  mark_consumed(env, "device-1", "2");
  CHECK(env.run({two}).status == AllocateStatus::kSuccess);
  // "-with-allocated-capacity-next-device": device-1 (2 of 2 used) is full, device-2 is not.
  env.slices = {slice("slice-1", "driver-a", "pool-1", "node-1",
                      {with_range_policy(multi(device("device-1")), "2"),
                       with_range_policy(multi(device("device-2")), "2")})};
  AllocateOutcome out = env.run({two});
  REQUIRE(out.status == AllocateStatus::kSuccess);
  CHECK(got(out.allocations[0]) == want({"req-0 driver-a/pool-1/device-2"}));
  // "-with-no-available-consumable-capacity": only the full device.
  env.slices[0].devices.pop_back();
  CHECK(env.run({two}).status == AllocateStatus::kNoSolution);

  // "allow-multiple-allocations-not-allocate-multi-allocatable-device-which-already-dedicated".
  Env dedicated;
  up_env(dedicated);
  dedicated.classes = env.classes;
  dedicated.slices = env.slices;
  mark_allocated(dedicated, "driver-a", "pool-1", "device-1");
  CHECK(dedicated.run({two}).status == AllocateStatus::kNoSolution);

  // "allow-multiple-allocations-exclude-multi-allocatable-device-by-class-selector".
  env.classes = {multi_class("class-a", "driver-a", false)};
  CHECK(env.run({two}).status == AllocateStatus::kNoSolution);
  // (A fresh Env below: nothing is consumed on the dedicated device.)
  Env exclusive;
  up_env(exclusive);
  exclusive.classes = env.classes;
  // "consumable-capacity-dedicated-device-with-consumable-capacity-request": an exclusive
  // device ignores the capacity request and is given whole, without a share ID.
  Device whole = device("device-1");
  whole.capacity["capacity-0"] = DeviceCapacity{q("1"), std::nullopt};
  exclusive.slices = {slice("slice-1", "driver-a", "pool-1", "node-1", {whole})};
  out = exclusive.run({claim("claim-0", {with_capacity(exact("req-0", "class-a"), "1")})});
  REQUIRE(out.status == AllocateStatus::kSuccess);
  CHECK(out.allocations[0].results[0].share_id.empty());
  // "-dedicated-device-with-multiple-consumable-capacity-request": not shareable twice.
  CHECK(exclusive
            .run({claim("claim-0", {with_capacity(exact("req-0", "class-a"), "1")}),
                  claim("claim-1", {with_capacity(exact("req-0", "class-a"), "1")})})
            .status
        == AllocateStatus::kNoSolution);
}

TEST_CASE("upstream: consumable-capacity allocation mode All") {
  Env env;
  up_env_class_a(env);
  const auto cap = [](const char* name, const char* value) {
    Device d = multi(device(name));
    d.capacity["capacity-0"] = DeviceCapacity{q(value), std::nullopt};
    return d;
  };
  // "-allocation-mode-all-filter-out-insufficient-capacity": device-2 has only 1.
  env.slices = {slice("slice-1", "driver-a", "pool-1", "node-1",
                      {cap("device-1", "2"), cap("device-2", "1")})};
  AllocateOutcome out = env.run({claim("claim-0", {with_capacity(all("req-0", "class-a"), "2")})});
  REQUIRE(out.status == AllocateStatus::kSuccess);
  CHECK(got(out.allocations[0]) == want({"req-0 driver-a/pool-1/device-1"}));
  // "-allocation-mode-all-allocating-sufficient": req-0 takes 1 of device-1, All takes 1 each.
  out = env.run({claim("claim-0", {with_capacity(exact("req-0", "class-a"), "1"),
                                   with_capacity(all("req-1", "class-a"), "1")})});
  REQUIRE(out.status == AllocateStatus::kSuccess);
  CHECK(got(out.allocations[0])
        == want({"req-0 driver-a/pool-1/device-1", "req-1 driver-a/pool-1/device-1",
                 "req-1 driver-a/pool-1/device-2"}));
  // "-allocation-mode-all-allocating-insufficient": with 1 each, req-0 leaves one too small.
  env.slices[0].devices[0] = cap("device-1", "1");
  CHECK(env.run({claim("claim-0", {with_capacity(exact("req-0", "class-a"), "1"),
                                   with_capacity(all("req-1", "class-a"), "1")})})
            .status
        == AllocateStatus::kNoSolution);
  // "-allocation-mode-all-in-use-insufficient": device-1 fully used by another claim is left
  // out of All when the list is built.
  mark_consumed(env, "device-1", "1");
  out = env.run({claim("claim-0", {with_capacity(all("req-0", "class-a"), "1")})});
  REQUIRE(out.status == AllocateStatus::kSuccess);
  CHECK(got(out.allocations[0]) == want({"req-0 driver-a/pool-1/device-2"}));
}
