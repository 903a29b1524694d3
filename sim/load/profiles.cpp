#include "sim/load/profiles.h"

namespace drasim::sim {

model::KaiSwitches profile_switches(Profile profile) {
  model::KaiSwitches s;  // `kai`: every switch at its default
  switch (profile) {
    case Profile::kKai:
      return s;
    case Profile::kKubeScheduler:
      // Upstream has no GPU slot and no KAI guard; NodeResourcesFit delegates mapped resources
      // a node does not advertise to DRA (dra-semantics.md section 5.3).
      s.dra_gpu_accounting = false;
      s.dra_only_node_guard = false;
      s.shared_claim_dedup = false;
      s.skip_delegated_in_fit = true;
      // Filter refuses a pod whose special claim already exists; PostFilter deletes it.
      s.stale_claim_recovery = true;
      return s;
    case Profile::kKaiV017:
      // v0.17.0 shipped the bridge (#1943) but not the shared-device dedup (#1930, unreleased).
      s.shared_claim_dedup = false;
      return s;
    case Profile::kKaiV013:
      // v0.13.0: DRA GPU accounting (#900) and the first, wide guard (#937); no bridge, so none
      // of the bridge's fit, reserve, topology and claim-counting changes.
      s = model::KaiSwitches{};
      s.guard_shared_only = false;
      s.extended_resource_bridge = false;
      s.skip_delegated_in_fit = false;
      s.zero_delegated_on_reserve = false;
      s.skip_delegated_in_topology = false;
      s.skip_bridge_claims_in_gpu_count = false;
      s.remap_implicit_gpu_names = false;
      s.shared_claim_dedup = false;
      return s;
    case Profile::kKaiV012:
      s = profile_switches(Profile::kKaiV013);
      s.dra_gpu_accounting = false;
      s.dra_only_node_guard = false;
      return s;
  }
  return s;
}

model::KaiSwitches effective_switches(const SchedulerConfig& config) {
  model::KaiSwitches s = profile_switches(config.profile);
  for (const auto& [name, value] : config.features) {
    if (const model::KaiSwitchInfo* info = model::find_kai_switch(name)) {
      s.*(info->field) = value;
    }
  }
  return s;
}

}  // namespace drasim::sim
