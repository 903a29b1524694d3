// Device-level rules of the allocator: shared counters (dra-semantics.md section 3.8), taints
// and DeviceTaintRules (3.10, 8), admin access (3.11) and binding conditions (3.12).
#include "model/dra/allocator.h"

#include <doctest/doctest.h>

#include "tests/model/dra/dra_fixture.h"

using namespace drasim::model;                // NOLINT
using namespace drasim::model::dra;           // NOLINT
using namespace drasim::model::dra::testing;  // NOLINT

namespace {

/// Example B of section 2.2 plus a second 10Gi part: one counter slice and one device slice.
void setup_example_b(Env& env) {
  env.classes = {device_class("any")};
  ResourceSlice counters = slice("a-counters", "gpu.example.com", "node-b", "node-b", {}, 1, 2);
  counters.shared_counters = {{"gpu-0-parts", {{"memory", q("80Gi")}, {"compute", q("7")}}}};
  auto part = [](std::string name, const char* memory, const char* compute) {
    Device d = device(std::move(name));
    d.capacity["memory"] = DeviceCapacity{q(memory), std::nullopt};
    d.consumes_counters = {{"gpu-0-parts", {{"memory", q(memory)}, {"compute", q(compute)}}}};
    return d;
  };
  env.slices = {counters,
                slice("b-devices", "gpu.example.com", "node-b", "node-b",
                      {part("gpu-0-whole", "80Gi", "7"), part("gpu-0-slice-a", "10Gi", "1"),
                       part("gpu-0-slice-b", "10Gi", "1")},
                      1, 2)};
  env.node = "node-b";
}

Device tainted(std::string name, TaintEffect effect) {
  Device d = device(std::move(name));
  d.taints.push_back({"example.com/t", "v", effect});
  return d;
}

}  // namespace

TEST_CASE("allocator: partitions share the counters of their pool (example B)") {
  Env env;
  setup_example_b(env);
  const AllocateOutcome outcome = env.run({claim("c", {exact("r", "any", 2)})});
  REQUIRE(outcome.status == AllocateStatus::kSuccess);
  // whole (80Gi) + any slice (10Gi) = 90Gi > 80Gi, so the search backtracks to the two slices:
  // 20Gi and 2 compute fit.
  CHECK(picked(outcome.allocations[0])
        == std::vector<std::string>{"node-b/gpu-0-slice-a", "node-b/gpu-0-slice-b"});
}

TEST_CASE("allocator: counters consumed by allocated devices are not available") {
  Env env;
  setup_example_b(env);
  AllocationResult held;
  held.results.push_back(
      {"r", "gpu.example.com", "node-b", "gpu-0-slice-a", {}, {}, {}, {}, {}, {}});
  env.allocated.add(held);
  // 80Gi - 10Gi = 70Gi left: the whole GPU (80Gi) no longer fits, slice-b (10Gi) does.
  const AllocateOutcome outcome = env.run({claim("c", {exact("r", "any")})});
  REQUIRE(outcome.status == AllocateStatus::kSuccess);
  CHECK(picked(outcome.allocations[0]) == std::vector<std::string>{"node-b/gpu-0-slice-b"});
  CHECK(env.run({claim("c", {exact("r", "any", 2)})}).status == AllocateStatus::kNoSolution);
}

TEST_CASE("allocator: devices consuming counters need DRAPartitionableDevices") {
  Env env;
  setup_example_b(env);
  env.features.partitionable_devices = false;
  // The counter slice is skipped; the pool is still complete by the cluster-wide count, but
  // every device consumes counters and is unusable without the feature.
  CHECK(env.run({claim("c", {exact("r", "any")})}).status == AllocateStatus::kNoSolution);
}

TEST_CASE("allocator: taint effects block in 1.35 only for NoSchedule and NoExecute") {
  Env env;
  env.classes = {device_class("any")};
  env.slices = {slice("s", "drv", "p", "node-1", {tainted("d", TaintEffect::kNone)})};
  // 1.35: effect None is informational.
  CHECK(env.run({claim("c", {exact("r", "any")})}).status == AllocateStatus::kSuccess);
  env.features.minor = 34;
  // 1.34: every taint blocks.
  CHECK(env.run({claim("c", {exact("r", "any")})}).status == AllocateStatus::kNoSolution);
  env.features.minor = 35;
  env.slices = {slice("s", "drv", "p", "node-1", {tainted("d", TaintEffect::kNoExecute)})};
  CHECK(env.run({claim("c", {exact("r", "any")})}).status == AllocateStatus::kNoSolution);
  env.features.device_taints = false;
  const AllocateOutcome off = env.run({claim("c", {exact("r", "any")})});
  // Feature off: taints ignored, and no tolerations are written.
  CHECK(off.status == AllocateStatus::kSuccess);
}

TEST_CASE("allocator: a NoExecute toleration does not tolerate NoSchedule") {
  Env env;
  env.classes = {device_class("any")};
  env.slices = {slice("s", "drv", "p", "node-1", {tainted("d", TaintEffect::kNoSchedule)})};
  DeviceRequest r = exact("r", "any");
  Toleration t;
  t.key = "example.com/t";
  t.op = TolerationOperator::kEqual;
  t.value = "v";
  t.effect = TaintEffect::kNoExecute;
  r.exactly->tolerations = {t};
  // Effect must be empty or equal.
  CHECK(env.run({claim("c", {r})}).status == AllocateStatus::kNoSolution);
  r.exactly->tolerations[0].effect.reset();
  const AllocateOutcome outcome = env.run({claim("c", {r})});
  REQUIRE(outcome.status == AllocateStatus::kSuccess);
  // Equal key and value with any effect tolerates it.
  CHECK(outcome.allocations[0].results[0].tolerations.size() == 1);
  env.features.minor = 34;
  // 1.34 did not copy tolerations into results.
  CHECK(env.run({claim("c", {r})}).allocations[0].results[0].tolerations.empty());
}

TEST_CASE("allocator: DeviceTaintRules add taints when both gates are on") {
  Env env;
  env.classes = {device_class("any")};
  env.slices = {
      slice("s", "gpu.example.com", "node-a", "node-1", {device("gpu-0"), device("gpu-1")})};
  DeviceTaintRule rule;
  rule.driver = "gpu.example.com";
  rule.pool = "node-a";
  rule.device = "gpu-1";
  rule.taint = {"example.com/maintenance", "planned", TaintEffect::kNoExecute};
  env.rules = {rule};
  // The rule taints gpu-1 only: one device left.
  CHECK(env.run({claim("c", {exact("r", "any", 2)})}).status == AllocateStatus::kNoSolution);
  CHECK(env.run({claim("c", {exact("r", "any", 1)})}).status == AllocateStatus::kSuccess);
  env.features.device_taint_rules = false;
  // Without DRADeviceTaintRules the rule is not applied.
  CHECK(env.run({claim("c", {exact("r", "any", 2)})}).status == AllocateStatus::kSuccess);
}

TEST_CASE("allocator: admin access ignores other claims but not its own picks") {
  Env env;
  env.classes = {device_class("any")};
  env.slices = {slice("s", "drv", "p", "node-1", {device("dev-0"), device("dev-1")})};
  AllocationResult held;
  held.results.push_back({"r", "drv", "p", "dev-0", {}, {}, {}, {}, {}, {}});
  env.allocated.add(held);
  DeviceRequest admin = exact("r", "any", 2);
  admin.admin_access = true;
  const AllocateOutcome outcome = env.run({claim("monitor", {admin})});
  REQUIRE(outcome.status == AllocateStatus::kSuccess);
  // dev-0 is held by another claim, which does not matter for admin access.
  CHECK(picked(outcome.allocations[0]) == std::vector<std::string>{"p/dev-0", "p/dev-1"});
  CHECK(outcome.allocations[0].results[0].admin_access == std::optional<bool>(true));
  DeviceRequest three = exact("r", "any", 3);
  three.admin_access = true;
  // The same claim cannot take a device twice: only two devices exist.
  CHECK(env.run({claim("monitor", {three})}).status == AllocateStatus::kNoSolution);
  // Admin results never enter the allocated state.
  AllocatedDevices state;
  state.add(outcome.allocations[0]);
  CHECK(state.empty());
}

TEST_CASE("allocator: an admin pick still blocks a normal claim of the same pod") {
  Env env;
  env.classes = {device_class("any")};
  env.slices = {slice("s", "drv", "p", "node-1", {device("dev-0"), device("dev-1")})};
  DeviceRequest admin = exact("r", "any");
  admin.admin_access = true;
  const AllocateOutcome outcome =
      env.run({claim("monitor", {admin}), claim("user", {exact("r", "any")})});
  REQUIRE(outcome.status == AllocateStatus::kSuccess);
  // The admin claim took dev-0 first, so the normal claim gets dev-1.
  CHECK(picked(outcome.allocations[1]) == std::vector<std::string>{"p/dev-1"});
}

TEST_CASE("allocator: binding conditions need the feature and their pools come last") {
  Env env;
  env.classes = {device_class("any")};
  Device bound = device("bound");
  bound.binding_conditions = {"attached"};
  bound.binding_failure_conditions = {"failed"};
  bound.binds_to_node = true;
  ResourceSlice early = slice("a", "drv", "aaa", "", {bound});
  early.all_nodes = true;
  ResourceSlice late = slice("b", "drv", "zzz", "", {device("plain")});
  late.all_nodes = true;
  env.slices = {early, late};
  const AllocateOutcome outcome = env.run({claim("c", {exact("r", "any")})});
  REQUIRE(outcome.status == AllocateStatus::kSuccess);
  // "aaa" sorts first but has binding conditions, so it is moved behind "zzz".
  CHECK(picked(outcome.allocations[0]) == std::vector<std::string>{"zzz/plain"});
  CHECK_FALSE(outcome.allocations[0].node_selector.has_value());  // allNodes only
  const AllocateOutcome both = env.run({claim("c", {exact("r", "any", 2)})});
  REQUIRE(both.status == AllocateStatus::kSuccess);
  // The conditions are copied into the result entry of the bound device...
  CHECK(both.allocations[0].results[1].binding_conditions == std::vector<std::string>{"attached"});
  CHECK(both.allocations[0].results[1].binding_failure_conditions
        == std::vector<std::string>{"failed"});
  // ...and bindsToNode pins the claim to the node even though the slice is allNodes.
  REQUIRE(both.allocations[0].node_selector.has_value());
  CHECK(both.allocations[0].node_selector->terms[0].match_fields[0].values
        == std::vector<std::string>{"node-1"});
  env.features.device_binding_and_status = false;
  // Without the feature pair the device is not selectable.
  CHECK(env.run({claim("c", {exact("r", "any", 2)})}).status == AllocateStatus::kNoSolution);
}
