#pragma once
/// The `negative-idle` detector (PRODUCT.md section 5): a node whose idle amount of a resource
/// went below zero in KAI's accounting, that is the scheduler charged the node more than it has
/// (with `zeroDelegatedOnReserve` off, a pod's DRA-served `nvidia.com/gpu` request is charged to
/// a node that advertises no GPU).
///
/// The engine marks the nodes whose accounting a pod transition touched (`placed`, `touched`)
/// and calls `check` after every computed cycle and every transition outside one; only marked
/// nodes are scanned, so a check costs O(touched nodes x resource slots).
///
/// One anomaly per episode: reported when a (node, slot) goes from >= 0 to < 0, and again only
/// after it recovered to >= 0 and dropped again. Deepening within an episode (a second pod on
/// the same overcharged node) is not reported again, which keeps a node filled with such pods to
/// one line; the value is the idle amount when the episode started.
///
/// Before an episode is reported it is checked against ClusterState::snapshot_idle, the node
/// built afresh from its pods as KAI's next session builds it: a negative amount the snapshot
/// does not show is drasim's own bookkeeping, an internal error (exit 3), never an anomaly.

#include "model/cluster/cluster_state.h"

#include <cstdint>
#include <set>
#include <utility>
#include <vector>

namespace drasim::sim {

class NegativeIdleDetector {
 public:
  explicit NegativeIdleDetector(size_t nodes) : last_pod_(nodes), marked_(nodes, false) {}

  /// A pod was placed on the node (its accounting moved; the pod is named if idle goes negative).
  void placed(model::NodeId node, model::PodId pod);

  /// The node's accounting moved for another reason (a pod left it or began releasing).
  void touched(model::NodeId node);

  /// Scans the marked nodes, reports new episodes through `state.report`, clears the marks.
  void check(model::ClusterState& state);

 private:
  std::vector<model::PodId> last_pod_;  ///< by node: the last pod placed there
  std::vector<bool> marked_;
  std::vector<model::NodeId> touched_;
  std::set<std::pair<size_t, size_t>> negative_;  ///< (node, slot) in an episode
};

/// The anomaly for a node's slot at idle amount `idle` (< 0), in report units: devices for the
/// gpu slot, cores for cpu, bytes for memory, units for milli-unit scalars, counts otherwise.
model::Anomaly negative_idle_anomaly(const model::ClusterState& state, model::NodeId node,
                                     size_t slot, model::PodId pod);

}  // namespace drasim::sim
