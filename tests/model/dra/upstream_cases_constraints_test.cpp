// Upstream allocator test vectors for matchAttribute / distinctAttribute constraints, device
// taints and binding conditions (allocator_testing.go, kubernetes/kubernetes).
#include <doctest/doctest.h>

#include "tests/model/dra/upstream_fixture.h"

using namespace drasim::model;                 // NOLINT
using namespace drasim::model::dra;            // NOLINT
using namespace drasim::model::dra::upstream;  // NOLINT

namespace {

Device with(const char* name, std::map<std::string, AttributeValue> attributes) {
  return device(name, std::move(attributes));
}

Taint taint_no_schedule() {
  return {"taint-key", "taint-value", TaintEffect::kNoSchedule};
}

Taint taint_no_execute() {
  return {"taint-key", "taint-value-2", TaintEffect::kNoExecute};
}

Toleration toleration_no_execute() {
  Toleration t;
  t.op = TolerationOperator::kEqual;
  t.key = "taint-key";
  t.value = "taint-value-2";
  t.effect = TaintEffect::kNoExecute;
  return t;
}

Device tainted(const char* name, std::vector<Taint> taints) {
  Device d = device(name);
  d.taints = std::move(taints);
  return d;
}

}  // namespace

TEST_CASE("upstream: with-constraint and its not-matching variants") {
  Env env;
  up_env_classes_a_b(env);
  const std::map<std::string, AttributeValue> same = {{"driverVersion", SemVer{"1.0.0"}},
                                                      {"numa", int64_t{1}},
                                                      {"stringAttribute", std::string("v")},
                                                      {"boolAttribute", true}};
  env.slices = {slice("slice-1", "driver-a", "pool-1", "node-1",
                      {with("device-1", same), with("device-2", same)})};
  // upstream "with-constraint": four matchAttribute constraints all hold for equal devices.
  AllocateOutcome out =
      env.run({claim("claim-0", {exact("req-0", "class-a"), exact("req-1", "class-a")},
                     {match("driver-a/numa"), match("driver-a/driverVersion"),
                      match("driver-a/stringAttribute"), match("driver-a/boolAttribute")})});
  REQUIRE(out.status == AllocateStatus::kSuccess);
  CHECK(got(out.allocations[0])
        == want({"req-0 driver-a/pool-1/device-1", "req-1 driver-a/pool-1/device-2"}));

  // upstream "with-constraint-non-existent-attribute": no device has it.
  CHECK(env.run({claim("claim-0", {exact("req-0", "class-a")},
                       {match("driver-a/NonExistentAttribute")})})
            .status
        == AllocateStatus::kNoSolution);

  // upstream "with-constraint-not-matching-{int,string,bool,version}-attribute": two devices
  // that differ in the constrained attribute cannot serve one count-2 request.
  const std::vector<std::pair<std::string, std::pair<AttributeValue, AttributeValue>>> differ = {
      {"numa", {int64_t{1}, int64_t{2}}},
      {"stringAttribute",
       {std::string("stringAttributeValue"), std::string("stringAttributeValue2")}},
      {"boolAttribute", {true, false}},
      {"driverVersion", {SemVer{"1.0.0"}, SemVer{"2.0.0"}}}};
  for (const auto& [name, values] : differ) {
    CAPTURE(name);
    env.slices = {slice(
        "slice-1", "driver-a", "pool-1", "node-1",
        {with("device-1", {{name, values.first}}), with("device-2", {{name, values.second}})})};
    CHECK(env.run({claim("claim-0", {exact("req-0", "class-a", 2)}, {match("driver-a/" + name)})})
              .status
          == AllocateStatus::kNoSolution);
  }

  // upstream "with-constraint-not-matching-int-attribute-all-devices": All must take both, and
  // the second breaks the constraint: an error naming the device.
  env.slices = {
      slice("slice-1", "driver-a", "pool-1", "node-1",
            {with("device-1", {{"numa", int64_t{1}}}), with("device-2", {{"numa", int64_t{2}}})})};
  out = env.run({claim("claim-0", {all("req-0", "class-a")}, {match("driver-a/numa")})});
  CHECK(out.status == AllocateStatus::kFatal);
  CHECK(out.message
        == "claim default/claim-0, request req-0: cannot add device driver-a/pool-1/device-2 "
           "because a claim constraint would not be satisfied");
}

TEST_CASE("upstream: with-constraint-for-request / -retry") {
  Env env;
  up_env_classes_a_b(env);
  env.slices = {slice("slice-1", "driver-a", "pool-1", "node-1",
                      {with("device-1", {{"driverVersion", SemVer{"1.0.0"}}}),
                       with("device-2", {{"driverVersion", SemVer{"2.0.0"}}})})};
  // A constraint that names only req-0 does not bind req-1.
  AllocateOutcome out =
      env.run({claim("claim-0", {exact("req-0", "class-a"), exact("req-1", "class-a")},
                     {match("driver-a/driverVersion", {"req-0"})})});
  REQUIRE(out.status == AllocateStatus::kSuccess);
  CHECK(got(out.allocations[0])
        == want({"req-0 driver-a/pool-1/device-1", "req-1 driver-a/pool-1/device-2"}));

  // upstream "with-constraint-for-request-retry": device-1's string "a" matches no other
  // device, so req-0 must move on to device-2 ("b", like device-3).
  env.slices = {slice("slice-1", "driver-a", "pool-1", "node-1",
                      {with("device-1", {{"driverVersion", SemVer{"1.0.0"}},
                                         {"stringAttribute", std::string("a")}}),
                       with("device-2", {{"driverVersion", SemVer{"2.0.0"}},
                                         {"stringAttribute", std::string("b")}}),
                       with("device-3", {{"driverVersion", SemVer{"3.0.0"}},
                                         {"stringAttribute", std::string("b")}})})};
  out = env.run(
      {claim("claim-0", {exact("req-0", "class-a"), exact("req-1", "class-a")},
             {match("driver-a/driverVersion", {"req-0"}), match("driver-a/stringAttribute")})});
  REQUIRE(out.status == AllocateStatus::kSuccess);
  CHECK(got(out.allocations[0])
        == want({"req-0 driver-a/pool-1/device-2", "req-1 driver-a/pool-1/device-3"}));
}

TEST_CASE("upstream: with-distinct-constraints and variants") {
  Env env;
  up_env_classes_a_b(env);
  const auto dev = [](const char* name, const char* version, int64_t numa, bool flag) {
    return multi(
        with(name, {{"driverVersion", SemVer{version}}, {"numa", numa}, {"boolAttribute", flag}}));
  };
  env.slices = {slice("slice-1", "driver-a", "pool-1", "node-1",
                      {dev("device-1", "1.0.0", 0, true), dev("device-2", "1.0.1", 1, false),
                       dev("device-3", "1.0.2", 2, true), dev("device-4", "1.0.0", 3, true)})};
  // Distinct bool over req-0/1, version over req-0..2, numa over all four: device-1..4 in order.
  AllocateOutcome out =
      env.run({claim("claim-0",
                     {exact("req-0", "class-a"), exact("req-1", "class-a"),
                      exact("req-2", "class-a"), exact("req-3", "class-a")},
                     {distinct("driver-a/boolAttribute", {"req-0", "req-1"}),
                      distinct("driver-a/driverVersion", {"req-0", "req-1", "req-2"}),
                      distinct("driver-a/numa", {"req-0", "req-1", "req-2", "req-3"})})});
  REQUIRE(out.status == AllocateStatus::kSuccess);
  CHECK(got(out.allocations[0])
        == want({"req-0 driver-a/pool-1/device-1", "req-1 driver-a/pool-1/device-2",
                 "req-2 driver-a/pool-1/device-3", "req-3 driver-a/pool-1/device-4"}));
  // Multi-allocation devices always get a share ID.
  CHECK_FALSE(out.allocations[0].results[0].share_id.empty());

  // upstream "with-distinct-constraints-attribute-not-set": a device without it never fits.
  env.slices = {slice("slice-1", "driver-a", "pool-1", "node-1", {multi(device("device-1"))})};
  CHECK(env.run({claim("claim-0", {exact("req-0", "class-a")},
                       {distinct("driver-a/boolAttribute", {"req-0"})})})
            .status
        == AllocateStatus::kNoSolution);

  // upstream "with-distinct-constraints-with-subrequests": req-0 and req-1 need different
  // booleans, req-2 is unconstrained and may reuse the multi-allocation device-1.
  env.slices = {slice("slice-1", "driver-a", "pool-1", "node-1",
                      {multi(with("device-1", {{"boolAttribute", true}})),
                       multi(with("device-2", {{"boolAttribute", false}}))})};
  const auto prefer_true = [](const char* name) {
    return first_available(name,
                           {selected(sub("subReq-0", "class-a"), attribute_true("boolAttribute")),
                            sub("subReq-1", "class-a")});
  };
  out =
      env.run({claim("claim-0", {prefer_true("req-0"), prefer_true("req-1"), prefer_true("req-2")},
                     {distinct("driver-a/boolAttribute", {"req-0", "req-1"})})});
  REQUIRE(out.status == AllocateStatus::kSuccess);
  CHECK(
      got(out.allocations[0])
      == want({"req-0/subReq-0 driver-a/pool-1/device-1", "req-1/subReq-1 driver-a/pool-1/device-2",
               "req-2/subReq-0 driver-a/pool-1/device-1"}));
}

TEST_CASE("upstream: tainted-* cases") {
  Env env;
  up_env_classes_a_b(env);
  const ResourceClaim plain = claim("claim-0", {exact("req-0", "class-a")});
  // upstream "tainted-two-devices": nothing tolerated.
  env.slices = {slice(
      "slice-1", "driver-a", "pool-1", "node-1",
      {tainted("device-1", {taint_no_schedule()}), tainted("device-2", {taint_no_execute()})})};
  CHECK(env.run({plain}).status == AllocateStatus::kNoSolution);
  // upstream "tainted-two-devices-tolerated": only device-2's taint is tolerated.
  DeviceRequest tolerant = exact("req-0", "class-a");
  tolerant.exactly->tolerations = {toleration_no_execute()};
  AllocateOutcome out = env.run({claim("claim-0", {tolerant})});
  REQUIRE(out.status == AllocateStatus::kSuccess);
  CHECK(got(out.allocations[0]) == want({"req-0 driver-a/pool-1/device-2"}));
  CHECK(out.allocations[0].results[0].tolerations
        == std::vector<Toleration>{toleration_no_execute()});  // copied into the result
  // upstream "tainted-two-devices-prioritized-list-tolerated": the tolerating alternative.
  DeviceSubRequest tolerant_sub = sub("subReq-1", "class-a");
  tolerant_sub.tolerations = {toleration_no_execute()};
  out = env.run(
      {claim("claim-0", {first_available("req-0", {sub("subReq-0", "class-a"), tolerant_sub})})});
  REQUIRE(out.status == AllocateStatus::kSuccess);
  CHECK(got(out.allocations[0]) == want({"req-0/subReq-1 driver-a/pool-1/device-2"}));

  // upstream "tainted-no-effect": effect None does not block (1.35).
  env.slices = {slice("slice-1", "driver-a", "pool-1", "node-1",
                      {tainted("device-1", {{"taint-key", "taint-value", TaintEffect::kNone}})})};
  CHECK(env.run({plain}).status == AllocateStatus::kSuccess);

  // upstream "tainted-prioritized-list": no driver-b device, the driver-a one is tainted.
  env.slices = {slice("slice-1", "driver-a", "pool-1", "node-1",
                      {tainted("device-1", {taint_no_schedule()})})};
  const ResourceClaim either =
      claim("claim-0",
            {first_available("req-0", {sub("subReq-0", "class-b"), sub("subReq-1", "class-a")})});
  CHECK(env.run({either}).status == AllocateStatus::kNoSolution);
  // upstream "tainted-all-devices-single": All cannot take the tainted device.
  CHECK(env.run({claim("claim-0", {all("req-0", "class-a")})}).status
        == AllocateStatus::kNoSolution);
  // upstream "tainted-admin-access": admin access does not bypass taints.
  DeviceRequest admin = exact("req-0", "class-a");
  admin.admin_access = true;
  CHECK(env.run({claim("claim-0", {admin})}).status == AllocateStatus::kNoSolution);

  // The "-disabled" variants: with DRADeviceTaints off the taints are ignored.
  env.features.device_taints = false;
  CHECK(env.run({either}).status == AllocateStatus::kSuccess);
  CHECK(env.run({claim("claim-0", {all("req-0", "class-a")})}).status == AllocateStatus::kSuccess);
  out = env.run({claim("claim-0", {admin})});
  REQUIRE(out.status == AllocateStatus::kSuccess);
  CHECK(out.allocations[0].results[0].admin_access == std::optional<bool>(true));
}

TEST_CASE("upstream: tainted-one-device-two-taints-both-tolerated") {
  Env env;
  up_env_classes_a_b(env);
  env.slices = {slice("slice-1", "driver-a", "pool-1", "node-1",
                      {tainted("device-1", {taint_no_schedule(), taint_no_execute()})})};
  Toleration no_schedule;
  no_schedule.op = TolerationOperator::kExists;
  no_schedule.key = "taint-key";
  no_schedule.effect = TaintEffect::kNoSchedule;
  DeviceRequest r = exact("req-0", "class-a");
  r.exactly->tolerations = {no_schedule, toleration_no_execute()};
  const AllocateOutcome out = env.run({claim("claim-0", {r})});
  REQUIRE(out.status == AllocateStatus::kSuccess);
  // Each taint has its toleration; both tolerations land in the result.
  CHECK(out.allocations[0].results[0].tolerations.size() == 2);
}

TEST_CASE("upstream: device-binding-conditions / binding-conditions-* / node-restriction") {
  Env env;
  up_env_classes_a_b(env);
  const auto bound = [](const char* name, const char* cond, const char* fail) {
    Device d = device(name);
    d.binding_conditions = {cond};
    d.binding_failure_conditions = {fail};
    return d;
  };
  env.slices = {slice("slice-1", "driver-a", "pool-1", "node-1",
                      {bound("device-1", "IsPrepare", "BindingFailed"),
                       bound("device-2", "IsPrepare2", "BindingFailed2"),
                       bound("device-3", "IsPrepare3", "BindingFailed3")})};
  // upstream "binding-conditions-multiple-devices": every result copies its device's lists.
  AllocateOutcome out =
      env.run({claim("claim-0", {exact("req-0", "class-a", 2), exact("req-1", "class-a")})});
  REQUIRE(out.status == AllocateStatus::kSuccess);
  CHECK(got(out.allocations[0])
        == want({"req-0 driver-a/pool-1/device-1", "req-0 driver-a/pool-1/device-2",
                 "req-1 driver-a/pool-1/device-3"}));
  CHECK(out.allocations[0].results[2].binding_conditions == std::vector<std::string>{"IsPrepare3"});
  CHECK(out.allocations[0].results[2].binding_failure_conditions
        == std::vector<std::string>{"BindingFailed3"});
  // upstream "binding-conditions-without-feature-gate": such devices are not selectable.
  env.features.device_binding_and_status = false;
  CHECK(env.run({claim("claim-0", {exact("req-0", "class-a")})}).status
        == AllocateStatus::kNoSolution);

  // upstream "node-restriction": bindsToNode on a network-attached device pins the result to
  // the node being allocated for.
  env.features.device_binding_and_status = true;
  Device pinned = device("device-1");
  pinned.binds_to_node = true;
  ResourceSlice earth = slice("slice-1", "driver-a", "pool-1", "", {pinned});
  earth.node_selector = NodeSelector{{{{{"planet", SelectorOperator::kIn, {"earth"}}}, {}}}};
  env.slices = {earth};
  out = env.run({claim("claim-0", {exact("req-0", "class-a")})});
  REQUIRE(out.status == AllocateStatus::kSuccess);
  CHECK(out.allocations[0].node_selector->terms[0].match_fields[0].values
        == std::vector<std::string>{"node-1"});
}
