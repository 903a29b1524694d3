#include "sim/engine/engine.h"

#include "model/cluster_builder.h"
#include "model/dra/feature_gates.h"
#include "model/k8s/assert.h"
#include "model/k8s/generated_name.h"
#include "model/kube/binding_conditions.h"
#include "model/scheduler.h"
#include "sim/load/input_files.h"
#include "sim/load/memory_budget.h"
#include "sim/load/profiles.h"
#include "sim/observe/anomaly_order.h"
#include "sim/observe/expectations.h"
#include "sim/observe/gpu_overlap.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>

namespace drasim::sim {
namespace {

model::SchedulerOptions scheduler_options(const SchedulerConfig& config) {
  model::SchedulerOptions o;
  o.placement = config.placement == Placement::kSpread ? model::PlacementStrategy::kSpread
                                                       : model::PlacementStrategy::kBinpack;
  o.kube_scheduler = config.profile == Profile::kKubeScheduler;
  o.actions = config.actions;
  o.default_staleness_grace_us = config.staleness_grace_us;
  return o;
}

}  // namespace

model::BuildOptions build_options(const Scenario& s, bool reference) {
  model::BuildOptions o;
  o.reference = reference;
  const bool kai = s.scheduler.profile != Profile::kKubeScheduler;
  o.create_default_queue = kai;
  o.gpu_sharing = kai;
  o.dra.enabled = model::dra::dra_enabled(s.kubernetes_minor(), s.feature_gates);
  o.dra.features = model::dra::resolve_features(s.kubernetes_minor(), s.feature_gates, kai);
  o.dra.seed = s.seed;
  // KAI's default queue label key (SchedulerParams.QueueLabelKey).
  o.dra.shared_claim_queue_label = kai ? "kai.scheduler/queue" : "";
  o.implicit_tolerations = s.scheduler.implicit_tolerations;
  o.kai = effective_switches(s.scheduler);
  for (const TimelineStep& step : s.steps) {
    if (step.node) {
      o.later_nodes.push_back(step.node.get());
    }
  }
  return o;
}

bool RunResult::all_expectations_passed() const {
  return expectations_passed() == expectations.size();
}

size_t RunResult::expectations_passed() const {
  return static_cast<size_t>(std::count_if(expectations.begin(), expectations.end(),
                                           [](const ExpectationResult& e) { return e.passed; }));
}

Engine::Engine(const Scenario& scenario, EngineOptions options)
    : options_(options),
      scenario_(scenario),
      state_(model::build_cluster(scenario.objects, build_options(scenario, options.reference))),
      verdicts_(scenario.expectations.size()),
      checked_(scenario.expectations.size(), false),
      faults_left_(scenario.binder_faults.size()),
      scheduler_evictions_(state_.pods.size(), 0),
      truth_(state_),
      quota_(state_.queues.size()),
      metrics_(state_),
      negative_idle_(state_.nodes.size()),
      quota_drift_(state_.queues.size()),
      churn_(state_.pods.size()),
      guard_(options.limits) {
  for (size_t i = 0; i < scenario.binder_faults.size(); ++i) {
    faults_left_[i] = scenario.binder_faults[i].count;
  }
  if (options_.watch != nullptr) {
    for (size_t i = 0; i < state_.pods.size(); ++i) {
      const model::PodId pod = model::PodId::from_index(i);
      if (state_.pod_key(pod) == options_.watch->key()) {
        options_.watch->follow(pod);
        break;
      }
    }
  }
}

void Engine::watched(model::PodId pod, PodEvent::Kind kind, std::string_view node,
                     std::string_view detail) {
  if (watching(pod)) {
    options_.watch->record(now_, kind, std::string(node), std::string(detail));
  }
}

void Engine::seed_events() {
  for (size_t i = 0; i < state_.nodes.size(); ++i) {
    if (!state_.nodes[i].present) {
      queue_.schedule(SimTime{state_.nodes[i].appear_us},
                      NodeAppears{model::NodeId::from_index(i)});
    }
  }
  for (const int64_t at : model::dra_object_times(scenario_.objects)) {
    queue_.schedule(SimTime{at}, DraObjectsAppear{});
  }
  for (size_t i = 0; i < state_.claims.size(); ++i) {
    const model::dra::ClaimInfo& c = state_.claims.at(model::ClaimId::from_index(i));
    if (!c.from_template && !c.present) {
      queue_.schedule(SimTime{c.claim.meta.appear_us}, ClaimAppears{model::ClaimId::from_index(i)});
    }
  }
  for (size_t i = 0; i < state_.pods.size(); ++i) {
    if (!state_.pods[i].waits) {
      queue_.schedule(SimTime{state_.pods[i].submitted_us},
                      PodSubmitted{model::PodId::from_index(i)});
    }
  }
  for (size_t i = 0; i < scenario_.steps.size(); ++i) {
    queue_.schedule(scenario_.steps[i].at, TimelineDue{i});
  }
  for (size_t i = 0; i < scenario_.device_conditions.size(); ++i) {
    if (!scenario_.device_conditions[i].after) {
      queue_.schedule(scenario_.device_conditions[i].at, DeviceConditionDue{i});
    }
  }
  for (size_t i = 0; i < scenario_.expectations.size(); ++i) {
    if (scenario_.expectations[i].at) {
      queue_.schedule(*scenario_.expectations[i].at, ExpectationDue{i});
    }
  }
  if (scenario_.horizon) {
    queue_.schedule(SimTime{scenario_.horizon->us}, HorizonReached{});
  }
}

void Engine::mark_dirty() {
  mark_dirty(now_);
}

void Engine::mark_dirty(SimTime earliest) {
  dirty_ = true;
  // With no pending pod and no gang below its minimum a cycle has nothing to decide; the next
  // submission schedules one.
  if (cycle_pending_ || (pending_ == 0 && state_.below_min_member.empty())) {
    return;
  }
  // Cycles fall on multiples of the period; the cycle phase runs after every state change at
  // the same instant, so a change at a boundary is seen by that boundary's cycle.
  const int64_t period = scenario_.scheduler.period.us;
  int64_t next = (earliest.us + period - 1) / period * period;
  if (next == now_.us && guard_.instant_used_up(now_)) {
    next += period;  // this instant's cycles are used up (ProgressGuard)
  }
  queue_.schedule(SimTime{next}, CycleDue{});
  cycle_pending_ = true;
}

void Engine::start_running(model::PodId pod) {
  model::PodInfo& p = state_.pod(pod);
  state_.set_phase(p, model::PodPhase::kRunning);
  p.bound_us = now_.us;
  p.ran_on = p.node;
  watched(pod, PodEvent::Kind::kRunning, state_.node(p.node).name);
  // KAI refreshes a job's last start (`kai.scheduler/last-start-timestamp`) when a job with no
  // running pod gets one; minruntime protects victims from then on.
  model::JobInfo& job = state_.jobs[p.job.index()];
  const bool first = std::none_of(job.pods.begin(), job.pods.end(), [&](model::PodId other) {
    return other != pod && state_.pod(other).phase == model::PodPhase::kRunning;
  });
  if (first) {
    job.last_start_us = now_.us;
  }
  metrics_.pod_changed(pod);
  if (const auto runtime = state_.spec_of(pod).runtime_us) {
    queue_.schedule(now_ + SimDuration{*runtime}, PodFinished{pod, p.epoch});
  }
}

void Engine::after_pod_moved(model::PodId pod, model::NodeId node, bool placed) {
  const model::QueueId queue = state_.jobs[state_.pod(pod).job.index()].queue;
  metrics_.pod_changed(pod);
  if (!options_.detect_anomalies) {
    quota_.after_pod(state_, truth_, queue, now_);
    return;
  }
  truth_.sync(state_, pod);
  quota_.after_pod(state_, truth_, queue, now_);
  quota_drift_.check_queue(state_, truth_, queue);
  if (placed) {
    negative_idle_.placed(node, pod);
    if (!state_.pod(pod).devices.empty()) {
      check_gpu_overlap(state_, truth_, node);
    }
  } else {
    negative_idle_.touched(node);
  }
  negative_idle_.check(state_);
}

void Engine::after_cycle(const model::CycleResult& result) {
  metrics_.after_cycle(result);
  for (const model::PodId pod : result.evictions) {
    const model::PodInfo& p = state_.pod(pod);
    evictions_.push_back(EvictionRecord{now_, pod, p.node, "scheduler", p.eviction_message});
  }
  if (!options_.detect_anomalies) {
    quota_.after_cycle(state_, truth_, result.fair_shares, now_);
    return;
  }
  for (const auto& [pod, node] : result.binds) {
    truth_.sync(state_, pod);
    negative_idle_.placed(node, pod);
    if (!state_.pod(pod).devices.empty()) {
      check_gpu_overlap(state_, truth_, node);
    }
  }
  // An evicted pod stops counting for its queue (Releasing) but keeps its node until it leaves.
  for (const model::PodId pod : result.evictions) {
    truth_.sync(state_, pod);
    negative_idle_.touched(state_.pod(pod).node);
    churn_.evicted(state_, pod);
  }
  quota_.after_cycle(state_, truth_, result.fair_shares, now_);
  quota_drift_.check_all(state_, truth_);
  negative_idle_.check(state_);
}

ExpectationResult Engine::check(const Expectation& expectation) const {
  return evaluate(expectation, Observation{state_, scenario_.objects, now_, quota_,
                                           stats_.evictions, scheduler_evictions_, metrics_});
}

void Engine::handle(const NodeAppears& e) {
  state_.set_present(e.node, true);
  metrics_.node_changed(e.node);
  mark_dirty();
}

void Engine::handle(const DraObjectsAppear&) {
  ++state_.freed_version;
  model::rebuild_inventory(scenario_.objects, now_.us, state_);
  metrics_.all_nodes_changed();
  // DRA GPUs joining or leaving a node's GPU slot re-charge its pods.
  for (size_t i = 0; i < state_.nodes.size(); ++i) {
    negative_idle_.touched(model::NodeId::from_index(i));
  }
  negative_idle_.check(state_);
  // Device and CEL rules read the inventory: re-evaluate them for the pods still to schedule.
  if (state_.implicit_tolerations) {
    model::apply_implicit_tolerations(*state_.implicit_tolerations, scenario_.objects, state_);
  }
  evict_for_device_taints();
  mark_dirty();
}

void Engine::handle(const ClaimAppears& e) {
  ++state_.freed_version;
  state_.claim_appears(e.claim);
  metrics_.all_nodes_changed();
  mark_dirty();
}

void Engine::handle(const PodFinished& e) {
  model::PodInfo& p = state_.pod(e.pod);
  if (p.phase != model::PodPhase::kRunning || p.epoch != e.epoch) {
    return;
  }
  leave_node(e.pod, model::PodPhase::kSucceeded);
  p.finished_us = now_.us;
  watched(e.pod, PodEvent::Kind::kFinished, "", "Succeeded");
  // The Job controller starts the next pod of the lane (model/k8s/pod.h, Pod::follows).
  if (p.next.valid()) {
    queue_.schedule(now_, PodSubmitted{p.next});
  }
}

void Engine::handle(const EvictionDone& e) {
  const model::PodInfo& p = state_.pod(e.pod);
  if (p.phase != model::PodPhase::kReleasing || p.epoch != e.epoch) {
    return;
  }
  pod_gone(e.pod);
}

void Engine::pod_gone(model::PodId pod) {
  model::PodInfo& p = state_.pod(pod);
  // The owner (a Job's controller, the workload behind a PodGroup) recreates an evicted pod,
  // which waits again from now; a bare pod is gone.
  if (state_.spec_of(pod).recreated_on_eviction) {
    ++pending_;
    leave_node(pod, model::PodPhase::kPending);
    p.submitted_us = now_.us;
    p.bound_us.reset();
    watched(pod, PodEvent::Kind::kRecreated, "", "its owner made it again; it waits from now");
  } else {
    leave_node(pod, model::PodPhase::kEvicted);
    p.finished_us = now_.us;
    watched(pod, PodEvent::Kind::kFinished, "", "Evicted: it left its node and has no owner");
  }
}

void Engine::leave_node(model::PodId pod, model::PodPhase phase) {
  ++state_.freed_version;
  const model::NodeId node = state_.pod(pod).node;
  state_.remove(pod, phase);
  // The ResourceClaim controller: the pod leaves reservedFor, claims nobody uses are
  // deallocated, and the claims generated for the pod are deleted.
  if (!state_.pod(pod).claims.empty()) {
    state_.release_claims(pod, true);
  }
  // The garbage collector deletes the KEP-5004 claim with its owner.
  state_.drop_bridge_claim(pod, true);
  after_pod_moved(pod, node, false);
  mark_dirty();
}

void Engine::handle(const WakeUp&) {
  wake_pending_.erase(now_.us);
  mark_dirty();
}

std::optional<SimDuration> Engine::bind_fault(model::PodId pod) {
  const model::PodInfo& p = state_.pod(pod);
  for (size_t i = 0; i < scenario_.binder_faults.size(); ++i) {
    const BinderFault& f = scenario_.binder_faults[i];
    const bool open = now_ >= f.at && (!f.window || now_ < f.at + *f.window);
    if (!open || faults_left_[i] == 0) {
      continue;
    }
    if (f.probability < 1) {
      // A draw from the seed, the pod, its placement and the fault: the same run fails the
      // same binds.
      const uint64_t h = model::seeded_hash(scenario_.seed, p.name + "/" + std::to_string(p.epoch),
                                            static_cast<uint32_t>(i));
      if (static_cast<double>(h >> 11) / static_cast<double>(1ULL << 53) >= f.probability) {
        continue;
      }
    }
    if (faults_left_[i] > 0) {
      --faults_left_[i];
    }
    return f.leave_claim;
  }
  return std::nullopt;
}

void Engine::handle(const ClaimDeleted& e) {
  state_.delete_leftover_claim(e.pod);
  metrics_.pod_changed(e.pod);
  mark_dirty();
}

void Engine::handle(const BindDone& e) {
  model::PodInfo& p = state_.pod(e.pod);
  if (p.phase != model::PodPhase::kBinding || p.epoch != e.epoch) {
    return;  // evicted while binding
  }
  if (const std::optional<SimDuration> leave = bind_fault(e.pod)) {
    // The BindRequest fails; the binder rolls back and the pod is pending again.
    fail_bind(e.pod, *leave, false, "");
    return;
  }
  if (scenario_.scheduler.profile == Profile::kKubeScheduler
      && model::has_binding_conditions(state_, e.pod)) {
    // PreBind has written the allocation (its allocationTimestamp is now) and waits for the
    // drivers; standing deviceCondition events start their delay.
    binding_since_[e.pod.index()] = now_;
    for (size_t i = 0; i < scenario_.device_conditions.size(); ++i) {
      const DeviceConditionEvent& c = scenario_.device_conditions[i];
      if (c.after && c.at <= now_) {
        queue_.schedule(now_ + *c.after, DeviceConditionSet{i, e.pod, p.epoch});
      }
    }
    check_binding(e.pod);
    return;
  }
  finish_bind(e.pod);
}

void Engine::handle(const BindingPoll& e) {
  const model::PodInfo& p = state_.pod(e.pod);
  if (p.phase == model::PodPhase::kBinding && p.epoch == e.epoch) {
    check_binding(e.pod);
  }
}

void Engine::check_binding(model::PodId pod) {
  const SimTime since = binding_since_.at(pod.index());
  const SimTime deadline = since + scenario_.scheduler.binding_timeout;
  const model::BindingVerdict verdict =
      model::binding_verdict(state_, pod, now_ >= deadline, scenario_.scheduler.binding_timeout.us);
  switch (verdict.kind) {
    case model::BindingVerdict::Kind::kWaiting:
      queue_.schedule(std::min(now_ + SimDuration{model::kBindingPollUs}, deadline),
                      BindingPoll{pod, state_.pod(pod).epoch});
      return;
    case model::BindingVerdict::Kind::kFailed:
      binding_since_.erase(pod.index());
      fail_bind(pod, SimDuration{}, true, verdict.message);
      return;
    case model::BindingVerdict::Kind::kReady:
      binding_since_.erase(pod.index());
      finish_bind(pod);
      return;
  }
}

void Engine::finish_bind(model::PodId pod) {
  // The binder creates the pod's KEP-5004 claim before it binds the pod; KAI may count that
  // claim's GPUs again (double count), which changes the node's and the queue's accounting.
  state_.bind_bridge_claim(pod);
  const model::PodInfo& p = state_.pod(pod);
  if (p.extra_gpu_milli > 0) {
    after_pod_moved(pod, p.node, true);
  }
  start_running(pod);
}

void Engine::fail_bind(model::PodId pod, SimDuration leave_claim, bool release_claims,
                       const std::string& reason) {
  const model::NodeId node = state_.pod(pod).node;
  const bool lingers = leave_claim.us > 0;
  state_.fail_bind(pod, lingers);
  if (lingers) {
    queue_.schedule(now_ + leave_claim, ClaimDeleted{pod});
  }
  if (release_claims && !state_.pod(pod).claims.empty()) {
    // Unreserve after a failed PreBind wait: the pod leaves reservedFor and the allocation
    // the scheduler wrote is cleared, so the devices are free again.
    ++state_.freed_version;
    state_.release_claims(pod, false);
  }
  if (!reason.empty()) {
    state_.set_pod_reason(pod, reason);
  }
  watched(pod, PodEvent::Kind::kBindFailed, state_.node(node).name,
          reason.empty() ? "the binder's BindRequest failed" : reason);
  ++pending_;
  ++stats_.failed_binds;
  after_pod_moved(pod, node, false);
  // A pod whose PreBind failed waits out kube-scheduler's initial back-off (1 s).
  mark_dirty(release_claims ? now_ + SimDuration::seconds(1) : now_);
}

void Engine::handle(const DeviceConditionDue& e) {
  write_condition(scenario_.device_conditions[e.index], model::PodId());
}

void Engine::handle(const DeviceConditionSet& e) {
  const model::PodInfo& p = state_.pod(e.pod);
  if (p.phase == model::PodPhase::kBinding && p.epoch == e.epoch) {
    write_condition(scenario_.device_conditions[e.index], e.pod);
  }
}

void Engine::write_condition(const DeviceConditionEvent& event, model::PodId pod) {
  const auto write = [&](model::ClaimId id) {
    const model::ResourceClaim& claim = state_.claims.at(id).claim;
    if (!state_.claims.at(id).present || !claim.allocation) {
      return;
    }
    for (const model::DeviceAllocationResult& d : claim.allocation->results) {
      if (event.matches(d)) {
        state_.claims.set_device_condition(id, d, event.type, event.status);
      }
    }
  };
  if (pod.valid()) {
    model::for_each_bound_claim(state_, pod, write);
  } else {
    for (size_t i = 0; i < state_.claims.size(); ++i) {
      write(model::ClaimId::from_index(i));
    }
  }
}

void Engine::handle(const PodSubmitted& e) {
  model::PodInfo& p = state_.pod(e.pod);
  const model::PodTemplate& t = state_.spec_of(e.pod);
  if (p.phase != model::PodPhase::kNotSubmitted) {
    return;  // deleted by an event before it appeared
  }
  p.submitted_us = now_.us;
  if (t.status_phase == "Succeeded" || t.status_phase == "Failed") {
    state_.finish_unplaced(e.pod, t.status_phase == "Succeeded" ? model::PodPhase::kSucceeded
                                                                : model::PodPhase::kFailed);
    if (watching(e.pod)) {
      watched(e.pod, PodEvent::Kind::kInInput, "", t.status_phase + " in the input");
    }
    return;
  }
  watched(e.pod, t.node_name.empty() ? PodEvent::Kind::kSubmitted : PodEvent::Kind::kInInput,
          t.node_name, t.node_name.empty() ? "" : "bound in the input");
  state_.submit(e.pod);
  metrics_.pod_changed(e.pod);
  // The ResourceClaim controller creates the pod's claims from templates as the pod appears
  // (one made before the input was taken is there already).
  for (const model::ClaimId c : p.claims) {
    if (c.valid() && state_.claims.at(c).from_template && state_.claims.at(c).owner == e.pod
        && !state_.claims.at(c).present) {
      state_.claims.appear(c);
    }
  }
  if (!t.node_name.empty()) {
    // Already bound in the manifest: it holds its node from now on, as KAI's cache would see it.
    const auto node = state_.find_node(t.node_name);
    DRASIM_ASSERT(node.has_value(), "pre-bound pods name existing nodes (checked at load)");
    state_.adopt_claims(e.pod);
    state_.adopt_bridge_claim(e.pod);
    state_.place(e.pod, *node, model::PodPhase::kRunning);
    state_.bind_bridge_claim(e.pod);  // its binder wrote the claim status long ago
    start_running(e.pod);
    after_pod_moved(e.pod, *node, true);
  } else {
    ++pending_;
  }
  mark_dirty();
}

void Engine::handle(const CycleDue&) {
  cycle_pending_ = false;
  if (!dirty_) {
    return;
  }
  dirty_ = false;
  guard_.cycle_at(now_);
  if (guard_.cycles_at_instant() > 1 && guard_.repeats(now_, placement_fingerprint(state_))) {
    mark_dirty();  // no net progress at this instant: the next period's cycle takes it up
    return;
  }
  model::SchedulerOptions options = scheduler_options(scenario_.scheduler);
  options.between_jobs = [this] {
    guard_.inside_cycle(now_, stats_, state_);
  };
  if (PodWatch* watch = options_.watch; watch != nullptr && watch->pod().valid()) {
    watch->before_cycle(state_);
    options.observe_allocate = [watch, placement = options.placement](
                                   model::Session& session, const model::AllocateAction& action,
                                   model::JobId job) {
      watch->observe(session, action, job, placement);
    };
    options.observe_eviction = [watch](const model::EvictionTrace& trace) {
      watch->observe_eviction(trace);
    };
  }
  const model::CycleResult result = model::run_cycle(state_, options, now_.us);
  if (options_.watch != nullptr) {
    options_.watch->after_cycle(state_, result, now_);
  }
  ++stats_.cycles;
  stats_.placements += result.binds.size();
  stats_.evictions += result.evictions.size();
  for (const model::PodId pod : result.evictions) {
    ++scheduler_evictions_[pod.index()];
  }
  after_cycle(result);
  pending_ -= result.binds.size();
  for (const auto& [pod, node] : result.binds) {
    (void)node;
    queue_.schedule(now_ + scenario_.scheduler.bind_latency, BindDone{pod, state_.pod(pod).epoch});
  }
  for (const model::PodId pod : result.evictions) {
    queue_.schedule(now_ + SimDuration{state_.spec_of(pod).termination_grace_us},
                    EvictionDone{pod, state_.pod(pod).epoch});
  }
  if (result.wake_at_us && !wake_pending_.count(*result.wake_at_us)) {
    wake_pending_.insert(*result.wake_at_us);
    queue_.schedule(SimTime{*result.wake_at_us}, WakeUp{});
  }
  if (result.claims_deallocated > 0) {
    // Freed devices: the pods that just failed get another attempt at the next boundary (the
    // scheduler's back-off), not in another cycle at this same instant.
    mark_dirty(now_ + SimDuration{1});
  }
#ifndef NDEBUG
  state_.check_invariants();
#endif
}

void Engine::handle(const ExpectationDue& e) {
  metrics_.sample(state_, now_, true);  // the series as they stand after the earlier events
  verdicts_[e.index] = check(scenario_.expectations[e.index]);
  checked_[e.index] = true;
}

void Engine::handle(const HorizonReached&) {
  stop_ = true;
}

void Engine::check_memory() const {
  const uint64_t resident = resident_bytes();
  if (resident <= memory_budget()) {
    return;
  }
  // What the run holds, by part, estimated from counts and element sizes: the message names
  // the largest, which is what grew.
  const std::array<std::pair<const char*, uint64_t>, 5> parts = {{
      {"objects (pods, nodes, templates)",
       state_.pods.size() * sizeof(model::PodInfo) + state_.nodes.size() * sizeof(model::NodeInfo)
           + state_.templates.size() * sizeof(model::PodTemplate)},
      {"claims", state_.claims.size() * sizeof(model::dra::ClaimInfo)},
      {"events", queue_.size() * sizeof(QueuedEvent)},
      {"metric series (the report's time series)", metrics_.series_bytes() + quota_.series_bytes()},
      {"anomalies", state_.anomalies.size() * sizeof(model::Anomaly)},
  }};
  const auto largest = std::max_element(
      parts.begin(), parts.end(), [](const auto& a, const auto& b) { return a.second < b.second; });
  throw MemoryLimitError(fmt::format(
      "the run stopped at its --max-memory limit of {} at simulated time {}s: {:.1f} MiB resident; "
      "the largest part is {}, about {} MiB (objects {} MiB, claims {} MiB, events {} MiB, metric "
      "series {} MiB, anomalies {} MiB)",
      format_bytes(memory_budget()), format_seconds(now_),
      static_cast<double>(resident) / (1 << 20), largest->first, largest->second >> 20,
      parts[0].second >> 20, parts[1].second >> 20, parts[2].second >> 20, parts[3].second >> 20,
      parts[4].second >> 20));
}

RunResult Engine::run() {
  seed_events();
  const std::optional<SimTime> horizon =
      scenario_.horizon ? std::optional<SimTime>(SimTime{scenario_.horizon->us}) : std::nullopt;
  while (!queue_.empty() && !stop_) {
    const QueuedEvent next = queue_.pop();
    DRASIM_ASSERT(next.at >= now_, "the clock never goes backwards");
    now_ = next.at;
    state_.now_us = now_.us;
    std::visit([this](const auto& ev) { handle(ev); }, next.event);
    ++stats_.events;
    const bool memory_check = stats_.events % kMemoryCheckEvents == 0;
    // The nodes and rows are brought up to date once per instant, after its last event (the
    // reference mode does it after every event); the memory check counts the rows.
    const bool instant_ends =
        stop_ || queue_.empty() || queue_.top().at != now_ || state_.reference || memory_check;
    metrics_.sample(state_, now_, instant_ends);
    guard_.event_done(now_, stats_, state_);
    if (memory_check) {
      check_memory();
    }
    if (options_.progress && stats_.events % kProgressEvents == 0) {
      options_.progress(RunProgress{now_, horizon, stats_.events});
    }
  }
  for (size_t i = 0; i < scenario_.expectations.size(); ++i) {
    if (!checked_[i]) {
      verdicts_[i] = check(scenario_.expectations[i]);
    }
  }
  RunResult result;
  result.scenario = scenario_.name;
  result.profile = scenario_.scheduler.profile;
  result.seed = scenario_.seed;
  result.end = horizon.value_or(now_);
  result.expectations = std::move(verdicts_);
  result.warnings = scenario_.warnings;
  if (std::optional<std::string> warning = guard_.warning()) {
    result.warnings.push_back(std::move(*warning));
  }
  result.stats = stats_;
  result.quota = quota_.take();
  result.quota_drift = quota_.take_peaks();
  result.metrics = metrics_.finish(state_, result.end);
  result.evictions = std::move(evictions_);
  result.marks = scenario_.marks;
  result.anomalies = std::move(state_.anomalies);
  state_.anomalies.clear();
  sort_anomalies(result.anomalies);
  result.state = std::move(state_);
  return result;
}

RunResult run_scenario(const Scenario& scenario, EngineOptions options) {
  Engine engine(scenario, options);
  return engine.run();
}

}  // namespace drasim::sim
