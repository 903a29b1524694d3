#include "model/scheduler.h"

#include "model/allocate_action.h"

namespace drasim::model {

CycleResult run_cycle(ClusterState& state, const SchedulerOptions& options) {
  CycleResult result;
  AllocateAction allocate(state, options);
  allocate.run(result);
  result.pipelined = allocate.release_pipelined();
  return result;
}

}  // namespace drasim::model
