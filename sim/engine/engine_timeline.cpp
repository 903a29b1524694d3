// Engine: the timeline steps of `spec.events[]` (sim/load/timeline.h) and the evictions they cause.
#include "model/k8s/assert.h"
#include "model/kai/framework/eviction.h"
#include "model/kube/device_taint_eviction.h"
#include "sim/engine/engine.h"
#include "sim/observe/gpu_overlap.h"

#include <fmt/format.h>

namespace drasim::sim {

void Engine::evict_outside_cycle(model::PodId pod, std::string message, SimDuration grace) {
  const model::NodeId node = state_.pod(pod).node;
  watched(pod, PodEvent::Kind::kEvicted, state_.node(node).name, message);
  evictions_.push_back(EvictionRecord{now_, pod, node, "timeline", message});
  // The eviction bookkeeping of the scheduler's own evictions; the engine schedules the end.
  model::CycleResult evicted;
  model::evict(state_, pod, std::move(message), evicted);
  ++stats_.event_evictions;
  after_pod_moved(pod, node, false);
  queue_.schedule(now_ + grace, EvictionDone{pod, state_.pod(pod).epoch});
  mark_dirty();
}

void Engine::delete_pod(model::PodId pod, const std::string& message) {
  model::PodInfo& p = state_.pod(pod);
  switch (p.phase) {
    case model::PodPhase::kNotSubmitted:
      state_.finish_unplaced(pod, model::PodPhase::kEvicted);
      break;
    case model::PodPhase::kPending:
      state_.withdraw(pod, model::PodPhase::kEvicted);
      --pending_;
      break;
    case model::PodPhase::kBinding:
    case model::PodPhase::kRunning:
      evictions_.push_back(EvictionRecord{now_, pod, p.node, "deleted", message});
      state_.begin_release(pod);
      [[fallthrough]];
    case model::PodPhase::kReleasing:
      p.eviction_message = message;
      watched(pod, PodEvent::Kind::kEvicted, state_.node(p.node).name, message);
      pod_gone(pod);
      return;
    default:
      return;  // finished already
  }
  p.eviction_message = message;
  p.finished_us = now_.us;
  if (watching(pod)) {
    watched(pod, PodEvent::Kind::kFinished, "", "deleted: " + message);
  }
  metrics_.pod_changed(pod);
  mark_dirty();
}

void Engine::evict_for_device_taints() {
  for (model::TaintEviction& e : model::device_taint_evictions(state_)) {
    const SimDuration grace{state_.spec_of(e.pod).termination_grace_us};
    evict_outside_cycle(e.pod, std::move(e.message), grace);
  }
}

void Engine::handle(const TimelineDue& e) {
  const TimelineStep& step = scenario_.steps[e.index];
  using Kind = TimelineStep::Kind;
  if (step.kind == Kind::kUpdateQueue) {
    for (model::QueueInfo& q : state_.queues) {
      if (q.spec.meta.name == step.target) {
        q.spec = *step.queue;
      }
    }
    ++state_.freed_version;
    mark_dirty();
    return;
  }
  if (step.kind == Kind::kDeletePods) {
    for (size_t i = 0; i < state_.pods.size(); ++i) {
      const model::PodId pod = model::PodId::from_index(i);
      const model::ObjectMeta& meta = scenario_.objects.pods[state_.spec_of(pod).manifest].meta;
      if (meta.namespace_name + "/" + meta.name == step.target) {
        delete_pod(pod, step.message);
      }
    }
    return;
  }
  const std::optional<model::NodeId> found = state_.find_node(step.target);
  DRASIM_ASSERT(found.has_value(), "timeline steps name nodes that exist (checked at load)");
  const model::NodeId node = *found;
  model::NodeInfo& n = state_.node(node);
  // Every pod on the node holds it (binding, running or releasing: no session is open).
  const std::vector<model::PodId> on_node = state_.pods_on(node);
  switch (step.kind) {
    case Kind::kCordon:
      state_.set_cordoned(node, true);
      n.offline_gpus += step.gpus;
      break;
    case Kind::kUncordon:
      state_.set_cordoned(node, false);
      n.offline_gpus = 0;
      break;
    case Kind::kDrain:
      state_.set_cordoned(node, true);
      n.offline_gpus += step.gpus;
      for (const model::PodId pod : on_node) {
        if (state_.pod(pod).phase != model::PodPhase::kReleasing) {
          const SimDuration grace =
              step.grace.value_or(SimDuration{state_.spec_of(pod).termination_grace_us});
          evict_outside_cycle(pod, step.message, grace);
        }
      }
      break;
    case Kind::kRemoveNode:
      for (const model::PodId pod : on_node) {
        delete_pod(pod, step.message);
      }
      n.offline_gpus = 0;
      state_.set_present(node, false);
      break;
    case Kind::kUpdateNode:
      state_.update_node(node, *step.node);
      if (options_.detect_anomalies) {
        check_gpu_overlap(state_, truth_, node);
      }
      break;
    case Kind::kOfflineGpus:
      n.offline_gpus += step.gpus;
      break;
    default:
      break;
  }
  metrics_.node_changed(node);
  if (options_.detect_anomalies) {
    negative_idle_.touched(node);
    negative_idle_.check(state_);
  }
  mark_dirty();
}

}  // namespace drasim::sim
