// ClusterState: the KEP-5004 claim's life (kai-scheduler-behavior.md sections 6.3 and 6.4):
// held at placement, written by the binder, deleted with its pod.
#include "model/assert.h"
#include "model/cluster_state.h"
#include "model/dra_gpus.h"
#include "model/generated_name.h"

#include <fmt/format.h>

#include <algorithm>

namespace drasim::model {

void ClusterState::hold_bridge_claim(PodId pod_id, const ResourceClaim& synthetic,
                                     AllocationResult allocation,
                                     std::vector<RequestMapping> mappings) {
  PodInfo& p = pod(pod_id);
  if (!p.bridge_claim.valid()) {
    dra::ClaimInfo info;
    info.claim.meta.namespace_name = synthetic.meta.namespace_name;
    info.claim.meta.generate_name = synthetic.meta.generate_name;
    // The API server's generated name, made deterministic from the seed (generated_name.h).
    info.claim.meta.name =
        synthetic.meta.generate_name + name_suffix(dra.seed, synthetic.meta.generate_name);
    info.owner = pod_id;
    p.bridge_claim = claims.add(std::move(info));
  }
  const ClaimId id = p.bridge_claim;
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
  const std::string& name = claims.at(id).claim.meta.name;
  std::erase_if(p.devices, [&](const PodDevice& d) { return d.claim == name; });
  for (const DeviceAllocationResult& r : claims.at(id).claim.allocation->results) {
    p.devices.push_back(
        PodDevice{claims.at(id).claim.meta.name, r.request, r.driver, r.pool, r.device});
  }
  p.bridge_mappings = std::move(mappings);
  p.extended_claim_status.reset();
}

void ClusterState::drop_bridge_claim(PodId pod_id, bool pod_gone) {
  PodInfo& p = pod(pod_id);
  if (!p.bridge_claim.valid() || !claims.at(p.bridge_claim).present) {
    return;
  }
  DRASIM_ASSERT(!p.node.valid(), "a bridge claim is dropped after its pod left its node");
  const ClaimId id = p.bridge_claim;
  const std::string name = claims.at(id).claim.meta.name;
  claims.unreserve(id, p.name);
  if (claims.at(id).claim.allocation) {
    note_devices_changed(*claims.at(id).claim.allocation);
    claims.deallocate(id);
  }
  claims.disappear(id);
  p.extra_gpu_milli = 0;
  if (!pod_gone) {
    std::erase_if(p.devices, [&](const PodDevice& d) { return d.claim == name; });
    p.bridge_mappings.clear();
    p.extended_claim_status.reset();
  }
}

void ClusterState::bind_bridge_claim(PodId pod_id) {
  PodInfo& p = pod(pod_id);
  if (!p.bridge_claim.valid() || !claims.at(p.bridge_claim).present) {
    return;
  }
  const ClaimId id = p.bridge_claim;
  ResourceClaim& claim = claims.mutable_claim(id);
  claim.meta.owner_references = {OwnerReference{"v1", "Pod", p.name, "", true}};
  if (std::find(claim.meta.finalizers.begin(), claim.meta.finalizers.end(),
                dra::kDeleteProtectionFinalizer)
      == claim.meta.finalizers.end()) {
    claim.meta.finalizers.push_back(dra::kDeleteProtectionFinalizer);
  }
  p.extended_claim_status = ExtendedClaimStatus{claim.meta.name, p.bridge_mappings};
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
  const PodTemplate& t = spec_of(pod_id);
  const std::string pod_name = t.namespace_name + "/" + p.name;
  report(Anomaly{AnomalyKind::kDoubleCount, 0, node(node_id).name, jobs[p.job.index()].queue_name,
                 "nvidia.com/gpu", static_cast<double>(extra) / kMilliPerGpu, pod_name,
                 fmt::format("pod {} is charged {} GPU(s) twice: its container request and its "
                             "extended-resource claim {} both count toward node {} and queue {}",
                             pod_name, extra / kMilliPerGpu, claim.meta.name, node(node_id).name,
                             jobs[p.job.index()].queue_name)});
}

}  // namespace drasim::model
