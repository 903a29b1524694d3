#pragma once
/// kube-scheduler's PreBind wait for device binding conditions (KEP-5007; dra-semantics.md 3.12
/// and 6.8). After the claims' allocation is written, PreBind polls every 5 s until every
/// binding condition of every allocated device is `True` in the claim's `status.devices`.
/// A binding failure condition that turns `True`, or the binding timeout, fails the bind: the
/// allocation is cleared and the pod goes back to the scheduling queue. KAI's binder does not
/// wait (pkg/binder/plugins/k8s-plugins/dynamicresources/dra.go writes the allocation and
/// `reservedFor` and binds), so only the kube-scheduler profile asks.

#include "model/cluster/cluster_state.h"

#include <string>

namespace drasim::model {

/// PreBind's polling interval (1.35: `wait.PollUntilContextTimeout` every 5 s).
inline constexpr int64_t kBindingPollUs = 5'000'000;

/// Calls `f(ClaimId)` for each present claim PreBind writes for the pod: its own claims in
/// `spec.resourceClaims` order, then its KEP-5004 claim.
template <typename F>
void for_each_bound_claim(const ClusterState& state, PodId pod, F&& f) {
  const PodInfo& p = state.pod(pod);
  for (const ClaimId c : p.claims) {
    if (c.valid() && state.claims.at(c).present) {
      f(c);
    }
  }
  if (p.bridge_claim.valid() && state.claims.at(p.bridge_claim).present) {
    f(p.bridge_claim);
  }
}

struct BindingVerdict {
  enum class Kind { kReady, kWaiting, kFailed };
  Kind kind = Kind::kReady;
  std::string message;  ///< kFailed: why, naming the claim, device and condition
};

/// Whether any claim of the pod (its own or its KEP-5004 claim) holds a device with binding
/// conditions.
[[nodiscard]] bool has_binding_conditions(const ClusterState& state, PodId pod);

/// One poll: failed when a failure condition of some device is True (checked first, as
/// upstream's isClaimReadyForBinding does) or, when nothing failed and not every condition
/// holds, when `timed_out`; ready when every binding condition is True; else waiting.
[[nodiscard]] BindingVerdict binding_verdict(const ClusterState& state, PodId pod, bool timed_out,
                                             int64_t timeout_us);

}  // namespace drasim::model
