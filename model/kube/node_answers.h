#pragma once
/// kube-scheduler's Filter and Score answers per node, kept within one cycle for pods that would
/// get the same ones. Pods of a row share the fit class (same request, placement constraints,
/// host ports and claim templates, so the same filter verdicts), the signature class (same
/// preferred affinity) and the non-zero cpu and memory requests (same LeastAllocated inputs),
/// and their claims are fresh or absent, so a node's DynamicResources answer is the one the
/// structured allocator gives every pod of the class. An answer stays current while nothing
/// the node's answer reads moved: the cycle's own placements on that node, the DRA filter
/// memo's version of the node and its shared version, and the row's epoch. The scan
/// then costs a few loads per node instead of the filters, the allocator and the scores; the
/// reference mode keeps no answer from pod to pod.

#include "model/dra/filter_memo.h"
#include "model/k8s/ids.h"
#include "model/kube/scan_tree.h"

#include <cstdint>
#include <map>
#include <memory>
#include <tuple>
#include <vector>

namespace drasim::model::kube {

/// One node's answer for the pods of one row: what the scan reads at every node.
struct NodeAnswer {
  uint64_t epoch = 0;  ///< the row's epoch when written; 0: never written
  /// The cycle's placements on the node plus the DRA filter memo's version of it, when
  /// written (both only grow, so the sum stands still exactly while both do).
  uint64_t version = 0;
  int64_t taints = 0;       ///< TaintToleration's raw score
  int64_t affinity = 0;     ///< NodeAffinity's raw score
  int64_t points = 0;       ///< DynamicResources' raw score
  int64_t fit_balance = 0;  ///< NodeResourcesFit + BalancedAllocation, weighted
  bool fits = false;
  /// Set when the DynamicResources answer belongs to this pod alone (the memo did not keep it:
  /// devices shared under a claim's shareID): another pod of the row runs Filter again on the
  /// node it picks.
  PodId dra_for;
};

/// The rest of a node's answer, read only for the node picked or when no node passed.
struct NodeAnswerDetail {
  FilterAnswerPtr dra;            ///< when the plugin applies and the node passed
  std::vector<uint32_t> reasons;  ///< the failing filters' messages (interned), when it did not
};

/// The answers of one row, by node index.
struct AnswerRow {
  uint64_t epoch = 1;
  uint64_t dra_shared = 0;  ///< the memo's shared version the answers were written at
  uint64_t last_used = 0;
  std::vector<NodeAnswer> nodes;
  std::vector<NodeAnswerDetail> details;

  /// A shared row's answers by scan position (KubeScheduler::scan_shared), made at its first
  /// scan: the tree holds the current answers that passed; `dirty` marks the positions whose
  /// answer is unknown or may be stale, and the tree counts none of those.
  ScanTree tree;
  PositionSet dirty;
  uint64_t tree_epoch = 0;  ///< the epoch the tree was emptied at (0: not made)
  size_t changes_seen = 0;  ///< the cycle's changed nodes already marked dirty
};

/// The rows of one cycle, within a memory budget: when a new row would exceed it, the row
/// used longest ago is given to the new one (its answers are dropped by an epoch bump). The
/// budget counts the rows themselves (their scan trees too), not the Filter answers they keep
/// alive.
class NodeAnswerRows {
 public:
  /// Which pods share a row: fit class, signature class, non-zero cpu and memory.
  using Key = std::tuple<uint32_t, uint32_t, int64_t, int64_t>;

  explicit NodeAnswerRows(size_t nodes);

  /// The row for pods of `key`.
  AnswerRow& shared(const Key& key);
  /// A row of no class, with nothing in it: for a pod whose answers are its own.
  AnswerRow& scratch();

 private:
  AnswerRow& fresh_row(AnswerRow& row);

  size_t nodes_;
  size_t max_rows_;
  uint64_t clock_ = 0;
  std::vector<std::unique_ptr<AnswerRow>> rows_;
  std::map<Key, size_t> slot_of_;
  std::vector<std::map<Key, size_t>::iterator> key_of_slot_;
  AnswerRow scratch_;
};

}  // namespace drasim::model::kube
