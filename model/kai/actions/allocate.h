#pragma once
/// KAI's allocate action (pkg/scheduler/actions/allocate): pick the best queue, pop its best
/// job, place the job's next chunk of tasks (the gang's missing members, or one more elastic
/// task) inside a Statement, commit or roll back, push the job back while it has pending tasks.

#include "model/cluster/cluster_state.h"
#include "model/kai/actions/feasible_nodes.h"
#include "model/kai/actions/job_picker.h"
#include "model/kai/framework/cycle_result.h"
#include "model/kai/framework/session.h"
#include "model/kai/framework/statement.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace drasim::model {

class AllocateAction {
 public:
  AllocateAction(Session& session, const SchedulerOptions& options)
      : session_(session),
        state_(session.state),
        options_(options),
        failed_classes_(state_.fit_classes) {}

  /// Runs the action over every pending job, appending binds to `result`. Pipelined
  /// reservations stay in place until release_pipelined().
  void run(CycleResult& result);

  /// Session close: returns every pipelined pod to pending; returns how many there were.
  size_t release_pipelined();

  struct Placement {
    std::optional<NodeId> node;
    bool fits_idle = false;
    std::string reason;
    std::vector<AllocationResult> allocations;  ///< for the pod's unallocated claims
    std::optional<BridgeAllocation> bridge;     ///< the KEP-5004 claim on the chosen node
    /// A failure every pod of the fit class would meet on the same nodes: not a rejection of
    /// the pod's own claims (claims made for it, allocated or reserved, a KEP-5004 claim).
    bool class_wide = false;
    bool unresolvable = false;  ///< it asks what no node advertises (report_unresolvable)
  };

  /// Applies the gang rule to a job's successful statement (a gang never binds partly: when a
  /// task was pipelined and too few are bound, every task is pipelined) and records its
  /// operations: binds into `result`, pipelined placements until release_pipelined().
  void commit(Statement& stmt, const JobInfo& job, CycleResult& result);

  /// The task that could not be placed, how many of the chunk were placed before it, and why.
  struct TaskFailure {
    PodId pod;
    size_t placed = 0;
    std::string reason;
  };

  /// Places a job's chunk inside `stmt` as allocate would: in its topology's candidate node
  /// sets when it has a constraint, else anywhere (allocate when it fits idle, else pipeline;
  /// once the allocate action is over, only pipeline, as KAI's eviction simulations do). A
  /// task evicted in this session (kReleasing) is placed back: un-evicted where it was, or
  /// held as a moved victim elsewhere (Statement::restore and shadow).
  [[nodiscard]] std::optional<TaskFailure> place_chunk(const JobInfo& job,
                                                       const std::vector<PodId>& tasks,
                                                       Statement& stmt);

  /// Limits every placement to `nodes` (an eviction scenario's feasible nodes) until called
  /// again; null: every node.
  void simulate_on(const FeasibleNodes* nodes) {
    feasible_ = nodes && !nodes->all() ? nodes : nullptr;
  }

  /// What simulate_on limits placements to now (null: every node).
  [[nodiscard]] const FeasibleNodes* simulated_on() const { return feasible_; }

  /// The job's next chunk (KAI GetTasksToAllocate): the gang's missing members, else one task.
  [[nodiscard]] std::vector<PodId> tasks_to_allocate(const JobInfo& job) const;
  /// What that chunk asks of the queue (chunk_request), kept in the job until its pods change
  /// phase (JobInfo::next_request; the reference mode works it out every time).
  [[nodiscard]] QuotaVector next_request(JobId job) const;

  /// While run() takes its jobs (during an observe_allocate call for one): its job queue, to
  /// see which queues the job's queue went before. Null otherwise.
  [[nodiscard]] const JobPicker* picker() const { return picker_; }

 private:
  /// Where a topology-constrained task may go: one candidate node set (by node index) and the
  /// preferred-level score per node (empty without a preferred level).
  struct TopologyScope {
    const std::vector<bool>& nodes;
    const std::vector<int64_t>& scores;
  };

  bool allocate_job(JobId job, CycleResult& result);
  /// Places `tasks` in order inside `stmt` (only on `scope`'s nodes when given); stops at the
  /// first task that fits nowhere, leaving what was placed for the caller to roll back.
  [[nodiscard]] std::optional<TaskFailure> place_tasks(const std::vector<PodId>& tasks,
                                                       Statement& stmt, const TopologyScope* scope);
  /// Tries the job's topology candidate node sets in order, rolling back between them.
  [[nodiscard]] std::optional<TaskFailure> place_in_topology(const JobInfo& job,
                                                             const std::vector<PodId>& tasks,
                                                             Statement& stmt);
  /// KAI allocateSubGroupSet, for a job whose subgroups have topology constraints of their
  /// own: the chunk's tasks under subgroup `at` are placed inside `outer` (the parent's
  /// domain; null: anywhere). A constraint of `at` narrows that to its candidate domains,
  /// tried in order with a rollback between them; inside one, each member with tasks is
  /// placed in turn (in the chunk's order, which is the subgroup order), a leaf's tasks
  /// directly, a set's recursively, and every member must succeed.
  [[nodiscard]] std::optional<TaskFailure> place_subgroup(const JobInfo& job, size_t at,
                                                          const std::vector<PodId>& tasks,
                                                          Statement& stmt,
                                                          const TopologyScope* outer);
  /// Places an evicted pod back (see place_chunk); false when it fits nowhere or needs devices.
  bool replace_victim(PodId pod, Statement& stmt, const TopologyScope* scope);
  void reject_unqueued();
  /// KAI's FilterUnready: whether the job enters the job order; a job that does not has its
  /// pods told why (once per phase_revision, JobInfo::not_ready_revision).
  bool ready(JobId job);
  void mark_not_ready(const JobInfo& job);
  /// `explain`: build the kube-scheduler style reason when the pod fits nowhere.
  [[nodiscard]] Placement place_task(PodId pod, const TopologyScope* scope = nullptr,
                                     bool explain = true);
  /// Nodes (by index) the DynamicResources filter rejected, with its answer (kept alive by the
  /// memo or by the scan that asked).
  using DraRejections = std::vector<std::pair<size_t, const FilterAnswer*>>;

  [[nodiscard]] std::string failure_message(PodId pod, const DraRejections& dra_rejected,
                                            const std::vector<bool>* within);
  /// Reports an unresolvable-request anomaly (once per pod and resource) for each resource the
  /// pod asks for that no present node advertises and no DeviceClass maps.
  void report_unresolvable(PodId pod);
  /// Reports a topology-false-reject anomaly (once per job): the job's topology plan failed
  /// only because of its DeviceClass-mapped `slots`.
  void report_false_reject(const JobInfo& job, PodId pod, const std::vector<size_t>& slots,
                           const std::string& failure);
  void record_job_failure(const JobInfo& job, PodId failed, size_t placed, const std::string& why);

  Session& session_;
  ClusterState& state_;
  SchedulerOptions options_;

  /// A fit class's failure on the cluster as it stood at `nodes_version`
  /// (ClusterState::nodes_version): while no node changed, every pod of the class fails alike.
  struct ClassFailure {
    std::string reason;
    uint64_t nodes_version = 0;
    bool unresolvable = false;
  };

  std::vector<std::optional<ClassFailure>> failed_classes_;  ///< by PodTemplate::fit_class
  std::optional<std::optional<ResourceVector>> pool_max_;    ///< set by run()
  std::vector<Statement::Op> pipelined_;
  bool allocating_ = true;  ///< the allocate action is running (failed_classes_ is used)
  const FeasibleNodes* feasible_ = nullptr;  ///< see simulate_on
  const JobPicker* picker_ = nullptr;        ///< see picker()
};

}  // namespace drasim::model
