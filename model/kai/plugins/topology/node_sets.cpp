#include "model/kai/plugins/topology/node_sets.h"

#include "model/kai/plugins/nodeplacement.h"
#include "model/kai/plugins/topology/topology_fit.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <optional>

namespace drasim::model {
namespace {

/// One job's view of a topology tree: which domains exist now, their free resources and pod
/// counts (only inside the starting domain's subtree, as KAI computes them), and each
/// domain's children in the order the plugin walks them.
class JobView {
 public:
  JobView(const ClusterState& state, const TopologyTree& tree, const std::vector<PodId>& tasks,
          std::vector<size_t> skip, const std::vector<bool>* within)
      : state_(state),
        within_(within),
        tree_(tree),
        live_(tree.domains.size(), false),
        free_(tree.domains.size(), ResourceVector(state.names.size())),
        pods_(tree.domains.size()),
        order_(tree.domains.size()),
        sum_(state.names.size()),
        max_(state.names.size()),
        count_(static_cast<int64_t>(tasks.size())),
        skip_(std::move(skip)) {
    std::vector<ResourceVector> requests;
    for (const PodId p : tasks) {
      const ResourceVector& r = state.spec_of(p).request;
      requests.push_back(r);
      sum_ += r;
      for (size_t slot = 0; slot < r.size(); ++slot) {
        max_.set(slot, std::max(max_.get(slot), r.get(slot)));
      }
    }
    for (const size_t slot : skip_) {
      sum_.set(slot, 0);
      max_.set(slot, 0);
      for (ResourceVector& r : requests) {
        r.set(slot, 0);
      }
    }
    homogeneous_ = homogeneous_tasks(requests);
    // A domain exists while one of its nodes does (KAI builds the tree from session nodes).
    for (size_t d = 0; d < tree.domains.size(); ++d) {
      const auto& nodes = tree.domains[d].nodes;
      live_[d] = std::any_of(nodes.begin(), nodes.end(), [&](NodeId n) { return usable(n); });
      order_[d] = tree.domains[d].children;  // id order until sort_from
    }
  }

  [[nodiscard]] bool live(uint32_t d) const { return live_[d]; }

  /// A node counts when it is present and inside the parent subgroup's domain.
  [[nodiscard]] bool usable(NodeId n) const {
    return state_.node(n).present && (within_ == nullptr || (*within_)[n.index()]);
  }

  /// common.go `lowestCommonDomainID`: descend while every present topology node shares the
  /// next level, stopping at the preferred level.
  [[nodiscard]] uint32_t start_domain(std::optional<uint32_t> preferred) const {
    uint32_t at = 0;
    while (!(preferred && *preferred > 0 && tree_.domains[at].depth == *preferred)) {
      std::optional<uint32_t> only;
      int live_children = 0;
      for (const uint32_t c : tree_.domains[at].children) {
        if (live_[c]) {
          only = c;
          ++live_children;
        }
      }
      if (live_children != 1) {
        break;
      }
      at = *only;
    }
    return at;
  }

  /// `calcSubTreeFreeResources` and, for homogeneous tasks, `calcSubTreeAllocatable` over the
  /// subtree of `d`; every other domain keeps zero free resources and no pod count. As in KAI,
  /// an ancestor of the starting domain (e.g. a required zone when all nodes share one rack)
  /// therefore never fits the job.
  void account(uint32_t d) {
    for (const NodeId n : tree_.domains[d].nodes) {
      const NodeInfo& node = state_.node(n);
      if (!usable(n)) {
        continue;
      }
      free_[d] += node.idle + node.releasing;
      if (homogeneous_) {
        pods_[d] = pods_[d].value_or(0) + node_accommodation(max_, node, count_, skip_);
      }
    }
    for (const uint32_t c : tree_.domains[d].children) {
      account(c);
    }
  }

  [[nodiscard]] double ratio(uint32_t d) const { return job_ratio_to_free(sum_, free_[d]); }

  /// Why `checkJobDomainFit` refuses `d`, in its own measure.
  [[nodiscard]] std::string shortfall(uint32_t d) const {
    if (pods_[d]) {
      return fmt::format("room for {} of the job's {} pods", *pods_[d], count_);
    }
    return fmt::format(
        "the job asks {:.3g} times its idle and releasing resources in the tightest resource",
        ratio(d));
  }

  [[nodiscard]] size_t present_count(uint32_t d) const {
    const auto& nodes = tree_.domains[d].nodes;
    return static_cast<size_t>(
        std::count_if(nodes.begin(), nodes.end(), [&](NodeId n) { return usable(n); }));
  }

  /// `checkJobDomainFit`: by pod count when it was computed, else by resource ratio.
  [[nodiscard]] bool fits(uint32_t d) const {
    if (pods_[d]) {
      return *pods_[d] >= count_;
    }
    return ratio(d) <= 1.0;
  }

  /// `sortTree`: children by ratio descending (most packed first), ties by id, from `d` down
  /// to the domains at `max_depth` (whose children are sorted too).
  void sort_from(uint32_t d, uint32_t max_depth) {
    std::vector<uint32_t>& children = order_[d];
    std::vector<std::pair<double, uint32_t>> keyed;
    for (const uint32_t c : children) {
      keyed.emplace_back(ratio(c), c);
    }
    std::sort(keyed.begin(), keyed.end(), [&](const auto& a, const auto& b) {
      if (a.first != b.first) {
        return a.first > b.first;
      }
      return tree_.domains[a.second].id < tree_.domains[b.second].id;
    });
    for (size_t i = 0; i < keyed.size(); ++i) {
      children[i] = keyed[i].second;
    }
    if (tree_.domains[d].depth == max_depth) {
      return;
    }
    for (const uint32_t c : children) {
      sort_from(c, max_depth);
    }
  }

  /// node_scoring.go `getLevelDomains`: the domains at `depth` under `d`, in walking order.
  void collect(uint32_t d, uint32_t depth, std::vector<uint32_t>& out) const {
    if (tree_.domains[d].depth == depth) {
      out.push_back(d);
      return;
    }
    for (const uint32_t c : order_[d]) {
      if (live_[c]) {
        collect(c, depth, out);
      }
    }
  }

  /// topology_utils.go `reverseLevelOrder`: breadth-first from the root, deepest level first.
  [[nodiscard]] std::vector<uint32_t> bottom_up() const {
    std::vector<std::vector<uint32_t>> levels{{0}};
    while (true) {
      std::vector<uint32_t> next;
      for (const uint32_t d : levels.back()) {
        for (const uint32_t c : order_[d]) {
          if (live_[c]) {
            next.push_back(c);
          }
        }
      }
      if (next.empty()) {
        break;
      }
      levels.push_back(std::move(next));
    }
    std::vector<uint32_t> out;
    for (auto it = levels.rbegin(); it != levels.rend(); ++it) {
      out.insert(out.end(), it->begin(), it->end());
    }
    return out;
  }

  [[nodiscard]] std::vector<bool> present_nodes(uint32_t d) const {
    std::vector<bool> nodes(state_.nodes.size(), false);
    for (const NodeId n : tree_.domains[d].nodes) {
      nodes[n.index()] = usable(n);
    }
    return nodes;
  }

 private:
  const ClusterState& state_;
  const std::vector<bool>* within_;
  const TopologyTree& tree_;
  std::vector<bool> live_;
  std::vector<ResourceVector> free_;
  std::vector<std::optional<int64_t>> pods_;
  std::vector<std::vector<uint32_t>> order_;
  ResourceVector sum_;
  ResourceVector max_;
  int64_t count_;
  std::vector<size_t> skip_;
  bool homogeneous_ = true;
};

/// `getRelevantDomainsWithAllocatedPods`: with pods of the job already placed and a required
/// level, only the required-level domains holding such a pod, and their subtrees, qualify.
std::vector<bool> allowed_domains(const ClusterState& state, const TopologyTree& tree,
                                  const std::vector<PodId>& placed,
                                  std::optional<uint32_t> required) {
  std::vector<bool> allowed(tree.domains.size(), true);
  const auto active = [&](PodId p) {
    const PodPhase phase = state.pod(p).phase;
    return phase == PodPhase::kPipelined || phase == PodPhase::kBinding
           || phase == PodPhase::kRunning;
  };
  if (!required || std::none_of(placed.begin(), placed.end(), active)) {
    return allowed;
  }
  std::fill(allowed.begin(), allowed.end(), false);
  const std::function<void(uint32_t)> mark = [&](uint32_t d) {
    allowed[d] = true;
    for (const uint32_t c : tree.domains[d].children) {
      mark(c);
    }
  };
  for (const PodId p : placed) {
    const PodInfo& pod = state.pod(p);
    if (!active(p) || tree.leaf_of[pod.node.index()] == TopologyTree::kNoDomain) {
      continue;
    }
    uint32_t d = tree.leaf_of[pod.node.index()];
    while (tree.domains[d].depth > *required) {
      d = tree.domains[d].parent;
    }
    mark(d);
  }
  return allowed;
}

}  // namespace

std::string describe_constraint(const ClusterState& state, const JobTopology& c) {
  const TopologyTree& tree = state.topologies[c.tree];
  if (c.required) {
    return fmt::format("topology {}, required level {}", tree.name, tree.level_name(*c.required));
  }
  if (c.preferred) {
    return fmt::format("topology {}, preferred level {}", tree.name, tree.level_name(*c.preferred));
  }
  return fmt::format("topology {}", tree.name);
}

TopologyPlan plan_topology(const ClusterState& state, const JobInfo& job,
                           const std::vector<PodId>& tasks, std::vector<size_t> skip,
                           bool judge_domains) {
  return plan_topology(state, *job.topology, job.pods, tasks, std::move(skip), nullptr,
                       judge_domains);
}

TopologyPlan plan_topology(const ClusterState& state, const JobTopology& c,
                           const std::vector<PodId>& placed, const std::vector<PodId>& tasks,
                           std::vector<size_t> skip, const std::vector<bool>* within,
                           bool judge_domains) {
  const TopologyTree& tree = state.topologies[c.tree];
  const std::string what = describe_constraint(state, c);
  TopologyPlan plan;
  JobView view(state, tree, tasks, std::move(skip), within);
  const uint32_t start = view.start_domain(c.preferred);
  view.account(start);
  if (!view.fits(start)) {
    plan.failure =
        fmt::format("{}: not enough resources in {} to allocate the job", what,
                    start == 0 ? std::string("the cluster") : "domain " + tree.domains[start].id);
    return plan;
  }
  if (!c.required && !c.preferred) {
    plan.failure = fmt::format("{}: the constraint names no required or preferred level", what);
    return plan;
  }
  if (c.required && c.preferred && *c.preferred < *c.required) {
    // KAI walks the levels from the narrowest up and stops at the required one, so a
    // preferred level above it is never found (calculateRelevantDomainLevels).
    plan.failure = fmt::format("{}: the preferred level {} is wider than the required level", what,
                               tree.level_name(*c.preferred));
    return plan;
  }
  view.sort_from(start, c.preferred ? *c.preferred : *c.required);
  if (c.preferred) {
    std::vector<uint32_t> ordered;
    view.collect(start, *c.preferred, ordered);
    plan.scores.assign(state.nodes.size(), 0);
    const double n = static_cast<double>(ordered.size());
    for (size_t i = 0; i < ordered.size(); ++i) {
      // Floor keeps the topology score a whole multiple of its weight (node_scoring.go).
      const auto steps = static_cast<int64_t>(std::floor(static_cast<double>(i + 1) / n * 10));
      for (const NodeId node : tree.domains[ordered[i]].nodes) {
        plan.scores[node.index()] = steps * kTopologyScore * kPoint;
      }
    }
  }
  // Relevant levels: the preferred level up to the required one (or the root), else only the
  // required level.
  const uint32_t lowest = c.preferred ? *c.preferred : *c.required;
  const uint32_t highest = c.required ? *c.required : 0;
  const std::vector<bool> allowed = allowed_domains(state, tree, placed, c.required);
  std::vector<bool> chosen(tree.domains.size(), false);
  bool any = false;
  for (size_t d = 0; d < tree.domains.size(); ++d) {
    const uint32_t depth = tree.domains[d].depth;
    const auto id = static_cast<uint32_t>(d);
    if (depth >= highest && depth <= lowest && view.live(id) && allowed[d] && view.fits(id)) {
      chosen[d] = true;
      any = true;
    }
  }
  const std::vector<uint32_t> walk = view.bottom_up();
  if (judge_domains) {
    for (const uint32_t d : walk) {
      const uint32_t depth = tree.domains[d].depth;
      if (depth < highest || depth > lowest) {
        continue;
      }
      TopologyDomainVerdict v{tree.domains[d].id, tree.level_name(depth), view.present_count(d),
                              chosen[d], ""};
      if (!allowed[d]) {
        v.why = "holds none of the job's active pods, which bind it to their required domain";
      } else if (!chosen[d]) {
        v.why = view.shortfall(d);
      }
      plan.domains.push_back(std::move(v));
    }
  }
  if (!any) {
    plan.failure = fmt::format("{}: no domain at the relevant levels can host the job's {} pods",
                               what, tasks.size());
    return plan;
  }
  for (const uint32_t d : walk) {
    if (chosen[d]) {
      plan.sets.push_back(TopologyNodeSet{tree.domains[d].id, view.present_nodes(d)});
    }
  }
  return plan;
}

}  // namespace drasim::model
