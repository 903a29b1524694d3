#include "model/kube/kube_scheduler.h"

#include "model/k8s/assert.h"
#include "model/kai/plugins/dynamicresources/bridge.h"
#include "model/kai/plugins/dynamicresources/dynamicresources.h"
#include "model/kai/plugins/predicates.h"
#include "model/kube/kube_scores.h"
#include "model/kube/node_answers.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <unordered_map>

namespace drasim::model {
namespace {

class KubeScheduler {
 public:
  explicit KubeScheduler(ClusterState& state)
      : s_(state), order_(node_tree_order(state)), answers_(state.nodes.size()) {
    position_.assign(s_.nodes.size(), kNoPosition);
    for (size_t pos = 0; pos < order_.size(); ++pos) {
      position_[order_[pos].index()] = pos;
    }
    s_.dra_memo.start_log();
    nonzero_.assign(s_.nodes.size(), {0, 0});
    node_rev_.assign(s_.nodes.size(), 0);
    for (size_t i = 0; i < s_.pods.size(); ++i) {
      const PodInfo& p = s_.pods[i];
      if (holds_node(p.phase)) {
        const PodTemplate& t = s_.spec_of(PodId::from_index(i));
        nonzero_[p.node.index()].first += t.nonzero_milli_cpu;
        nonzero_[p.node.index()].second += t.nonzero_memory;
      }
    }
  }

  KubeScheduler(const KubeScheduler&) = delete;
  KubeScheduler& operator=(const KubeScheduler&) = delete;

  ~KubeScheduler() { s_.dra_memo.stop_log(); }

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
    // A pod of a shape no other pending pod has would fill a row nobody reads again.
    for (const PodId p : queue) {
      ++pending_of_row_[row_key(s_.spec_of(p))];
    }
    for (const PodId p : queue) {
      ++result.jobs_attempted;
      if (!schedule(p, result)) {
        ++result.jobs_failed;
      }
    }
  }

 private:
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

  /// The pod being scheduled and what its answers are computed with.
  struct Attempt {
    PodId pod;
    const PodTemplate& spec;
    DynamicResources& dra;
    std::vector<ClaimId> fresh;  ///< the claims Filter allocates (the DynamicResources score)
  };

  /// What a node's answer was written at: the cycle's placements on it and its DRA version.
  [[nodiscard]] uint64_t version(NodeId node) const {
    return node_rev_[node.index()] + s_.dra_memo.node_version(node);
  }

  /// Runs the filters and the scores of `node` for the attempt into the row; false when
  /// DynamicResources failed the whole attempt (its rejection is set).
  bool answer(const Attempt& at, kube::AnswerRow& row, NodeId node) {
    kube::NodeAnswer& a = row.nodes[node.index()];
    kube::NodeAnswerDetail& detail = row.details[node.index()];
    problems_.clear();
    node_problems(at.spec, s_.pod(at.pod).spec, node.index(), problems_);
    DynamicResources::Verdict v;
    if (problems_.empty() && !at.dra.skip()) {
      v = at.dra.filter(node);
      if (!at.dra.rejection().empty()) {
        return false;  // the answer keeps its old stamp, so it stays stale
      }
    }
    detail.dra.reset();
    a.dra_for = PodId();
    if (v) {
      if (!v->fits) {
        problems_.push_back(v->reason);
      } else {
        // An answer the memo did not keep is this pod's own (see DynamicResources::filter).
        if (!at.dra.class_wide() || at.dra.remembered(node) != v) {
          a.dra_for = at.pod;
        }
        detail.dra = std::move(v);
      }
    }
    a.fits = problems_.empty();
    detail.reasons.clear();
    for (const std::string& why : problems_) {
      detail.reasons.push_back(reason_id(why));
    }
    if (a.fits) {
      const NodeInfo& n = s_.node(node);
      a.taints = kube::intolerable_prefer_no_schedule(n, at.spec);
      a.affinity = kube::preferred_affinity(n, at.spec);
      a.points =
          detail.dra ? kube::first_available_points(s_, at.fresh, detail.dra->allocations) : 0;
      a.fit_balance = kube::fit_and_balance(n, nonzero_[node.index()], at.spec);
    }
    a.epoch = row.epoch;
    a.version = version(node);
    return true;
  }

  uint32_t reason_id(const std::string& why) {
    const auto [it, inserted] =
        reason_ids_.try_emplace(why, static_cast<uint32_t>(reasons_.size()));
    if (inserted) {
      reasons_.push_back(why);
      counts_.push_back(0);
    }
    return it->second;
  }

  /// The row the attempt's answers go in: shared by the pods that get the same ones (see
  /// node_answers.h), else a scratch row that keeps nothing from the previous pod.
  kube::AnswerRow& row_for(const Attempt& at, bool& shared) {
    const kube::NodeAnswerRows::Key key = row_key(at.spec);
    const bool same_for_class = at.dra.skip() || at.dra.class_wide();
    shared = !s_.reference && same_for_class && pending_of_row_.at(key) >= 2;
    if (!shared) {
      return answers_.scratch();
    }
    kube::AnswerRow& row = answers_.shared(key);
    // Devices of a pool that is not node-local changed: no answer of the row holds.
    if (row.dra_shared != s_.dra_memo.shared_version()) {
      row.dra_shared = s_.dra_memo.shared_version();
      ++row.epoch;
    }
    return row;
  }

  static kube::NodeAnswerRows::Key row_key(const PodTemplate& t) {
    return {t.fit_class, t.signature_class, t.nonzero_milli_cpu, t.nonzero_memory};
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
    const Attempt at{pod, t, dra, dra.skip() ? std::vector<ClaimId>{} : s_.unallocated_claims(pod)};
    bool shared = false;
    kube::AnswerRow& row = row_for(at, shared);
    const size_t to_find = feasible_nodes_to_find(n);
    const size_t start = s_.kube_next_start_node % n;
    const Scan scan =
        shared ? scan_shared(at, row, start, to_find) : scan_each(at, row, start, to_find);
    if (scan.end == ScanEnd::kFatal) {
      clear_counts();
      s_.set_pod_reason(pod, dra.rejection());
      return false;
    }
    s_.kube_next_start_node = (start + scan.processed) % n;
    if (scan.end == ScanEnd::kNoNode) {
      fail(pod, dra, n, result);
      return false;
    }
    clear_counts();
    const NodeId node = scan.node;
    const kube::NodeAnswer& chosen = row.nodes[node.index()];
    DynamicResources::Verdict verdict = row.details[node.index()].dra;
    if (chosen.dra_for.valid() && chosen.dra_for != pod) {
      verdict = dra.filter(node);
      DRASIM_ASSERT(dra.rejection().empty() && verdict->fits,
                    "a pod of the row failed Filter on a node that passed for the row");
    }
    if (!p.claims.empty()) {
      s_.reserve_claims(pod, verdict->allocations);
    }
    if (verdict && verdict->bridge) {
      const BridgeAllocation& b = *verdict->bridge;
      s_.hold_bridge_claim(pod, b.synthetic->claim, b.allocation, b.synthetic->mappings);
    }
    s_.place(pod, node, PodPhase::kBinding);
    nonzero_[node.index()].first += t.nonzero_milli_cpu;
    nonzero_[node.index()].second += t.nonzero_memory;
    ++node_rev_[node.index()];
    changed_.push_back(node);
    result.binds.emplace_back(pod, node);
    return true;
  }

  enum class ScanEnd : uint8_t {
    kFatal,   ///< DynamicResources failed the whole attempt (its rejection is set)
    kNoNode,  ///< no node passed; counts_ holds every failing node's reasons
    kPicked,  ///< `node` is the pick
  };

  struct Scan {
    ScanEnd end = ScanEnd::kFatal;
    size_t processed = 0;  ///< nodes the scan went through (kube-scheduler's next start moves on)
    NodeId node;
  };

  /// kube-scheduler's scan as it runs: node by node from `start`, answering each node whose
  /// answer in the row is not current, until `to_find` nodes passed or every node was seen.
  Scan scan_each(const Attempt& at, kube::AnswerRow& row, size_t start, size_t to_find) {
    const size_t n = order_.size();
    feasible_.clear();
    maxima_ = {};
    size_t processed = 0;
    for (size_t k = 0; k < n && feasible_.size() < to_find; ++k) {
      const NodeId node = order_[(start + k) % n];
      ++processed;
      const kube::NodeAnswer& a = row.nodes[node.index()];
      if ((a.epoch != row.epoch || a.version != version(node)) && !answer(at, row, node)) {
        return {};
      }
      if (a.fits) {
        feasible_.push_back(node);
        maxima_.taints = std::max(maxima_.taints, a.taints);
        maxima_.affinity = std::max(maxima_.affinity, a.affinity);
        maxima_.points = std::max(maxima_.points, a.points);
        continue;
      }
      count_reasons(row, node);
    }
    if (feasible_.empty()) {
      return {ScanEnd::kNoNode, processed, NodeId()};
    }
    return {ScanEnd::kPicked, processed, best(row)};
  }

  /// The same scan over a shared row, read from its scan tree: only the nodes whose answer is
  /// unknown or may be stale (the row's dirty positions) are answered, in scan order, and only
  /// those the scan reaches, so exactly the answers scan_each would work out again are worked
  /// out (and a few more that come out as they were); which nodes the scan reaches, and the
  /// pick among them, are then tree queries. A fatal DynamicResources error ends the attempt
  /// at the same node.
  Scan scan_shared(const Attempt& at, kube::AnswerRow& row, size_t start, size_t to_find) {
    const size_t n = order_.size();
    mark_changes(row);
    for (size_t k = next_dirty(row, start, 0); k < n; k = next_dirty(row, start, k + 1)) {
      if (passed_within(row.tree, start, k) >= to_find) {
        break;  // the scan ends before it reaches this node
      }
      const size_t pos = (start + k) % n;
      const NodeId node = order_[pos];
      if (!answer(at, row, node)) {
        return {};
      }
      row.dirty.erase(pos);
      const kube::NodeAnswer& a = row.nodes[node.index()];
      if (a.fits) {
        row.tree.set_passed(pos, static_cast<uint32_t>(node.index()), a.taints, a.affinity,
                            a.points, a.fit_balance);
      }
    }
    const uint32_t passed = row.tree.passed(0, n);
    if (passed == 0) {
      for (size_t k = 0; k < n; ++k) {
        count_reasons(row, order_[(start + k) % n]);
      }
      return {ScanEnd::kNoNode, n, NodeId()};
    }
    size_t processed = n;
    if (passed >= to_find) {
      // The to_find-th passing node from start, wrapping past the last position.
      const auto k = static_cast<uint32_t>(to_find);
      const uint32_t before = row.tree.passed(0, start);
      const size_t last =
          k <= passed - before ? row.tree.kth(before + k) : row.tree.kth(k - (passed - before));
      processed = (last + n - start) % n + 1;
    }
    kube::ScanSummary window;
    for_offsets(start, processed,
                [&](size_t lo, size_t hi) { window.add(row.tree.range(lo, hi)); });
    if (window.max_taints == 0 && window.max_affinity == 0 && window.max_points == 0) {
      // Every normalised score but fit-and-balance is the same on every node (best()).
      return {ScanEnd::kPicked, processed, NodeId::from_index(window.best_node)};
    }
    feasible_.clear();
    for (size_t k = 0; k < processed; ++k) {
      const NodeId node = order_[(start + k) % n];
      if (row.nodes[node.index()].fits) {
        feasible_.push_back(node);
      }
    }
    maxima_ = {window.max_taints, window.max_affinity, window.max_points};
    return {ScanEnd::kPicked, processed, best(row)};
  }

  /// Brings a shared row's dirty positions up to date with the cycle's changed nodes (the
  /// placements and the DRA memo's node versions: what NodeAnswer::version sums); a row whose
  /// epoch moved starts over with every position dirty.
  void mark_changes(kube::AnswerRow& row) {
    s_.dra_memo.take_log(changed_);
    const size_t n = order_.size();
    if (row.tree_epoch != row.epoch) {
      if (row.tree.size() != n) {
        row.tree = kube::ScanTree(n);
      } else {
        row.tree.clear();
      }
      row.dirty.fill(n);
      row.tree_epoch = row.epoch;
      row.changes_seen = changed_.size();
      return;
    }
    for (; row.changes_seen < changed_.size(); ++row.changes_seen) {
      const size_t pos = position_[changed_[row.changes_seen].index()];
      if (pos != kNoPosition) {
        row.dirty.insert(pos);
        row.tree.set_failed(pos);
      }
    }
  }

  /// The scan offset (from `start`) of the first dirty position at offset `k` or later, or n.
  [[nodiscard]] size_t next_dirty(const kube::AnswerRow& row, size_t start, size_t k) const {
    const size_t n = order_.size();
    if (start + k < n) {
      const size_t pos = row.dirty.next(start + k);
      if (pos < n) {
        return pos - start;
      }
      k = n - start;
    }
    const size_t pos = row.dirty.next(start + k - n);
    return pos < start ? pos + n - start : n;
  }

  /// Calls `f(lo, hi)` for the one or two position ranges that scan offsets [0, k) from
  /// `start` cover (the scan wraps past the last position).
  template <class F>
  void for_offsets(size_t start, size_t k, const F& f) const {
    const size_t n = order_.size();
    f(start, std::min(n, start + k));
    if (start + k > n) {
      f(size_t{0}, start + k - n);
    }
  }

  /// Passing nodes at scan offsets [0, k) from `start`.
  [[nodiscard]] uint32_t passed_within(const kube::ScanTree& tree, size_t start, size_t k) const {
    uint32_t out = 0;
    for_offsets(start, k, [&](size_t lo, size_t hi) { out += tree.passed(lo, hi); });
    return out;
  }

  /// Counts the reasons a node failed with, for the FitError message.
  void count_reasons(const kube::AnswerRow& row, NodeId node) {
    for (const uint32_t why : row.details[node.index()].reasons) {
      if (counts_[why]++ == 0) {
        touched_.push_back(why);
      }
    }
  }

  void clear_counts() {
    for (const uint32_t why : touched_) {
      counts_[why] = 0;
    }
    touched_.clear();
  }

  /// No node passed: the reason counts every failing filter message, and DynamicResources'
  /// PostFilter may free a claim allocated for the wrong node.
  void fail(PodId pod, DynamicResources& dra, size_t n, CycleResult& result) {
    std::vector<std::string> parts;
    for (const uint32_t why : touched_) {
      parts.push_back(fmt::format("{} {}", counts_[why], reasons_[why]));
    }
    clear_counts();
    std::sort(parts.begin(), parts.end());
    std::string reason = fmt::format("0/{} nodes are available: {}.", n, fmt::join(parts, ", "));
    if (!dra.skip()) {
      const std::string post = dra.post_filter();
      if (post == "deallocation of ResourceClaim completed") {
        ++result.claims_deallocated;
      }
      reason += " " + post + ".";
    }
    s_.set_pod_reason(pod, reason);
  }

  /// The feasible node with the highest weighted total of the default score plugins; ties go
  /// to the node that sorts first (kube-scheduler picks one of the tied nodes at random). The
  /// raw scores are normalized by their maxima over the feasible nodes, taken during the scan.
  NodeId best(const kube::AnswerRow& row) const {
    NodeId winner = feasible_.front();
    std::optional<int64_t> top;
    for (const NodeId node : feasible_) {
      const kube::NodeAnswer& a = row.nodes[node.index()];
      const int64_t total =
          kube::kTaintTolerationWeight * kube::normalized(a.taints, maxima_.taints, true)
          + kube::kNodeAffinityWeight * kube::normalized(a.affinity, maxima_.affinity, false)
          + a.fit_balance
          + kube::kDynamicResourcesWeight * kube::normalized(a.points, maxima_.points, false);
      if (!top || total > *top || (total == *top && node < winner)) {
        winner = node;
        top = total;
      }
    }
    return winner;
  }

  static constexpr size_t kNoPosition = static_cast<size_t>(-1);

  ClusterState& s_;
  std::vector<NodeId> order_;
  std::vector<size_t> position_;  ///< per node index: its place in order_, or kNoPosition
  /// The nodes whose answers changed this cycle, in order (repeats and all): the placements
  /// and the DRA memo's log. Each shared row marks them dirty up to its `changes_seen`.
  std::vector<NodeId> changed_;
  std::vector<std::pair<int64_t, int64_t>> nonzero_;  ///< per node: non-zero cpu m, memory
  std::vector<uint64_t> node_rev_;                    ///< per node: placements of this cycle on it
  kube::NodeAnswerRows answers_;
  /// How many of the cycle's pending pods each row key has.
  std::map<kube::NodeAnswerRows::Key, uint32_t> pending_of_row_;
  /// The failing filters' messages seen this cycle, and how many nodes of the current scan
  /// gave each (counts_ is zero again after every scan).
  std::vector<std::string> reasons_;
  std::unordered_map<std::string, uint32_t> reason_ids_;
  std::vector<uint32_t> counts_;
  std::vector<uint32_t> touched_;  ///< the reasons counted in the current scan
  std::vector<NodeId> feasible_;   ///< the current scan's feasible nodes, in scan order

  /// The largest raw scores among them (each raw score is at least 0).
  struct {
    int64_t taints = 0;
    int64_t affinity = 0;
    int64_t points = 0;
  } maxima_;

  std::vector<std::string> problems_;
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
