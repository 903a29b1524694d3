#include "model/scheduler.h"

#include "model/kai/actions/allocate.h"
#include "model/kai/actions/eviction_actions.h"
#include "model/kai/actions/stale_gang_eviction.h"
#include "model/kai/framework/job_signatures.h"
#include "model/kai/framework/session.h"
#include "model/kube/kube_scheduler.h"

#include <algorithm>
#include <optional>

namespace drasim::model {

CycleResult run_cycle(ClusterState& state, const SchedulerOptions& options, int64_t now_us) {
  state.now_us = now_us;
  CycleResult result;
  if (options.kube_scheduler) {
    run_kube_scheduler(state, result);
    return result;
  }
  // The configured actions in order (KAI's default: allocate, consolidation, reclaim,
  // preempt, stalegangeviction). Consolidation is off with the spread strategy. The eviction
  // actions run only while some job is pending after allocate, and share one index of running
  // jobs (victims are re-checked lazily).
  Session session(state, now_us);
  session.between_jobs = options.between_jobs;
  session.observe_eviction = options.observe_eviction;
  result.fair_shares.reserve(session.shares.size());
  for (const proportion::QueueShare& q : session.shares) {
    result.fair_shares.push_back({q.r[0].fair_share, q.r[1].fair_share, q.r[2].fair_share});
  }
  // KAI computes the jobs' scheduling signatures when it takes the snapshot; only the eviction
  // actions read them.
  std::optional<JobSignatures> signatures;
  if (std::any_of(options.actions.begin(), options.actions.end(), [](Action a) {
        return a == Action::kConsolidation || a == Action::kReclaim || a == Action::kPreempt;
      })) {
    signatures.emplace(state);
  }
  AllocateAction allocate(session, options);
  std::optional<bool> pending;
  std::optional<EvictionCandidates> candidates;
  const auto may_evict = [&] {
    if (!pending) {
      pending = std::any_of(state.pending_by_queue.begin(), state.pending_by_queue.end(),
                            [](const auto& jobs) { return !jobs.empty(); });
    }
    if (*pending && !candidates) {
      candidates.emplace(session, result, *signatures);
    }
    return *pending;
  };
  for (const Action action : options.actions) {
    switch (action) {
      case Action::kAllocate:
        allocate.run(result);
        pending.reset();
        break;
      case Action::kConsolidation:
        if (options.placement == PlacementStrategy::kSpread) {
          if (options.observe_eviction) {
            options.observe_eviction(
                {Action::kConsolidation, EvictionStep::kSpread, {}, {}, 0, {}, {}});
          }
        } else if (may_evict()) {
          run_consolidation(session, allocate, *candidates, result);
        }
        break;
      case Action::kReclaim:
        if (may_evict()) {
          run_reclaim(session, allocate, *candidates, result);
        }
        break;
      case Action::kPreempt:
        if (may_evict()) {
          run_preempt(session, allocate, *candidates, result);
        }
        break;
      case Action::kStaleGangEviction:
        run_stale_gang_eviction(state, now_us, options.default_staleness_grace_us, result);
        break;
    }
  }
  result.pipelined = allocate.release_pipelined();
  state.resume_suspended_claims();
  state.resnapshot_nodes();
  return result;
}

}  // namespace drasim::model
