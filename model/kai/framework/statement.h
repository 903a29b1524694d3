#pragma once
/// A log of trial placements inside a scheduling session, with checkpoint, rollback and
/// commit, after KAI's `framework.Statement`. Every operation goes through ClusterState, so an
/// undo restores node accounting exactly.

#include "model/cluster/cluster_state.h"

#include <cstddef>
#include <vector>

namespace drasim::model {

class Statement {
 public:
  explicit Statement(ClusterState& state) : state_(state) {}

  /// Places the pod to be bound (kBinding) on the node and reserves its claims, writing
  /// `fresh` into the ones not yet allocated (see ClusterState::reserve_claims).
  void allocate(PodId pod, NodeId node, std::vector<AllocationResult> fresh = {},
                std::optional<BridgeAllocation> bridge = std::nullopt);

  /// Reserves the node's releasing capacity for the pod (kPipelined); nothing is bound.
  void pipeline(PodId pod, NodeId node, std::vector<AllocationResult> fresh = {},
                std::optional<BridgeAllocation> bridge = std::nullopt);

  /// Re-places every allocated pod of this statement as pipelined (a gang never binds partly).
  void convert_all_to_pipelined();

  /// A pod evicted in this session is placed again where it was (KAI Statement.Pipeline onto
  /// the node that holds the task, which un-evicts it): it returns to the phase it had.
  void restore(PodId pod);

  /// A pod evicted in this session is pipelined onto another node, or onto other GPUs of its
  /// own (a moved victim): it stays releasing where it is, and the new node's idle capacity,
  /// then its releasing capacity, is held for it; its queue is charged again (KAI's allocate
  /// event), until the operation is undone.
  /// A shared pod takes `groups` (the GPU groups its new place uses) on that node as well; a pod
  /// with claims holds them there (`fresh` for the ones its eviction left unallocated;
  /// ClusterState::shadow_claims).
  /// Returns false, changing nothing, when the node's idle plus releasing capacity cannot hold
  /// the pod's tracked request there.
  [[nodiscard]] bool shadow(PodId pod, NodeId node, std::vector<uint32_t> groups = {},
                            std::vector<AllocationResult> fresh = {});

  [[nodiscard]] size_t checkpoint() const { return ops_.size(); }

  /// Undoes every operation after `mark`, newest first; pods return to pending, leave their
  /// claims' `reservedFor`, and claims this statement allocated are deallocated again.
  void rollback(size_t mark);

  /// Undoes everything.
  void discard() { rollback(0); }

  enum class Kind : uint8_t { kPlace, kRestore, kShadow };

  struct Op {
    PodId pod;
    NodeId node;
    bool pipelined = false;
    std::vector<ClaimId> fresh_claims;  ///< claims this placement allocated
    bool bridged = false;               ///< the placement holds a KEP-5004 claim
    /// It created the pod's KEP-5004 claim: undoing it forgets the claim again, so a trial
    /// leaves no claim behind (nor, through it, a "dra" path on a pod never placed).
    bool made_bridge_claim = false;
    Kind kind = Kind::kPlace;
    ResourceVector from_idle;       ///< kShadow: what the hold took from the node's idle
    ResourceVector from_releasing;  ///< kShadow: and from its releasing capacity
    std::vector<uint32_t> groups;   ///< kShadow: the shared GPU groups held on the node
    /// The node's next GPU-group id before and after the operation: undoing it gives the ids
    /// it opened back when nothing opened a group since, so trial placements that are rolled
    /// back do not rename the groups of later placements (KAI's group ids are random UUIDs;
    /// drasim's numbers only have to be the same whatever the number of trials).
    uint32_t ids_before = 0;
    uint32_t ids_after = 0;
  };

  /// Undoes one operation (also used at session close for pipelined pods).
  void undo(const Op& op);

  [[nodiscard]] const std::vector<Op>& operations() const { return ops_; }

 private:
  void place(PodId pod, NodeId node, bool pipelined, std::vector<AllocationResult> fresh,
             std::optional<BridgeAllocation> bridge);

  ClusterState& state_;
  std::vector<Op> ops_;
};

}  // namespace drasim::model
