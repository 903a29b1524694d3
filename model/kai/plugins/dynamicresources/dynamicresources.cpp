#include "model/kai/plugins/dynamicresources/dynamicresources.h"

#include "model/cluster/dra_gpus.h"
#include "model/dra/inventory.h"
#include "model/k8s/node_selector.h"
#include "model/kai/plugins/dynamicresources/bridge.h"

#include <fmt/format.h>

#include <algorithm>

namespace drasim::model {
namespace {

/// KAI's `resources.IsGpuResourceClaim`: a request of the claim names a GPU device class.
bool is_gpu_claim(const ResourceClaim& claim) {
  for (const DeviceRequest& r : claim.spec.requests) {
    if (r.exactly && is_gpu_name(r.exactly->device_class_name)) {
      return true;
    }
  }
  return false;
}

}  // namespace

DynamicResources::DynamicResources(ClusterState& state, PodId pod, bool kai)
    : state_(state), pod_(pod) {
  pre_enqueue_and_pre_filter(kai);
}

void DynamicResources::pre_enqueue_and_pre_filter(bool kai) {
  const PodInfo& p = state_.pod(pod_);
  const PodTemplate& t = state_.spec_of(pod_);
  bridge_ = uses_bridge(state_, t);
  if (t.resource_claims.empty() && !bridge_) {
    skip_ = true;
    return;
  }
  const std::string& ns = t.namespace_name;
  if (bridge_ && p.bridge_claim_leftover && state_.kai.stale_claim_recovery) {
    // The design's recovery path: a claim of an earlier attempt still exists, so the pod is
    // unschedulable until it is deleted (upstream: "cannot schedule extended resource claim").
    const std::string& claim = state_.claims.at(p.bridge_claim).claim.meta.name;
    rejection_ = fmt::format(
        "cannot schedule extended resource claim: claim {} from an earlier "
        "binding attempt still exists",
        claim);
    const std::string pod_name = state_.pod_key(pod_);
    state_.report_once(
        fmt::format("stale-claim/{}/{}", pod_name, p.epoch),
        Anomaly{AnomalyKind::kStaleClaim, 0, "", state_.jobs[p.job.index()].queue_name,
                "extended-resource claim", 1, pod_name,
                fmt::format("pod {} is unschedulable while claim {}, left over from a failed "
                            "bind, is being deleted",
                            pod_name, claim)});
    return;
  }
  if (!state_.dra.enabled) {
    std::vector<std::string> names;
    for (const PodResourceClaim& c : t.resource_claims) {
      names.push_back(c.name);
    }
    // KAI's pre-filter wording (pkg/scheduler/plugins/dynamicresources/dynamicresources.go).
    rejection_ = fmt::format(
        "pod {}/{} cannot be scheduled, it references resource claims <{}> while dynamic "
        "resource allocation feature is not enabled in cluster",
        ns, p.name, fmt::join(names, ", "));
    return;
  }
  // PreEnqueue: every claim must exist (template claims once the controller created them).
  if (!p.claim_problem.empty()) {
    rejection_ = p.claim_problem;
    return;
  }
  for (const ClaimId id : p.claims) {
    const dra::ClaimInfo& info = state_.claims.at(id);
    if (!info.present) {
      rejection_ =
          info.from_template
              ? fmt::format("pod \"{}/{}\": ResourceClaim not created yet", ns, p.name)
              : fmt::format("resourceclaim.resource.k8s.io \"{}\" not found", info.claim.meta.name);
      return;
    }
    // Upstream PreEnqueue (dynamicresources.go foreachPodResourceClaim): a claim with a
    // deletionTimestamp is never used again.
    if (!info.claim.meta.deletion_timestamp.empty()) {
      rejection_ = fmt::format("resourceclaim \"{}\" is being deleted", info.claim.meta.name);
      return;
    }
  }
  const std::string& queue = state_.jobs[p.job.index()].queue_name;
  for (size_t i = 0; i < p.claims.size(); ++i) {
    const dra::ClaimInfo& info = state_.claims.at(p.claims[i]);
    const ResourceClaim& claim = info.claim;
    if (!kai && claim.reserved_for.size() >= dra::kReservedForMaxSize) {
      // kube-scheduler 1.35 does not check this before PreBind, where the API server refuses
      // the 257th consumer; every attempt would fail there, so the pod cannot bind.
      rejection_ = fmt::format(
          "running PreBind plugin \"DynamicResources\": resourceclaim {}/{}: reservedFor "
          "already holds {} consumers, the maximum (ResourceClaimReservedForMaxSize)",
          ns, claim.meta.name, dra::kReservedForMaxSize);
      return;
    }
    if (kai) {
      // KAI's own pre-filter: the reservedFor limit, then the queue label of shared GPU claims.
      if (claim.reserved_for.size() >= dra::kReservedForMaxSize) {
        rejection_ =
            fmt::format("resource claim {}/{} has reached its maximum number of consumers ({})", ns,
                        claim.meta.name, dra::kReservedForMaxSize);
        return;
      }
      if (!info.from_template && is_gpu_claim(claim)
          && !state_.dra.shared_claim_queue_label.empty()) {
        static const std::string kNone;
        const std::string& label =
            lookup(claim.meta.labels, state_.dra.shared_claim_queue_label, kNone);
        if (label.empty()) {
          rejection_ = fmt::format(
              "pod {}/{} cannot be scheduled: DRA claim {} is a shared GPU claim but does not "
              "have a queue label ({})",
              ns, p.name, claim.meta.name, state_.dra.shared_claim_queue_label);
          return;
        }
        if (label != queue) {
          rejection_ = fmt::format(
              "pod {}/{} cannot be scheduled: DRA claim {} is a shared GPU claim with wrong "
              "queue label (expected queue: {}, claim queue label: {})",
              ns, p.name, claim.meta.name, queue, label);
          return;
        }
      }
    }
    if (claim.allocation) {
      allocated_.push_back(&claim);
      allocated_ids_.push_back(p.claims[i]);
      continue;
    }
    // Upstream PreFilter: every class a request may use must exist; subrequests need the
    // DRAPrioritizedList gate (dynamicresources.go).
    const dra::Inventory& inventory = *state_.dra.inventory;
    for (const DeviceRequest& r : claim.spec.requests) {
      if (!r.first_available.empty() && !state_.dra.features.prioritized_list) {
        rejection_ = fmt::format(
            "resource claim {}/{}, request {}: has subrequests, but the DRAPrioritizedList "
            "feature is disabled",
            ns, claim.meta.name, r.name);
        return;
      }
      if (r.exactly && inventory.find_class(r.exactly->device_class_name) == nullptr) {
        rejection_ = fmt::format("request {}: device class {} does not exist", r.name,
                                 r.exactly->device_class_name);
        return;
      }
      for (const DeviceSubRequest& s : r.first_available) {
        if (inventory.find_class(s.device_class_name) == nullptr) {
          rejection_ = fmt::format("request {}/{}: device class {} does not exist", r.name, s.name,
                                   s.device_class_name);
          return;
        }
      }
    }
    to_allocate_.push_back(&claim);
  }
  const bool all_fresh = std::all_of(p.claims.begin(), p.claims.end(), [&](ClaimId c) {
    const dra::ClaimInfo& info = state_.claims.at(c);
    return info.from_template && info.owner == pod_ && !info.claim.allocation;
  });
  // A bridge answer holds the node's synthetic claim, which the fit class fixes (the
  // containers' requests and the namespace are part of it; the claim's name comes from the pod
  // only when it is held).
  if (all_fresh && !state_.reference) {
    memo_class_ = t.fit_class;
  }
  if (!to_allocate_.empty() || bridge_) {
    allocator_ = std::make_unique<dra::Allocator>(state_.dra.features, *state_.dra.inventory,
                                                  state_.claims.allocated(), *state_.dra.selectors);
  }
}

DynamicResources::Verdict DynamicResources::remembered(NodeId node) const {
  return memo_class_ ? state_.dra_memo.find(*memo_class_, node) : nullptr;
}

const FilterAnswer* DynamicResources::remembered_rejection(NodeId node) const {
  return memo_class_ ? state_.dra_memo.rejection(*memo_class_, node) : nullptr;
}

DynamicResources::Verdict DynamicResources::filter(NodeId node) {
  if (Verdict known = remembered(node)) {
    return known;
  }
  const Verdict v = run_filter(state_.node(node));
  const bool shared_devices =
      std::any_of(v->allocations.begin(), v->allocations.end(), [](const AllocationResult& a) {
        return std::any_of(a.results.begin(), a.results.end(),
                           [](const DeviceAllocationResult& r) { return !r.share_id.empty(); });
      });
  // A fatal error ends the attempt and a shareID names the claim: neither is reused.
  if (memo_class_ && rejection_.empty() && !shared_devices) {
    state_.dra_memo.store(*memo_class_, node, v);
  }
  return v;
}

DynamicResources::Verdict DynamicResources::run_filter(const NodeInfo& node) {
  FilterAnswer v;
  const auto answer = [&v] {
    return std::make_shared<const FilterAnswer>(std::move(v));
  };
  for (size_t i = 0; i < allocated_.size(); ++i) {
    const auto& selector = allocated_[i]->allocation->node_selector;
    if (selector && !matches(*selector, node.labels, node.name)) {
      if (std::find(unavailable_.begin(), unavailable_.end(), allocated_ids_[i])
          == unavailable_.end()) {
        unavailable_.push_back(allocated_ids_[i]);
      }
      v.reason = "resourceclaim not available on the node";
      return answer();
    }
  }
  // KEP-5004: the node's synthetic claim joins the pod's claims, last, in one Allocate call.
  std::shared_ptr<const SyntheticClaim> synthetic;
  if (bridge_) {
    synthetic = synthetic_claim(state_, pod_, node);
  }
  if (to_allocate_.empty() && !synthetic) {
    v.fits = true;
    return answer();
  }
  std::vector<const ResourceClaim*> claims = to_allocate_;
  if (synthetic) {
    claims.push_back(&synthetic->claim);
  }
  dra::AllocateOutcome outcome = allocator_->allocate(node.name, node.labels, claims);
  switch (outcome.status) {
    case dra::AllocateStatus::kSuccess:
      v.fits = true;
      v.allocations = std::move(outcome.allocations);
      if (synthetic) {
        v.bridge = BridgeAllocation{std::move(synthetic), std::move(v.allocations.back())};
        v.allocations.pop_back();
      }
      return answer();
    case dra::AllocateStatus::kNoSolution: {
      // The common rejection is one shared answer: a full cluster would otherwise hold a copy
      // of the same words for every (fit class, node) in the memo, and free them all when the
      // inventory changes.
      static const FilterAnswerPtr kNoSolution = std::make_shared<const FilterAnswer>(
          FilterAnswer{false, "cannot allocate all claims", {}, {}});
      return kNoSolution;
    }
    case dra::AllocateStatus::kNodeError:
      v.reason = outcome.message;
      return answer();
    case dra::AllocateStatus::kFatal:
      // An Error status aborts the whole attempt: no other node is considered (section 6.4).
      rejection_ = fmt::format("running Filter plugin \"DynamicResources\": {}", outcome.message);
      v.reason = rejection_;
      return answer();
  }
  return answer();
}

std::string DynamicResources::post_filter() {
  if (unavailable_.empty()) {
    return "no new claims to deallocate";
  }
  // Upstream picks one unavailable claim at random; drasim takes the first in pod order.
  const ClaimId id = unavailable_.front();
  const ResourceClaim& claim = state_.claims.at(id).claim;
  const std::string& me = state_.pod(pod_).name;
  const bool only_me = std::all_of(claim.reserved_for.begin(), claim.reserved_for.end(),
                                   [&](const ClaimConsumer& c) { return c.name == me; });
  if (!only_me) {
    return "still not schedulable";
  }
  state_.deallocate_claim(id);
  return "deallocation of ResourceClaim completed";
}

std::vector<AllocationResult> DynamicResources::kai_allocations(
    const NodeInfo& node, std::vector<AllocationResult> joint) {
  // With a synthetic claim the joint answer stands: it was allocated together with the
  // pod's claims, so splitting them could hand the same device out twice.
  if (to_allocate_.size() <= 1 || bridge_) {
    return joint;
  }
  // Each claim alone, later claims seeing the devices of earlier ones as taken.
  dra::AllocatedDevices taken = state_.claims.allocated();
  std::vector<AllocationResult> out;
  for (const ResourceClaim* claim : to_allocate_) {
    dra::Allocator alone(state_.dra.features, *state_.dra.inventory, taken, *state_.dra.selectors);
    const std::vector<const ResourceClaim*> one{claim};
    dra::AllocateOutcome outcome = alone.allocate(node.name, node.labels, one);
    if (outcome.status != dra::AllocateStatus::kSuccess) {
      return joint;
    }
    taken.add(outcome.allocations.front());
    out.push_back(std::move(outcome.allocations.front()));
  }
  return out;
}

}  // namespace drasim::model
