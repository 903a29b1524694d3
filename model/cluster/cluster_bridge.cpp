// ClusterState: the KEP-5004 claim's life (kai-scheduler-behavior.md sections 6.3 and 6.4):
// held at placement, written by the binder, deleted with its pod.
#include "model/cluster/cluster_state.h"
#include "model/cluster/dra_gpus.h"
#include "model/k8s/assert.h"
#include "model/k8s/generated_name.h"

#include <fmt/format.h>

#include <algorithm>

namespace drasim::model {

void ClusterState::hold_bridge_claim(PodId pod_id, const ResourceClaim& synthetic,
                                     AllocationResult allocation, RequestMappings mappings) {
  PodInfo& p = pod(pod_id);
  if (!p.bridge_claim.valid()) {
    dra::ClaimInfo info;
    info.claim.meta.namespace_name = synthetic.meta.namespace_name;
    info.claim.meta.generate_name = p.name + "-extended-resources-";
    // The API server's generated name, made deterministic from the seed (generated_name.h).
    info.claim.meta.name =
        info.claim.meta.generate_name + name_suffix(dra.seed, info.claim.meta.generate_name);
    info.owner = pod_id;
    p.bridge_claim = claims.add(std::move(info));
  }
  const ClaimId id = p.bridge_claim;
  if (p.bridge_claim_leftover) {
    reuse_leftover_claim(pod_id, allocation);
    p.bridge_mappings = std::move(mappings);
    p.extended_claim_status.reset();
    return;
  }
  DRASIM_ASSERT(!claims.at(id).present, "a pod holds one bridge claim at a time");
  // Before the binder creates it the claim lives in the scheduler's cache only; drasim keeps it
  // in the claim book from placement on so later placements see its devices as taken.
  ResourceClaim& claim = claims.mutable_claim(id);
  claim.spec = synthetic.spec;
  claim.meta.annotations = synthetic.meta.annotations;
  claims.appear(id);
  claims.allocate(id, std::move(allocation));
  note_devices_changed(*claims.at(id).claim.allocation);
  claims.reserve(id, ClaimConsumer{"pods", p.name, ""});
  forget_devices(claims.at(id).claim.meta.name, p.devices);
  record_devices(claims.at(id).claim, p.devices);
  p.bridge_mappings = std::move(mappings);
  p.extended_claim_status.reset();
}

void ClusterState::reuse_leftover_claim(PodId pod_id, const AllocationResult& chosen) {
  PodInfo& p = pod(pod_id);
  const ClaimId id = p.bridge_claim;
  const ResourceClaim& claim = claims.at(id).claim;
  // KAI's binder looks the pod's claim up first (idempotency) and writes an allocation only
  // when the claim has none: the pod gets the leftover's devices, not the scheduler's choice.
  p.bridge_claim_leftover = false;
  p.bridge_claim_reused = true;
  claims.reserve(id, ClaimConsumer{"pods", p.name, ""});
  forget_devices(claim.meta.name, p.devices);
  record_devices(claim, p.devices);
  std::vector<std::string> held;
  for (const DeviceAllocationResult& r : claim.allocation->results) {
    held.push_back(r.device);
  }
  std::vector<std::string> picked;
  for (const DeviceAllocationResult& r : chosen.results) {
    picked.push_back(r.device);
  }
  if (held == picked) {
    return;
  }
  const std::string pod_name = pod_key(pod_id);
  report(Anomaly{
      AnomalyKind::kStaleClaim, 0, "", jobs[p.job.index()].queue_name, "extended-resource claim",
      static_cast<double>(held.size()), pod_name,
      fmt::format("pod {} reuses claim {} left over from a failed bind: it holds "
                  "device(s) {} while the scheduler allocated {}",
                  pod_name, claim.meta.name, fmt::join(held, ", "), fmt::join(picked, ", "))});
}

void ClusterState::drop_bridge_claim(PodId pod_id, bool pod_gone) {
  PodInfo& p = pod(pod_id);
  if (!p.bridge_claim.valid() || !claims.at(p.bridge_claim).present) {
    return;
  }
  DRASIM_ASSERT(!p.node.valid(), "a bridge claim is dropped after its pod left its node");
  const ClaimId id = p.bridge_claim;
  const std::string name = claims.at(id).claim.meta.name;
  if (p.bridge_claim_reused && !pod_gone) {
    // A rolled-back placement gives the leftover claim back as it was.
    claims.unreserve(id, p.name);
    forget_devices(name, p.devices);
    p.bridge_claim_reused = false;
    p.bridge_claim_leftover = true;
    p.bridge_mappings.reset();
    return;
  }
  p.bridge_claim_reused = false;
  p.bridge_claim_leftover = false;
  claims.unreserve(id, p.name);
  if (claims.at(id).claim.allocation) {
    note_devices_changed(*claims.at(id).claim.allocation);
    claims.deallocate(id);
  }
  claims.disappear(id);
  p.extra_gpu_milli = 0;
  if (!pod_gone) {
    forget_devices(name, p.devices);
    p.bridge_mappings.reset();
    p.extended_claim_status.reset();
  }
}

void ClusterState::adopt_bridge_claim(PodId pod_id) {
  PodInfo& p = pod(pod_id);
  const PodTemplate& t = spec_of(pod_id);
  DRASIM_ASSERT(!p.node.valid(), "a bound pod adopts its bridge claim before it is placed");
  if (t.bound_bridge_claim.empty()) {
    return;
  }
  const std::optional<ClaimId> id = claims.find(t.namespace_name, t.bound_bridge_claim);
  if (!id || !claims.at(*id).present || !claims.at(*id).claim.allocation) {
    return;
  }
  p.bridge_claim = *id;
  claims.reserve(*id, ClaimConsumer{"pods", p.name, ""});
  record_devices(claims.at(*id).claim, p.devices);
  p.bridge_mappings = std::make_shared<const std::vector<RequestMapping>>(t.bound_bridge_mappings);
}

void ClusterState::bind_bridge_claim(PodId pod_id) {
  PodInfo& p = pod(pod_id);
  if (!p.bridge_claim.valid() || !claims.at(p.bridge_claim).present) {
    return;
  }
  const ClaimId id = p.bridge_claim;
  ResourceClaim& claim = claims.mutable_claim(id);
  // The delete-protection finalizer is on it since its allocation (ClaimBook::allocate).
  claim.meta.owner_references = {OwnerReference{"v1", "Pod", p.name, "", true}};
  // No mappings when the pod holds a claim left over from a failed bind but was placed without
  // the bridge this time (the binder writes an empty list then).
  static const RequestMappings kNone = std::make_shared<const std::vector<RequestMapping>>();
  p.extended_claim_status =
      ExtendedClaimStatus{claim.meta.name, p.bridge_mappings ? p.bridge_mappings : kNone};
  if (kai.skip_bridge_claims_in_gpu_count || !kai.dra_gpu_accounting) {
    return;
  }
  // The claim is in the next snapshot: ExtractDRAGPUResourcesFromClaims reads it like any
  // claim the pod owns, on top of the container's nvidia.com/gpu request.
  const int64_t extra = claim_gpu_devices(claim) * kMilliPerGpu;
  if (extra <= 0 || !p.node.valid()) {
    return;
  }
  const NodeId node_id = p.node;
  node_sub(pod_id);
  charge_queue(pod_id, true, -1);
  p.extra_gpu_milli = extra;
  node_add(pod_id, node_id, p.phase);
  charge_queue(pod_id, true, 1);
  const std::string pod_name = pod_key(pod_id);
  report(Anomaly{AnomalyKind::kDoubleCount, 0, node(node_id).name, jobs[p.job.index()].queue_name,
                 "nvidia.com/gpu", static_cast<double>(extra) / kMilliPerGpu, pod_name,
                 fmt::format("pod {} is charged {} GPU(s) twice: its container request and its "
                             "extended-resource claim {} both count toward node {} and queue {}",
                             pod_name, extra / kMilliPerGpu, claim.meta.name, node(node_id).name,
                             jobs[p.job.index()].queue_name)});
}

}  // namespace drasim::model

namespace drasim::model {

void ClusterState::fail_bind(PodId pod_id, bool leave_claim) {
  PodInfo& p = pod(pod_id);
  DRASIM_ASSERT(p.phase == PodPhase::kBinding, "only a binding pod fails to bind");
  remove(pod_id, PodPhase::kPending);
  if (!p.bridge_claim.valid() || !claims.at(p.bridge_claim).present) {
    return;
  }
  if (!leave_claim) {
    drop_bridge_claim(pod_id, false);
    return;
  }
  // The rollback asked for the claim's deletion; until it completes the claim keeps its
  // allocation (its devices stay taken) and names the pod as owner, but nobody uses it.
  const ClaimId id = p.bridge_claim;
  claims.unreserve(id, p.name);
  p.bridge_claim_reused = false;
  p.bridge_claim_leftover = true;
  p.extended_claim_status.reset();
}

void ClusterState::delete_leftover_claim(PodId pod_id) {
  PodInfo& p = pod(pod_id);
  if (!p.bridge_claim_leftover) {
    return;  // reused by a later placement: in use, so not deleted while the pod holds it
  }
  drop_bridge_claim(pod_id, false);
}

}  // namespace drasim::model
