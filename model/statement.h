#pragma once
/// A log of trial placements inside a scheduling session, with checkpoint, rollback and
/// commit, after KAI's `framework.Statement`. Every operation goes through ClusterState, so an
/// undo restores node accounting exactly.

#include "model/cluster_state.h"

#include <cstddef>
#include <vector>

namespace drasim::model {

class Statement {
 public:
  explicit Statement(ClusterState& state) : state_(state) {}

  /// Places the pod to be bound (kBinding) on the node.
  void allocate(PodId pod, NodeId node);

  /// Reserves the node's releasing capacity for the pod (kPipelined); nothing is bound.
  void pipeline(PodId pod, NodeId node);

  /// Re-places every allocated pod of this statement as pipelined (a gang never binds partly).
  void convert_all_to_pipelined();

  [[nodiscard]] size_t checkpoint() const { return ops_.size(); }

  /// Undoes every operation after `mark`, newest first; pods return to pending.
  void rollback(size_t mark);

  /// Undoes everything.
  void discard() { rollback(0); }

  struct Op {
    PodId pod;
    NodeId node;
    bool pipelined = false;
  };

  [[nodiscard]] const std::vector<Op>& operations() const { return ops_; }

 private:
  ClusterState& state_;
  std::vector<Op> ops_;
};

}  // namespace drasim::model
