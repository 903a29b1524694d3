#pragma once
/// What the cluster's nodes add up to: the fair-share total and the pool maximum. Both are read
/// every cycle but change only when a node's allocatable, presence or condition does, so they
/// are kept and recomputed after such a change (`invalidate`, called by ClusterState's node
/// functions and the engine's node events). Debug builds check every kept value against a
/// recount before it is used.

#include "model/kai/api/queue_usage.h"
#include "model/kai/api/resource_vector.h"

#include <optional>
#include <vector>

namespace drasim::model {

struct NodeInfo;
class ResourceNames;

struct NodeTotals {
  /// Allocatable of the present nodes without a condition problem, in quota units (MIG
  /// profiles count as their GPU slices): the cluster total fair shares divide.
  QuotaVector schedulable{};
  /// Per slot, the largest allocatable of any present node; nullopt when no node is present
  /// (KAI's MaxNodeResourcesPredicate).
  std::optional<ResourceVector> max_allocatable;

  friend bool operator==(const NodeTotals&, const NodeTotals&) = default;
};

/// Counts the totals from the nodes.
NodeTotals count_node_totals(const std::vector<NodeInfo>& nodes, const ResourceNames& names);

class NodeTotalsCache {
 public:
  /// A node's allocatable, presence or condition problem changed.
  void invalidate() { fresh_ = false; }

  /// The totals, counted again when stale or when `recount` (ClusterState::reference).
  [[nodiscard]] const NodeTotals& get(const std::vector<NodeInfo>& nodes,
                                      const ResourceNames& names, bool recount = false) const;

 private:
  mutable NodeTotals totals_;
  mutable bool fresh_ = false;
  mutable size_t slots_ = 0;  ///< resource names known when counted (new names widen vectors)
};

}  // namespace drasim::model
