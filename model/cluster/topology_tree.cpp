#include "model/cluster/topology_tree.h"

#include "model/cluster/cluster_state.h"

#include <algorithm>
#include <map>

namespace drasim::model {
namespace {

const std::string kRoot = "root";

}  // namespace

const std::string& TopologyTree::level_name(uint32_t depth) const {
  return depth == 0 ? kRoot : labels[depth - 1];
}

TopologyTree build_topology_tree(const Topology& topology, const std::vector<NodeInfo>& nodes) {
  TopologyTree tree;
  tree.name = topology.meta.name;
  for (const TopologyLevel& level : topology.levels) {
    tree.labels.push_back(level.node_label);
  }
  tree.domains.push_back(TopologyDomain{kRoot, 0, 0, {}, {}});
  tree.leaf_of.assign(nodes.size(), TopologyTree::kNoDomain);
  // Per level: domain id -> index (KAI keys domains by level and id).
  std::vector<std::map<std::string, uint32_t>> index(tree.labels.size());
  for (size_t n = 0; n < nodes.size(); ++n) {
    const StringMap& labels = nodes[n].labels;
    // common.go isNodePartOfTopology: a node missing any level label is outside the topology.
    const bool member = std::all_of(tree.labels.begin(), tree.labels.end(),
                                    [&](const std::string& l) { return labels.count(l) > 0; });
    if (!member) {
      continue;
    }
    const NodeId node = NodeId::from_index(n);
    tree.domains[0].nodes.push_back(node);
    uint32_t parent = 0;
    std::string id;
    for (size_t level = 0; level < tree.labels.size(); ++level) {
      id += (level == 0 ? "" : ".") + labels.at(tree.labels[level]);
      const auto [it, added] = index[level].emplace(id, static_cast<uint32_t>(tree.domains.size()));
      if (added) {
        tree.domains.push_back(
            TopologyDomain{id, static_cast<uint32_t>(level + 1), parent, {}, {}});
        tree.domains[parent].children.push_back(it->second);
      }
      tree.domains[it->second].nodes.push_back(node);
      parent = it->second;
    }
    tree.leaf_of[n] = parent;
  }
  for (TopologyDomain& d : tree.domains) {
    std::sort(d.children.begin(), d.children.end(),
              [&](uint32_t a, uint32_t b) { return tree.domains[a].id < tree.domains[b].id; });
  }
  return tree;
}

std::optional<uint32_t> topology_level_depth(const Topology& topology, const std::string& level) {
  if (level == kRoot) {
    return 0;
  }
  for (size_t i = 0; i < topology.levels.size(); ++i) {
    if (!topology.levels[i].alias.empty() && topology.levels[i].alias == level) {
      return static_cast<uint32_t>(i + 1);
    }
  }
  for (size_t i = 0; i < topology.levels.size(); ++i) {
    if (topology.levels[i].node_label == level) {
      return static_cast<uint32_t>(i + 1);
    }
  }
  return std::nullopt;
}

}  // namespace drasim::model
