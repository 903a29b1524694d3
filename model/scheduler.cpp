#include "model/scheduler.h"

#include "model/allocate_action.h"
#include "model/kube_scheduler.h"

namespace drasim::model {

CycleResult run_cycle(ClusterState& state, const SchedulerOptions& options) {
  CycleResult result;
  if (options.kube_scheduler) {
    run_kube_scheduler(state, result);
    return result;
  }
  AllocateAction allocate(state, options);
  allocate.run(result);
  result.pipelined = allocate.release_pipelined();
  return result;
}

}  // namespace drasim::model
