#pragma once
/// Records the metrics over time of a run (sim/observe/run_metrics.h; README "Metrics over time"):
/// pods pending and running, evictions and failed binds, GPUs offline, wait-time percentiles, and
/// per node pool and resource what is physically used of what capacity.
///
/// The engine tells it what an event touched (`pod_changed`, `node_changed`, `after_cycle`) and
/// calls `sample` after every handled event; `sample` brings only the touched pods and nodes up
/// to date (the nodes at an instant's last event) (each node remembers its last pool and
/// contribution, subtracted and re-added) and appends a row only when a value changed, several
/// changes at one instant collapsing into that instant's last state. Per event the cost is
/// O(touched pods + touched nodes x their devices + log(binds)), never O(all nodes) or O(all pods).
/// Whoever changes a node (timeline events: cordon, drain, migration, driver restart) calls
/// `node_changed` for it.
///
/// Definitions:
/// - A node counts while it is present. Its pool follows node_pool.h and is recomputed whenever
///   the node is touched (a migration moves it from device-plugin to dra).
/// - Used and capacity as physically held, not KAI's accounting: cpu and memory are the requests
///   of the pods holding the node (Binding, Running, Releasing) against its allocatable; gpu is
///   the device-plugin GPUs those pods were given (sim/observe/held_gpus.h) against the node's
///   advertised GPUs (its GPU slot less the DRA GPUs KAI added to it), plus the GPU devices of
///   its node-local ResourceSlices (drivers whose name contains `gpu`, KAI's test) that claims
///   hold against all of those devices.
/// - Capacity offline (GPUs): per present node, `NodeInfo::offline_gpus` when above 0, else all
///   its GPUs (as above) when it has a `condition_problem` (cordoned, not ready), else 0.
/// - The wait of a pod is the time from its (re)submission to its bind (`bound_us`, when it
///   starts running after the bind latency): every submission that gets bound adds one wait, so a
///   pod an owner recreates after an eviction waits again from its resubmission and adds a
///   second wait. A failed bind adds nothing (the pod waits on). Pods bound in the input
///   (`spec.nodeName`) never waited for the scheduler and add none.

#include "model/cluster/cluster_state.h"
#include "model/kai/framework/cycle_result.h"
#include "sim/observe/run_metrics.h"
#include "sim/observe/running_percentile.h"

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace drasim::sim {

class MetricsRecorder {
 public:
  /// Samples every node of `state` at time 0; pods are taken in as they are touched, from their
  /// submission on.
  explicit MetricsRecorder(const model::ClusterState& state);

  /// The pod's phase, node or bind may have changed.
  void pod_changed(model::PodId pod);

  /// The node's presence, allocatable, slices, devices or offline GPUs may have changed.
  void node_changed(model::NodeId node);

  /// Something may have changed every node (DRA objects republished, a pre-allocated claim).
  void all_nodes_changed();

  /// A computed cycle: its binds and evictions (counted here) touched their pods.
  void after_cycle(const model::CycleResult& result);

  /// Takes in the pods touched since the last call. When `instant_ends` (the last event at
  /// `now`), also the touched nodes, and samples at `now`: the rows and series keep only an
  /// instant's last state, so sampling after every event of an instant would give the same
  /// series, at a node update per event (a fill binds eight pods on a node at one instant).
  void sample(const model::ClusterState& state, SimTime now, bool instant_ends);

  /// The usage series so far of one pool and resource (0 cpu, 1 memory, 2 gpu).
  [[nodiscard]] const UsageSeries& usage(NodePool pool, size_t resource) const {
    return usage_[static_cast<size_t>(pool)][resource];
  }

  /// The waits recorded so far of pods of `queue` (every pod when empty), microseconds.
  [[nodiscard]] std::vector<int64_t> waits(std::string_view queue) const;

  /// The metrics of the whole run, ending at `end`. Call once, at the end.
  RunMetrics finish(const model::ClusterState& state, SimTime end);

  /// The bytes its series hold (a row or sample per change of a value), for the memory budget.
  [[nodiscard]] uint64_t series_bytes() const;

 private:
  /// What a pod holding a node adds to the node's sums, kept so its removal undoes exactly that.
  struct PodTrack {
    model::PodPhase phase = model::PodPhase::kNotSubmitted;
    model::NodeId node;       ///< valid while it holds a node
    model::NodeId last_node;  ///< the last node it held (a leftover claim may still hold devices)
    std::array<int64_t, kMetricResources> held{};
    std::optional<int64_t> bound_us;  ///< the bind whose wait was recorded
    bool dirty = false;
  };

  /// A node's last contribution to its pool's totals.
  struct NodeTrack {
    bool counted = false;  ///< present at the last update
    NodePool pool = NodePool::kCpu;
    std::array<int64_t, kMetricResources> used{};
    std::array<int64_t, kMetricResources> capacity{};
    int64_t offline_gpus = 0;
    std::array<int64_t, kMetricResources> pod_sum{};  ///< what its holding pods hold
    bool dirty = false;
  };

  void update_pod(const model::ClusterState& state, model::PodId pod);
  void update_node(const model::ClusterState& state, model::NodeId node);
  void add_node(const NodeTrack& n, int sign);
  void record_wait(const model::ClusterState& state, model::PodId pod, int64_t wait_us);
  void append_rows(SimTime now);
  /// Appends a node's GPU sample at the current instant (nodes that never had GPUs keep none).
  void record_node_gpus(model::NodeId node, int64_t used, int64_t capacity);

  std::vector<PodTrack> pods_;
  std::vector<NodeTrack> nodes_;
  std::vector<model::PodId> dirty_pods_;
  std::vector<model::NodeId> dirty_nodes_;
  bool all_nodes_dirty_ = true;
  bool usage_changed_ = true;
  MetricsRow current_;
  std::array<std::array<UsageSample, kMetricResources>, kNodePools> totals_{};
  RunningPercentile wait_p50_{50};
  RunningPercentile wait_p95_{95};
  RunningPercentile wait_p99_{99};
  std::map<std::string, std::vector<int64_t>, std::less<>> queue_waits_;
  std::vector<MetricsRow> rows_;
  PoolUsage usage_;
  std::vector<UsageSeries> node_gpus_;  ///< by NodeId: GPUs used and capacity
  SimTime now_;                         ///< the instant `sample` is taking in
};

}  // namespace drasim::sim
