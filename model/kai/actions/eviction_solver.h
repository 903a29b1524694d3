#pragma once
/// The scenario solver shared by KAI's reclaim, preempt and consolidation actions
/// (pkg/scheduler/actions/common/solvers; kai-scheduler-behavior.md 3.7), in drasim's form:
/// victims are taken chunk by chunk in victim order and evicted virtually (kReleasing); after
/// each chunk that frees room on some node the pending job's chunk is placed on idle plus
/// releasing capacity; the evicted victims are then re-placed where they still fit (moved
/// victims); the action's validator accepts or rejects the scenario. The first accepted
/// scenario is committed (victims evicted, the preemptor pipelined); when the victims run out
/// everything is rolled back.
///
/// KAI searches the largest placeable prefix of the job's tasks by bisection and generates
/// scenarios node-locally first (NodeLocalGreedy) before accumulating across nodes
/// (MultiNodeGang). drasim accumulates across nodes directly and places the job's whole next
/// chunk, which finds the same victims whenever the victims of one node suffice and otherwise
/// a scenario with victims in the same order.

#include "model/cluster/cluster_state.h"
#include "model/kai/actions/allocate.h"
#include "model/kai/framework/cycle_result.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace drasim::model {

/// Victims taken together: one elastic surplus pod, or all binding/running pods of a job.
struct VictimChunk {
  JobId job;
  std::vector<PodId> pods;
  std::vector<bool> moved;  ///< per pod: it found a new place in the simulation
};

struct EvictionPolicy {
  /// Validates a scenario whose preemptor chunk fits (victims in the order taken).
  std::function<bool(const std::vector<VictimChunk>&)> valid;
  /// Simulate re-placing the victims (reclaim and consolidation; preempt does not care).
  bool replace_victims = false;
  /// Every victim must find a new place (consolidation): the simulation stops at the first one
  /// that cannot, and the scenario is rejected without asking `valid`.
  bool all_must_move = false;
  /// The eviction message for one victim pod.
  std::function<std::string(PodId victim)> message;
};

class EvictionSolver {
 public:
  EvictionSolver(ClusterState& state, AllocateAction& placer) : state_(state), placer_(placer) {}

  /// Tries to place `tasks` of `job` by evicting victims as `next_victim` hands them out (in
  /// victim order). On success the victims are evicted into `result` and the job's tasks are
  /// recorded as the allocate action records them; returns whether it succeeded.
  bool solve(JobId job, const std::vector<PodId>& tasks,
             const std::function<std::optional<JobId>()>& next_victim, const EvictionPolicy& policy,
             CycleResult& result);

 private:
  /// KAI GetTasksToEvict: each elastic surplus pod on its own (reverse task order), then every
  /// remaining binding or running pod of the job together.
  [[nodiscard]] std::vector<VictimChunk> chunks_of(JobId victim) const;
  /// Whether some node of `pods` now fits one of `tasks` on idle plus releasing.
  [[nodiscard]] bool frees_room(const std::vector<PodId>& pods,
                                const std::vector<PodId>& tasks) const;
  /// Marks which victims could be placed again; their trial reservations are undone. With
  /// `stop_at_stuck` it returns false at the first victim that cannot move.
  bool mark_moved(std::vector<VictimChunk>& taken, bool stop_at_stuck);

  ClusterState& state_;
  AllocateAction& placer_;
};

}  // namespace drasim::model
