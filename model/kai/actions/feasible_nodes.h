#pragma once
/// The nodes an eviction scenario is simulated on. KAI's reclaim, preempt and consolidation
/// actions hand their job solver `FeasibleNodesForJob` (pkg/scheduler/actions/common/
/// feasible_nodes.go, the same from v0.9 to v0.17): every node when some pod of the job asks
/// for no GPU of any kind, else only the nodes with idle or releasing GPUs. The by-pod solver
/// then adds the node of every victim of the scenario (by_pod_solver.go updateFeasibleNodes),
/// and the whole simulation, the preemptor's tasks and the victims placed again alike, runs on
/// that set (common/action.go TryToVirtuallyAllocatePreemptorAndGetVictims).

#include "model/cluster/cluster_state.h"

#include <cstddef>
#include <vector>

namespace drasim::model {

class FeasibleNodes {
 public:
  /// The solver's starting set for `job`, taken as the cluster stands before its scenarios
  /// (has_idle_or_releasing_gpus, free_gpu_index.h); blocks of nodes without such a node are
  /// skipped whole, except in the reference mode.
  FeasibleNodes(const ClusterState& state, const JobInfo& job);

  /// No node of a cluster of `nodes` nodes (add() makes them feasible).
  explicit FeasibleNodes(size_t nodes) : member_(nodes, false) {}

  /// Every node is feasible (the job has a pod without GPUs).
  [[nodiscard]] bool all() const { return all_; }

  [[nodiscard]] bool has(size_t node) const { return all_ || member_[node]; }

  /// The feasible nodes by index, ascending (empty when all()).
  [[nodiscard]] const std::vector<size_t>& nodes() const { return list_; }

  /// Adds a victim's node.
  void add(size_t node);

  /// What was added so far, for rollback: the nodes added after it are removed again (a
  /// scenario that failed, as by_pod_solver.go feasibleNodesRollback).
  [[nodiscard]] size_t mark() const { return added_.size(); }

  void rollback(size_t mark);

 private:
  bool all_ = false;
  std::vector<bool> member_;
  std::vector<size_t> list_;
  std::vector<size_t> added_;  ///< nodes add() made feasible, in order
};

}  // namespace drasim::model
