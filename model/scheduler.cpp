#include "model/scheduler.h"

#include "model/kai/actions/allocate.h"
#include "model/kai/actions/eviction_actions.h"
#include "model/kai/actions/stale_gang_eviction.h"
#include "model/kai/framework/session.h"
#include "model/kube/kube_scheduler.h"

#include <algorithm>

namespace drasim::model {

CycleResult run_cycle(ClusterState& state, const SchedulerOptions& options, int64_t now_us) {
  state.now_us = now_us;
  CycleResult result;
  if (options.kube_scheduler) {
    run_kube_scheduler(state, result);
    return result;
  }
  // KAI's default actions in order: allocate, consolidation (off with the spread strategy),
  // reclaim, preempt, stalegangeviction.
  Session session(state, now_us);
  result.fair_shares.reserve(session.shares.size());
  for (const proportion::QueueShare& q : session.shares) {
    result.fair_shares.push_back({q.r[0].fair_share, q.r[1].fair_share, q.r[2].fair_share});
  }
  AllocateAction allocate(session, options);
  allocate.run(result);
  const bool pending = std::any_of(state.pending_by_queue.begin(), state.pending_by_queue.end(),
                                   [](const auto& jobs) { return !jobs.empty(); });
  if (pending) {
    // One index of running jobs serves the three actions (victims are re-checked lazily).
    EvictionCandidates candidates(session, result);
    if (options.placement != PlacementStrategy::kSpread) {
      run_consolidation(session, allocate, candidates, result);
    }
    run_reclaim(session, allocate, candidates, result);
    run_preempt(session, allocate, candidates, result);
  }
  run_stale_gang_eviction(state, now_us, result);
  result.pipelined = allocate.release_pipelined();
  state.resume_suspended_claims();
  state.resnapshot_nodes();
  return result;
}

}  // namespace drasim::model
