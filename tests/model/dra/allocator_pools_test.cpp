// Pool gathering as the allocator sees it (dra-semantics.md section 3.2 and 3.14).
#include "model/dra/pools.h"

#include <doctest/doctest.h>

#include "tests/model/dra/dra_fixture.h"

using namespace drasim::model;                // NOLINT
using namespace drasim::model::dra;           // NOLINT
using namespace drasim::model::dra::testing;  // NOLINT

namespace {

/// Example A of section 2.2: node-local H100s, gpu-1 tainted NoSchedule.
std::vector<ResourceSlice> example_a() {
  Device gpu0 = device("gpu-0", {{"model", std::string("H100")}, {"numaNode", int64_t{0}}});
  Device gpu1 = device("gpu-1", {{"model", std::string("H100")}, {"numaNode", int64_t{1}}});
  gpu1.taints.push_back({"gpu.example.com/ecc-errors", "high", TaintEffect::kNoSchedule});
  return {slice("node-a-gpu.example.com-7q2xk", "gpu.example.com", "node-a", "node-a", {gpu0, gpu1},
                3, 1)};
}

void setup_h100(Env& env) {
  env.classes = {device_class("gpu-h100", {"model == H100"})};
  env.selectors.rules["model == H100"] = attribute_is("model", "H100");
  env.slices = example_a();
  env.node = "node-a";
}

}  // namespace

TEST_CASE("allocator: example A gives the untainted GPU and pins the claim to the node") {
  Env env;
  setup_h100(env);
  const AllocateOutcome outcome = env.run({claim("c", {exact("gpus", "gpu-h100")})});
  REQUIRE(outcome.status == AllocateStatus::kSuccess);
  // gpu-0 comes first in slice order and has no taint.
  CHECK(picked(outcome.allocations[0]) == std::vector<std::string>{"node-a/gpu-0"});
  // A node-local slice pins the allocation with a metadata.name matchFields term.
  REQUIRE(outcome.allocations[0].node_selector.has_value());
  const NodeSelectorTerm& term = outcome.allocations[0].node_selector->terms.at(0);
  CHECK(term.match_fields.at(0).key == "metadata.name");  // pinned by field, not label
  CHECK(term.match_fields.at(0).values == std::vector<std::string>{"node-a"});  // this node
}

TEST_CASE("allocator: example A cannot give two GPUs unless the taint is tolerated") {
  Env env;
  setup_h100(env);
  // gpu-1 carries an untolerated NoSchedule taint, so two devices do not exist.
  CHECK(env.run({claim("c", {exact("gpus", "gpu-h100", 2)})}).status
        == AllocateStatus::kNoSolution);
  DeviceRequest request = exact("gpus", "gpu-h100", 2);
  Toleration toleration;
  toleration.key = "gpu.example.com/ecc-errors";
  toleration.op = TolerationOperator::kExists;
  toleration.effect = TaintEffect::kNoSchedule;
  request.exactly->tolerations = {toleration};
  const AllocateOutcome outcome = env.run({claim("c", {request})});
  REQUIRE(outcome.status == AllocateStatus::kSuccess);
  // Exists on the key tolerates the taint whatever its value.
  CHECK(picked(outcome.allocations[0]) == std::vector<std::string>{"node-a/gpu-0", "node-a/gpu-1"});
  // 1.35 copies the request's tolerations into every result entry.
  CHECK(outcome.allocations[0].results[1].tolerations == std::vector<Toleration>{toleration});
}

TEST_CASE("allocator: a node-local slice of another node is not reachable") {
  Env env;
  setup_h100(env);
  env.node = "node-b";
  // Example A's only slice names node-a.
  CHECK(env.run({claim("c", {exact("gpus", "gpu-h100")})}).status == AllocateStatus::kNoSolution);
}

TEST_CASE("allocator: pools are tried in (driver, pool) order and slices by name") {
  Env env;
  env.classes = {device_class("any")};
  env.slices = {slice("z", "drv", "pool-b", "node-1", {device("b0")}),
                slice("s-2", "drv", "pool-a", "node-1", {device("a2")}, 1, 2),
                slice("s-1", "drv", "pool-a", "node-1", {device("a1")}, 1, 2)};
  const AllocateOutcome outcome = env.run({claim("c", {exact("r", "any", 3)})});
  REQUIRE(outcome.status == AllocateStatus::kSuccess);
  // pool-a before pool-b; inside pool-a slice s-1 before s-2 (1.36 deterministic order).
  CHECK(picked(outcome.allocations[0])
        == std::vector<std::string>{"pool-a/a1", "pool-a/a2", "pool-b/b0"});
}

TEST_CASE("allocator: pool order sorts by driver before pool name") {
  Env env;
  env.classes = {device_class("any")};
  env.slices = {slice("s1", "b.example.com", "aaa", "node-1", {device("d")}),
                slice("s2", "a.example.com", "zzz", "node-1", {device("d")})};
  const AllocateOutcome outcome = env.run({claim("c", {exact("r", "any")})});
  REQUIRE(outcome.status == AllocateStatus::kSuccess);
  // a.example.com < b.example.com even though its pool name sorts last.
  CHECK(outcome.allocations[0].results[0].driver == "a.example.com");
}

TEST_CASE("allocator: a newer pool generation replaces the older slices") {
  Env env;
  env.classes = {device_class("any")};
  env.slices = {slice("old", "drv", "p", "node-1", {device("old-dev")}, 1, 1),
                slice("new", "drv", "p", "node-1", {device("new-dev")}, 2, 1)};
  const AllocateOutcome one = env.run({claim("c", {exact("r", "any")})});
  REQUIRE(one.status == AllocateStatus::kSuccess);
  // Only generation 2 counts.
  CHECK(picked(one.allocations[0]) == std::vector<std::string>{"p/new-dev"});
  // So two devices do not exist.
  CHECK(env.run({claim("c", {exact("r", "any", 2)})}).status == AllocateStatus::kNoSolution);
}

TEST_CASE("allocator: an incomplete pool is skipped in 1.35 and used in 1.34") {
  Env env;
  env.classes = {device_class("any")};
  // resourceSliceCount 2 but only one slice exists anywhere.
  env.slices = {slice("s1", "drv", "p", "node-1", {device("d0")}, 1, 2)};
  CHECK(env.run({claim("c", {exact("r", "any")})}).status == AllocateStatus::kNoSolution);
  // All mode refuses outright while the pool is being updated.
  const AllocateOutcome all_mode = env.run({claim("c", {all("r", "any")})});
  CHECK(all_mode.status == AllocateStatus::kFatal);
  CHECK(all_mode.message
        == "claim default/c, request r: asks for all devices, but resource pool drv/p is "
           "currently being updated");  // upstream validateDeviceRequest text
  env.features.minor = 34;
  const AllocateOutcome old = env.run({claim("c", {exact("r", "any")})});
  // 1.34 judged completeness from the node's slices and still used the devices.
  CHECK(old.status == AllocateStatus::kSuccess);
}

TEST_CASE("allocator: a pool whose newer generation lives on another node is obsolete") {
  Env env;
  env.classes = {device_class("any")};
  env.slices = {slice("a", "drv", "multi", "node-1", {device("d1")}, 1, 2),
                slice("b", "drv", "multi", "node-2", {device("d2")}, 2, 2)};
  // Locally 1 of 2 slices: the cluster-wide re-check finds generation 2 and drops the pool,
  // so it is neither used nor reported as being updated.
  CHECK(env.run({claim("c", {exact("r", "any")})}).status == AllocateStatus::kNoSolution);
  const AllocateOutcome all_mode = env.run({claim("c", {all("r", "any")})});
  // All mode sees no pool at all, an empty list: no solution rather than an error.
  CHECK(all_mode.status == AllocateStatus::kNoSolution);
}

TEST_CASE("allocator: a locally complete older generation is used as is (multi-host update)") {
  Env env;
  env.classes = {device_class("any")};
  env.slices = {slice("a", "drv", "multi", "node-1", {device("d1")}, 1, 1),
                slice("b", "drv", "multi", "node-2", {device("d2")}, 2, 1)};
  const AllocateOutcome outcome = env.run({claim("c", {exact("r", "any")})});
  REQUIRE(outcome.status == AllocateStatus::kSuccess);
  // node-1's own slices already add up to resourceSliceCount 1, so no re-check happens.
  CHECK(picked(outcome.allocations[0]) == std::vector<std::string>{"multi/d1"});
}

TEST_CASE("allocator: a pool completed by slices of other nodes is complete") {
  Env env;
  env.classes = {device_class("any")};
  env.slices = {slice("a", "drv", "multi", "node-1", {device("d1")}, 1, 2),
                slice("b", "drv", "multi", "node-2", {device("d2")}, 1, 2)};
  const AllocateOutcome outcome = env.run({claim("c", {all("r", "any")})});
  REQUIRE(outcome.status == AllocateStatus::kSuccess);
  // Both slices of generation 1 exist, so the pool is complete; only d1 targets node-1.
  CHECK(picked(outcome.allocations[0]) == std::vector<std::string>{"multi/d1"});
}

TEST_CASE("allocator: duplicate device names make the pool invalid") {
  Env env;
  env.classes = {device_class("any")};
  env.slices = {slice("a", "drv", "p", "node-1", {device("d")}, 1, 2),
                slice("b", "drv", "p", "node-1", {device("d")}, 1, 2)};
  const AllocateOutcome outcome = env.run({claim("c", {exact("r", "any")})});
  // No solution and an invalid pool met: the node-local error of section 3.14.
  CHECK(outcome.status == AllocateStatus::kNodeError);
  CHECK(outcome.message == "invalid resource pools were encountered");
  const AllocateOutcome all_mode = env.run({claim("c", {all("r", "any")})});
  CHECK(all_mode.message
        == "claim default/c, request r: asks for all devices, but resource pool drv/p is "
           "currently invalid");  // All mode refuses invalid pools up front
  env.features.minor = 34;
  const AllocateOutcome old = env.run({claim("c", {exact("r", "any")})});
  // 1.34 failed as soon as the search met the pool, naming only the pool.
  CHECK(old.status == AllocateStatus::kFatal);
  CHECK(old.message == "pool p is invalid: duplicate device name d");
}

TEST_CASE("allocator: an invalid pool does not matter when another pool fits") {
  Env env;
  env.classes = {device_class("any")};
  env.slices = {slice("a", "drv", "bad", "node-1", {device("d"), device("d")}),
                slice("b", "drv", "good", "node-1", {device("g")})};
  const AllocateOutcome outcome = env.run({claim("c", {exact("r", "any")})});
  REQUIRE(outcome.status == AllocateStatus::kSuccess);
  // "bad" is skipped, "good" serves the request.
  CHECK(picked(outcome.allocations[0]) == std::vector<std::string>{"good/g"});
}

TEST_CASE("allocator: counter-set errors make the pool invalid") {
  const DraFeatures features = all_features();
  auto reason = [&](std::vector<ResourceSlice> slices) {
    const Inventory inventory({}, std::move(slices), {}, features);
    const std::vector<Pool> pools = gather_pools(inventory, features, "node-1", {});
    REQUIRE(pools.size() == 1);
    return pools[0].invalid_reason;
  };
  ResourceSlice counters = slice("c", "drv", "p", "node-1", {}, 1, 2);
  counters.shared_counters = {{"set", {{"mem", q("10Gi")}}}};
  Device consumer = device("d");
  consumer.consumes_counters = {{"other", {{"mem", q("1Gi")}}}};
  // The device names a counter set the pool does not declare.
  CHECK(reason({counters, slice("d", "drv", "p", "node-1", {consumer}, 1, 2)})
        == "counter set other not found");
  consumer.consumes_counters = {{"set", {{"cpu", q("1")}}}};
  // The set exists but lacks the counter.
  CHECK(reason({counters, slice("d", "drv", "p", "node-1", {consumer}, 1, 2)})
        == "counter cpu not found in counter set set");
  ResourceSlice twice = counters;
  twice.meta.name = "c2";
  // Two counter slices declare the same set name.
  CHECK(reason({counters, twice}) == "duplicate counter set name set");
}

TEST_CASE("allocator: network-attached and per-device node selection (example C)") {
  Env env;
  env.classes = {device_class("any")};
  ResourceSlice rack = slice("rack", "fabric.example.com", "rack-7", "", {device("fpga-0")}, 12);
  NodeSelectorTerm term;
  term.match_expressions.push_back({"topology.example.com/rack", SelectorOperator::kIn, {"7"}});
  rack.node_selector = NodeSelector{{term}};
  env.slices = {rack};
  env.labels = {{"topology.example.com/rack", "7"}};
  const AllocateOutcome outcome = env.run({claim("c", {exact("r", "any")})});
  REQUIRE(outcome.status == AllocateStatus::kSuccess);
  // The allocation carries the slice's selector so the pod can run on any rack-7 node.
  CHECK(outcome.allocations[0].node_selector == NodeSelector{{term}});
  env.labels = {{"topology.example.com/rack", "8"}};
  // Rack 8 nodes do not reach the pool.
  CHECK(env.run({claim("c", {exact("r", "any")})}).status == AllocateStatus::kNoSolution);

  Env mixed;
  mixed.classes = {device_class("any")};
  Device local = device("local-0");
  local.node_name = "node-a";
  Device shared = device("shared-0");
  shared.all_nodes = true;
  ResourceSlice per_device = slice("mixed", "fabric.example.com", "mixed", "", {local, shared});
  per_device.per_device_node_selection = true;
  mixed.slices = {per_device};
  mixed.node = "node-b";
  const AllocateOutcome on_b = mixed.run({claim("c", {exact("r", "any")})});
  REQUIRE(on_b.status == AllocateStatus::kSuccess);
  // local-0 belongs to node-a; shared-0 is allNodes, so the claim needs no node selector.
  CHECK(picked(on_b.allocations[0]) == std::vector<std::string>{"mixed/shared-0"});
  CHECK_FALSE(on_b.allocations[0].node_selector.has_value());
  mixed.node = "node-a";
  const AllocateOutcome on_a = mixed.run({claim("c", {exact("r", "any", 2)})});
  REQUIRE(on_a.status == AllocateStatus::kSuccess);
  // local-0 is node-local on node-a: the whole claim is pinned there.
  CHECK(on_a.allocations[0].node_selector->terms[0].match_fields[0].values
        == std::vector<std::string>{"node-a"});
  mixed.features.partitionable_devices = false;
  // Per-device node selection needs DRAPartitionableDevices; without it the slice is ignored.
  CHECK(mixed.run({claim("c", {exact("r", "any")})}).status == AllocateStatus::kNoSolution);
}

TEST_CASE("allocator: node selectors of network-attached devices merge into one term") {
  Env env;
  env.classes = {device_class("any")};
  NodeSelectorTerm rack;
  rack.match_expressions.push_back({"rack", SelectorOperator::kIn, {"7", "8"}});
  NodeSelectorTerm rack_zone = rack;
  rack_zone.match_expressions[0].values = {"8", "7"};  // same set in another order
  rack_zone.match_expressions.push_back({"zone", SelectorOperator::kIn, {"z1"}});
  ResourceSlice a = slice("a", "drv", "pa", "", {device("d")});
  a.node_selector = NodeSelector{{rack}};
  ResourceSlice b = slice("b", "drv", "pb", "", {device("d")});
  b.node_selector = NodeSelector{{rack_zone}};
  env.slices = {a, b};
  env.labels = {{"rack", "7"}, {"zone", "z1"}};
  const AllocateOutcome outcome = env.run({claim("c", {exact("r", "any", 2)})});
  REQUIRE(outcome.status == AllocateStatus::kSuccess);
  const NodeSelectorTerm& merged = outcome.allocations[0].node_selector->terms.at(0);
  // rack In {7,8} appears once (values compared as sets), zone is appended.
  REQUIRE(merged.match_expressions.size() == 2);
  CHECK(merged.match_expressions[0].key == "rack");
  CHECK(merged.match_expressions[1].key == "zone");
}

TEST_CASE("allocator: inventory indexes slices by node and by pool") {
  ResourceSlice network = slice("n", "drv", "net", "", {device("x")});
  network.all_nodes = true;
  ResourceSlice counters = slice("c", "drv", "p", "node-1", {}, 1, 2);
  counters.shared_counters = {{"set", {}}};
  const Inventory inventory({device_class("k")},
                            {slice("a", "drv", "p", "node-1", {device("d")}, 1, 2), network,
                             counters, slice("b", "drv", "q", "node-2", {device("e")})},
                            {}, all_features());
  // Only the slice naming node-1 without counters is node-local for node-1.
  CHECK(std::vector<uint32_t>(inventory.node_local_slices("node-1").begin(),
                              inventory.node_local_slices("node-1").end())
        == std::vector<uint32_t>{0});
  // allNodes and counter-only slices are in the shared list whatever node they name.
  CHECK(std::vector<uint32_t>(inventory.shared_slices().begin(), inventory.shared_slices().end())
        == std::vector<uint32_t>{1, 2});
  CHECK(inventory.pool_slices("drv", "p").size() == 2);  // slices a and c
  CHECK(inventory.find_class("k") != nullptr);
  CHECK(inventory.find_class("missing") == nullptr);
}

TEST_CASE("allocator: inventories share slices and copy only those a DeviceTaintRule taints") {
  const auto shared_a =
      std::make_shared<const ResourceSlice>(slice("a", "drv", "p", "node-1", {device("d")}));
  const auto shared_b = std::make_shared<const ResourceSlice>(
      slice("b", "drv", "q", "node-2", {device("e"), device("f")}));
  DeviceTaintRule rule;
  rule.pool = "q";
  rule.device = "f";
  rule.taint = Taint{"maintenance", "", TaintEffect::kNoSchedule};
  const Inventory first({}, {shared_a, shared_b}, {rule}, all_features());
  const Inventory second({}, {shared_a, shared_b}, {rule}, all_features());
  // Slice a is selected by no rule: both inventories read the one shared object.
  CHECK(&first.slice(0) == shared_a.get());
  CHECK(&second.slice(0) == shared_a.get());
  // Slice b's device f is tainted by the rule: each inventory has its own copy with the taint,
  // and the shared slice is untouched, so a rebuild adds the taint once, not once per rebuild.
  CHECK(&first.slice(1) != shared_b.get());
  CHECK(first.slice(1).devices[0].taints.empty());
  REQUIRE(first.slice(1).devices[1].taints.size() == 1);
  CHECK(first.slice(1).devices[1].taints[0].key == "maintenance");
  REQUIRE(second.slice(1).devices[1].taints.size() == 1);
  CHECK(shared_b->devices[1].taints.empty());
}

TEST_CASE("the inventory keeps each node's pools once asked to, unless slices select by label") {
  const DraFeatures features = all_features();
  // node-1's own slice and one for every node: both pools reach node-1, in (driver, pool) order.
  Inventory named({},
                  {slice("a", "drv", "local", "node-1", {device("d")}),
                   [] {
                     ResourceSlice s = slice("b", "drv", "everywhere", "", {device("e")});
                     s.all_nodes = true;
                     return s;
                   }()},
                  {}, features);
  // Not asked to keep them: each call gathers the pools anew.
  CHECK(named.pools_for(features, "node-1", {}) != named.pools_for(features, "node-1", {}));
  named.keep_pools();
  const auto first = named.pools_for(features, "node-1", {});
  // The same pools as gather_pools finds, and the same object for the next call on node-1.
  REQUIRE(first->size() == 2);
  CHECK((*first)[0].name == "everywhere");
  CHECK((*first)[1].name == "local");
  CHECK(named.pools_for(features, "node-1", {}) == first);
  // Another node has its own pools: only the shared one.
  const auto other = named.pools_for(features, "node-2", {});
  REQUIRE(other->size() == 1);
  CHECK((*other)[0].name == "everywhere");
  // Other features than the inventory's own are gathered anew (they decide which slices count).
  DraFeatures older = features;
  older.partitionable_devices = false;
  CHECK(named.pools_for(older, "node-1", {}) != first);

  // A slice selecting nodes by label: the labels decide, so nothing is kept by name.
  ResourceSlice labelled = slice("c", "drv", "gpu-nodes", "", {device("f")});
  labelled.node_selector =
      NodeSelector{{NodeSelectorTerm{{{"gpu", SelectorOperator::kIn, {"true"}}}, {}}}};
  Inventory by_label({}, {labelled}, {}, features);
  by_label.keep_pools();
  CHECK(by_label.pools_for(features, "node-1", {{"gpu", "true"}})->size() == 1);
  CHECK(by_label.pools_for(features, "node-1", {})->empty());
}
