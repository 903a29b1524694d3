#pragma once
/// Exact reuse of DynamicResources Filter answers. For pods whose claims are all fresh (made
/// from templates for the pod, not allocated yet), the answer on a node depends only on the
/// claims' spec, which every pod of a fit class shares, and on the devices the node can see.
/// Each node carries a version bumped whenever an allocation of a pool that is local to it
/// changes, and one shared version covers every pool that is not node-local; an answer is
/// reused while both versions are unchanged. The structured allocator is deterministic, so a
/// reused answer is the one a new call would give, but a node that stays untouched is not
/// searched again by every pod of the class.

#include "model/dra/extended_resources.h"
#include "model/k8s/dra_objects.h"
#include "model/k8s/ids.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace drasim::model {

/// What the DynamicResources Filter said about one node. Shared, so that a remembered answer
/// is handed out without copying its allocations.
/// The KEP-5004 synthetic claim Filter built for one node, the devices it got there, and the
/// container mappings the binder writes into the pod's status.
struct BridgeAllocation {
  /// The claim and the container mappings, shared by every answer built from them.
  std::shared_ptr<const SyntheticClaim> synthetic;
  AllocationResult allocation;
};

struct FilterAnswer {
  bool fits = false;
  std::string reason;  ///< why the node was rejected (kube-scheduler's status message)
  std::vector<AllocationResult> allocations;  ///< one per unallocated claim, in pod order
  std::optional<BridgeAllocation> bridge;     ///< when DRA serves extended resources here
};

using FilterAnswerPtr = std::shared_ptr<const FilterAnswer>;

class DraFilterMemo {
 public:
  /// The stored answer for pods of `fit_class` on `node` if still valid, else null.
  [[nodiscard]] FilterAnswerPtr find(uint32_t fit_class, NodeId node) const;
  /// The stored answer if still valid and a rejection, else null; it stays valid while the
  /// memo keeps it (the node's answer is not stored again, the memo is not cleared). Reads only
  /// the memo's own row: a node scan asks this of every node, and an answer's reference count
  /// sits in memory of its own.
  [[nodiscard]] const FilterAnswer* rejection(uint32_t fit_class, NodeId node) const;

  void store(uint32_t fit_class, NodeId node, FilterAnswerPtr answer);

  /// Devices of a pool local to `node` were allocated or freed: its answers are stale.
  void node_changed(NodeId node);

  /// From now on node_changed() also notes the node, for a reader that keeps answers per node
  /// and asks which may have gone stale instead of checking every node (kube-scheduler's
  /// cycle); stopped and emptied by stop_log().
  void start_log() { logging_ = true; }

  void stop_log() {
    logging_ = false;
    log_.clear();
  }

  /// Moves the nodes noted since the last call to the end of `out` (repeats and all).
  void take_log(std::vector<NodeId>& out) {
    out.insert(out.end(), log_.begin(), log_.end());
    log_.clear();
  }

  /// Devices of a pool that is not node-local changed: every answer is stale.
  void shared_changed() { ++shared_version_; }

  /// The inventory changed: nothing stored holds any more.
  void clear();

  /// The version of the pools local to `node`, and of the others: an answer computed elsewhere
  /// from the devices a node sees holds while both stand still (kube::NodeAnswer).
  [[nodiscard]] uint64_t node_version(NodeId node) const;

  [[nodiscard]] uint64_t shared_version() const { return shared_version_; }

 private:
  struct Entry {
    uint64_t node_version = 0;
    uint64_t shared_version = 0;
    FilterAnswerPtr answer;
    bool fits = false;  ///< answer->fits, kept beside the versions
  };

  /// The valid entry for `fit_class` on `node`, else null.
  [[nodiscard]] const Entry* valid(uint32_t fit_class, NodeId node) const;

  std::vector<std::vector<Entry>> entries_;  ///< [fit class][node index]
  std::vector<uint64_t> node_versions_;
  uint64_t shared_version_ = 0;
  bool logging_ = false;
  std::vector<NodeId> log_;
};

}  // namespace drasim::model
