// Claim validation (dra-semantics.md section 3.3), the search (3.4-3.7) and the result (3.13).
#include "model/dra/allocator.h"

#include "model/dra/consumable_capacity.h"

#include <doctest/doctest.h>

#include "tests/model/dra/dra_fixture.h"

using namespace drasim::model;                // NOLINT
using namespace drasim::model::dra;           // NOLINT
using namespace drasim::model::dra::testing;  // NOLINT

namespace {

void setup_plain(Env& env, int devices) {
  env.classes = {device_class("any")};
  std::vector<Device> list;
  for (int i = 0; i < devices; ++i) {
    list.push_back(device("dev-" + std::to_string(i)));
  }
  env.slices = {slice("s", "drv", "p", "node-1", list)};
}

std::string fatal(Env& env, ResourceClaim c) {
  const AllocateOutcome outcome = env.run({std::move(c)});
  CHECK(outcome.status == AllocateStatus::kFatal);  // every message below is an Error status
  return outcome.message;
}

}  // namespace

TEST_CASE("allocator: validation messages follow upstream") {
  Env env;
  setup_plain(env, 1);
  env.features.prioritized_list = false;
  CHECK(fatal(env, claim("c", {first_available("r", {sub("a", "any")})}))
        == "claim default/c, request r: has subrequests, but the DRAPrioritizedList feature is "
           "disabled");
  env.features = all_features();
  env.features.admin_access = false;
  DeviceRequest admin = exact("r", "any");
  admin.admin_access = false;  // set at all, even false, counts as asking (hasAdminAccess)
  CHECK(fatal(env, claim("c", {admin}))
        == "claim default/c, request r: admin access is requested, but the feature is disabled");
  env.features = all_features();
  env.features.consumable_capacity = false;
  DeviceRequest capacity = exact("r", "any");
  capacity.exactly->capacity_requests = {{"bandwidth", q("1G")}};
  CHECK(fatal(env, claim("c", {capacity}))
        == "claim default/c, request r: has capacity requests, but the DRAConsumableCapacity "
           "feature is disabled");
  // distinctAttribute is not understood without consumable capacity: an empty constraint.
  CHECK(fatal(env, claim("c", {exact("r", "any")}, {distinct("drv/x")}))
        == "claim default/c, constraint #0: empty constraint (unsupported constraint type?)");
  env.features = all_features();
  CHECK(fatal(env, claim("c", {exact("r", "")}))
        == "claim default/c, request r: missing device class name (unsupported request type?)");
  CHECK(fatal(env, claim("c", {exact("r", "nope")}))
        == "claim default/c, request r: could not retrieve device class nope: "
           "deviceclass.resource.k8s.io \"nope\" not found");
  DeviceRequest empty_selector = exact("r", "any");
  empty_selector.exactly->selectors = {{"", {}}};
  CHECK(fatal(env, claim("c", {empty_selector}))
        == "claim default/c, request r, selector #0: CEL expression empty (unsupported selector "
           "type?)");
  // Subrequests are named by their own name.
  CHECK(fatal(env, claim("c", {first_available("r", {sub("a", "any"), sub("b", "nope")})}))
        == "claim default/c, request b: could not retrieve device class nope: "
           "deviceclass.resource.k8s.io \"nope\" not found");
}

TEST_CASE("allocator: more than 32 devices per claim is refused up front") {
  Env env;
  setup_plain(env, 1);
  // 30 + min(5, 3) = 33 > 32 = AllocationResultsMaxSize.
  CHECK(fatal(env, claim("c", {exact("a", "any", 30),
                               first_available("b", {sub("x", "any", 5), sub("y", "any", 3)})}))
        == "claim default/c: number of requested devices 33 exceeds the claim limit of 32");
}

TEST_CASE("allocator: CEL runtime errors name the class or the claim") {
  Env env;
  env.classes = {device_class("broken", {"bad"}), device_class("ok")};
  env.selectors.rules["bad"] = [](const ResourceSlice&, const Device&) {
    return SelectorVerdict{SelectorVerdict::Kind::kError, "no such key: model"};
  };
  env.slices = {slice("s", "drv", "p", "node-1", {device("d")})};
  CHECK(fatal(env, claim("c", {exact("r", "broken")}))
        == "class broken: selector #0: CEL runtime error: no such key: model");
  DeviceRequest request = exact("r", "ok");
  env.selectors.rules["yes"] = [](const ResourceSlice&, const Device&) {
    return verdict(true);
  };
  request.exactly->selectors = {{"yes", {}}, {"bad", {}}};
  // Selector #1 of the claim fails; numbering is per list.
  CHECK(fatal(env, claim("c", {request}))
        == "claim default/c: selector #1: CEL runtime error: no such key: model");
}

TEST_CASE("allocator: class selectors run first and results are cached per request") {
  Env env;
  env.classes = {device_class("none", {"no"})};
  env.selectors.rules["no"] = [](const ResourceSlice&, const Device&) {
    return verdict(false);
  };
  env.slices = {slice("s", "drv", "p", "node-1", {device("a"), device("b")})};
  DeviceRequest request = exact("r", "none");
  request.exactly->selectors = {{"never evaluated", {}}};
  CHECK(env.run({claim("c", {request})}).status == AllocateStatus::kNoSolution);
  // The class selector is false for both devices, so the unknown request selector (which
  // would be an error) is never evaluated: 2 evaluations.
  CHECK(env.selectors.evaluations == 2);

  Env cached;
  cached.classes = {device_class("yes", {"yes"})};
  cached.selectors.rules["yes"] = [](const ResourceSlice&, const Device&) {
    return verdict(true);
  };
  cached.slices = {slice("s", "drv", "p", "node-1", {device("a"), device("b"), device("c")})};
  // Three slots over three devices with 1.35 permutations revisit devices, but each device is
  // evaluated once for the request: 3 evaluations.
  CHECK(cached.run({claim("c", {exact("r", "yes", 3)})}).status == AllocateStatus::kSuccess);
  CHECK(cached.selectors.evaluations == 3);
}

TEST_CASE("allocator: claims of one pod never share an exclusive device") {
  Env env;
  setup_plain(env, 2);
  const AllocateOutcome outcome =
      env.run({claim("one", {exact("r", "any")}), claim("two", {exact("r", "any")})});
  REQUIRE(outcome.status == AllocateStatus::kSuccess);
  CHECK(picked(outcome.allocations[0]) == std::vector<std::string>{"p/dev-0"});  // first fit
  CHECK(picked(outcome.allocations[1]) == std::vector<std::string>{"p/dev-1"});  // dev-0 taken
  // A third claim finds nothing left: all-or-nothing, no partial result.
  const AllocateOutcome three =
      env.run({claim("one", {exact("r", "any")}), claim("two", {exact("r", "any")}),
               claim("three", {exact("r", "any")})});
  CHECK(three.status == AllocateStatus::kNoSolution);
  CHECK(three.allocations.empty());
}

TEST_CASE("allocator: devices of other claims are skipped and freed by remove") {
  Env env;
  setup_plain(env, 2);
  AllocationResult held;
  held.results.push_back({"r", "drv", "p", "dev-0", {}, {}, {}, {}, {}, {}});
  env.allocated.add(held);
  CHECK(env.allocated.is_exclusive(DeviceKey{"drv", "p", "dev-0"}));
  const AllocateOutcome outcome = env.run({claim("c", {exact("r", "any")})});
  CHECK(picked(outcome.allocations.at(0)) == std::vector<std::string>{"p/dev-1"});  // dev-0 held
  env.allocated.remove(held);
  CHECK(env.allocated.empty());  // remove is the exact inverse of add
}

TEST_CASE("allocator: invocation count of a one-device claim") {
  Env env;
  setup_plain(env, 1);
  // allocateOne for slot 0, slot 1 (request done), request 1 (claim done), claim 1 (solved).
  CHECK(env.run({claim("c", {exact("r", "any")})}).invocations == 4);
}

TEST_CASE("allocator: firstAvailable takes the first subrequest that leads to a solution") {
  Env env;
  env.classes = {device_class("rdma", {"rdma"}), device_class("any-nic")};
  env.selectors.rules["rdma"] = attribute_is("kind", "rdma");
  env.slices = {slice("s", "nic.example.com", "p", "node-1",
                      {device("eth-0", {{"kind", std::string("plain")}})})};
  ResourceClaim c =
      claim("c", {first_available("nic", {sub("rdma", "rdma"), sub("plain", "any-nic")})});
  OpaqueConfig named_sub{"nic.example.com", {"nic/plain"}};
  OpaqueConfig other_sub{"nic.example.com", {"nic/rdma"}};
  c.spec.config = {named_sub, other_sub};
  const AllocateOutcome outcome = env.run({c});
  REQUIRE(outcome.status == AllocateStatus::kSuccess);
  // No rdma device exists, so the second subrequest is used and named req/sub.
  CHECK(outcome.allocations[0].results[0].request == "nic/plain");
  // Only the config naming the selected subrequest is kept.
  REQUIRE(outcome.allocations[0].config.size() == 1);
  CHECK(outcome.allocations[0].config[0].requests == std::vector<std::string>{"nic/plain"});
}

TEST_CASE("allocator: a subrequest over the 32-result limit falls back to a smaller one") {
  Env env;
  setup_plain(env, 40);
  const AllocateOutcome outcome =
      env.run({claim("c", {exact("a", "any", 31),
                           first_available("b", {sub("big", "any", 2), sub("small", "any", 1)})})});
  REQUIRE(outcome.status == AllocateStatus::kSuccess);
  // 31 + 2 = 33 > 32, so "big" signals max size and "small" (31 + 1 = 32) is used.
  CHECK(outcome.allocations[0].results.size() == 32);
  CHECK(outcome.allocations[0].results.back().request == "b/small");
}

TEST_CASE("allocator: All mode takes every selectable device or nothing") {
  Env env;
  setup_plain(env, 3);
  const AllocateOutcome outcome = env.run({claim("c", {all("r", "any")})});
  REQUIRE(outcome.status == AllocateStatus::kSuccess);
  // Every device of the node in pool order.
  CHECK(picked(outcome.allocations[0])
        == std::vector<std::string>{"p/dev-0", "p/dev-1", "p/dev-2"});
  AllocationResult held;
  held.results.push_back({"r", "drv", "p", "dev-1", {}, {}, {}, {}, {}, {}});
  env.allocated.add(held);
  // In-use devices stay in the All list and make the request fail.
  CHECK(env.run({claim("c", {all("r", "any")})}).status == AllocateStatus::kNoSolution);
}

TEST_CASE("allocator: All mode with a failing constraint is an error") {
  Env env;
  env.classes = {device_class("any")};
  env.slices = {slice("s", "drv", "p", "node-1",
                      {device("a", {{"numa", int64_t{0}}}), device("b", {{"numa", int64_t{1}}})})};
  // Both devices must be taken but their numa values differ.
  CHECK(fatal(env, claim("c", {all("r", "any")}, {match("drv/numa")}))
        == "claim default/c, request r: cannot add device drv/p/b because a claim constraint "
           "would not be satisfied");
}

TEST_CASE("allocator: All mode inside a later subrequest keeps its subrequest (1.36 fix)") {
  Env env;
  env.classes = {device_class("none", {"no"}), device_class("any")};
  env.selectors.rules["no"] = [](const ResourceSlice&, const Device&) {
    return verdict(false);
  };
  env.slices = {slice("s", "drv", "p", "node-1", {device("a"), device("b")})};
  DeviceSubRequest every = sub("every", "any");
  every.allocation_mode = AllocationMode::kAll;
  const AllocateOutcome outcome =
      env.run({claim("c", {first_available("r", {sub("never", "none"), every})})});
  REQUIRE(outcome.status == AllocateStatus::kSuccess);
  // Slot 1 of subrequest #1 stays in subrequest #1: both devices, both named r/every.
  CHECK(picked(outcome.allocations[0]) == std::vector<std::string>{"p/a", "p/b"});
  CHECK(outcome.allocations[0].results[1].request == "r/every");
}

TEST_CASE("allocator: matchAttribute across requests with the driver-domain rule") {
  Env env;
  env.classes = {device_class("gpu", {"gpu"}), device_class("nic", {"nic"})};
  env.selectors.rules["gpu"] = [](const ResourceSlice& s, const Device&) {
    return verdict(s.driver == "gpu.example.com");
  };
  env.selectors.rules["nic"] = [](const ResourceSlice& s, const Device&) {
    return verdict(s.driver == "nic.example.com");
  };
  const std::string root = "resource.kubernetes.io/pcieRoot";
  env.slices = {slice("g", "gpu.example.com", "g", "node-1",
                      {device("gpu-0", {{root, std::string("pci0")}}),
                       device("gpu-1", {{root, std::string("pci1")}})}),
                slice("n", "nic.example.com", "n", "node-1",
                      {device("nic-0", {{root, std::string("pci1")}})})};
  const AllocateOutcome outcome = env.run(
      {claim("c", {exact("gpus", "gpu"), exact("nic", "nic")}, {match(root, {"gpus", "nic"})})});
  REQUIRE(outcome.status == AllocateStatus::kSuccess);
  // gpu-0 (pci0) is tried first but no NIC sits on pci0; backtracking picks gpu-1 with nic-0.
  CHECK(picked(outcome.allocations[0]) == std::vector<std::string>{"g/gpu-1", "n/nic-0"});

  Env bare;
  bare.classes = {device_class("any")};
  bare.slices = {
      slice("a", "gpu.example.com", "a", "node-1", {device("x", {{"numa", int64_t{1}}})}),
      slice("b", "other.example.com", "b", "node-1", {device("y", {{"numa", int64_t{1}}})})};
  // "gpu.example.com/numa" finds the bare "numa" of gpu.example.com devices only: device y of
  // another driver lacks it, so two devices cannot satisfy the constraint.
  CHECK(bare.run({claim("c", {exact("r", "any", 2)}, {match("gpu.example.com/numa")})}).status
        == AllocateStatus::kNoSolution);
  CHECK(bare.run({claim("c", {exact("r", "any", 1)}, {match("gpu.example.com/numa")})}).status
        == AllocateStatus::kSuccess);  // x alone has it
}

TEST_CASE("allocator: distinctAttribute keyed by request in 1.35, strict in 1.36") {
  Env env;
  env.classes = {device_class("any")};
  env.slices = {
      slice("s", "drv", "p", "node-1",
            {device("d0", {{"nic", std::string("a")}}), device("d1", {{"nic", std::string("b")}}),
             device("d2", {{"nic", std::string("a")}})})};
  const AllocateOutcome quirk =
      env.run({claim("c", {exact("r", "any", 3)}, {distinct("drv/nic")})});
  REQUIRE(quirk.status == AllocateStatus::kSuccess);
  // 1.35 remembers only the latest value of request r: d2 (a) is compared with d1 (b) only.
  CHECK(picked(quirk.allocations[0]) == std::vector<std::string>{"p/d0", "p/d1", "p/d2"});
  env.features.minor = 36;
  // 1.36 remembers every value: only two distinct values exist for three devices.
  CHECK(env.run({claim("c", {exact("r", "any", 3)}, {distinct("drv/nic")})}).status
        == AllocateStatus::kNoSolution);
  env.features.minor = 35;
  // Across requests the check is exact in 1.35 too: a second request cannot repeat "a" or "b"
  // after r took d0 (a)... r2 gets d1 (b), r3 would need a third value.
  CHECK(env.run({claim("c", {exact("r1", "any"), exact("r2", "any"), exact("r3", "any")},
                       {distinct("drv/nic")})})
            .status
        == AllocateStatus::kNoSolution);
}

TEST_CASE("allocator: class configs once per class, claim configs per matching request") {
  Env env;
  env.classes = {device_class("any", {}, {"drv"})};
  env.slices = {slice("s", "drv", "p", "node-1", {device("a"), device("b")})};
  ResourceClaim c = claim("c", {exact("r1", "any"), exact("r2", "any")});
  c.spec.config = {OpaqueConfig{"drv", {}}, OpaqueConfig{"drv", {"r1", "r2"}}};
  const AllocateOutcome outcome = env.run({c});
  REQUIRE(outcome.status == AllocateStatus::kSuccess);
  const std::vector<AllocationConfig>& config = outcome.allocations[0].config;
  REQUIRE(config.size() == 4);
  // 1.35: the class config once, listing both requests that use the class.
  CHECK(config[0].source == AllocationConfig::Source::kFromClass);
  CHECK(config[0].requests == std::vector<std::string>{"r1", "r2"});
  // The claim config without requests once; the one naming r1 and r2 twice (upstream quirk).
  CHECK(config[1].requests.empty());
  CHECK(config[2].requests == std::vector<std::string>{"r1", "r2"});
  CHECK(config[3] == config[2]);
  env.features.minor = 34;
  const AllocateOutcome old = env.run({c});
  // 1.34: one class entry per request with no request list.
  CHECK(old.allocations[0].config[0].requests.empty());
  CHECK(old.allocations[0].config[1].source == AllocationConfig::Source::kFromClass);
  env.features.minor = 37;
  // 1.37: a list covering every request is normalised to empty.
  CHECK(env.run({c}).allocations[0].config[0].requests.empty());
}

TEST_CASE("allocator: consumed capacity follows the request policy arithmetic") {
  DeviceCapacity range{q("100G"),
                       CapacityRequestPolicy{q("10G"), {}, q("10G"), std::nullopt, q("10G")}};
  // Absent request: the default.
  CHECK(consumed_amount(std::nullopt, range) == q("10G"));
  // 15G: 10G + 10G * ceil(5G / 10G) = 20G.
  CHECK(consumed_amount(q("15G"), range) == q("20G"));
  // Below min: raised to min.
  CHECK(consumed_amount(q("5G"), range) == q("10G"));
  // 30G is already on the grid.
  CHECK(consumed_amount(q("30G"), range) == q("30G"));
  DeviceCapacity values{
      q("8"),
      CapacityRequestPolicy{
          std::nullopt, {q("1"), q("2"), q("4")}, std::nullopt, std::nullopt, std::nullopt}};
  CHECK(consumed_amount(q("3"), values) == q("4"));       // the first valid value >= 3
  CHECK(consumed_amount(q("5"), values) == q("5"));       // none: the request itself...
  CHECK(violates_policy(q("5"), values.request_policy));  // ...which breaks the policy
  DeviceCapacity bounded{q("100G"),
                         CapacityRequestPolicy{std::nullopt, {}, q("10G"), q("50G"), std::nullopt}};
  CHECK(violates_policy(q("60G"), bounded.request_policy));  // above max
  DeviceCapacity plain{q("100G"), std::nullopt};
  CHECK(consumed_amount(std::nullopt, plain) == q("100G"));  // no policy, no request: all of it
  CHECK(consumed_amount(q("7G"), plain) == q("7G"));         // no policy: as requested
}

TEST_CASE("allocator: shareable device with consumable capacity (example D)") {
  Env env;
  env.classes = {device_class("nic")};
  Device nic = device("nic-0");
  nic.allow_multiple_allocations = true;
  nic.capacity["bandwidth"] = DeviceCapacity{
      q("100G"), CapacityRequestPolicy{q("10G"), {}, q("10G"), std::nullopt, q("10G")}};
  env.slices = {slice("s", "drv", "p", "node-1", {nic})};
  auto wants = [](std::string name, const char* amount) {
    DeviceRequest r = exact("r", "nic");
    r.exactly->capacity_requests = {{"bandwidth", q(amount)}};
    return claim(std::move(name), {r});
  };
  const AllocateOutcome two = env.run({wants("a", "45G"), wants("b", "45G")});
  REQUIRE(two.status == AllocateStatus::kSuccess);
  // 45G rounds up to 50G for each claim: 100G in total fits exactly.
  CHECK(two.allocations[0].results[0].consumed_capacity.at("bandwidth") == q("50G"));
  CHECK(two.allocations[1].results[0].device == "nic-0");  // shared, not exclusive
  CHECK_FALSE(two.allocations[0].results[0].share_id.empty());
  CHECK(two.allocations[0].results[0].share_id != two.allocations[1].results[0].share_id);
  // A third claim needs 10G more than the device has.
  CHECK(env.run({wants("a", "45G"), wants("b", "45G"), wants("c", "1G")}).status
        == AllocateStatus::kNoSolution);
  // Deterministic shareID: same input, same answer.
  CHECK(env.run({wants("a", "45G"), wants("b", "45G")}).allocations[0].results[0].share_id
        == two.allocations[0].results[0].share_id);
  env.allocated.add(two.allocations[0]);
  // 50G already consumed by claim a: 55G (rounded 60G) no longer fits, 45G (50G) does.
  CHECK(env.run({wants("x", "55G")}).status == AllocateStatus::kNoSolution);
  CHECK(env.run({wants("x", "45G")}).status == AllocateStatus::kSuccess);
  env.allocated.remove(two.allocations[0]);
  CHECK(env.allocated.empty());
  DeviceRequest unknown = exact("r", "nic");
  unknown.exactly->capacity_requests = {{"memory", q("1")}};
  // The device has no "memory" capacity: ineligible.
  CHECK(env.run({claim("c", {unknown})}).status == AllocateStatus::kNoSolution);
}

TEST_CASE("allocator: one request may reuse a shareable device in 1.35, not in 1.36") {
  Env env;
  env.classes = {device_class("nic")};
  Device nic0 = device("nic-0");
  nic0.allow_multiple_allocations = true;
  nic0.capacity["bandwidth"] = DeviceCapacity{q("100G"), std::nullopt};
  Device nic1 = nic0;
  nic1.name = "nic-1";
  env.slices = {slice("s", "drv", "p", "node-1", {nic0, nic1})};
  DeviceRequest r = exact("r", "nic", 2);
  r.exactly->capacity_requests = {{"bandwidth", q("10G")}};
  // 1.35 permutations: slot 1 rescans from the start and nic-0 still has room.
  CHECK(picked(env.run({claim("c", {r})}).allocations.at(0))
        == std::vector<std::string>{"p/nic-0", "p/nic-0"});
  env.features.minor = 36;
  // 1.36 combinations: slot 1 starts after nic-0.
  CHECK(picked(env.run({claim("c", {r})}).allocations.at(0))
        == std::vector<std::string>{"p/nic-0", "p/nic-1"});
}
