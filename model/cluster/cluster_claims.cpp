// ClusterState: the pod side of the claim lifecycle (dra-semantics.md sections 2.4, 6.7, 6.8).
#include "model/cluster/cluster_state.h"
#include "model/dra/inventory.h"
#include "model/k8s/assert.h"

#include <algorithm>

namespace drasim::model {

void record_devices(const ResourceClaim& claim, std::vector<PodDevice>& out) {
  for (const DeviceAllocationResult& r : claim.allocation->results) {
    out.push_back(PodDevice{claim.meta.name, r.request, r.driver, r.pool, r.device});
  }
}

void forget_devices(const std::string& claim, std::vector<PodDevice>& devices) {
  std::erase_if(devices, [&](const PodDevice& d) { return d.claim == claim; });
}

/// Tells the filter memo which node's answers an allocation change makes stale: the node a
/// pool is local to (every slice of the pool names it), or every node otherwise.
void ClusterState::note_devices_changed(const AllocationResult& allocation) {
  for (const DeviceAllocationResult& r : allocation.results) {
    std::string owner;
    bool local = dra.inventory != nullptr;
    if (local) {
      for (const uint32_t i : dra.inventory->pool_slices(r.driver, r.pool)) {
        const ResourceSlice& slice = dra.inventory->slice(i);
        if (slice.node_name.empty() || (!owner.empty() && owner != slice.node_name)) {
          local = false;
          break;
        }
        owner = slice.node_name;
      }
    }
    const auto node = local && !owner.empty() ? find_node(owner) : std::nullopt;
    if (node) {
      dra_memo.node_changed(*node);
    } else {
      dra_memo.shared_changed();
    }
  }
}

void ClusterState::deallocate_claim(ClaimId claim) {
  const ResourceClaim& c = claims.at(claim).claim;
  for (const ClaimConsumer& consumer : std::vector<ClaimConsumer>(c.reserved_for)) {
    claims.unreserve(claim, consumer.name);
  }
  if (c.allocation) {
    note_devices_changed(*c.allocation);
    claims.deallocate(claim);
  }
}

void ClusterState::claim_appears(ClaimId claim) {
  claims.appear(claim);
  if (claims.at(claim).claim.allocation) {
    note_devices_changed(*claims.at(claim).claim.allocation);
  }
}

std::vector<ClaimId> ClusterState::unallocated_claims(PodId pod) const {
  std::vector<ClaimId> out;
  for (const ClaimId c : pods[pod.index()].claims) {
    if (c.valid() && !claims.at(c).claim.allocation) {
      out.push_back(c);
    }
  }
  return out;
}

void ClusterState::reserve_claims(PodId pod, std::vector<AllocationResult> fresh) {
  PodInfo& p = pods[pod.index()];
  size_t next = 0;
  p.devices.clear();
  for (const ClaimId c : p.claims) {
    DRASIM_ASSERT(c.valid() && claims.at(c).present, "a placed pod's claims exist");
    if (!claims.at(c).claim.allocation) {
      DRASIM_ASSERT(next < fresh.size(), "every unallocated claim of a placed pod is allocated");
      claims.allocate(c, std::move(fresh[next++]));
      note_devices_changed(*claims.at(c).claim.allocation);
    }
    claims.reserve(c, ClaimConsumer{"pods", p.name, ""});
    record_devices(claims.at(c).claim, p.devices);
  }
  DRASIM_ASSERT(next == fresh.size(), "no allocation is left over");
}

std::vector<ClaimId> ClusterState::shadow_claims(PodId pod, std::vector<AllocationResult> fresh) {
  const PodInfo& p = pods[pod.index()];
  std::vector<ClaimId> allocated;
  size_t next = 0;
  for (const ClaimId c : p.claims) {
    DRASIM_ASSERT(c.valid() && claims.at(c).present, "a placed pod's claims exist");
    if (!claims.at(c).claim.allocation) {
      DRASIM_ASSERT(next < fresh.size(), "every unallocated claim of a moved pod is allocated");
      claims.allocate(c, std::move(fresh[next++]));
      note_devices_changed(*claims.at(c).claim.allocation);
      allocated.push_back(c);
    }
    claims.reserve(c, ClaimConsumer{"pods", p.name, ""});
  }
  DRASIM_ASSERT(next == fresh.size(), "no allocation is left over");
  return allocated;
}

void ClusterState::unshadow_claims(PodId pod, const std::vector<ClaimId>& fresh) {
  const PodInfo& p = pods[pod.index()];
  for (const ClaimId c : p.claims) {
    claims.unreserve(c, p.name);
  }
  for (const ClaimId c : fresh) {
    note_devices_changed(*claims.at(c).claim.allocation);
    claims.deallocate(c);
  }
}

void ClusterState::adopt_claims(PodId pod) {
  PodInfo& p = pods[pod.index()];
  p.devices.clear();
  for (const ClaimId c : p.claims) {
    if (!c.valid() || !claims.at(c).present || !claims.at(c).claim.allocation) {
      continue;
    }
    claims.reserve(c, ClaimConsumer{"pods", p.name, ""});
    record_devices(claims.at(c).claim, p.devices);
  }
}

void ClusterState::release_claims(PodId pod, bool pod_gone,
                                  const std::vector<ClaimId>* only_fresh) {
  PodInfo& p = pods[pod.index()];
  for (const ClaimId c : p.claims) {
    if (!c.valid() || !claims.at(c).present) {
      continue;
    }
    const bool unused = claims.unreserve(c, p.name);
    const ResourceClaim& claim = claims.at(c).claim;
    bool deallocate = false;
    if (only_fresh != nullptr) {
      deallocate = std::find(only_fresh->begin(), only_fresh->end(), c) != only_fresh->end();
    } else {
      const auto& f = claim.meta.finalizers;
      deallocate = std::find(f.begin(), f.end(), dra::kDeleteProtectionFinalizer) != f.end();
    }
    if (unused && deallocate && claim.allocation) {
      note_devices_changed(*claim.allocation);
      claims.deallocate(c);
    }
    if (pod_gone && claims.at(c).from_template && claims.at(c).owner == pod) {
      if (claims.at(c).claim.allocation) {
        note_devices_changed(*claims.at(c).claim.allocation);
      }
      claims.disappear(c);
    }
  }
  if (!pod_gone) {
    p.devices.clear();
  }
}

void ClusterState::suspend_claims(PodId pod) {
  PodInfo& p = pods[pod.index()];
  DRASIM_ASSERT(p.suspended_claims.empty(), "a pod leaves its claims once");
  for (const ClaimId c : p.claims) {
    if (!c.valid() || !claims.at(c).present) {
      continue;
    }
    const ResourceClaim& claim = claims.at(c).claim;
    SuspendedClaim s{c, std::nullopt, claim.meta.finalizers, claim.reserved_for, claim.devices};
    if (claims.unreserve(c, p.name) && claim.allocation) {
      s.allocation = *claim.allocation;
      note_devices_changed(*s.allocation);
      claims.deallocate(c);
    }
    p.suspended_claims.push_back(std::move(s));
  }
  if (!p.suspended_claims.empty()) {
    suspended.push_back(pod);
  }
}

bool ClusterState::suspends_claims(PodId pod) const {
  const PodInfo& p = pods[pod.index()];
  return std::any_of(p.claims.begin(), p.claims.end(),
                     [&](ClaimId c) { return c.valid() && claims.at(c).present; });
}

bool ClusterState::can_resume_claims(PodId pod) const {
  const PodInfo& p = pods[pod.index()];
  return std::all_of(p.suspended_claims.begin(), p.suspended_claims.end(),
                     [&](const SuspendedClaim& s) {
                       return !s.allocation || claims.at(s.claim).claim.allocation
                              || claims.can_hold(*s.allocation);
                     });
}

void ClusterState::resume_claims(PodId pod) {
  PodInfo& p = pods[pod.index()];
  for (auto it = p.suspended_claims.rbegin(); it != p.suspended_claims.rend(); ++it) {
    // Someone else may have allocated the claim in the meantime (a pod sharing it): it keeps
    // that allocation.
    if (it->allocation && !claims.at(it->claim).claim.allocation) {
      note_devices_changed(*it->allocation);
      claims.reallocate(it->claim, std::move(*it->allocation), std::move(it->finalizers),
                        std::move(it->devices));
    }
    const auto me = std::find_if(it->reserved_for.begin(), it->reserved_for.end(),
                                 [&](const ClaimConsumer& r) { return r.name == p.name; });
    claims.reserve_as(it->claim,
                      me != it->reserved_for.end() ? *me : ClaimConsumer{"pods", p.name, ""},
                      it->reserved_for);
  }
  if (!p.suspended_claims.empty()) {
    p.suspended_claims.clear();
    suspended.erase(std::find(suspended.begin(), suspended.end(), pod));
  }
}

void ClusterState::resume_suspended_claims() {
  while (!suspended.empty()) {
    resume_claims(suspended.back());
  }
}

}  // namespace drasim::model
