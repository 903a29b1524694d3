#include "sim/observe/pod_watch.h"

#include <algorithm>
#include <utility>

namespace drasim::sim {

const char* event_name(PodEvent::Kind kind) {
  switch (kind) {
    case PodEvent::Kind::kSubmitted:
      return "submitted";
    case PodEvent::Kind::kInInput:
      return "in the input";
    case PodEvent::Kind::kAttempt:
      return "attempt";
    case PodEvent::Kind::kPipelined:
      return "pipelined";
    case PodEvent::Kind::kBinding:
      return "bound";
    case PodEvent::Kind::kRunning:
      return "running";
    case PodEvent::Kind::kBindFailed:
      return "bind failed";
    case PodEvent::Kind::kEvicted:
      return "evicted";
    case PodEvent::Kind::kRecreated:
      return "recreated";
    case PodEvent::Kind::kFinished:
      return "finished";
  }
  return "?";
}

PodWatch::PodWatch(std::string key, std::optional<SimTime> until)
    : key_(std::move(key)), until_(until) {}

void PodWatch::record(SimTime at, PodEvent::Kind kind, std::string node, std::string detail) {
  if (kind == PodEvent::Kind::kAttempt && !history_.empty()) {
    PodEvent& last = history_.back();
    if (last.kind == kind && last.detail == detail) {
      ++last.count;
      last.last = at;
      return;
    }
  }
  history_.push_back(PodEvent{at, kind, std::move(node), std::move(detail), 1, at});
}

void PodWatch::before_cycle(const model::ClusterState& state) {
  waiting_ = pod_.valid() && state.pod(pod_).phase == model::PodPhase::kPending;
  probed_in_cycle_ = false;
  turns_.clear();
  state_ = &state;
  if (pod_.valid()) {
    job_ = state.pod(pod_).job;
    queue_ = state.jobs[job_.index()].queue;
  }
}

void PodWatch::observe_eviction(const model::EvictionTrace& trace) {
  if (!probed_in_cycle_ || !probe_) {
    return;
  }
  // Once the pod is placed (by allocate, or by an eviction that made room), what the actions
  // say about its queue is not about it any more.
  if (trace.step != model::EvictionStep::kEvicted
      && state_->pod(pod_).phase != model::PodPhase::kPending) {
    return;
  }
  const bool mine = trace.job.valid()     ? trace.job == job_
                    : trace.queue.valid() ? trace.queue == queue_
                                          : true;
  if (mine) {
    probe_->evictions.push_back(trace);
  }
}

void PodWatch::observe(model::Session& session, const model::AllocateAction& action,
                       model::JobId job, model::PlacementStrategy placement) {
  if (!waiting_ || probed_in_cycle_) {
    return;
  }
  if (try_probe(session, action, job, placement) || !job.valid()) {
    return;
  }
  // A turn before the pod's, counted by its leaf queue in the order of their first turns.
  const std::string& queue = session.shares[session.state.jobs[job.index()].queue.index()].name;
  auto it = std::find_if(turns_.begin(), turns_.end(),
                         [&](const std::pair<std::string, size_t>& t) { return t.first == queue; });
  if (it == turns_.end()) {
    it = turns_.insert(turns_.end(), {queue, 0});
  }
  ++it->second;
}

bool PodWatch::try_probe(model::Session& session, const model::AllocateAction& action,
                         model::JobId job, model::PlacementStrategy placement) {
  const model::ClusterState& state = session.state;
  const model::PodInfo& p = state.pod(pod_);
  if ((until_ && session.now_us > until_->us) || p.phase != model::PodPhase::kPending) {
    return false;
  }
  // The attempt that takes this pod's job; else, once the allocate action is done, the state
  // its pending pod was left in (a job it did not take: its task's shape had already failed,
  // or its queue had no turn).
  std::vector<model::PodId> chunk;
  if (job.valid()) {
    if (job != p.job) {
      return false;
    }
    chunk = action.tasks_to_allocate(state.jobs[job.index()]);
    if (std::find(chunk.begin(), chunk.end(), pod_) == chunk.end()) {
      return false;
    }
  } else {
    chunk = action.tasks_to_allocate(state.jobs[p.job.index()]);
  }
  probed_in_cycle_ = true;
  probe_ =
      model::probe_task(session, pod_, chunk, placement, job.valid() ? action.picker() : nullptr);
  if (probe_->turn) {
    probe_->turn->turn = 1;
    for (const auto& [queue, jobs] : turns_) {
      probe_->turn->turn += jobs;
    }
    probe_->turn->earlier = turns_;
  }
  return true;
}

void PodWatch::after_cycle(const model::ClusterState& state, const model::CycleResult& result,
                           SimTime now) {
  if (!pod_.valid()) {
    return;
  }
  const model::PodInfo& p = state.pod(pod_);
  for (const auto& [pod, node] : result.binds) {
    if (pod == pod_) {
      record(now, PodEvent::Kind::kBinding, state.node(node).name);
      return;
    }
  }
  if (std::find(result.evictions.begin(), result.evictions.end(), pod_) != result.evictions.end()) {
    record(now, PodEvent::Kind::kEvicted, state.node(p.node).name, p.eviction_message);
    return;
  }
  if (!waiting_ || p.phase != model::PodPhase::kPending) {
    return;
  }
  const std::string& reason = state.reason_of(pod_);
  if (reason.starts_with("pipelined onto node")) {
    record(now, PodEvent::Kind::kPipelined, "", reason);
  } else {
    record(now, PodEvent::Kind::kAttempt, "", reason);
  }
}

}  // namespace drasim::sim
