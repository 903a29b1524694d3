#include "model/scheduler.h"

#include "model/allocate_action.h"
#include "model/kube_scheduler.h"

namespace drasim::model {

CycleResult run_cycle(ClusterState& state, const SchedulerOptions& options,
                      const std::vector<JobId>* only_jobs) {
  CycleResult result;
  if (options.kube_scheduler) {
    // A pod that fails scans every node, which leaves the rotating start where it was; so the
    // incremental shortcut stays exact here too.
    run_kube_scheduler(state, result, only_jobs);
    return result;
  }
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
