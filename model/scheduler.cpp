#include "model/scheduler.h"

#include "model/allocate_action.h"
#include "model/eviction.h"
#include "model/kube_scheduler.h"
#include "model/preempt_action.h"

#include <tuple>

namespace drasim::model {

CycleResult run_cycle(ClusterState& state, const SchedulerOptions& options, int64_t now_us) {
  CycleResult result;
  if (options.kube_scheduler) {
    run_kube_scheduler(state, result);
    return result;
  }
  // KAI's default action order: allocate, consolidation, reclaim, preempt, stalegangeviction.
  AllocateAction allocate(state, options);
  allocate.run(result);
  const auto queue_order = [&state](QueueId a, QueueId b) {
    const QueueInfo& x = state.queues[a.index()];
    const QueueInfo& y = state.queues[b.index()];
    return std::make_tuple(-x.spec.priority, x.creation_order)
           < std::make_tuple(-y.spec.priority, y.creation_order);
  };
  run_preempt(state, allocate, now_us, queue_order, result);
  run_stale_gang_eviction(state, now_us, result);
  result.pipelined = allocate.release_pipelined();
  return result;
}

}  // namespace drasim::model
