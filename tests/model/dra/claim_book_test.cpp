// The claim book: allocation state, reservedFor and the devices the allocator must skip.
#include "model/dra/claim_book.h"

#include <doctest/doctest.h>

namespace drasim::model::dra {
namespace {

ClaimInfo claim(const std::string& name) {
  ClaimInfo c;
  c.claim.meta.namespace_name = "ml";
  c.claim.meta.name = name;
  return c;
}

AllocationResult one_device(const std::string& device) {
  AllocationResult a;
  a.results.push_back(DeviceAllocationResult{
      "gpu", "gpu.example.com", "node-a", device, std::nullopt, {}, {}, {}, "", {}});
  return a;
}

TEST_CASE("an allocated claim holds its devices until it is deallocated") {
  ClaimBook book;
  const ClaimId id = book.add(claim("shared"));
  CHECK(book.find("ml", "shared") == id);
  CHECK_FALSE(book.find("other", "shared").has_value());
  book.appear(id);
  book.allocate(id, one_device("gpu-0"));
  const DeviceKey gpu0{"gpu.example.com", "node-a", "gpu-0"};
  CHECK(book.allocated().is_exclusive(gpu0));
  // The scheduler adds its finalizer before it writes an allocation (section 2.4).
  CHECK(book.at(id).claim.meta.finalizers
        == std::vector<std::string>{"resource.kubernetes.io/delete-protection"});
  book.reserve(id, {"pods", "p1", ""});
  book.reserve(id, {"pods", "p2", ""});
  book.reserve(id, {"pods", "p1", ""});  // already listed: no duplicate
  CHECK(book.at(id).claim.reserved_for.size() == 2);
  CHECK_FALSE(book.unreserve(id, "p1"));
  CHECK(book.unreserve(id, "p2"));  // nobody left
  book.deallocate(id);
  CHECK_FALSE(book.allocated().is_exclusive(gpu0));
  CHECK(book.at(id).claim.meta.finalizers.empty());
}

TEST_CASE("a trial's claim is forgotten only while it is the last one and not present") {
  ClaimBook book;
  const ClaimId first = book.add(claim("first"));
  const ClaimId trial = book.add(claim("trial"));
  // Not the last claim: kept (its id would be reused otherwise).
  CHECK_FALSE(book.forget(first));
  book.appear(trial);
  CHECK_FALSE(book.forget(trial));  // present: it exists in the API
  book.disappear(trial);
  CHECK(book.forget(trial));
  CHECK(book.size() == 1);
  CHECK_FALSE(book.find("ml", "trial").has_value());
  // The name is free again, and the next claim takes the forgotten id.
  CHECK(book.add(claim("trial")) == trial);
}

TEST_CASE("an input claim that carries an allocation holds its devices only while it exists") {
  ClaimBook book;
  ClaimInfo c = claim("pre");
  c.claim.allocation = one_device("gpu-3");
  const ClaimId id = book.add(std::move(c));
  const DeviceKey gpu3{"gpu.example.com", "node-a", "gpu-3"};
  CHECK_FALSE(book.allocated().is_exclusive(gpu3));  // not created yet
  book.appear(id);
  CHECK(book.allocated().is_exclusive(gpu3));
  book.disappear(id);
  CHECK_FALSE(book.allocated().is_exclusive(gpu3));
}

TEST_CASE("a consumer put back takes its old place in reservedFor among those still listed") {
  ClaimBook book;
  const ClaimId id = book.add(claim("shared"));
  book.appear(id);
  for (const char* pod : {"a", "b", "c"}) {
    book.reserve(id, {"pods", pod, std::string("uid-") + pod});
  }
  const std::vector<ClaimConsumer> before = book.at(id).claim.reserved_for;
  (void)book.unreserve(id, "b");
  (void)book.unreserve(id, "a");
  book.reserve(id, {"pods", "d", ""});  // a newcomer while a and b are out: after c
  // b goes back before c, the first listed consumer that followed it; then a before b.
  book.reserve_as(id, before[1], before);
  book.reserve_as(id, before[0], before);
  std::vector<std::string> names;
  for (const ClaimConsumer& r : book.at(id).claim.reserved_for) {
    names.push_back(r.name);
  }
  // d was not in the old list, so it ranks after everyone who was: a, b, c, d.
  CHECK(names == std::vector<std::string>{"a", "b", "c", "d"});
  CHECK(book.at(id).claim.reserved_for[0].uid == "uid-a");  // the entry as it was
  book.reserve_as(id, before[0], before);                   // already listed: no duplicate
  CHECK(book.at(id).claim.reserved_for.size() == 4);
}

TEST_CASE("a claim gets its devices back only while nobody else holds them") {
  ClaimBook book;
  const ClaimId victim = book.add(claim("victim"));
  const ClaimId other = book.add(claim("other"));
  book.appear(victim);
  book.appear(other);
  ClaimInfo pre = claim("pre");  // an input claim without the scheduler's finalizer
  pre.claim.meta.finalizers = {"example.com/keep"};
  const ClaimId kept = book.add(std::move(pre));
  book.appear(kept);
  book.allocate(victim, one_device("gpu-0"));
  const AllocationResult held = *book.at(victim).claim.allocation;
  book.deallocate(victim);  // the session's virtual deallocation
  CHECK(book.can_hold(held));
  book.allocate(other, one_device("gpu-0"));  // the preemptor takes gpu-0
  CHECK_FALSE(book.can_hold(held));
  book.deallocate(other);  // the preemptor's placement is rolled back
  CHECK(book.can_hold(held));
  book.reallocate(victim, held, {"resource.kubernetes.io/delete-protection"}, {});
  CHECK(book.allocated().is_exclusive(DeviceKey{"gpu.example.com", "node-a", "gpu-0"}));
  CHECK_FALSE(book.can_hold(held));  // now the victim's again
  // reallocate writes back the finalizers it is given, not the scheduler's.
  book.reallocate(kept, one_device("gpu-1"), {"example.com/keep"}, {});
  CHECK(book.at(kept).claim.meta.finalizers == std::vector<std::string>{"example.com/keep"});
}

}  // namespace

TEST_CASE("a driver's device conditions live with the allocation and leave with it") {
  ClaimBook book;
  const ClaimId id = book.add(claim("attached"));
  book.appear(id);
  book.allocate(id, one_device("gpu-0"));
  const DeviceAllocationResult& gpu0 = book.at(id).claim.allocation->results[0];
  book.set_device_condition(id, gpu0, "Attached", "False");
  book.set_device_condition(id, gpu0, "Attached", "True");  // rewritten, not a second entry
  book.set_device_condition(id, gpu0, "Ready", "True");
  REQUIRE(book.at(id).claim.devices.size() == 1);
  CHECK(book.at(id).claim.devices[0].device == "gpu-0");
  CHECK(book.at(id).claim.devices[0].conditions
        == std::map<std::string, std::string>{{"Attached", "True"}, {"Ready", "True"}});
  // status.devices describes allocated devices, so clearing the allocation clears it too;
  // a session's virtual deallocation hands it back with the allocation.
  const std::vector<AllocatedDeviceStatus> before = book.at(id).claim.devices;
  book.deallocate(id);
  CHECK(book.at(id).claim.devices.empty());
  book.reallocate(id, one_device("gpu-0"), {}, before);
  CHECK(book.at(id).claim.devices == before);
}

}  // namespace drasim::model::dra
