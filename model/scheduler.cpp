#include "model/scheduler.h"

#include "model/allocate_action.h"

namespace drasim::model {

CycleResult run_cycle(ClusterState& state, const SchedulerOptions& options,
                      const std::vector<JobId>* only_jobs) {
  CycleResult result;
  AllocateAction allocate(state, options);
  allocate.run(result, only_jobs);
  result.pipelined = allocate.release_pipelined();
  return result;
}

bool has_releasing_capacity(const ClusterState& state) {
  for (const NodeInfo& n : state.nodes) {
    for (size_t slot = 0; slot < n.releasing.size(); ++slot) {
      if (n.releasing.get(slot) != 0) {
        return true;
      }
    }
  }
  return false;
}

}  // namespace drasim::model
