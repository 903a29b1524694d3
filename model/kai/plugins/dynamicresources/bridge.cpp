#include "model/kai/plugins/dynamicresources/bridge.h"

#include "model/kai/plugins/dynamicresources/dynamicresources.h"

#include <algorithm>

namespace drasim::model {

bool bridge_enabled(const ClusterState& state) {
  return state.kai.extended_resource_bridge && state.dra.enabled
         && state.dra.features.extended_resource && state.dra.extended != nullptr
         && !state.dra.extended->empty();
}

bool bridge_maps(const ClusterState& state, std::string_view resource) {
  return bridge_enabled(state) && state.dra.extended->find(resource) != nullptr;
}

bool uses_bridge(const ClusterState& state, const PodTemplate& t) {
  return std::any_of(t.dra_capable.begin(), t.dra_capable.end(),
                     [&](const DraCapable& r) { return bridge_maps(state, r.name); });
}

namespace {

/// Whether DRA serves `r` on `node`: a class maps it and the node does not advertise it.
bool delegated(const ClusterState& state, const DraCapable& r, const NodeInfo& node) {
  return !node.advertises(r.name) && bridge_maps(state, r.name);
}

/// The claim built from scratch for the delegated resources `names`, or null.
std::shared_ptr<const SyntheticClaim> build_synthetic_claim(const ClusterState& state,
                                                            const PodTemplate& t,
                                                            const std::vector<std::string>& names) {
  BridgeRequests built = bridge_requests(*t.pod_spec, names, *state.dra.extended);
  if (built.requests.empty()) {
    return nullptr;
  }
  auto out = std::make_shared<SyntheticClaim>();
  ResourceClaim& claim = out->claim;
  // The in-memory claim of the scheduler: a deliberately invalid name, the pod as owner (the
  // API object's generateName is set when a pod holds it, hold_bridge_claim).
  claim.meta.name = "<extended-resources>";
  claim.meta.namespace_name = t.namespace_name;
  claim.meta.annotations[std::string(kExtendedResourceClaimAnnotation)] = "true";
  claim.spec.requests = std::move(built.requests);
  out->mappings = std::make_shared<const std::vector<RequestMapping>>(std::move(built.mappings));
  return out;
}

}  // namespace

std::vector<std::string> delegated_names(const ClusterState& state, const PodTemplate& t,
                                         const NodeInfo& node) {
  std::vector<std::string> out;
  for (const DraCapable& r : t.dra_capable) {
    if (delegated(state, r, node)) {
      out.push_back(r.name);
    }
  }
  return out;
}

ResourceVector fit_request(const ClusterState& state, const PodTemplate& t, const NodeInfo& node) {
  ResourceVector request = t.request;
  if (!state.kai.skip_delegated_in_fit) {
    return request;
  }
  // KAI never skips the GPU slot: DRA GPUs are in the node's GPU slot (AddDRAGPUs). Without
  // that accounting (kube-scheduler) a delegated GPU resource is skipped like any other.
  const bool gpu_slot_counts_dra = state.kai.dra_gpu_accounting;
  for (const DraCapable& r : t.dra_capable) {
    if ((r.slot != kGpuSlot || !gpu_slot_counts_dra) && node.allocatable.get(r.slot) == 0
        && bridge_maps(state, r.name)) {
      request.set(r.slot, 0);
    }
  }
  return request;
}

std::vector<size_t> mapped_scalar_slots(const ClusterState& state, const PodTemplate& t) {
  std::vector<size_t> out;
  for (const DraCapable& r : t.dra_capable) {
    if (r.slot != kGpuSlot && bridge_maps(state, r.name)) {
      out.push_back(r.slot);
    }
  }
  return out;
}

std::vector<size_t> mapped_scalar_slots(const ClusterState& state,
                                        const std::vector<PodId>& tasks) {
  std::vector<size_t> out;
  for (const PodId p : tasks) {
    for (const size_t slot : mapped_scalar_slots(state, state.spec_of(p))) {
      if (std::find(out.begin(), out.end(), slot) == out.end()) {
        out.push_back(slot);
      }
    }
  }
  return out;
}

std::shared_ptr<const SyntheticClaim> synthetic_claim(ClusterState& state, PodId pod,
                                                      const NodeInfo& node) {
  const PodTemplate& t = state.spec_of(pod);
  if (t.pod_spec == nullptr) {
    return nullptr;
  }
  // Kept per fit class and served set, a bit per dra_capable entry (as many as fit the key).
  if (state.reference || t.dra_capable.size() > 32) {
    const std::vector<std::string> names = delegated_names(state, t, node);
    return names.empty() ? nullptr : build_synthetic_claim(state, t, names);
  }
  uint64_t served = 0;
  for (size_t i = 0; i < t.dra_capable.size(); ++i) {
    served |= delegated(state, t.dra_capable[i], node) ? uint64_t{1} << i : 0;
  }
  if (served == 0) {
    return nullptr;
  }
  // The fit class fixes everything the claim is built from (assign_template_classes: the
  // namespace and the containers' requests of a pod that may use the bridge).
  const uint64_t key = (uint64_t{t.fit_class} << 32) | served;
  auto [it, inserted] = state.dra.synthetic_claims.try_emplace(key);
  if (inserted) {
    std::vector<std::string> names;  // delegated_names, from the bits
    for (size_t i = 0; i < t.dra_capable.size(); ++i) {
      if (((served >> i) & 1U) != 0) {
        names.push_back(t.dra_capable[i].name);
      }
    }
    it->second = build_synthetic_claim(state, t, names);
  }
  return it->second;
}

}  // namespace drasim::model
