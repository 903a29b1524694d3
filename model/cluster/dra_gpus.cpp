#include "model/cluster/dra_gpus.h"

#include "model/dra/inventory.h"
#include "model/k8s/name_rules.h"
#include "model/kai/api/pod_request.h"

#include <algorithm>
#include <limits>
#include <map>

namespace drasim::model {

bool is_gpu_name(std::string_view name) {
  // "gpu" in any case, without making a lowered copy (it is asked per slice in hot loops).
  const auto lower = [](char c) {
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
  };
  for (size_t i = 0; i + 3 <= name.size(); ++i) {
    if (lower(name[i]) == 'g' && lower(name[i + 1]) == 'p' && lower(name[i + 2]) == 'u') {
      return true;
    }
  }
  return false;
}

int64_t saturating_add(int64_t a, int64_t b) {
  // KAI adds DRA GPU counts with saturation at int64 max, inside a claim and across a pod's
  // claims (pkg/common/resources/dra.go SaturatingAdd; countGPUDevicesFromClaim,
  // ExtractDRAGPUResourcesFromClaims). Counts are never negative.
  return a > std::numeric_limits<int64_t>::max() - b ? std::numeric_limits<int64_t>::max() : a + b;
}

bool is_bridge_claim(const ResourceClaim& claim) {
  static const std::string kNone;
  return lookup(claim.meta.annotations, "resource.kubernetes.io/extended-resource-claim", kNone)
         == "true";
}

int64_t claim_gpu_devices(const ResourceClaim& claim) {
  int64_t total = 0;
  for (const DeviceRequest& r : claim.spec.requests) {
    if (!r.exactly || !is_gpu_name(r.exactly->device_class_name)) {
      continue;
    }
    const DeviceSubRequest& e = *r.exactly;
    const int64_t add =
        e.allocation_mode == AllocationMode::kAll ? 1 : (e.count > 0 ? e.count : int64_t{1});
    total = saturating_add(total, add);
  }
  return total;
}

void add_claim_gpus(ClusterState& state) {
  std::vector<bool> done(state.templates.size(), false);
  for (const PodInfo& p : state.pods) {
    const size_t t = p.spec.index();
    if (done[t] || p.claims.empty()) {
      continue;
    }
    done[t] = true;
    int64_t devices = 0;
    for (const ClaimId c : p.claims) {
      // Only releases with the bridge (v0.17, #1943) skip its claims: with the switch off (as
      // in kai-v0.13) a bridge claim's GPUs count like any other claim's.
      if (c.valid()
          && !(state.kai.skip_bridge_claims_in_gpu_count
               && is_bridge_claim(state.claims.at(c).claim))) {
        devices = saturating_add(devices, claim_gpu_devices(state.claims.at(c).claim));
      }
    }
    PodTemplate& spec = state.templates[t];
    // Keep the milli-GPU slot far from overflow: no claim asks for a million GPUs.
    const int64_t milli = std::min<int64_t>(devices, 1'000'000) * kMilliPerGpu;
    spec.claim_gpu_milli = milli;
    spec.request.add(kGpuSlot, milli);
    spec.quota[2] += milli;
  }
}

void populate_dra_gpus(ClusterState& state) {
  std::map<std::string_view, int64_t> per_node;
  if (state.kai.dra_gpu_accounting && state.dra.inventory != nullptr) {
    for (uint32_t i = 0; i < state.dra.inventory->slice_count(); ++i) {
      const ResourceSlice& slice = state.dra.inventory->slice(i);
      if (!slice.all_nodes && !slice.node_name.empty() && is_gpu_name(slice.driver)) {
        per_node[slice.node_name] += static_cast<int64_t>(slice.devices.size());
      }
    }
  }
  for (NodeInfo& n : state.nodes) {
    const auto it = per_node.find(n.name);
    const int64_t devices = it == per_node.end() ? 0 : it->second;
    const int64_t delta = (devices - n.dra_gpus) * kMilliPerGpu;
    if (delta == 0) {
      continue;
    }
    // AddDRAGPUs adds to allocatable and idle alike; slices going away take it back.
    ResourceVector change(state.names.size());
    change.set(kGpuSlot, delta);
    n.dra_gpus = devices;
    state.recharge_node(NodeId::from_index(static_cast<size_t>(&n - state.nodes.data())), change);
  }
}

void remap_implicit_gpu_names(ClusterState& state) {
  if (state.dra.extended == nullptr) {
    return;
  }
  for (PodTemplate& t : state.templates) {
    bool changed = false;
    for (DraCapable& r : t.dra_capable) {
      if (r.slot == kGpuSlot || r.name.rfind(kImplicitPrefix, 0) != 0) {
        continue;
      }
      const DeviceClass* c = state.dra.extended->find(r.name);
      if (c == nullptr || !is_gpu_name(c->meta.name)) {
        continue;
      }
      // Scalar slots hold milli-units and the GPU slot milli-GPUs: the amount carries over.
      t.request.add(kGpuSlot, t.request.get(r.slot));
      t.request.set(r.slot, 0);
      r.slot = kGpuSlot;
      changed = true;
    }
    if (changed) {
      t.quota = quota_vector(t.request, state.names);
    }
  }
}

std::vector<std::string> dra_gpu_keys(const std::vector<PodDevice>& devices) {
  std::vector<std::string> keys;
  for (const PodDevice& d : devices) {
    if (is_gpu_name(d.driver)) {
      keys.push_back(d.driver + "/" + d.pool + "/" + d.device);
    }
  }
  std::sort(keys.begin(), keys.end());
  keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
  return keys;
}

}  // namespace drasim::model
