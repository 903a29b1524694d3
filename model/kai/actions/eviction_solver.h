#pragma once
/// The scenario solver shared by KAI's reclaim, preempt and consolidation actions
/// (pkg/scheduler/actions/common/solvers: job_solver.go, pod_scenario_builder.go,
/// scenario/by_node_scenario.go, by_pod_solver.go; kai-scheduler-behavior.md 3.7), in drasim's
/// form. Victims are taken chunk by chunk in victim order and become potential victims; each
/// chunk opens scenarios, and a scenario evicts some potential victims virtually (kReleasing)
/// and, when that frees room for a task on some node, is simulated as KAI simulates it
/// (victim_simulation.h): the preemptor and the victim jobs are allocated again, pipeline-only,
/// in the allocate action's order, on the feasible nodes only (feasible_nodes.h); victims
/// placed back where they were are un-evicted, victims placed elsewhere are moved, the rest are
/// evicted. The preemptor must be placed, then the action's validator accepts or rejects the
/// scenario. The first accepted scenario is committed: its evicted and moved victims are
/// evicted, the preemptor (and the moved victims' new places) stay pipelined until the session
/// closes. Potential victims outside the committed scenario are untouched.
///
/// Which potential victims a scenario evicts: for a one-task chunk, as KAI v0.12's by-pod
/// solver does, one scenario per node the latest victim job has potential victims on, each
/// evicting the potential victims of every job that has one on that node (so a DRA reclaimer
/// does not evict the device-plugin pods it passed on its way to a DRA node). For a chunk of
/// several tasks KAI first solves the chunk's prefixes and carries their victims over
/// (recorded victims); drasim does not, and instead evicts every potential victim at once,
/// which finds the same victims whenever the victims of one node suffice and otherwise a
/// scenario with victims in the same order. As in KAI (by_pod_solver.go), a scenario needs at
/// least one victim, and the validator sees the queue shares as they were when the job's solve
/// began (the proportion plugin's jobSimulationQueues).

#include "model/cluster/cluster_state.h"
#include "model/kai/actions/allocate.h"
#include "model/kai/actions/feasible_nodes.h"
#include "model/kai/actions/scenario_prune.h"
#include "model/kai/actions/victim_simulation.h"
#include "model/kai/framework/cycle_result.h"
#include "model/kai/framework/session.h"
#include "model/kai/framework/statement.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace drasim::model {

/// Victims taken together: one elastic surplus pod, or all binding/running pods of a job.
struct VictimChunk {
  JobId job;
  std::vector<PodId> pods;
  std::vector<bool> moved;  ///< per pod: it found a new place in the simulation
};

struct EvictionPolicy {
  /// Validates a scenario whose preemptor chunk fits (victims in the order taken, `moved` set
  /// for the ones the simulation placed again).
  std::function<bool(const std::vector<VictimChunk>&)> valid;
  /// Why `valid` rejects a scenario, for drasim explain (called only when recording; empty
  /// function: the rule is not spelled out).
  std::function<std::string(const std::vector<VictimChunk>&)> why_invalid;
  /// Every victim must find a new place (consolidation): the scenario is rejected otherwise,
  /// without asking `valid`.
  bool all_must_move = false;
  /// The eviction message for one victim pod.
  std::function<std::string(PodId victim)> message;
};

class EvictionSolver {
 public:
  EvictionSolver(Session& session, AllocateAction& placer)
      : session_(session), state_(session.state), placer_(placer), prune_(session.state) {}

  /// Tries to place `tasks` of `job` by evicting victims as `next_victim` hands them out (in
  /// victim order). On success the victims are evicted into `result` and the job's tasks are
  /// recorded as the allocate action records them; returns whether it succeeded.
  bool solve(JobId job, const std::vector<PodId>& tasks,
             const std::function<std::optional<JobId>()>& next_victim, const EvictionPolicy& policy,
             CycleResult& result);

  /// After a solve that succeeded: the queues whose shares its commit refreshed (every queue
  /// whose jobs it may have changed: the job's own and each potential victim's).
  [[nodiscard]] std::vector<QueueId> committed_queues() const;

  /// drasim explain: from now on every scenario is reported into `log`; null stops it.
  void record(ScenarioLog* log) { record_ = log; }

 private:
  /// KAI GetTasksToEvict, the next chunk only: each elastic surplus pod on its own (reverse
  /// task order), then every remaining binding or running pod of the job together; pods that
  /// are potential victims already are left out (KAI pushes the job back with its remaining
  /// tasks). Writes it into `out` (whose storage is reused) and returns false when the job has
  /// none; `more`: chunks remain after this one.
  bool next_chunk(JobId victim, bool& more, VictimChunk& out);
  /// A victim job's place in victim order now (eviction_candidates.h: lower priority, jobs
  /// above minMember, newer, then name first; its potential victims no longer count as its
  /// pods), with its id to break ties.
  [[nodiscard]] std::tuple<int64_t, int, int64_t, int64_t, size_t> victim_key(JobId id) const;
  /// Whether next_chunk would hand out the victim job's pods in one chunk (no elastic surplus,
  /// no subgroups).
  [[nodiscard]] bool one_chunk(JobId victim) const;
  /// A binding or running pod that is not a potential victim yet.
  [[nodiscard]] bool victim_left(PodId p) const;
  /// The scenarios the latest potential victims open (by_pod_solver.go solveOnPotentialNodes):
  /// one per node the latest victim job holds potential victims on, evicting the potential
  /// victims of every job that reaches that node. Commits the first valid one.
  bool try_scenarios(JobId job, const std::vector<PodId>& tasks, const EvictionPolicy& policy,
                     CycleResult& result);
  /// One scenario: `evicted` are evicted virtually and the scenario simulated on the feasible
  /// nodes and theirs, when some node of `room` now fits a task; commits it when the policy
  /// accepts it, else puts everything back. `node`: the node a by-node scenario is built around.
  bool try_scenario(JobId job, const std::vector<PodId>& tasks, const std::vector<PodId>& evicted,
                    const std::vector<PodId>& room, std::optional<size_t> node,
                    const EvictionPolicy& policy, CycleResult& result);
  /// The scenario's chunks (those of `jobs`, or every potential chunk when null) into taken_,
  /// in the order taken: the only chunks a scenario can evict, so the only ones the policy
  /// needs to see (every other potential victim stays where it is, which no policy counts).
  void take_chunks(const std::vector<JobId>* jobs);
  /// Whether some node of `pods` now fits one of `tasks` on idle plus releasing (always, for a
  /// shared-GPU task).
  [[nodiscard]] bool frees_room(const std::vector<PodId>& pods,
                                const std::vector<PodId>& tasks) const;
  /// Whether the job's tasks fit the feasible nodes before any victim is evicted, worked out
  /// once per solve on the state of the first call: the solve's own state when the shortcut
  /// asks, a scenario's (with more room) when the narrow pre-trial does. "No" is exact either
  /// way (a task that fits nowhere with victims gone fits nowhere without them); "yes" only
  /// turns both shortcuts off.
  bool base_takes(JobId job, const std::vector<PodId>& tasks);
  /// Simulates the scenario inside `stmt`; on success (kAccepted) marks which victims of
  /// taken_ moved (`moved` is set there only, and read only after a success).
  ScenarioOutcome simulate(JobId job, const std::vector<PodId>& tasks,
                           const std::vector<PodId>& evicted, Statement& stmt);
  /// Reports a scenario's outcome when recording.
  void note(const std::vector<PodId>& evicted, std::optional<size_t> node, ScenarioOutcome outcome,
            std::string detail = {}) const;
  /// Keeps the shares of `queue` and its ancestors as they are, once per solve.
  void save_shares(QueueId queue);
  /// Puts the saved shares back (the state the solve began in).
  void reset_shares();

  Session& session_;
  ClusterState& state_;
  AllocateAction& placer_;
  std::vector<std::pair<size_t, proportion::QueueShare>> saved_;
  std::vector<uint32_t> saved_in_;      ///< by queue index: the solve that saved its share last
  uint32_t solve_count_ = 0;            ///< solves begun (starts at 1, so 0 is never one)
  std::vector<size_t> scenario_nodes_;  ///< try_scenarios' node list, kept for its capacity
  // One solve's potential victims (cleared when it ends): the chunks in the order taken (the
  // first chunk_count_ of potential_chunks_, whose storage is kept from solve to solve), the
  // same pods and chunk indexes by job, the jobs by the nodes they have potential victims on,
  // and a flag per pod index.
  std::vector<VictimChunk> potential_chunks_;
  size_t chunk_count_ = 0;
  std::vector<VictimChunk> taken_;          ///< the scenario's chunks (take_chunks), storage kept
  std::vector<uint32_t> taken_ids_;         ///< their indexes in potential_chunks_
  std::vector<std::vector<PodId>> by_job_;  ///< by job index
  std::vector<std::vector<uint32_t>> chunks_by_job_;  ///< by job index
  std::vector<std::vector<JobId>> by_node_;           ///< by node index
  std::vector<size_t> nodes_taken_;                   ///< the nodes by_node_ has jobs for
  std::vector<bool> potential_;
  FeasibleNodes* feasible_ = nullptr;  ///< the solve's feasible nodes
  std::optional<bool> base_takes_;     ///< see base_takes
  ScenarioPrune prune_;                ///< active in a solve that can use it
  ScenarioLog* record_ = nullptr;      ///< see record
};

}  // namespace drasim::model
