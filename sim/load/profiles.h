#pragma once
/// The scheduler profiles of PRODUCT.md section 3 as sets of KAI behaviour switches, and the
/// text `drasim profiles` prints.

#include "model/kai/api/switches.h"
#include "sim/load/scenario.h"

#include <array>
#include <string_view>

namespace drasim::sim {

struct ProfileInfo {
  Profile profile;
  std::string_view name;
  std::string_view summary;
};

inline constexpr std::array<ProfileInfo, 5> kProfiles{{
    {Profile::kKaiV012, "kai-v0.12",
     "KAI before DRA GPU accounting: claims are no GPUs to quota, DRA nodes have no GPU slot"},
    {Profile::kKaiV013, "kai-v0.13",
     "DRA GPU accounting, and the guard that rejects GPU pods on nodes with DRA GPUs"},
    {Profile::kKaiV017, "kai-v0.17",
     "the KEP-5004 bridge (nvidia.com/gpu pods served by DRA); shared-claim GPUs charged once per "
     "pod on the node"},
    {Profile::kKai, "kai", "the newest modelled KAI (default), with the shared-claim fix"},
    {Profile::kKubeScheduler, "kube-scheduler",
     "the upstream default scheduler: no queues, NodeResourcesFit with DRA delegation, the "
     "DynamicResources plugin, KEP-5004"},
}};

/// The switch values a profile starts from (kube-scheduler: upstream's equivalents).
[[nodiscard]] model::KaiSwitches profile_switches(Profile profile);

/// The profile's switches with the scenario's `spec.scheduler.features` applied.
[[nodiscard]] model::KaiSwitches effective_switches(const SchedulerConfig& config);

}  // namespace drasim::sim
