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

/// Pods of `fit_class` that fit no node outside `nodes` all through a simulation: the
/// preemptor's class, when the preemptor fits nowhere without victims for a reason its whole
/// class shares (narrow_class_member, and a job without topology) and the victims free
/// nothing elsewhere. Their placements look at `nodes` only, when their job has no topology
/// either and each is a scenario's victim (its claims sit on its own node) or a
/// narrow_class_member.
struct NarrowClass {
  const FeasibleNodes* nodes = nullptr;
  uint32_t fit_class = 0;
};

/// Whether a failure of the pod to fit is one every pod of its fit class would meet: it holds
/// no allocated claim (which pins a pod to its allocation's nodes) and no KEP-5004 claim left
/// over from a failed bind.
[[nodiscard]] bool narrow_class_member(const ClusterState& state, PodId pod);

/// Runs the simulation inside `stmt` (the caller rolls it back or commits it). `evicted` are
/// the pods this scenario evicted virtually (kReleasing); `tasks` the preemptor's chunk.
/// Returns whether the preemptor was placed. Queue shares of the queues involved are left as
/// the simulation moved them; the caller resets them. The jobs that only take their turn
/// are ranked by their kept requests (AllocateAction::next_request): no scenario places them.
bool simulate_with_victims(Session& session, AllocateAction& placer, JobId preemptor,
                           const std::vector<PodId>& tasks, const std::vector<PodId>& evicted,
                           Statement& stmt, std::optional<NarrowClass> narrow = std::nullopt);

}  // namespace drasim::model
