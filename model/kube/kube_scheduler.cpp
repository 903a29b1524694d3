#include "model/kube/kube_scheduler.h"

#include "model/k8s/node_selector.h"
#include "model/kai/plugins/dynamicresources/bridge.h"
#include "model/kai/plugins/dynamicresources/dynamicresources.h"
#include "model/kai/plugins/predicates.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <optional>
#include <string>
#include <tuple>

namespace drasim::model {
namespace {

constexpr int64_t kMaxNodeScore = 100;  // framework.MaxNodeScore
// Score plugin weights of the default profile (pkg/scheduler/apis/config/v1/default_plugins.go).
constexpr int64_t kTaintTolerationWeight = 3;
constexpr int64_t kNodeAffinityWeight = 2;
constexpr int64_t kFitWeight = 1;
constexpr int64_t kBalancedWeight = 1;
constexpr int64_t kDynamicResourcesWeight = 1;
/// `FirstAvailableDeviceRequestMaxSize`: the DynamicResources score base (section 6.6).
constexpr int64_t kFirstAvailableMax = 8;

/// `helper.DefaultNormalizeScore`: scale to [0, 100] by the maximum; `reverse` flips it.
void normalize(std::vector<int64_t>& scores, bool reverse) {
  int64_t max = 0;
  for (const int64_t s : scores) {
    max = std::max(max, s);
  }
  if (max == 0) {
    if (reverse) {
      std::fill(scores.begin(), scores.end(), kMaxNodeScore);
    }
    return;
  }
  for (int64_t& s : scores) {
    s = kMaxNodeScore * s / max;
    if (reverse) {
      s = kMaxNodeScore - s;
    }
  }
}

/// TaintToleration score input: PreferNoSchedule taints the pod does not tolerate (only
/// tolerations with an empty or PreferNoSchedule effect count).
int64_t intolerable_prefer_no_schedule(const NodeInfo& node, const PodTemplate& t) {
  int64_t count = 0;
  for (const Taint& taint : node.taints) {
    if (taint.effect != TaintEffect::kPreferNoSchedule) {
      continue;
    }
    const bool tolerated =
        std::any_of(t.tolerations.begin(), t.tolerations.end(), [&](const auto& tol) {
          return (!tol.effect || *tol.effect == TaintEffect::kPreferNoSchedule)
                 && tolerates(tol, taint);
        });
    count += tolerated ? 0 : 1;
  }
  return count;
}

/// NodeAffinity score input: the summed weights of matching preferred terms.
int64_t preferred_affinity(const NodeInfo& node, const PodTemplate& t) {
  int64_t sum = 0;
  for (const PreferredSchedulingTerm& p : t.preferred_affinity) {
    if (p.weight != 0 && matches(p.term, node.labels, node.name)) {
      sum += p.weight;
    }
  }
  return sum;
}

/// `leastRequestedScore`: free share of capacity after placing the pod, 0 when over.
int64_t least_requested(int64_t requested, int64_t capacity) {
  if (capacity == 0 || requested > capacity) {
    return 0;
  }
  return (capacity - requested) * kMaxNodeScore / capacity;
}

/// `balancedResourceScorer` over cpu and memory: (1 - |f_cpu - f_mem| / 2) * 100, fractions
/// capped at 1, resources with zero allocatable left out.
int64_t balanced(std::pair<int64_t, int64_t> cpu, std::pair<int64_t, int64_t> memory) {
  std::array<double, 2> fractions{};
  size_t count = 0;
  for (const auto& [req, alloc] : {cpu, memory}) {
    if (alloc != 0) {
      fractions[count++] = std::min(1.0, static_cast<double>(req) / static_cast<double>(alloc));
    }
  }
  const double std_dev = count == 2 ? std::abs((fractions[0] - fractions[1]) / 2) : 0.0;
  return static_cast<int64_t>((1 - std_dev) * static_cast<double>(kMaxNodeScore));
}

/// DynamicResources score input: `8 - index` of the chosen subrequest of every firstAvailable
/// request among the claims allocated for this pod on the node.
int64_t first_available_points(const ClusterState& s, const std::vector<ClaimId>& claims,
                               const std::vector<AllocationResult>& allocations) {
  int64_t points = 0;
  for (size_t i = 0; i < claims.size() && i < allocations.size(); ++i) {
    for (const DeviceRequest& r : s.claims.at(claims[i]).claim.spec.requests) {
      if (r.first_available.empty()) {
        continue;
      }
      for (const DeviceAllocationResult& res : allocations[i].results) {
        const std::string prefix = r.name + "/";
        if (res.request.rfind(prefix, 0) != 0) {
          continue;
        }
        const std::string sub = res.request.substr(prefix.size());
        for (size_t k = 0; k < r.first_available.size(); ++k) {
          if (r.first_available[k].name == sub) {
            points += kFirstAvailableMax - static_cast<int64_t>(k);
          }
        }
        break;
      }
    }
  }
  return points;
}

class KubeScheduler {
 public:
  explicit KubeScheduler(ClusterState& state) : s_(state), order_(node_tree_order(state)) {
    nonzero_.assign(s_.nodes.size(), {0, 0});
    for (size_t i = 0; i < s_.pods.size(); ++i) {
      const PodInfo& p = s_.pods[i];
      if (holds_node(p.phase)) {
        const PodTemplate& t = s_.spec_of(PodId::from_index(i));
        nonzero_[p.node.index()].first += t.nonzero_milli_cpu;
        nonzero_[p.node.index()].second += t.nonzero_memory;
      }
    }
  }

  void run(CycleResult& result) {
    std::vector<PodId> queue;
    for (size_t i = 0; i < s_.pods.size(); ++i) {
      if (s_.pods[i].phase == PodPhase::kPending) {
        queue.push_back(PodId::from_index(i));
      }
    }
    // PrioritySort: higher priority first, then the earlier arrival; the name settles ties.
    const auto key = [&](PodId p) {
      const PodTemplate& t = s_.spec_of(p);
      return std::make_tuple(-t.pod_priority, s_.pod(p).submitted_us, std::cref(t.namespace_name),
                             std::cref(s_.pod(p).name));
    };
    std::sort(queue.begin(), queue.end(), [&](PodId a, PodId b) { return key(a) < key(b); });
    for (const PodId p : queue) {
      ++result.jobs_attempted;
      if (!schedule(p, result)) {
        ++result.jobs_failed;
      }
    }
  }

 private:
  struct Feasible {
    NodeId node;
    DynamicResources::Verdict dra;  ///< null when the plugin does not apply
  };

  /// The first failing filter's message for a node, or empty when the node passes all but
  /// DynamicResources.
  void node_problems(const PodTemplate& t, TemplateId spec, size_t node,
                     std::vector<std::string>& out) {
    const NodeInfo& n = s_.nodes[node];
    if (const uint16_t code = s_.node_filters.verdicts(s_, spec, static_node_problem)[node];
        code != 0) {
      out.push_back(s_.node_filters.reason(code));
      return;
    }
    if (host_ports_conflict(t, n)) {
      out.emplace_back("node(s) didn't have free ports for the requested pod ports");
      return;
    }
    // NodeResourcesFit reports every insufficient resource of the node, skipping the ones it
    // delegates to DRA there (dra-semantics.md section 5.3).
    const ResourceVector request = t.dra_capable.empty() ? t.request : fit_request(s_, t, n);
    for (size_t slot = 0; slot < request.size(); ++slot) {
      if (request.get(slot) > n.idle.get(slot)) {
        out.push_back(resource_problem(t, slot, s_.names));
      }
    }
  }

  bool schedule(PodId pod, CycleResult& result) {
    const PodInfo& p = s_.pod(pod);
    const PodTemplate& t = s_.spec_of(pod);
    DynamicResources dra(s_, pod, false);
    if (!dra.rejection().empty()) {
      s_.set_pod_reason(pod, dra.rejection());
      return false;
    }
    const size_t n = order_.size();
    if (n == 0) {
      s_.set_pod_reason(pod, "no nodes available to schedule pods");
      return false;
    }
    const size_t to_find = feasible_nodes_to_find(n);
    std::vector<Feasible> feasible;
    std::map<std::string, int> histogram;
    size_t processed = 0;
    const size_t start = s_.kube_next_start_node % n;
    for (size_t k = 0; k < n && feasible.size() < to_find; ++k) {
      const NodeId node = order_[(start + k) % n];
      ++processed;
      std::vector<std::string> problems;
      node_problems(t, p.spec, node.index(), problems);
      if (problems.empty() && !dra.skip()) {
        DynamicResources::Verdict v = dra.filter(node);
        if (!dra.rejection().empty()) {
          s_.set_pod_reason(pod, dra.rejection());
          return false;
        }
        if (!v->fits) {
          problems.push_back(v->reason);
        } else {
          feasible.push_back(Feasible{node, std::move(v)});
          continue;
        }
      }
      if (problems.empty()) {
        feasible.push_back(Feasible{node, nullptr});
        continue;
      }
      for (std::string& why : problems) {
        ++histogram[why];
      }
    }
    s_.kube_next_start_node = (start + processed) % n;
    if (feasible.empty()) {
      std::vector<std::string> parts;
      for (const auto& [why, count] : histogram) {
        parts.push_back(fmt::format("{} {}", count, why));
      }
      std::sort(parts.begin(), parts.end());
      std::string reason = fmt::format("0/{} nodes are available: {}.", n, fmt::join(parts, ", "));
      if (!dra.skip()) {
        // PostFilter: the DynamicResources plugin may free a claim allocated for the wrong node.
        const std::string post = dra.post_filter();
        if (post == "deallocation of ResourceClaim completed") {
          ++result.claims_deallocated;
        }
        reason += " " + post + ".";
      }
      s_.set_pod_reason(pod, reason);
      return false;
    }
    const size_t chosen = feasible.size() == 1 ? 0 : best(pod, feasible);
    const NodeId node = feasible[chosen].node;
    if (!p.claims.empty()) {
      s_.reserve_claims(pod, feasible[chosen].dra->allocations);
    }
    if (feasible[chosen].dra && feasible[chosen].dra->bridge) {
      const BridgeAllocation& b = *feasible[chosen].dra->bridge;
      s_.hold_bridge_claim(pod, b.claim, b.allocation, b.mappings);
    }
    s_.place(pod, node, PodPhase::kBinding);
    nonzero_[node.index()].first += t.nonzero_milli_cpu;
    nonzero_[node.index()].second += t.nonzero_memory;
    result.binds.emplace_back(pod, node);
    return true;
  }

  /// The highest weighted total of the default score plugins; ties go to the node name that
  /// sorts first (kube-scheduler picks one of the tied nodes at random).
  size_t best(PodId pod, const std::vector<Feasible>& feasible) {
    const PodTemplate& t = s_.spec_of(pod);
    const size_t count = feasible.size();
    taints_.assign(count, 0);
    affinity_.assign(count, 0);
    dra_.assign(count, 0);
    const std::vector<ClaimId> fresh = s_.unallocated_claims(pod);
    const int64_t pod_cpu = t.request.get(kCpuSlot);
    const int64_t pod_mem = t.request.get(kMemorySlot);
    const bool best_effort = pod_cpu == 0 && pod_mem == 0;
    for (size_t i = 0; i < count; ++i) {
      const NodeInfo& n = s_.node(feasible[i].node);
      taints_[i] = intolerable_prefer_no_schedule(n, t);
      affinity_[i] = preferred_affinity(n, t);
      dra_[i] =
          feasible[i].dra ? first_available_points(s_, fresh, feasible[i].dra->allocations) : 0;
    }
    normalize(taints_, true);
    normalize(affinity_, false);
    normalize(dra_, false);
    std::optional<size_t> winner;
    int64_t top = 0;
    for (size_t i = 0; i < count; ++i) {
      const NodeInfo& n = s_.node(feasible[i].node);
      const auto [nz_cpu, nz_mem] = nonzero_[feasible[i].node.index()];
      const int64_t cpu_alloc = n.allocatable.get(kCpuSlot);
      const int64_t mem_alloc = n.allocatable.get(kMemorySlot);
      // LeastAllocated over cpu and memory (weight 1 each), skipping zero allocatable.
      int64_t fit_sum = 0;
      int64_t weights = 0;
      for (const auto& [req, alloc] : {std::pair{nz_cpu + t.nonzero_milli_cpu, cpu_alloc},
                                       std::pair{nz_mem + t.nonzero_memory, mem_alloc}}) {
        if (alloc != 0) {
          fit_sum += least_requested(req, alloc);
          ++weights;
        }
      }
      const int64_t fit = weights == 0 ? 0 : fit_sum / weights;
      const int64_t balance = best_effort
                                  ? 0
                                  : balanced({n.used.get(kCpuSlot) + pod_cpu, cpu_alloc},
                                             {n.used.get(kMemorySlot) + pod_mem, mem_alloc});
      const int64_t total = kTaintTolerationWeight * taints_[i] + kNodeAffinityWeight * affinity_[i]
                            + kFitWeight * fit + kBalancedWeight * balance
                            + kDynamicResourcesWeight * dra_[i];
      const bool better =
          !winner || total > top || (total == top && feasible[i].node < feasible[*winner].node);
      if (better) {
        winner = i;
        top = total;
      }
    }
    return *winner;
  }

  ClusterState& s_;
  std::vector<NodeId> order_;
  std::vector<std::pair<int64_t, int64_t>> nonzero_;  ///< per node: non-zero cpu m, memory
  /// best()'s score inputs per feasible node, kept from pod to pod.
  std::vector<int64_t> taints_, affinity_, dra_;
};

}  // namespace

size_t feasible_nodes_to_find(size_t all_nodes) {
  // pkg/scheduler/schedule_one.go: minFeasibleNodesToFind = 100,
  // minFeasibleNodesPercentageToFind = 5, basePercentageOfNodesToScore = 50.
  constexpr size_t kMinNodes = 100;
  if (all_nodes < kMinNodes) {
    return all_nodes;
  }
  const int64_t adaptive = std::max<int64_t>(5, 50 - static_cast<int64_t>(all_nodes) / 125);
  const size_t nodes = all_nodes * static_cast<size_t>(adaptive) / 100;
  return std::max(nodes, kMinNodes);
}

std::vector<NodeId> node_tree_order(const ClusterState& state) {
  std::vector<size_t> added;
  for (size_t i = 0; i < state.nodes.size(); ++i) {
    if (state.nodes[i].present) {
      added.push_back(i);
    }
  }
  std::stable_sort(added.begin(), added.end(), [&](size_t a, size_t b) {
    return state.nodes[a].appear_us < state.nodes[b].appear_us;
  });
  // utilnode.GetZoneKey: region and zone joined by ":\x00:", empty when both are unset.
  std::vector<std::string> zone_order;
  std::map<std::string, std::vector<NodeId>> zones;
  static const std::string kNone;
  for (const size_t i : added) {
    const StringMap& l = state.nodes[i].labels;
    const std::string& region = lookup(l, "topology.kubernetes.io/region", kNone);
    const std::string& zone = lookup(l, "topology.kubernetes.io/zone", kNone);
    const std::string key = region.empty() && zone.empty() ? "" : region + ":\x00:" + zone;
    auto [it, inserted] = zones.try_emplace(key);
    if (inserted) {
      zone_order.push_back(key);
    }
    it->second.push_back(NodeId::from_index(i));
  }
  std::vector<NodeId> out;
  for (size_t round = 0; out.size() < added.size(); ++round) {
    for (const std::string& z : zone_order) {
      const auto& nodes = zones[z];
      if (round < nodes.size()) {
        out.push_back(nodes[round]);
      }
    }
  }
  return out;
}

void run_kube_scheduler(ClusterState& state, CycleResult& result) {
  KubeScheduler(state).run(result);
}

}  // namespace drasim::model
