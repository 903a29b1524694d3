#pragma once
/// The what-if an eviction scenario is judged by (KAI TryToVirtuallyAllocatePreemptorAndGetVictims
/// and GetJobsToAllocate, pkg/scheduler/actions/common/action.go; called from
/// solvers/by_pod_solver.go). With the scenario's victims evicted virtually, every pending job,
/// every victim job and the preemptor are ordered as the allocate action orders them
/// (JobsOrderByQueues over the live queue shares, which move as the simulation places pods), and
/// in that order the preemptor and each victim job get one AllocateJob in pipeline-only mode;
/// other pending jobs of their leaf queues only take their turn in the order (other leaf
/// queues are left out; see the comment in run()). A victim task that is placed back where
/// it was is un-evicted; one placed elsewhere is a moved victim; the rest stay evicted. The
/// simulation fails as soon as the preemptor cannot be placed.
///
/// A victim job's tasks in the simulation are KAI's GetTasksToAllocate with isRealAllocation
/// false: its pending pods and its pods evicted in this scenario, in task order; the gang's
/// missing members when its active allocated pods (releasing ones excluded) are below
/// minMember, else one.

#include "model/cluster/cluster_state.h"
#include "model/kai/actions/allocate.h"
#include "model/kai/framework/session.h"
#include "model/kai/framework/statement.h"

#include <algorithm>
#include <optional>
#include <vector>

namespace drasim::model {

/// The requests of the pending jobs a simulation only lets take their turn (neither the
/// preemptor nor a victim), kept for one action. No scenario places such a job, and a scenario
/// is either rolled back or committed; a commit changes the pods of the preemptor's job and of
/// the jobs it evicted from only, and the solver forgets those. So every later scenario would
/// compute the same request again. The reference mode computes it every time.
class PendingRequests {
 public:
  /// The job's pods changed (a committed scenario placed or evicted some).
  void forget(JobId job) {
    if (job.index() < value_.size()) {
      value_[job.index()].reset();
    }
  }

  /// The job's request, computed by `compute` when it is not known.
  template <typename Compute>
  QuotaVector get(const ClusterState& state, JobId job, Compute compute) {
    if (state.reference) {
      return compute();
    }
    if (job.index() >= value_.size()) {
      value_.resize(std::max(state.jobs.size(), job.index() + 1));
    }
    std::optional<QuotaVector>& known = value_[job.index()];
    if (!known) {
      known = compute();
    }
    return *known;
  }

 private:
  std::vector<std::optional<QuotaVector>> value_;  ///< by job index
};

/// Runs the simulation inside `stmt` (the caller rolls it back or commits it). `evicted` are
/// the pods this scenario evicted virtually (kReleasing); `tasks` the preemptor's chunk.
/// Returns whether the preemptor was placed. Queue shares of the queues involved are left as
/// the simulation moved them; the caller resets them. `pending` keeps the requests of the
/// jobs that only take their turn, for the solve's next scenarios.
bool simulate_with_victims(Session& session, AllocateAction& placer, JobId preemptor,
                           const std::vector<PodId>& tasks, const std::vector<PodId>& evicted,
                           PendingRequests& pending, Statement& stmt);

}  // namespace drasim::model
