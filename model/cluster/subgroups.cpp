#include "model/cluster/subgroups.h"

#include "model/k8s/name_rules.h"

#include <algorithm>
#include <map>

namespace drasim::model {

std::optional<SubGroupTree> SubGroupTree::build(const PodGroup& pg, std::string& error,
                                                const ResolveTopology& resolve) {
  const std::vector<SubGroup>& subs = pg.sub_groups;
  std::map<std::string, size_t> by_name;
  for (size_t i = 0; i < subs.size(); ++i) {
    if (!by_name.emplace(subs[i].name, i).second) {
      error = "subgroup " + subs[i].name + " is listed twice";
      return std::nullopt;
    }
  }
  // Children by parent ("" is the root). KAI lower-cases the parent's name (formatParentName).
  std::map<std::string, std::vector<size_t>> children;
  for (size_t i = 0; i < subs.size(); ++i) {
    const std::string parent = ascii_lower(subs[i].parent);
    if (!parent.empty() && by_name.count(parent) == 0) {
      error = "subgroup " + subs[i].name + " names parent " + parent + ", which does not exist";
      return std::nullopt;
    }
    children[parent].push_back(i);
  }
  SubGroupTree tree;
  SubGroupNode root;
  root.min_sub_group = pg.min_sub_group;
  tree.nodes_.push_back(root);
  // Breadth first from the root, so a parent always precedes its children; subgroups a cycle
  // keeps away from the root are never reached.
  std::vector<std::pair<std::string, uint32_t>> frontier{{"", 0}};
  for (size_t f = 0; f < frontier.size(); ++f) {
    const auto [name, at] = frontier[f];
    const auto it = children.find(name);
    if (it == children.end()) {
      continue;
    }
    std::vector<size_t> sets;
    std::vector<size_t> leaves;
    for (const size_t i : it->second) {
      (children.count(subs[i].name) > 0 ? sets : leaves).push_back(i);
    }
    sets.insert(sets.end(), leaves.begin(), leaves.end());
    for (const size_t i : sets) {
      SubGroupNode node;
      node.name = subs[i].name;
      node.parent = static_cast<int32_t>(at);
      node.leaf = children.count(subs[i].name) == 0;
      node.min_available = std::max<int64_t>(subs[i].min_member.value_or(0), 0);
      node.min_sub_group = subs[i].min_sub_group;
      if (resolve) {
        node.topology = resolve(subs[i].topology_constraint);
      }
      const auto index = static_cast<uint32_t>(tree.nodes_.size());
      tree.nodes_[at].children.push_back(index);
      tree.nodes_.push_back(std::move(node));
      frontier.emplace_back(subs[i].name, index);
    }
  }
  if (tree.nodes_.size() != subs.size() + 1) {
    error = "the subgroups' parents form a cycle";
    return std::nullopt;
  }
  return tree;
}

int32_t SubGroupTree::leaf_of(const std::string& label) const {
  const std::string& name = label.empty() ? std::string("default") : label;
  for (size_t i = 1; i < nodes_.size(); ++i) {
    if (nodes_[i].leaf && nodes_[i].name == name) {
      return static_cast<int32_t>(i);
    }
  }
  return -1;
}

int64_t SubGroupTree::threshold(size_t i) const {
  const SubGroupNode& n = nodes_[i];
  return n.leaf ? n.min_available
                : n.min_sub_group.value_or(static_cast<int64_t>(n.children.size()));
}

bool SubGroupTree::has_topology() const {
  return std::any_of(nodes_.begin(), nodes_.end(),
                     [](const SubGroupNode& n) { return n.topology.has_value(); });
}

bool SubGroupTree::under(size_t i, size_t ancestor) const {
  for (auto at = static_cast<int32_t>(i); at >= 0; at = nodes_[static_cast<size_t>(at)].parent) {
    if (static_cast<size_t>(at) == ancestor) {
      return true;
    }
  }
  return false;
}

namespace {

/// The rules of subgroups.h over one job's pods.
class Walk {
 public:
  Walk(const SubGroupTree& tree, const SubGroupPods& pods) : t_(tree), p_(pods) {}

  /// Pods of a leaf, satisfied members of a set.
  [[nodiscard]] int64_t allocated(size_t i) const {
    const SubGroupNode& n = t_.node(i);
    if (n.leaf) {
      return static_cast<int64_t>(p_.active[i].size());
    }
    return std::count_if(n.children.begin(), n.children.end(),
                         [&](uint32_t c) { return satisfied(c); });
  }

  [[nodiscard]] bool satisfied(size_t i) const { return allocated(i) >= t_.threshold(i); }

  [[nodiscard]] bool ready(size_t i) const {
    const SubGroupNode& n = t_.node(i);
    if (n.leaf) {
      return static_cast<int64_t>(p_.pending[i].size() + p_.active[i].size()) >= n.min_available;
    }
    return std::count_if(n.children.begin(), n.children.end(), [&](uint32_t c) { return ready(c); })
           >= t_.threshold(i);
  }

  /// SubGroupOrderFn: whether member `a` goes before member `b`.
  [[nodiscard]] bool before(uint32_t a, uint32_t b) const {
    const int64_t aa = allocated(a);
    const int64_t ta = t_.threshold(a);
    const int64_t ab = allocated(b);
    const int64_t tb = t_.threshold(b);
    const bool below_a = aa < ta;
    const bool below_b = ab < tb;
    if (below_a != below_b) {
      return below_a;
    }
    if (!below_a) {
      if ((ta > 0) != (tb > 0)) {
        return ta > 0;  // a required member before an optional one
      }
      if (ta == 0 && aa != ab) {
        return aa < ab;
      }
      if (ta > 0 && aa * tb != ab * ta) {
        return aa * tb < ab * ta;  // the lower allocated/threshold ratio first
      }
    }
    return t_.node(a).name < t_.node(b).name;
  }

  [[nodiscard]] std::vector<uint32_t> members(size_t i, bool reversed) const {
    std::vector<uint32_t> m = t_.node(i).children;
    std::sort(m.begin(), m.end(),
              [&](uint32_t a, uint32_t b) { return reversed ? before(b, a) : before(a, b); });
    return m;
  }

  [[nodiscard]] std::vector<PodId> shortfall(size_t leaf) const {
    const int64_t missing = t_.node(leaf).min_available - allocated(leaf);
    const std::vector<PodId>& pending = p_.pending[leaf];
    const auto n = std::min(pending.size(), static_cast<size_t>(std::max<int64_t>(missing, 0)));
    return {pending.begin(), pending.begin() + static_cast<std::ptrdiff_t>(n)};
  }

  /// collectTasksFromSubGroupSet.
  [[nodiscard]] std::vector<PodId> to_allocate(size_t set) const {
    const std::vector<uint32_t> m = members(set, false);
    std::vector<PodId> out;
    if (!satisfied(set)) {
      // The gang: the first `threshold` members' shortfalls together.
      const auto k =
          std::min(m.size(), static_cast<size_t>(std::max<int64_t>(t_.threshold(set), 0)));
      for (size_t j = 0; j < k; ++j) {
        const uint32_t c = m[j];
        if (satisfied(c)) {
          continue;
        }
        const std::vector<PodId> tasks = t_.node(c).leaf ? shortfall(c) : to_allocate(c);
        out.insert(out.end(), tasks.begin(), tasks.end());
      }
      return out;
    }
    for (const uint32_t c : m) {
      std::vector<PodId> tasks;
      if (!t_.node(c).leaf) {
        tasks = to_allocate(c);
      } else if (satisfied(c)) {
        if (!p_.pending[c].empty()) {
          tasks.push_back(p_.pending[c].front());
        }
      } else {
        tasks = shortfall(c);
      }
      if (!tasks.empty()) {
        return tasks;
      }
    }
    return out;
  }

  /// Whether the set or a level below it has more than it needs.
  [[nodiscard]] bool surplus(size_t set) const {
    if (allocated(set) > t_.threshold(set)) {
      return true;
    }
    return std::any_of(t_.node(set).children.begin(), t_.node(set).children.end(), [&](uint32_t c) {
      return t_.node(c).leaf ? allocated(c) > t_.node(c).min_available : surplus(c);
    });
  }

  void all_active(size_t i, std::vector<PodId>& out) const {
    if (t_.node(i).leaf) {
      out.insert(out.end(), p_.active[i].rbegin(), p_.active[i].rend());
      return;
    }
    for (const uint32_t c : t_.node(i).children) {
      all_active(c, out);
    }
  }

  /// collectElasticEvictionFromSubGroupSet: one surplus pod, else one whole spare member.
  [[nodiscard]] std::vector<PodId> to_evict(size_t set) const {
    const int64_t satisfied_members = allocated(set);
    if (satisfied_members == 0) {
      return {};
    }
    const std::vector<uint32_t> m = members(set, true);
    if (surplus(set)) {
      for (const uint32_t c : m) {
        if (t_.node(c).leaf) {
          if (allocated(c) > t_.node(c).min_available) {
            return {p_.active[c].back()};  // the last in task order
          }
        } else if (std::vector<PodId> r = to_evict(c); !r.empty()) {
          return r;
        }
      }
    }
    if (t_.threshold(set) < satisfied_members) {
      for (const uint32_t c : m) {
        std::vector<PodId> whole;
        all_active(c, whole);
        if (!whole.empty()) {
          return whole;
        }
      }
    }
    return {};
  }

  [[nodiscard]] std::vector<size_t> leaves() const {
    std::vector<size_t> out;
    for (size_t i = 1; i < t_.nodes().size(); ++i) {
      if (t_.node(i).leaf) {
        out.push_back(i);
      }
    }
    return out;
  }

 private:
  const SubGroupTree& t_;
  const SubGroupPods& p_;
};

}  // namespace

bool subgroups_ready(const SubGroupTree& tree, const SubGroupPods& pods) {
  return Walk(tree, pods).ready(0);
}

bool subgroup_ready(const SubGroupTree& tree, const SubGroupPods& pods, size_t i) {
  return Walk(tree, pods).ready(i);
}

int32_t first_unready_leaf(const SubGroupTree& tree, const SubGroupPods& pods) {
  const Walk w(tree, pods);
  for (const size_t leaf : w.leaves()) {
    if (!w.ready(leaf)) {
      return static_cast<int32_t>(leaf);
    }
  }
  return -1;
}

int32_t subgroups_elastic_rank(const SubGroupTree& tree, const SubGroupPods& pods,
                               bool with_releasing) {
  const Walk w(tree, pods);
  bool above = false;
  for (const size_t leaf : w.leaves()) {
    const int64_t have = w.allocated(leaf) + (with_releasing ? pods.releasing[leaf] : 0);
    if (have < tree.node(leaf).min_available) {
      return 0;
    }
    above = above || have > tree.node(leaf).min_available;
  }
  return above ? 2 : 1;
}

bool subgroups_below_min(const SubGroupTree& tree, const SubGroupPods& pods) {
  const Walk w(tree, pods);
  const std::vector<size_t> leaves = w.leaves();
  return std::any_of(leaves.begin(), leaves.end(), [&](size_t leaf) {
    return w.allocated(leaf) + pods.releasing[leaf] < tree.node(leaf).min_available;
  });
}

bool subgroups_should_pipeline(const SubGroupTree& tree, const SubGroupPods& pods) {
  const Walk w(tree, pods);
  const std::vector<size_t> leaves = w.leaves();
  return std::any_of(leaves.begin(), leaves.end(), [&](size_t leaf) {
    return pods.pipelined[leaf] > 0
           && w.allocated(leaf) - pods.pipelined[leaf] < tree.node(leaf).min_available;
  });
}

std::vector<PodId> subgroup_tasks_to_allocate(const SubGroupTree& tree, const SubGroupPods& pods) {
  return Walk(tree, pods).to_allocate(0);
}

std::vector<PodId> subgroup_tasks_to_evict(const SubGroupTree& tree, const SubGroupPods& pods) {
  const Walk w(tree, pods);
  std::vector<PodId> out = w.to_evict(0);
  if (out.empty()) {
    w.all_active(0, out);  // nothing spare: the whole job
  }
  return out;
}

}  // namespace drasim::model
