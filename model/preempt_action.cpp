#include "model/preempt_action.h"

#include "model/eviction_candidates.h"
#include "model/eviction_solver.h"
#include "model/queue_capacity.h"

#include <fmt/format.h>

namespace drasim::model {

void run_preempt(ClusterState& state, AllocateAction& placer, int64_t now_us,
                 const EvictionCandidates::QueueOrder& order, CycleResult& result) {
  EvictionCandidates candidates(state, now_us, result, order);
  EvictionSolver solver(state, placer);
  for (const JobId id : candidates.pending_jobs()) {
    const JobInfo& job = state.jobs[id.index()];
    const std::vector<PodId> tasks = placer.tasks_to_allocate(job);
    if (non_preemptible_over_quota(state, job, chunk_request(state, tasks))) {
      continue;
    }
    // Same leaf queue, preemptible, strictly lower priority, not protected by its minimum
    // runtime (pkg/scheduler/actions/preempt).
    const std::vector<JobId> victims = candidates.victims([&](const JobInfo& v) {
      return v.queue == job.queue && v.priority < job.priority
             && !candidates.protected_by_min_runtime(v, false, job.queue);
    });
    if (victims.empty() || candidates.skip_signature(tasks)) {
      continue;
    }
    EvictionPolicy policy;
    policy.valid = [](const std::vector<VictimChunk>&) {
      return true;
    };
    policy.message = [&](PodId victim) {
      // pkg/scheduler/api/unschedule_info.go GetPreemptMessage.
      return fmt::format("Pod {}/{} was preempted by higher priority workload {}/{}",
                         state.spec_of(victim).namespace_name, state.pod(victim).name,
                         job.namespace_name, job.name);
    };
    if (solver.solve(id, tasks, victims, policy, result)) {
      state.jobs[id.index()].last_eviction_us = now_us;
    } else {
      candidates.remember_failure(tasks);
    }
  }
}

}  // namespace drasim::model
