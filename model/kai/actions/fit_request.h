#pragma once
/// The request KAI's resource fit compares on a node, and the fit itself (allocate's node scan,
/// its failure message, and explain's probe share them, so they cannot disagree).

#include "model/cluster/cluster_state.h"
#include "model/cluster/gpu_sharing.h"
#include "model/kai/plugins/predicates.h"

#include <algorithm>
#include <string>
#include <vector>

namespace drasim::model {

/// GPU device keys of the pod's claims that are already allocated (a shared claim).
std::vector<std::string> allocated_gpu_keys(const ClusterState& s, PodId pod);

/// The request KAI's fit compares on `node`: the template's, with `skipDelegatedInFit` the
/// bridge's delegated slots zeroed, and with `sharedClaimDedup` the GPUs of the pod's
/// already-allocated claim devices that the node already counts taken off (section 2.2: KAI
/// adds them to the node's free GPUs before comparing).
class FitRequest {
 public:
  /// `bridge`: the pod may use the KEP-5004 bridge (uses_bridge).
  FitRequest(const ClusterState& s, PodId pod, bool bridge)
      : s_(s),
        t_(s.spec_of(pod)),
        bridge_(s.kai.skip_delegated_in_fit && bridge),
        shared_keys_(s.kai.shared_claim_dedup && t_.claim_gpu_milli > 0
                         ? allocated_gpu_keys(s, pod)
                         : std::vector<std::string>{}) {}

  /// A lower bound of the GPU slot `on` returns on any node: KAI's fit never zeroes the GPU
  /// slot when DRA GPUs are counted in it (fit_request), so only shared claim devices already
  /// counted on a node come off.
  [[nodiscard]] int64_t min_gpu_milli() const {
    if (bridge_ && !s_.kai.dra_gpu_accounting) {
      return 0;
    }
    const int64_t counted = static_cast<int64_t>(shared_keys_.size()) * kMilliPerGpu;
    return std::max<int64_t>(0, t_.request.get(kGpuSlot) - counted);
  }

  /// The request compared on `node` (valid until the next call). Inline: the node scan calls it
  /// once per node, and most pods take the first branch.
  const ResourceVector& on(const NodeInfo& node) {
    return !bridge_ && shared_keys_.empty() ? t_.request : adjusted(node);
  }

 private:
  const ClusterState& s_;
  const PodTemplate& t_;
  bool bridge_;
  std::vector<std::string> shared_keys_;
  ResourceVector buffer_;

  const ResourceVector& adjusted(const NodeInfo& node);
};

/// Resource fit on idle + releasing and, for a shared-GPU task, its GPU-sharing predicates.
/// Inline, as the per-node test of allocate's scan.
inline bool can_take(const PodTemplate& t, const ResourceVector& request, const NodeInfo& node,
                     const ResourceNames& names) {
  return t.gpu_share.shared() ? shared_gpu_problem(t, node, names).empty()
                              : fits_capacity(request, node, false);
}

/// The same on idle capacity only: a task that fits there is allocated, else pipelined.
inline bool fits_on_idle(const PodTemplate& t, const ResourceVector& request,
                         const NodeInfo& node) {
  return t.gpu_share.shared() ? shared_resources_fit(t, node, true)
                              : fits_capacity(request, node, true);
}

}  // namespace drasim::model
