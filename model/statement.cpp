#include "model/statement.h"

namespace drasim::model {

void Statement::allocate(PodId pod, NodeId node) {
  state_.place(pod, node, PodPhase::kBinding);
  ops_.push_back(Op{pod, node, false});
}

void Statement::pipeline(PodId pod, NodeId node) {
  state_.place(pod, node, PodPhase::kPipelined);
  ops_.push_back(Op{pod, node, true});
}

void Statement::convert_all_to_pipelined() {
  for (Op& op : ops_) {
    if (op.pipelined) {
      continue;
    }
    state_.remove(op.pod, PodPhase::kPending);
    state_.place(op.pod, op.node, PodPhase::kPipelined);
    op.pipelined = true;
  }
}

void Statement::rollback(size_t mark) {
  while (ops_.size() > mark) {
    state_.remove(ops_.back().pod, PodPhase::kPending);
    ops_.pop_back();
  }
}

}  // namespace drasim::model
