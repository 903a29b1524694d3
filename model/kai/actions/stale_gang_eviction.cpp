#include "model/kai/actions/stale_gang_eviction.h"

#include "model/kai/framework/eviction.h"

#include <fmt/format.h>

#include <vector>

namespace drasim::model {

void run_stale_gang_eviction(ClusterState& state, int64_t now_us, int64_t default_grace_us,
                             CycleResult& result) {
  // Evictions change the set (a job leaves it when its last pod is gone), so walk a copy.
  const std::vector<JobId> candidates(state.below_min_member.begin(), state.below_min_member.end());
  for (const JobId id : candidates) {
    JobInfo& job = state.jobs[id.index()];
    const int64_t grace = job.staleness_grace_us.value_or(default_grace_us);
    if (grace < 0) {
      continue;
    }
    if (!job.stale_since_us) {
      job.stale_since_us = now_us;
    }
    const int64_t due = *job.stale_since_us + grace;
    if (now_us < due) {
      result.wake_at(due);
      continue;
    }
    for (const PodId p : job.pods) {
      const PodPhase phase = state.pod(p).phase;
      if ((phase == PodPhase::kBinding || phase == PodPhase::kRunning) && job.subgroups
          && state.pod(p).subgroup >= 0) {
        // getGangEvictionWithSubGroupsMessage: the pod's own subgroup and its minimum.
        const SubGroupNode& leaf = job.subgroups->node(static_cast<size_t>(state.pod(p).subgroup));
        evict(state, p,
              fmt::format("Workload doesn't meet the minimum required number of pods ({}) in "
                          "sub-group {}, evicting remaining pod: {}/{}",
                          leaf.min_available, leaf.name, state.spec_of(p).namespace_name,
                          state.pod(p).name),
              result);
      } else if (phase == PodPhase::kBinding || phase == PodPhase::kRunning) {
        // pkg/scheduler/api/unschedule_info.go GetGangEvictionMessage.
        evict(state, p,
              fmt::format("Workload doesn't have the minimum required number of pods ({}), "
                          "evicting remaining pod: {}/{}",
                          job.min_member, state.spec_of(p).namespace_name, state.pod(p).name),
              result);
      }
    }
  }
}

}  // namespace drasim::model
