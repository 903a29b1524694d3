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
  const DeviceId gpu0{"gpu.example.com", "node-a", "gpu-0"};
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

TEST_CASE("an input claim that carries an allocation holds its devices only while it exists") {
  ClaimBook book;
  ClaimInfo c = claim("pre");
  c.claim.allocation = one_device("gpu-3");
  const ClaimId id = book.add(std::move(c));
  const DeviceId gpu3{"gpu.example.com", "node-a", "gpu-3"};
  CHECK_FALSE(book.allocated().is_exclusive(gpu3));  // not created yet
  book.appear(id);
  CHECK(book.allocated().is_exclusive(gpu3));
  book.disappear(id);
  CHECK_FALSE(book.allocated().is_exclusive(gpu3));
}

}  // namespace
}  // namespace drasim::model::dra
