#include "sim/observe/negative_idle_detector.h"

#include "model/k8s/assert.h"

#include <fmt/format.h>

namespace drasim::sim {

void NegativeIdleDetector::placed(model::NodeId node, model::PodId pod) {
  last_pod_[node.index()] = pod;
  touched(node);
}

void NegativeIdleDetector::touched(model::NodeId node) {
  if (!marked_[node.index()]) {
    marked_[node.index()] = true;
    touched_.push_back(node);
  }
}

void NegativeIdleDetector::check(model::ClusterState& state) {
  for (const model::NodeId node : touched_) {
    marked_[node.index()] = false;
    const model::NodeInfo& n = state.node(node);
    for (size_t slot = 0; slot < n.idle.size(); ++slot) {
      const std::pair<size_t, size_t> key{node.index(), slot};
      if (n.idle.get(slot) >= 0) {
        negative_.erase(key);
        continue;
      }
      if (negative_.insert(key).second) {
        // The independent check: a snapshot built afresh from the node's pods must show the
        // same idle amount, or the negative value is drasim's own bookkeeping, not KAI's.
        DRASIM_ASSERT(state.snapshot_idle(node).get(slot) == n.idle.get(slot),
                      "a negative idle amount is what a snapshot of the node's pods gives");
        state.report(negative_idle_anomaly(state, node, slot, last_pod_[node.index()]));
      }
    }
  }
  touched_.clear();
}

model::Anomaly negative_idle_anomaly(const model::ClusterState& state, model::NodeId node,
                                     size_t slot, model::PodId pod) {
  const model::NodeInfo& n = state.node(node);
  const int64_t idle = n.idle.get(slot);
  model::Anomaly a;
  a.kind = model::AnomalyKind::kNegativeIdle;
  a.node = n.name;
  a.resource = state.names.name(slot);
  a.value =
      state.names.is_milli(slot) ? static_cast<double>(idle) / 1000 : static_cast<double>(idle);
  if (pod.valid()) {
    a.pod = state.pod_key(pod);
  }
  a.message = fmt::format(
      "node {}: the scheduler's idle {} is {} (allocatable {}, used {}): it charged the node "
      "more than it has",
      n.name, a.resource, state.names.format_amount(slot, idle),
      state.names.format_amount(slot, n.allocatable.get(slot)),
      state.names.format_amount(slot, n.used.get(slot)));
  return a;
}

}  // namespace drasim::sim
