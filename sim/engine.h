#pragma once
/// The discrete-event engine: owns the clock, the event queue and the live cluster state, and
/// replays a scenario through the scheduler until the horizon or until nothing can change.
///
/// Pod lifecycle: submitted (pending) -> binding (the scheduler chose a node; resources are
/// held) -> running after the bind latency -> succeeded after its runtime. A cycle is computed
/// only when something changed since the last one (a submission, a finished pod, a node); a
/// cycle over unchanged state would decide exactly the same, so skipping it is exact.

#include "sim/event_queue.h"
#include "sim/quota_recorder.h"
#include "sim/run_result.h"
#include "sim/scenario.h"

#include <set>

namespace drasim::sim {

class Engine {
 public:
  explicit Engine(const Scenario& scenario);

  /// Runs to the end and returns the result. Call once.
  RunResult run();

 private:
  void seed_events();
  void handle(const NodeAppears& e);
  void handle(const DraObjectsAppear& e);
  void handle(const ClaimAppears& e);
  void handle(const PodFinished& e);
  void handle(const EvictionDone& e);
  void handle(const BindDone& e);
  void handle(const WakeUp& e);
  void handle(const PodSubmitted& e);
  void handle(const CycleDue& e);
  void handle(const ExpectationDue& e);
  void handle(const HorizonReached& e);
  /// Something changed: a cycle is due at the first period boundary at or after `earliest`
  /// (now, for the overload without argument).
  void mark_dirty();
  void mark_dirty(SimTime earliest);
  void start_running(model::PodId pod);
  /// A pod leaves its node for good (finished, or gone after an eviction) in `phase`: its
  /// claims are released, its resources returned, and a cycle is due.
  void leave_node(model::PodId pod, model::PodPhase phase);
  /// A pod left or took its node outside a cycle: its queue's usage may have changed.
  void record_quota(model::PodId pod);
  [[nodiscard]] ExpectationResult check(const Expectation& expectation) const;

  const Scenario& scenario_;
  model::ClusterState state_;
  EventQueue queue_;
  SimTime now_;
  size_t pending_ = 0;  ///< submitted pods not yet placed
  bool dirty_ = false;
  bool cycle_pending_ = false;
  bool stop_ = false;
  std::set<int64_t> wake_pending_;  ///< wake-up times already scheduled
  std::vector<ExpectationResult> verdicts_;
  std::vector<bool> checked_;
  RunStats stats_;
  QuotaRecorder quota_;
};

/// Convenience: build an Engine and run it.
RunResult run_scenario(const Scenario& scenario);

}  // namespace drasim::sim
