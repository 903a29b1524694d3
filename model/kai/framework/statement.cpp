#include "model/kai/framework/statement.h"

#include "model/kai/plugins/predicates.h"

#include <algorithm>

namespace drasim::model {

void Statement::place(PodId pod, NodeId node, bool pipelined, std::vector<AllocationResult> fresh,
                      std::optional<BridgeAllocation> bridge) {
  Op op;
  op.pod = pod;
  op.node = node;
  op.pipelined = pipelined;
  op.bridged = bridge.has_value();
  op.made_bridge_claim = op.bridged && !state_.pod(pod).bridge_claim.valid();
  op.ids_before = state_.node(node).gpu_groups.next_id();
  if (!state_.pod(pod).claims.empty()) {
    op.fresh_claims = state_.unallocated_claims(pod);
  }
  // Claims first: the node charge reads the devices they hold (shared-device dedup).
  if (!state_.pod(pod).claims.empty()) {
    state_.reserve_claims(pod, std::move(fresh));
  }
  if (bridge) {
    state_.hold_bridge_claim(pod, bridge->synthetic->claim, std::move(bridge->allocation),
                             bridge->synthetic->mappings);
  }
  state_.place(pod, node, pipelined ? PodPhase::kPipelined : PodPhase::kBinding);
  op.ids_after = state_.node(node).gpu_groups.next_id();
  ops_.push_back(std::move(op));
}

void Statement::allocate(PodId pod, NodeId node, std::vector<AllocationResult> fresh,
                         std::optional<BridgeAllocation> bridge) {
  place(pod, node, false, std::move(fresh), std::move(bridge));
}

void Statement::pipeline(PodId pod, NodeId node, std::vector<AllocationResult> fresh,
                         std::optional<BridgeAllocation> bridge) {
  place(pod, node, true, std::move(fresh), std::move(bridge));
}

void Statement::restore(PodId pod) {
  state_.resume_claims(pod);
  state_.undo_release(pod);
  Op op;
  op.pod = pod;
  op.node = state_.pod(pod).node;
  op.kind = Kind::kRestore;
  ops_.push_back(std::move(op));
}

bool Statement::shadow(PodId pod, NodeId node, std::vector<uint32_t> groups,
                       std::vector<AllocationResult> fresh) {
  const ResourceVector track = state_.tracked_request(pod, node);
  NodeInfo& n = state_.node(node);
  if (!fits_capacity(track, n, false)) {
    return false;
  }
  Op op;
  op.pod = pod;
  op.node = node;
  op.pipelined = true;
  op.kind = Kind::kShadow;
  op.ids_before = n.gpu_groups.next_id();
  op.from_idle = ResourceVector(track.size());
  op.from_releasing = ResourceVector(track.size());
  for (size_t slot = 0; slot < track.size(); ++slot) {
    const int64_t idle = std::min(track.get(slot), std::max<int64_t>(n.idle.get(slot), 0));
    op.from_idle.set(slot, idle);
    op.from_releasing.set(slot, track.get(slot) - idle);
  }
  state_.touch_node(node);
  n.idle -= op.from_idle;
  n.releasing -= op.from_releasing;
  if (!groups.empty()) {
    state_.shadow_groups(pod, node, groups, true);
  }
  op.groups = std::move(groups);
  op.ids_after = n.gpu_groups.next_id();
  if (!state_.pod(pod).claims.empty()) {
    op.fresh_claims = state_.shadow_claims(pod, std::move(fresh));
  }
  state_.charge_queue(pod, true, 1);
  ops_.push_back(std::move(op));
  return true;
}

void Statement::convert_all_to_pipelined() {
  for (Op& op : ops_) {
    if (op.pipelined || op.kind != Kind::kPlace) {
      continue;
    }
    // Only the node accounting changes phase; the pod keeps its claims and GPU groups.
    std::vector<uint32_t> groups = state_.pod(op.pod).gpu_groups;
    state_.remove(op.pod, PodPhase::kPending);
    state_.pod(op.pod).gpu_groups = std::move(groups);
    state_.place(op.pod, op.node, PodPhase::kPipelined);
    op.pipelined = true;
  }
}

void Statement::undo(const Op& op) {
  if (op.kind == Kind::kRestore) {
    state_.begin_release(op.pod);
    state_.suspend_claims(op.pod);
    return;
  }
  if (op.kind == Kind::kShadow) {
    NodeInfo& n = state_.node(op.node);
    state_.touch_node(op.node);
    n.idle += op.from_idle;
    n.releasing += op.from_releasing;
    if (!op.groups.empty()) {
      state_.shadow_groups(op.pod, op.node, op.groups, false);
    }
    if (!state_.pod(op.pod).claims.empty()) {
      state_.unshadow_claims(op.pod, op.fresh_claims);
    }
    state_.charge_queue(op.pod, true, -1);
    n.gpu_groups.rewind_ids(op.ids_after, op.ids_before);
    return;
  }
  state_.remove(op.pod, PodPhase::kPending);
  // An undone placement never happened: the pod's placement count (its events' epoch, and the
  // binder-fault draws made from it) does not depend on how many trials the scheduler made.
  --state_.pod(op.pod).epoch;
  state_.node(op.node).gpu_groups.rewind_ids(op.ids_after, op.ids_before);
  if (!state_.pod(op.pod).claims.empty()) {
    state_.release_claims(op.pod, false, &op.fresh_claims);
  }
  if (op.bridged) {
    state_.drop_bridge_claim(op.pod, false);
  }
  if (PodInfo& p = state_.pod(op.pod);
      op.made_bridge_claim && state_.claims.forget(p.bridge_claim)) {
    p.bridge_claim = ClaimId();
  }
}

void Statement::rollback(size_t mark) {
  while (ops_.size() > mark) {
    undo(ops_.back());
    ops_.pop_back();
  }
}

}  // namespace drasim::model
