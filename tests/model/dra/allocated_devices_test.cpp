// The devices held by allocated claims (allocated_devices.h): kept per pool, counted per
// holder, and given back exactly.
#include "model/dra/allocated_devices.h"

#include <doctest/doctest.h>

namespace drasim::model::dra {
namespace {

DeviceAllocationResult result(const std::string& pool, const std::string& device,
                              const std::string& share_id = "") {
  return {"gpu", "gpu.example.com", pool, device, std::nullopt, {}, {}, {}, share_id, {}};
}

AllocationResult allocation(std::vector<DeviceAllocationResult> results) {
  AllocationResult a;
  a.results = std::move(results);
  return a;
}

TEST_CASE(
    "held devices are listed per pool, sorted, and a device is free again with its last "
    "holder") {
  AllocatedDevices held;
  CHECK(held.empty());
  const AllocationResult first = allocation({result("node-b", "gpu-3"), result("node-a", "gpu-1")});
  const AllocationResult second = allocation({result("node-a", "gpu-0")});
  const AllocationResult shared = allocation({result("node-a", "gpu-1", "share-1")});
  held.add(first);
  held.add(second);
  held.add(shared);
  std::vector<std::string_view> names;
  held.held_in_pool("gpu.example.com", "node-a", names);
  // Two devices of node-a are held (gpu-1 twice: exclusively and by a share), in name order.
  CHECK(names == std::vector<std::string_view>{"gpu-0", "gpu-1"});
  held.held_in_pool("gpu.example.com", "node-b", names);
  CHECK(names == std::vector<std::string_view>{"gpu-3"});
  held.held_in_pool("other.example.com", "node-a", names);  // another driver's pool
  CHECK(names.empty());
  CHECK(held.is_exclusive(DeviceKey{"gpu.example.com", "node-a", "gpu-1"}));
  CHECK(held.consumed(DeviceKey{"gpu.example.com", "node-a", "gpu-1"}) != nullptr);

  held.remove(first);
  // gpu-1 keeps its share holder: held, but no longer exclusively; node-b holds nothing.
  CHECK_FALSE(held.is_exclusive(DeviceKey{"gpu.example.com", "node-a", "gpu-1"}));
  held.held_in_pool("gpu.example.com", "node-a", names);
  CHECK(names == std::vector<std::string_view>{"gpu-0", "gpu-1"});
  held.held_in_pool("gpu.example.com", "node-b", names);
  CHECK(names.empty());
  CHECK_FALSE(held.empty());

  held.remove(shared);
  held.remove(second);
  // Every holder is gone: nothing is held, although the pools are still known.
  CHECK(held.empty());
  CHECK(held.consumed(DeviceKey{"gpu.example.com", "node-a", "gpu-1"}) == nullptr);
  held.held_in_pool("gpu.example.com", "node-a", names);
  CHECK(names.empty());
}

TEST_CASE("a pool's view answers for its devices as the device keys do") {
  AllocatedDevices held;
  held.add(allocation({result("node-a", "gpu-0"), result("node-a", "gpu-1", "share-1")}));
  const AllocatedDevices::PoolView a = held.pool("gpu.example.com", "node-a");
  // gpu-0 is held exclusively; gpu-1 only by a share (no exclusive holder, consumed known, here
  // empty since the result consumed nothing); gpu-2 by nobody.
  CHECK(a.is_exclusive("gpu-0"));
  CHECK(a.consumed("gpu-0") == nullptr);
  CHECK_FALSE(a.is_exclusive("gpu-1"));
  REQUIRE(a.consumed("gpu-1") != nullptr);
  CHECK(a.consumed("gpu-1")->empty());
  CHECK_FALSE(a.is_exclusive("gpu-2"));
  // A pool nothing was ever allocated from, and another driver's pool of the same name.
  for (const AllocatedDevices::PoolView none :
       {held.pool("gpu.example.com", "node-b"), held.pool("other.example.com", "node-a")}) {
    CHECK_FALSE(none.is_exclusive("gpu-0"));
    CHECK(none.consumed("gpu-1") == nullptr);
  }
}

}  // namespace
}  // namespace drasim::model::dra
