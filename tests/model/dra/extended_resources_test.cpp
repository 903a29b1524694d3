// Tests of model/dra/extended_resources.h: KEP-5004 names, the stateless DeviceClassByResource rule
// (reference dra-semantics.md §5.1 and §5.2) and createRequestsAndMappings (§5.5). Requests and
// mappings are compared as one text each so a failure prints the whole list.
#include "model/dra/extended_resources.h"

#include "model/k8s/dra_objects.h"
#include "model/k8s/pod.h"

#include <doctest/doctest.h>

#include "tests/model/cluster_fixture.h"
#include <string>
#include <utility>
#include <vector>

namespace drasim::model {
namespace {

using test::qty;

DeviceClass device_class(std::string name, std::string explicit_name = "", std::string created = "",
                         int64_t appear_us = 0) {
  DeviceClass c;
  c.meta.name = std::move(name);
  c.meta.creation_timestamp = std::move(created);
  c.meta.appear_us = appear_us;
  c.extended_resource_name = std::move(explicit_name);
  return c;
}

std::vector<const DeviceClass*> pointers(const std::vector<DeviceClass>& classes) {
  std::vector<const DeviceClass*> out;
  for (const DeviceClass& c : classes) {
    out.push_back(&c);
  }
  return out;
}

/// The name of the class serving `resource`, or "-" when none does.
std::string served_by(const ExtendedResourceMap& map, std::string_view resource) {
  const DeviceClass* c = map.find(resource);
  return c == nullptr ? "-" : c->meta.name;
}

/// A container with the given requests (`{{"cpu", "1"}, ...}`).
Container container(std::string name, std::vector<std::pair<std::string, std::string>> requests,
                    bool sidecar = false) {
  Container c;
  c.name = std::move(name);
  for (const auto& [resource, amount] : requests) {
    c.requests[resource] = qty(amount);
  }
  c.restart_always = sidecar;
  return c;
}

/// `name:class:count` per request, space separated, in the order returned.
std::string requests_text(const BridgeRequests& b) {
  std::string out;
  for (const DeviceRequest& r : b.requests) {
    REQUIRE(r.exactly.has_value());
    out += (out.empty() ? "" : " ") + r.name + ":" + r.exactly->device_class_name + ":"
           + std::to_string(r.exactly->count);
  }
  return out;
}

/// `container/resource->request` per mapping, space separated, in the order returned.
std::string mappings_text(const BridgeRequests& b) {
  std::string out;
  for (const RequestMapping& m : b.mappings) {
    out +=
        (out.empty() ? "" : " ") + m.container_name + "/" + m.resource_name + "->" + m.request_name;
  }
  return out;
}

/// One class `gpu` with explicit name example.com/gpu, the map most bridge tests use.
struct GpuClass {
  std::vector<DeviceClass> classes{device_class("gpu", "example.com/gpu")};
  ExtendedResourceMap map{pointers(classes)};
};

// ---------------------------------------------------------------------------------------------
// Names

TEST_CASE("the implicit name is the deviceclass prefix followed by the class name") {
  CHECK(implicit_name("nvidia-gpu") == "deviceclass.resource.kubernetes.io/nvidia-gpu");
}

TEST_CASE("DRA-capable names are domain-qualified extended resources or implicit names") {
  // §5.1 IsDRAExtendedResourceName.
  CHECK(is_dra_capable_name("nvidia.com/gpu"));                        // a normal extended resource
  CHECK(is_dra_capable_name("deviceclass.resource.kubernetes.io/x"));  // the implicit prefix
  CHECK_FALSE(is_dra_capable_name("cpu"));                             // native: no domain
  CHECK_FALSE(is_dra_capable_name("hugepages-2Mi"));                   // native: no domain
  CHECK_FALSE(is_dra_capable_name("kubernetes.io/foo"));  // the reserved kubernetes.io domain
  CHECK_FALSE(is_dra_capable_name("example.kubernetes.io/foo"));  // any *kubernetes.io/ domain
  CHECK_FALSE(is_dra_capable_name("requests.nvidia.com/gpu"));    // quota names are not resources
  CHECK_FALSE(is_dra_capable_name("Example.com/gpu"));            // the domain is lower case
  CHECK_FALSE(is_dra_capable_name("example.com/"));               // no name after the domain
  CHECK_FALSE(is_dra_capable_name("example.com/a/b"));            // one slash at most
}

// ---------------------------------------------------------------------------------------------
// ExtendedResourceMap (§5.2, the stateless rule)

TEST_CASE("every class answers to its implicit name and an explicit name to its class") {
  const std::vector<DeviceClass> classes{device_class("gpu", "nvidia.com/gpu"),
                                         device_class("nic")};
  const ExtendedResourceMap map(pointers(classes));
  CHECK(served_by(map, "deviceclass.resource.kubernetes.io/gpu") == "gpu");
  CHECK(served_by(map, "deviceclass.resource.kubernetes.io/nic") == "nic");
  CHECK(served_by(map, "nvidia.com/gpu") == "gpu");
  CHECK(served_by(map, "example.com/nic") == "-");  // nic declares no explicit name
  CHECK(map.entries().size() == 3);                 // two implicit names + one explicit
  CHECK(map.shadowed().empty());
  CHECK_FALSE(map.empty());
  CHECK(ExtendedResourceMap().empty());
}

TEST_CASE("of two classes with the same explicit name the newer creationTimestamp wins") {
  // KEP-5004 (PR #135037): the newest class takes the explicit name; the loser is reported
  // shadowed and still answers to its implicit name.
  const std::vector<DeviceClass> classes{
      device_class("a-old", "nvidia.com/gpu", "2026-01-01T00:00:00Z"),
      device_class("z-new", "nvidia.com/gpu", "2026-01-02T00:00:00Z")};
  const ExtendedResourceMap map(pointers(classes));
  CHECK(served_by(map, "nvidia.com/gpu") == "z-new");
  CHECK(served_by(map, "deviceclass.resource.kubernetes.io/a-old") == "a-old");
  CHECK(map.shadowed()
        == std::vector<ExtendedResourceMap::Shadowed>{{"nvidia.com/gpu", "z-new", "a-old"}});
}

TEST_CASE("timestamps compare as instants, across offsets and fractions") {
  // 01:00+02:00 is 23:00Z the day before, so the Z time is newer; missing counts as oldest.
  const std::vector<DeviceClass> classes{
      device_class("offset", "nvidia.com/gpu", "2026-01-02T01:00:00+02:00"),
      device_class("zulu", "nvidia.com/gpu", "2026-01-01T23:30:00.5Z"),
      device_class("none", "nvidia.com/gpu")};
  const ExtendedResourceMap map(pointers(classes));
  CHECK(served_by(map, "nvidia.com/gpu") == "zulu");
  CHECK(map.shadowed()
        == std::vector<ExtendedResourceMap::Shadowed>{{"nvidia.com/gpu", "zulu", "none"},
                                                      {"nvidia.com/gpu", "zulu", "offset"}});
}

TEST_CASE("equal timestamps give the explicit name to the smaller class name") {
  // §5.2: on equal age the lexicographically smaller name wins, whatever the input order.
  const std::vector<DeviceClass> classes{
      device_class("b", "nvidia.com/gpu", "2026-01-01T00:00:00Z"),
      device_class("a", "nvidia.com/gpu", "2026-01-01T00:00:00Z")};
  const ExtendedResourceMap map(pointers(classes));
  CHECK(served_by(map, "nvidia.com/gpu") == "a");
  CHECK(served_by(map, "deviceclass.resource.kubernetes.io/b") == "b");
  CHECK(map.shadowed() == std::vector<ExtendedResourceMap::Shadowed>{{"nvidia.com/gpu", "a", "b"}});
}

TEST_CASE("a class appearing during the run beats one present at start") {
  // The late class is created after start, so it is newer whatever its (stale) timestamp says.
  const std::vector<DeviceClass> classes{
      device_class("early", "nvidia.com/gpu", "2026-06-01T00:00:00Z", 0),
      device_class("late", "nvidia.com/gpu", "2020-01-01T00:00:00Z", 5'000'000)};
  const ExtendedResourceMap map(pointers(classes));
  CHECK(served_by(map, "nvidia.com/gpu") == "late");
  CHECK(served_by(map, "deviceclass.resource.kubernetes.io/early") == "early");
  CHECK(map.shadowed()
        == std::vector<ExtendedResourceMap::Shadowed>{{"nvidia.com/gpu", "late", "early"}});
}

TEST_CASE("shadowed classes are sorted by resource, then loser") {
  const std::vector<DeviceClass> classes{device_class("y", "b.com/x"), device_class("c", "a.com/x"),
                                         device_class("x", "b.com/x"), device_class("b", "a.com/x"),
                                         device_class("a", "a.com/x")};
  const ExtendedResourceMap map(pointers(classes));
  // No timestamps: all equally old, so the smallest name wins each explicit name.
  CHECK(map.shadowed()
        == std::vector<ExtendedResourceMap::Shadowed>{
            {"a.com/x", "a", "b"}, {"a.com/x", "a", "c"}, {"b.com/x", "x", "y"}});
}

// ---------------------------------------------------------------------------------------------
// bridge_requests (§5.5)

TEST_CASE("a regular container's request is named by its index among sorted request names") {
  // §5.5 example 1: requests {cpu: 1, example.com/gpu: 2}; sorted keys cpu, example.com/gpu, so
  // j = 1; one request of 2 devices.
  const GpuClass gpu;
  PodSpec spec;
  spec.containers = {container("c0", {{"cpu", "1"}, {"example.com/gpu", "2"}})};
  const BridgeRequests b = bridge_requests(spec, {"example.com/gpu"}, gpu.map);
  CHECK(requests_text(b) == "container-0-request-1:gpu:2");
  CHECK(mappings_text(b) == "c0/example.com/gpu->container-0-request-1");
}

TEST_CASE("the synthetic request is exactly the class, ExactCount, nothing else") {
  // §5.5 notes: no selectors, no tolerations, no admin access; the class's own selectors apply.
  const GpuClass gpu;
  PodSpec spec;
  spec.containers = {container("c0", {{"example.com/gpu", "3"}})};
  const BridgeRequests b = bridge_requests(spec, {"example.com/gpu"}, gpu.map);
  REQUIRE(b.requests.size() == 1);
  DeviceRequest expected;
  expected.name = "container-0-request-0";
  expected.exactly = DeviceSubRequest{};
  expected.exactly->device_class_name = "gpu";
  expected.exactly->allocation_mode = AllocationMode::kExactCount;
  expected.exactly->count = 3;
  CHECK(b.requests[0] == expected);
}

TEST_CASE("an init container reuses a later regular container's devices and asks for the rest") {
  // §5.5 example 2: i0 (index 0) needs 3, c0 (index 1) needs 1. c0 gets container-1-request-0
  // (1 device); i0 borrows it (1 < 3) and asks for 3 - 1 = 2 more in container-0-request-0.
  const GpuClass gpu;
  PodSpec spec;
  spec.init_containers = {container("i0", {{"example.com/gpu", "3"}})};
  spec.containers = {container("c0", {{"example.com/gpu", "1"}})};
  const BridgeRequests b = bridge_requests(spec, {"example.com/gpu"}, gpu.map);
  CHECK(requests_text(b) == "container-0-request-0:gpu:2 container-1-request-0:gpu:1");
  CHECK(mappings_text(b)
        == "c0/example.com/gpu->container-1-request-0 i0/example.com/gpu->container-1-request-0 "
           "i0/example.com/gpu->container-0-request-0");
}

TEST_CASE("behaviour item 20: a lone nvidia.com/gpu request is container-0-request-0") {
  // kai-scheduler-behavior.md §9 item 20: only nvidia.com/gpu: 1 -> j = 0; adding cpu and
  // memory puts it third among cpu, memory, nvidia.com/gpu -> j = 2.
  const std::vector<DeviceClass> classes{device_class("gpu.nvidia.com", "nvidia.com/gpu")};
  const ExtendedResourceMap map(pointers(classes));
  PodSpec alone;
  alone.containers = {container("main", {{"nvidia.com/gpu", "1"}})};
  CHECK(requests_text(bridge_requests(alone, {"nvidia.com/gpu"}, map))
        == "container-0-request-0:gpu.nvidia.com:1");
  PodSpec with_cpu;
  with_cpu.containers = {
      container("main", {{"cpu", "500m"}, {"memory", "1Gi"}, {"nvidia.com/gpu", "1"}})};
  CHECK(requests_text(bridge_requests(with_cpu, {"nvidia.com/gpu"}, map))
        == "container-0-request-2:gpu.nvidia.com:1");
}

TEST_CASE("behaviour item 22: init 2 and main 1 allocate 2 devices in all") {
  // The main container's 1 device is borrowed by the init container, which adds 2 - 1 = 1: the
  // claim holds 1 + 1 = 2 devices, the max of the two, not the sum 3.
  const GpuClass gpu;
  PodSpec spec;
  spec.init_containers = {container("init", {{"example.com/gpu", "2"}})};
  spec.containers = {container("main", {{"example.com/gpu", "1"}})};
  const BridgeRequests b = bridge_requests(spec, {"example.com/gpu"}, gpu.map);
  CHECK(requests_text(b) == "container-0-request-0:gpu:1 container-1-request-0:gpu:1");
}

TEST_CASE("two resources give one request each, sorted by name") {
  // Sorted keys of c0: example.com/gpu (j 0), example.com/nic (j 1). Mappings follow the sorted
  // resource names whatever order dra_names is in.
  const std::vector<DeviceClass> classes{device_class("gpu", "example.com/gpu"),
                                         device_class("nic", "example.com/nic")};
  const ExtendedResourceMap map(pointers(classes));
  PodSpec spec;
  spec.containers = {container("c0", {{"example.com/nic", "1"}, {"example.com/gpu", "2"}})};
  const BridgeRequests b = bridge_requests(spec, {"example.com/nic", "example.com/gpu"}, map);
  CHECK(requests_text(b) == "container-0-request-0:gpu:2 container-0-request-1:nic:1");
  CHECK(mappings_text(b)
        == "c0/example.com/gpu->container-0-request-0 c0/example.com/nic->container-0-request-1");
}

TEST_CASE("of two init containers' new requests only the largest is kept") {
  // i0 needs 2, i1 needs 4, c0 (index 2) needs 1. i0 borrows c0's 1 and adds 1; i1 borrows 1 and
  // adds 3. Init containers run one at a time, so the larger new request (3, i1's) serves both and
  // i0's mapping is redirected to it.
  const GpuClass gpu;
  PodSpec spec;
  spec.init_containers = {container("i0", {{"example.com/gpu", "2"}}),
                          container("i1", {{"example.com/gpu", "4"}})};
  spec.containers = {container("c0", {{"example.com/gpu", "1"}})};
  const BridgeRequests b = bridge_requests(spec, {"example.com/gpu"}, gpu.map);
  CHECK(requests_text(b) == "container-1-request-0:gpu:3 container-2-request-0:gpu:1");
  CHECK(mappings_text(b)
        == "c0/example.com/gpu->container-2-request-0 i0/example.com/gpu->container-2-request-0 "
           "i0/example.com/gpu->container-1-request-0 i1/example.com/gpu->container-2-request-0 "
           "i1/example.com/gpu->container-1-request-0");
}

TEST_CASE("on equal new init requests the first one is kept") {
  // i0 and i1 both need 2 and nothing long-lived asks: two new requests of 2, i0's kept.
  const GpuClass gpu;
  PodSpec spec;
  spec.init_containers = {container("i0", {{"example.com/gpu", "2"}}),
                          container("i1", {{"example.com/gpu", "2"}})};
  spec.containers = {container("c0", {{"cpu", "1"}})};
  const BridgeRequests b = bridge_requests(spec, {"example.com/gpu"}, gpu.map);
  CHECK(requests_text(b) == "container-0-request-0:gpu:2");
  CHECK(mappings_text(b)
        == "i0/example.com/gpu->container-0-request-0 i1/example.com/gpu->container-0-request-0");
}

TEST_CASE("a sidecar is long-lived and is borrowed only by init containers before it") {
  // i0 (index 0) needs 2, sidecar s1 (index 1) needs 1, i2 (index 2) needs 1, c0 (index 3) none.
  // s1 gets its own request. i0 borrows s1's 1 (it starts after i0) and adds 1. i2 runs beside
  // s1, so it cannot borrow it and adds its own 1. Largest new: i0's and i2's are both 1, so i0's
  // (first) is kept and i2 is redirected to it.
  const GpuClass gpu;
  PodSpec spec;
  spec.init_containers = {container("i0", {{"example.com/gpu", "2"}}),
                          container("s1", {{"example.com/gpu", "1"}}, true),
                          container("i2", {{"example.com/gpu", "1"}})};
  spec.containers = {container("c0", {{"cpu", "1"}})};
  const BridgeRequests b = bridge_requests(spec, {"example.com/gpu"}, gpu.map);
  CHECK(requests_text(b) == "container-0-request-0:gpu:1 container-1-request-0:gpu:1");
  CHECK(mappings_text(b)
        == "s1/example.com/gpu->container-1-request-0 i0/example.com/gpu->container-1-request-0 "
           "i0/example.com/gpu->container-0-request-0 i2/example.com/gpu->container-0-request-0");
}

TEST_CASE("an init container fully covered by later containers adds no request") {
  // i0 needs 2; c0 and c1 (indices 1 and 2) have 1 each: 1 + 1 = 2 covers it, no new request.
  const GpuClass gpu;
  PodSpec spec;
  spec.init_containers = {container("i0", {{"example.com/gpu", "2"}})};
  spec.containers = {container("c0", {{"example.com/gpu", "1"}}),
                     container("c1", {{"example.com/gpu", "1"}})};
  const BridgeRequests b = bridge_requests(spec, {"example.com/gpu"}, gpu.map);
  CHECK(requests_text(b) == "container-1-request-0:gpu:1 container-2-request-0:gpu:1");
  CHECK(mappings_text(b)
        == "c0/example.com/gpu->container-1-request-0 c1/example.com/gpu->container-2-request-0 "
           "i0/example.com/gpu->container-1-request-0 i0/example.com/gpu->container-2-request-0");
}

TEST_CASE("requests sort in plain string order so container-10 comes before container-2") {
  // Eleven regular containers (indices 0..10); only 2 and 10 ask for a device.
  const GpuClass gpu;
  PodSpec spec;
  for (int i = 0; i <= 10; ++i) {
    const bool asks = i == 2 || i == 10;
    spec.containers.push_back(
        container("c" + std::to_string(i),
                  asks ? std::vector<std::pair<std::string, std::string>>{{"example.com/gpu", "1"}}
                       : std::vector<std::pair<std::string, std::string>>{}));
  }
  const BridgeRequests b = bridge_requests(spec, {"example.com/gpu"}, gpu.map);
  CHECK(requests_text(b) == "container-10-request-0:gpu:1 container-2-request-0:gpu:1");
  // Mappings are not re-sorted: ascending container index.
  CHECK(mappings_text(b)
        == "c2/example.com/gpu->container-2-request-0 c10/example.com/gpu->container-10-request-0");
}

TEST_CASE("names no class answers to are skipped") {
  const GpuClass gpu;
  PodSpec spec;
  spec.containers = {container("c0", {{"example.com/gpu", "1"}, {"example.com/fpga", "1"}})};
  const BridgeRequests b = bridge_requests(spec, {"example.com/fpga", "example.com/gpu"}, gpu.map);
  // example.com/fpga has no class; example.com/gpu is second of c0's sorted keys (j 1).
  CHECK(requests_text(b) == "container-0-request-1:gpu:1");
  CHECK(bridge_requests(spec, {"example.com/fpga"}, gpu.map) == BridgeRequests{});
}

TEST_CASE("only positive whole-number quantities ask for devices") {
  // Counts are device counts (Quantity.AsInt64 upstream): 1.5 and 500m are not whole, 0 asks for
  // none; 2000m is exactly 2.
  const GpuClass gpu;
  PodSpec spec;
  spec.containers = {container("half", {{"example.com/gpu", "1.5"}}),
                     container("milli", {{"example.com/gpu", "500m"}}),
                     container("zero", {{"example.com/gpu", "0"}}),
                     container("two", {{"example.com/gpu", "2000m"}})};
  const BridgeRequests b = bridge_requests(spec, {"example.com/gpu"}, gpu.map);
  CHECK(requests_text(b) == "container-3-request-0:gpu:2");
}

TEST_CASE("implicit names resolve in requests too") {
  // A pod asking for deviceclass.resource.kubernetes.io/gpu gets the class gpu.
  const GpuClass gpu;
  PodSpec spec;
  spec.containers = {container("c0", {{"deviceclass.resource.kubernetes.io/gpu", "1"}})};
  const BridgeRequests b =
      bridge_requests(spec, {"deviceclass.resource.kubernetes.io/gpu"}, gpu.map);
  CHECK(requests_text(b) == "container-0-request-0:gpu:1");
}

TEST_CASE("the shape key tells apart exactly the specs whose requests or mappings differ") {
  // Pods of one fit class share Filter answers, the KEP-5004 claim included, so the key must
  // differ whenever bridge_requests could: a 2 + 1 split against 1 + 2 gives the same total but
  // other request counts, a renamed container another mapping, an init container instead of a
  // regular one a borrowed request, and `2` against `2000m` is the same quantity.
  const GpuClass gpu;
  const auto spec_of = [](std::vector<Container> init, std::vector<Container> regular) {
    PodSpec spec;
    spec.init_containers = std::move(init);
    spec.containers = std::move(regular);
    return spec;
  };
  const PodSpec two_one = spec_of(
      {}, {container("a", {{"example.com/gpu", "2"}}), container("b", {{"example.com/gpu", "1"}})});
  const PodSpec one_two = spec_of(
      {}, {container("a", {{"example.com/gpu", "1"}}), container("b", {{"example.com/gpu", "2"}})});
  const PodSpec renamed = spec_of(
      {}, {container("a", {{"example.com/gpu", "2"}}), container("c", {{"example.com/gpu", "1"}})});
  const PodSpec init_first = spec_of({container("a", {{"example.com/gpu", "2"}})},
                                     {container("b", {{"example.com/gpu", "1"}})});
  const PodSpec milli = spec_of({}, {container("a", {{"example.com/gpu", "2000m"}}),
                                     container("b", {{"example.com/gpu", "1"}})});
  const std::vector<std::string> names{"example.com/gpu"};
  const auto requests = [&](const PodSpec& spec) {
    const BridgeRequests b = bridge_requests(spec, names, gpu.map);
    return requests_text(b) + " | " + mappings_text(b);
  };
  // The requests really differ where the keys do (container-0 asks 2 or 1, b or c is mapped,
  // the init container borrows b's device and adds 1).
  CHECK(requests(two_one)
        == "container-0-request-0:gpu:2 container-1-request-0:gpu:1 | "
           "a/example.com/gpu->container-0-request-0 b/example.com/gpu->container-1-request-0");
  CHECK(requests(one_two)
        == "container-0-request-0:gpu:1 container-1-request-0:gpu:2 | "
           "a/example.com/gpu->container-0-request-0 b/example.com/gpu->container-1-request-0");
  CHECK(requests(renamed)
        == "container-0-request-0:gpu:2 container-1-request-0:gpu:1 | "
           "a/example.com/gpu->container-0-request-0 c/example.com/gpu->container-1-request-0");
  CHECK(requests(init_first)
        == "container-0-request-0:gpu:1 container-1-request-0:gpu:1 | "
           "b/example.com/gpu->container-1-request-0 a/example.com/gpu->container-1-request-0 "
           "a/example.com/gpu->container-0-request-0");
  const std::string key = bridge_shape_key(two_one);
  CHECK(key != bridge_shape_key(one_two));
  CHECK(key != bridge_shape_key(renamed));
  CHECK(key != bridge_shape_key(init_first));
  CHECK(key == bridge_shape_key(milli));
  CHECK(requests(milli) == requests(two_one));
}

}  // namespace
}  // namespace drasim::model
