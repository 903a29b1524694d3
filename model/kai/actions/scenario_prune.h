#pragma once
/// Eviction scenarios known to fail before they are tried: a speed-only shortcut of the
/// scenario solver (eviction_solver.h), which otherwise evicts a scenario's victims virtually,
/// tries the preemptor and puts everything back, thousands of times per job when the victims
/// come from nodes the preemptor cannot use. Used only for a single whole-GPU task without a
/// topology constraint, never in the reference mode nor while explain records the scenarios
/// (their outcomes are reported). A pruned scenario is one the solver would have rejected, so
/// every solve ends as before; the reference tests check it.
///
/// What is known about each node is summed over all of the solve's potential victims on it, a
/// superset of any scenario's victims there, so every test below errs towards trying the
/// scenario. Two sufficient conditions for failure:
/// - no room: on no node of the scenario's victims does the task fit idle plus releasing plus
///   what the potential victims there would release (their tracked requests, never less than
///   what a release charges): the solver's first test (kNoRoom) would fail;
/// - no gain: the task fits nowhere without victims (the solver's trial says so), and each
///   node of the scenario's victims rejects the task for a reason no eviction changes there: a
///   static filter, the DRA-only node guard, or a DynamicResources rejection on a node where no
///   potential victim gives a claim up (ClusterState::suspends_claims: a running pod's KEP-5004
///   claim keeps its devices). Only the victims' nodes change, as long as every potential victim
///   that gives a claim up has its devices in pools local to its node and shares no claim with
///   the task; once one does not, the condition is off for the solve.

#include "model/cluster/cluster_state.h"
#include "model/kai/plugins/dynamicresources/dynamicresources.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace drasim::model {

/// Whether evicting `victim` changes what `task` can get on other nodes than the victim's own:
/// it does when the victim shares a claim with the task, or when a device of its claims sits in
/// a pool not local to its node. (A victim giving no claim up frees only its node anyway.)
[[nodiscard]] bool frees_elsewhere(const ClusterState& state, PodId victim, PodId task);

class ScenarioPrune {
 public:
  /// The solver's question whether the task fits nowhere without victims, borrowed for one
  /// call (asked only when it decides, and for every chunk a solve walks: no std::function).
  class BaseFails {
   public:
    // Implicit, so that a lambda converts as it would to std::function.
    template <class F>
    BaseFails(const F& f)  // NOLINT(google-explicit-constructor)
        : f_(&f), call_([](const void* g) { return (*static_cast<const F*>(g))(); }) {}

    bool operator()() const { return call_(f_); }

   private:
    const void* f_;
    bool (*call_)(const void*);
  };

  explicit ScenarioPrune(ClusterState& state) : state_(state) {}

  /// Starts a solve for `task` (the solver's only task), on the state as the solve begins.
  void begin(PodId task);
  /// Ends it (the shortcut is off until the next begin).
  void end();

  [[nodiscard]] bool active() const { return active_; }

  /// `victim` became a potential victim.
  void add(PodId victim);

  /// Whether evicting `victims` is known to fail; `base_fails` asks whether the task fits
  /// nowhere without victims (asked only when that decides).
  bool fails(const std::vector<PodId>& victims, BaseFails base_fails);
  /// The same for the scenario evicting every potential victim of `jobs` (`by_job`: each job's
  /// potential victims, by job index), without listing them first.
  bool fails(const std::vector<JobId>& jobs, const std::vector<std::vector<PodId>>& by_job,
             BaseFails base_fails);

  /// Whether the victim job can be left out of the solve's walk: it has binding or running
  /// pods, and each sits on a sealed node, where every scenario fails whichever pods it
  /// evicts. A node is sealed when every job with binding or running pods on it has them all
  /// there (so a scenario built around the node evicts nothing elsewhere), and either the task
  /// would not fit it with all of them gone, or none of them gives a claim up and the node
  /// rejects the task for a reason no eviction there changes while the task fits nowhere
  /// without victims. The caller makes sure the job is one chunk (no elastic surplus, no
  /// subgroups), so that leaving it out changes no other job's place in the victim order.
  bool useless(JobId victim, BaseFails base_fails);

 private:
  struct NodeFacts {
    uint32_t solve = 0;          ///< the solve the facts belong to (older ones are stale)
    uint32_t asked = 0;          ///< the last fails() call that visited the node
    int8_t rejects = -1;         ///< the static filters or the guard reject the task; -1: not asked
    int8_t dra_rejects = -1;     ///< the DynamicResources filter does; -1: not asked
    int8_t sealed = -1;          ///< see useless(); -1: not asked
    uint32_t claim_victims = 0;  ///< potential victims on the node that give a claim up
    ResourceVector freed;        ///< their tracked requests, summed
  };

  NodeFacts& facts(size_t node);
  /// fails() over the victims `for_each` hands to its visitor (which returns false to stop).
  template <class ForEach>
  bool decide(const ForEach& for_each, BaseFails base_fails);
  /// Whether the task fits the node's idle and releasing capacity plus `freed`.
  [[nodiscard]] bool room(size_t node, const ResourceVector& freed) const;
  /// What releasing `victim` frees on its node at most (add()).
  [[nodiscard]] ResourceVector freed_by(PodId victim) const;
  bool sealed(size_t node, NodeFacts& f, BaseFails base_fails);
  bool rejects(size_t node, NodeFacts& f);

  ClusterState& state_;
  bool active_ = false;
  PodId task_;
  std::optional<DynamicResources> dra_;  ///< the task's plugin, made when first asked
  bool nonlocal_ = false;  ///< some potential victim giving a claim up frees_elsewhere()
  uint32_t solve_ = 0;
  uint32_t call_ = 0;
  std::vector<NodeFacts> nodes_;
};

}  // namespace drasim::model
