#include "model/dra/claim_book.h"

#include "model/k8s/assert.h"

#include <algorithm>

namespace drasim::model::dra {

ClaimId ClaimBook::add(ClaimInfo info) {
  const ClaimId id = ClaimId::from_index(claims_.size());
  const bool inserted =
      index_.emplace(std::make_pair(info.claim.meta.namespace_name, info.claim.meta.name), id)
          .second;
  DRASIM_ASSERT(inserted, "claim names are unique per namespace");
  info.present = false;
  claims_.push_back(std::move(info));
  return id;
}

std::optional<ClaimId> ClaimBook::find(const std::string& ns, const std::string& name) const {
  const auto it = index_.find({ns, name});
  if (it == index_.end()) {
    return std::nullopt;
  }
  return it->second;
}

void ClaimBook::appear(ClaimId id) {
  ClaimInfo& c = claims_[id.index()];
  DRASIM_ASSERT(!c.present, "a claim is created once");
  c.present = true;
  if (c.claim.allocation) {
    allocated_.add(*c.claim.allocation);
  }
}

void ClaimBook::disappear(ClaimId id) {
  ClaimInfo& c = claims_[id.index()];
  DRASIM_ASSERT(c.present, "only an existing claim is deleted");
  if (c.claim.allocation) {
    allocated_.remove(*c.claim.allocation);
  }
  c.present = false;
}

void ClaimBook::allocate(ClaimId id, AllocationResult allocation) {
  ClaimInfo& c = claims_[id.index()];
  DRASIM_ASSERT(c.present && !c.claim.allocation, "only an unallocated claim gets allocated");
  auto& finalizers = c.claim.meta.finalizers;
  if (std::find(finalizers.begin(), finalizers.end(), kDeleteProtectionFinalizer)
      == finalizers.end()) {
    finalizers.emplace_back(kDeleteProtectionFinalizer);
  }
  allocated_.add(allocation);
  c.claim.allocation = std::move(allocation);
}

void ClaimBook::deallocate(ClaimId id) {
  ClaimInfo& c = claims_[id.index()];
  if (!c.claim.allocation) {
    return;
  }
  allocated_.remove(*c.claim.allocation);
  c.claim.allocation.reset();
  auto& finalizers = c.claim.meta.finalizers;
  finalizers.erase(std::remove(finalizers.begin(), finalizers.end(), kDeleteProtectionFinalizer),
                   finalizers.end());
}

void ClaimBook::reserve(ClaimId id, const ClaimConsumer& consumer) {
  auto& reserved = claims_[id.index()].claim.reserved_for;
  const bool listed = std::any_of(reserved.begin(), reserved.end(),
                                  [&](const ClaimConsumer& r) { return r.name == consumer.name; });
  if (!listed) {
    reserved.push_back(consumer);
  }
}

bool ClaimBook::unreserve(ClaimId id, const std::string& consumer) {
  auto& reserved = claims_[id.index()].claim.reserved_for;
  reserved.erase(std::remove_if(reserved.begin(), reserved.end(),
                                [&](const ClaimConsumer& r) { return r.name == consumer; }),
                 reserved.end());
  return reserved.empty();
}

}  // namespace drasim::model::dra
