#include "model/dra/claim_book.h"

#include "model/k8s/assert.h"

#include <algorithm>

namespace drasim::model::dra {
namespace {

/// The index key of a claim: views of its own namespace and name.
std::pair<std::string_view, std::string_view> key_of(const ClaimInfo& c) {
  return {c.claim.meta.namespace_name, c.claim.meta.name};
}

}  // namespace

ClaimBook::ClaimBook(const ClaimBook& other)
    : claims_(other.claims_), allocated_(other.allocated_) {
  index_.reserve(claims_.size());
  for (size_t i = 0; i < claims_.size(); ++i) {
    index_.emplace(key_of(claims_[i]), ClaimId::from_index(i));
  }
}

ClaimBook& ClaimBook::operator=(const ClaimBook& other) {
  if (this != &other) {
    ClaimBook copy(other);
    *this = std::move(copy);
  }
  return *this;
}

void ClaimBook::index_last() {
  const bool inserted =
      index_.emplace(key_of(claims_.back()), ClaimId::from_index(claims_.size() - 1)).second;
  DRASIM_ASSERT(inserted, "claim names are unique per namespace");
}

ClaimId ClaimBook::add(ClaimInfo info) {
  const ClaimId id = ClaimId::from_index(claims_.size());
  info.present = false;
  claims_.push_back(std::move(info));
  index_last();
  return id;
}

bool ClaimBook::forget(ClaimId id) {
  if (!id.valid() || id.index() + 1 != claims_.size() || claims_.back().present) {
    return false;
  }
  index_.erase(key_of(claims_.back()));
  claims_.pop_back();
  return true;
}

std::optional<ClaimId> ClaimBook::find(const std::string& ns, const std::string& name) const {
  const auto it = index_.find(std::pair<std::string_view, std::string_view>(ns, name));
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
  c.claim.devices.clear();
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

void ClaimBook::reserve_as(ClaimId id, const ClaimConsumer& consumer,
                           const std::vector<ClaimConsumer>& order) {
  auto& reserved = claims_[id.index()].claim.reserved_for;
  if (std::any_of(reserved.begin(), reserved.end(),
                  [&](const ClaimConsumer& r) { return r.name == consumer.name; })) {
    return;
  }
  const auto rank = [&](const std::string& name) {
    return std::find_if(order.begin(), order.end(),
                        [&](const ClaimConsumer& r) { return r.name == name; })
           - order.begin();
  };
  const auto mine = rank(consumer.name);
  const auto at = std::find_if(reserved.begin(), reserved.end(),
                               [&](const ClaimConsumer& r) { return rank(r.name) > mine; });
  reserved.insert(at, consumer);
}

bool ClaimBook::can_hold(const AllocationResult& allocation) const {
  return std::none_of(
      allocation.results.begin(), allocation.results.end(), [&](const DeviceAllocationResult& r) {
        if (r.admin_access.value_or(false)) {
          return false;  // admin access never conflicts (AllocatedDevices leaves it out)
        }
        const DeviceKey key{r.driver, r.pool, r.device};
        return allocated_.is_exclusive(key)
               || (r.share_id.empty() && allocated_.consumed(key) != nullptr);
      });
}

void ClaimBook::reallocate(ClaimId id, AllocationResult allocation,
                           std::vector<std::string> finalizers,
                           std::vector<AllocatedDeviceStatus> devices) {
  ClaimInfo& c = claims_[id.index()];
  DRASIM_ASSERT(c.present && !c.claim.allocation, "only an unallocated claim gets allocated");
  DRASIM_ASSERT(can_hold(allocation), "a claim gets its devices back only when they are free");
  allocated_.add(allocation);
  c.claim.allocation = std::move(allocation);
  c.claim.meta.finalizers = std::move(finalizers);
  c.claim.devices = std::move(devices);
}

void ClaimBook::set_device_condition(ClaimId id, const DeviceAllocationResult& device,
                                     const std::string& type, const std::string& status) {
  ResourceClaim& claim = claims_[id.index()].claim;
  DRASIM_ASSERT(claim.allocation.has_value(), "drivers report on allocated devices only");
  auto entry = std::find_if(claim.devices.begin(), claim.devices.end(),
                            [&](const auto& d) { return d.describes(device); });
  if (entry == claim.devices.end()) {
    entry = claim.devices.insert(
        claim.devices.end(), AllocatedDeviceStatus{device.driver, device.pool, device.device, {}});
  }
  entry->conditions[type] = status;
}

}  // namespace drasim::model::dra
