#pragma once
/// The discrete-event engine: owns the clock, the event queue and the live cluster state, and
/// replays a scenario through the scheduler until the horizon or until nothing can change.
///
/// Pod lifecycle: submitted (pending) -> binding (the scheduler chose a node; resources are
/// held) -> running after the bind latency -> succeeded after its runtime. A cycle is computed
/// only when something changed since the last one (a submission, a finished pod, a node); a
/// cycle over unchanged state would decide exactly the same, so skipping it is exact.

#include "model/cluster_builder.h"
#include "model/scheduler.h"
#include "sim/engine/event_queue.h"
#include "sim/engine/progress_guard.h"
#include "sim/load/scenario.h"
#include "sim/observe/eviction_churn_detector.h"
#include "sim/observe/metrics_recorder.h"
#include "sim/observe/negative_idle_detector.h"
#include "sim/observe/pod_watch.h"
#include "sim/observe/queue_ground_truth.h"
#include "sim/observe/quota_drift_detector.h"
#include "sim/observe/quota_recorder.h"
#include "sim/observe/run_result.h"

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string_view>

namespace drasim::sim {

/// Where a run is, for a progress display.
struct RunProgress {
  SimTime now;                     ///< simulated time reached
  std::optional<SimTime> horizon;  ///< where the run ends, when the scenario sets it
  uint64_t events = 0;             ///< events handled so far
};

/// Knobs that do not change what the scheduler decides.
struct EngineOptions {
  /// Ground truth, negative-idle and quota-drift detection (off only to measure their cost:
  /// the report then has no engine-side anomalies and `actual` stays 0).
  bool detect_anomalies = true;
  RunLimits limits;  ///< when a run that does not end by itself is stopped
  /// `drasim explain`: the pod to follow (the engine finds it by its key when it is built).
  PodWatch* watch = nullptr;
  /// Called every kProgressEvents events (the display throttles itself); empty: never.
  std::function<void(const RunProgress&)> progress = {};
  /// `--reference`: the scheduler without its speed-only caches (ClusterState::reference). The
  /// decisions, and so the reports, are the same; only the time differs.
  bool reference = false;
};

/// How the engine builds its ClusterState from a scenario (profile, DRA features and switches,
/// implicit tolerations, later nodes; `reference`: ClusterState::reference).
[[nodiscard]] model::BuildOptions build_options(const Scenario& scenario, bool reference = false);

/// How often EngineOptions::progress is called, in events.
inline constexpr uint64_t kProgressEvents = 256;

class Engine {
 public:
  explicit Engine(const Scenario& scenario, EngineOptions options = {});

  /// Runs to the end and returns the result. Call once.
  RunResult run();

 private:
  void seed_events();
  void handle(const NodeAppears& e);
  void handle(const DraObjectsAppear& e);
  void handle(const ClaimAppears& e);
  void handle(const PodFinished& e);
  void handle(const EvictionDone& e);
  void handle(const ClaimDeleted& e);
  void handle(const BindDone& e);
  /// kube-scheduler's PreBind waiting for binding conditions: bound, failed, or polled again.
  void handle(const BindingPoll& e);
  void check_binding(model::PodId pod);
  /// The bind succeeds: the KEP-5004 claim is written and the pod starts running.
  void finish_bind(model::PodId pod);
  /// A bind fails after the pod held its node (a binder fault, binding conditions): the pod is
  /// pending again; `release_claims` also clears what the scheduler allocated for it.
  void fail_bind(model::PodId pod, SimDuration leave_claim, bool release_claims,
                 const std::string& reason);
  void handle(const DeviceConditionDue& e);
  void handle(const DeviceConditionSet& e);
  /// Writes a `deviceCondition` event's condition on the devices it matches in the pod's
  /// allocated claims (in every allocated claim when `pod` is invalid).
  void write_condition(const DeviceConditionEvent& event, model::PodId pod);
  /// Whether a binder fault fails this bind; if so, how long the pod's KEP-5004 claim outlives
  /// the rollback (0: deleted at once).
  std::optional<SimDuration> bind_fault(model::PodId pod);
  void handle(const TimelineDue& e);
  /// A pod starts terminating outside a cycle (a drain, a NoExecute device taint): it leaves its
  /// node after `grace`, and its owner recreates it then.
  void evict_outside_cycle(model::PodId pod, std::string message, SimDuration grace);
  /// A pod is deleted by an event: a pending or future pod never runs, a placed one is gone at
  /// once (recreated when it has an owner).
  void delete_pod(model::PodId pod, const std::string& message);
  /// An evicted pod's grace period is over: it leaves its node; its owner recreates it.
  void pod_gone(model::PodId pod);
  /// Pods on devices with an untolerated NoExecute taint start terminating.
  void evict_for_device_taints();
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

  /// Whether `drasim explain` follows `pod` (inline: asked on every pod event).
  [[nodiscard]] bool watching(model::PodId pod) const {
    return options_.watch != nullptr && options_.watch->pod() == pod;
  }

  /// Tells the watch (if it follows `pod`) what happened to the pod. Views, so that a run
  /// without explain builds no strings.
  void watched(model::PodId pod, PodEvent::Kind kind, std::string_view node = {},
               std::string_view detail = {});
  /// A pod leaves its node for good (finished, or gone after an eviction) in `phase`: its
  /// claims are released, its resources returned, and a cycle is due.
  void leave_node(model::PodId pod, model::PodPhase phase);
  /// A pod was placed on `node` (`placed`) or left it outside a cycle: the ground truth follows
  /// the pod, its queue's usage is sampled, and the node and queue are checked for anomalies.
  void after_pod_moved(model::PodId pod, model::NodeId node, bool placed);
  /// After a computed cycle: the same for every pod the cycle bound or evicted, all queues.
  void after_cycle(const model::CycleResult& result);
  [[nodiscard]] ExpectationResult check(const Expectation& expectation) const;
  /// Every kMemoryCheckEvents events: past the memory budget (memory_budget.h), throws
  /// RunLimitError naming the part of the run that grew most.
  void check_memory() const;
  static constexpr uint64_t kMemoryCheckEvents = 4096;

  EngineOptions options_;
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
  std::vector<int64_t> faults_left_;  ///< per binder fault: binds it may still fail (-1: any)
  /// By pod index: since when the pod's PreBind waits for binding conditions (its claims'
  /// allocationTimestamp; a later placement's wait overwrites it).
  std::map<size_t, SimTime> binding_since_;
  RunStats stats_;
  std::vector<EvictionRecord> evictions_;      ///< every pod taken off its node, in order
  std::vector<uint32_t> scheduler_evictions_;  ///< by PodId: evictions the scheduler decided
  QueueGroundTruth truth_;
  QuotaRecorder quota_;
  MetricsRecorder metrics_;
  NegativeIdleDetector negative_idle_;
  QuotaDriftDetector quota_drift_;
  EvictionChurnDetector churn_;
  ProgressGuard guard_;
};

/// Convenience: build an Engine and run it.
RunResult run_scenario(const Scenario& scenario, EngineOptions options = {});

}  // namespace drasim::sim
