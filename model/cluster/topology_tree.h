#pragma once
/// KAI's topology tree for one Topology (pkg/scheduler/plugins/topology/topology_plugin.go,
/// topology_structs.go): a synthetic root holding every node that carries all level labels,
/// then one domain per distinct label-value path at each level, widest level first. The tree
/// depends only on node labels, so it is built once with the cluster; which domains exist at
/// a given moment (nodes appear later) is decided by the caller from `NodeInfo::present`.

#include "model/k8s/ids.h"
#include "model/k8s/kai_objects.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace drasim::model {

struct NodeInfo;

struct TopologyDomain {
  /// Dot-joined label values from the widest level down to this one; "root" for the root.
  std::string id;
  uint32_t depth = 0;  ///< 0 for the root, i + 1 for level i of the Topology
  uint32_t parent = 0;
  std::vector<uint32_t> children;  ///< sorted by id
  std::vector<NodeId> nodes;       ///< every member node, in node (name) order
};

struct TopologyTree {
  std::string name;
  std::vector<std::string> labels;      ///< node label per level, widest first
  std::vector<TopologyDomain> domains;  ///< domains[0] is the root
  /// Per node index: the narrowest domain holding the node, or kNoDomain outside the topology.
  std::vector<uint32_t> leaf_of;

  static constexpr uint32_t kNoDomain = UINT32_MAX;

  /// The level's node label, or "root" for depth 0.
  [[nodiscard]] const std::string& level_name(uint32_t depth) const;
};

/// A PodGroup's topologyConstraint resolved against its Topology: levels as depths (see
/// TopologyDomain::depth).
struct JobTopology {
  uint32_t tree = 0;  ///< index into ClusterState::topologies
  std::optional<uint32_t> required;
  std::optional<uint32_t> preferred;
};

TopologyTree build_topology_tree(const Topology& topology, const std::vector<NodeInfo>& nodes);

/// The depth of a level written in a constraint: an alias or a node label of the Topology
/// (aliases win, as KAI resolves aliases before matching labels), or "root" (KAI's synthetic
/// top level). Nullopt when the Topology has no such level.
std::optional<uint32_t> topology_level_depth(const Topology& topology, const std::string& level);

}  // namespace drasim::model
