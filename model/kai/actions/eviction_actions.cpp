#include "model/kai/actions/eviction_actions.h"

#include "model/kai/actions/eviction_candidates.h"
#include "model/kai/actions/eviction_solver.h"
#include "model/kai/plugins/proportion/capacity_policy.h"
#include "model/kai/plugins/proportion/reclaimable.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <utility>
#include <vector>

namespace drasim::model {
namespace {

/// `max-consolidation-preemptees` (16). KAI's filter admits one job more than the limit before
/// it stops (AS-READ off-by-one, kai-scheduler-behavior.md 3.7), so 17 jobs can be victims.
constexpr size_t kConsolidationVictims = 16 + 1;

std::string pod_name(const ClusterState& s, PodId p) {
  return fmt::format("{}/{}", s.spec_of(p).namespace_name, s.pod(p).name);
}

std::string job_name(const JobInfo& job) {
  return fmt::format("{}/{}", job.namespace_name, job.name);
}

/// Which pending jobs an action looks at at all: whole leaf queues and single jobs that could
/// never find a victim are left out before anything is ordered (empty = all).
struct Scope {
  std::function<bool(const EvictionCandidates&, QueueId)> queue;
  std::function<bool(const EvictionCandidates&, const JobInfo&)> job;
};

/// An action, its gate and the gate's arithmetic when it is closed (for explain only).
/// `in_attempt`: KAI checks the gate inside the job's attempt, after the scheduling
/// signatures, and a job it stops counts as failed (preempt, consolidation); otherwise the
/// gate comes first and stops the job before the signatures see it (reclaim).
template <class Gate>
struct ActionGate {
  Action action;
  Gate open;
  std::function<std::string(const JobInfo&, const QuotaVector&)> problem;
  bool in_attempt = false;
};

/// The loop every eviction action shares: next pending job, its chunk, the action's own gate
/// and victims, the solver, and scheduling signatures.
/// `memo`: failures by shape signature, skipped until capacity is freed again (consolidation).
template <class Gate, class Victims, class MakePolicy>
void run_action(
    Session& session, AllocateAction& placer, EvictionCandidates& candidates, CycleResult& result,
    Scope scope, const ActionGate<Gate>& gate, Victims victims_of, MakePolicy policy_for,
    std::map<std::vector<uint32_t>, ClusterState::ConsolidationFailure>* memo = nullptr) {
  ClusterState& state = session.state;
  const bool tracing = static_cast<bool>(session.observe_eviction);
  candidates.start_action(gate.action);
  EvictionSolver solver(session, placer);
  candidates.for_each_pending(
      [&](JobId id) { return placer.next_request(id); },
      [&](JobId id) -> std::vector<QueueId> {
        const JobInfo& job = state.jobs[id.index()];
        const std::vector<PodId> tasks = placer.tasks_to_allocate(job);
        const QuotaVector request = placer.next_request(id);
        if (tasks.empty()) {
          return {};
        }
        const auto gate_closed = [&] {
          if (gate.open(job, request)) {
            return false;
          }
          if (tracing) {
            candidates.trace(EvictionStep::kGateClosed, id, gate.problem(job, request));
          }
          return true;
        };
        if (!gate.in_attempt && gate_closed()) {
          return {};
        }
        if (candidates.skip_signature(id)) {
          if (tracing) {
            candidates.trace(EvictionStep::kShapeFailed, id);
          }
          return {};
        }
        if (gate.in_attempt && gate_closed()) {
          candidates.remember_failure(id);
          return {};
        }
        const std::vector<uint32_t> shape = candidates.shape(tasks);
        if (memo) {
          if (const auto it = memo->find(shape);
              it != memo->end() && it->second.freed_version == state.freed_version
              && (!it->second.wake_at_us || session.now_us < *it->second.wake_at_us)) {
            if (it->second.wake_at_us) {
              result.wake_at(*it->second.wake_at_us);
            }
            if (tracing) {
              candidates.trace(EvictionStep::kFailedBefore, id);
            }
            candidates.remember_failure(id);  // the attempt it stands for fails
            return {};
          }
        }
        // The wake-ups this attempt asks for are kept apart, to be remembered with a failure.
        const std::optional<int64_t> wake_before = std::exchange(result.wake_at_us, std::nullopt);
        const size_t evicted_before = result.evictions.size();
        EvictionCandidates::VictimFeed victims = victims_of(candidates, job, request);
        size_t offered = 0;
        if (tracing) {
          victims = [inner = std::move(victims), &offered]() {
            std::optional<JobId> next = inner();
            offered += next ? 1U : 0U;
            return next;
          };
        }
        ScenarioLog scenarios;
        solver.record(tracing ? &scenarios : nullptr);
        const bool solved = solver.solve(id, tasks, victims, policy_for(job, request), result);
        solver.record(nullptr);
        if (solved) {
          if (result.evictions.size() > evicted_before) {
            state.jobs[id.index()].last_eviction_us = session.now_us;
          }
          if (tracing) {
            const size_t evicted = result.evictions.size() - evicted_before;
            candidates.trace(EvictionStep::kEvicted, id,
                             fmt::format("{} {} evicted", evicted, evicted == 1 ? "pod" : "pods"),
                             offered, std::move(scenarios));
          }
        } else {
          if (tracing) {
            candidates.trace(EvictionStep::kNoScenario, id, {}, offered, std::move(scenarios));
          }
          candidates.remember_failure(id);
          if (memo) {
            (*memo)[shape] = {state.freed_version, result.wake_at_us};
          }
        }
        if (wake_before) {
          result.wake_at(*wake_before);
        }
        return solved ? solver.committed_queues() : std::vector<QueueId>{};
      },
      scope.queue ? [&](QueueId q) { return scope.queue(candidates, q); }
                  : std::function<bool(QueueId)>{},
      scope.job ? [&](const JobInfo& j) { return scope.job(candidates, j); }
                : std::function<bool(const JobInfo&)>{});
}

/// Quota vector of the victim pods that did not find a new place (the reclaimed resources).
proportion::Amounts lost(const ClusterState& s, const VictimChunk& c) {
  QuotaVector sum{};
  for (size_t i = 0; i < c.pods.size(); ++i) {
    if (c.moved.empty() || !c.moved[i]) {
      sum += s.quota_of(c.pods[i]);
    }
  }
  return to_amounts(sum);
}

}  // namespace

void run_consolidation(Session& session, AllocateAction& placer, EvictionCandidates& candidates,
                       CycleResult& result) {
  ClusterState& state = session.state;

  // The cluster's idle plus releasing GPUs together must cover the job already, in devices
  // and in GPU memory (FreeGpuIndex::free_total). Only this action's own scenarios change the
  // sums, so they are recounted after each of them.
  struct Free {
    int64_t gpus = 0;
    int64_t mib = 0;
  };

  const auto count_free = [&state] {
    const auto [gpus, mib] = state.free_gpus.free_total(state.nodes, state.reference);
    return Free{gpus, mib};
  };
  Free free = count_free();
  size_t seen_evictions = result.evictions.size();
  size_t seen_binds = result.binds.size();
  const auto wanted_mib = [&](const JobInfo& job) {
    int64_t mib = 0;
    for (const PodId p : placer.tasks_to_allocate(job)) {
      const GpuShare& share = state.spec_of(p).gpu_share;
      if (share.type == GpuRequestType::kGpuMemory) {
        mib += share.memory_mib * share.devices;
      }
    }
    return mib;
  };
  const auto open = [&](const JobInfo& job, const QuotaVector& request) {
    if (state.reference || result.evictions.size() != seen_evictions
        || result.binds.size() != seen_binds) {
      free = count_free();
      seen_evictions = result.evictions.size();
      seen_binds = result.binds.size();
    }
    return free.gpus >= request[2] && free.mib >= wanted_mib(job);
  };
  const ActionGate<decltype(open)> gate{
      Action::kConsolidation, open,
      [&](const JobInfo& job, const QuotaVector& request) {
        return fmt::format(
            "the cluster's idle and releasing GPUs ({:g} GPU, {} MiB) do not cover the job "
            "({:g} GPU, {} MiB of GPU memory): moving pods cannot make room",
            static_cast<double>(free.gpus) / kMilliPerGpu, free.mib,
            static_cast<double>(request[2]) / kMilliPerGpu, wanted_mib(job));
      },
      true};

  const auto victims_of = [&](EvictionCandidates& c, const JobInfo&, const QuotaVector&) {
    // Any queue; the filter stops admitting jobs after kConsolidationVictims.
    EvictionCandidates::VictimFeed all = c.victims(std::nullopt, {}, {});
    return [all = std::move(all), left = kConsolidationVictims]() mutable {
      std::optional<JobId> next;
      if (left > 0) {
        next = all();
        --left;
      }
      return next;
    };
  };
  const auto policy_for = [&](const JobInfo&, const QuotaVector&) {
    EvictionPolicy policy;
    policy.all_must_move = true;
    policy.valid = [](const std::vector<VictimChunk>& taken) {
      // Consolidation may only move pods: every victim must find a new place.
      for (const VictimChunk& c : taken) {
        for (const bool moved : c.moved) {
          if (!moved) {
            return false;
          }
        }
      }
      return true;
    };
    policy.message = [&](PodId victim) {
      // pkg/scheduler/api/unschedule_info.go GetConsolidateMessage.
      return fmt::format(
          "Pod {} was preempted and rescheduled due to bin packing (resource consolidation) "
          "procedure",
          pod_name(state, victim));
    };
    return policy;
  };
  // Only preemptible jobs trigger consolidation.
  const Scope scope{{}, [](const EvictionCandidates&, const JobInfo& job) {
                      return job.preemptible;
                    }};
  // Placements only take capacity, so a consolidation that failed for a job shape cannot
  // succeed before some capacity is freed; KAI simply retries it every cycle, and so does the
  // reference mode.
  run_action(session, placer, candidates, result, scope, gate, victims_of, policy_for,
             state.reference ? nullptr : &state.consolidation_failed);
}

void run_reclaim(Session& session, AllocateAction& placer, EvictionCandidates& candidates,
                 CycleResult& result) {
  ClusterState& state = session.state;
  const auto open = [&](const JobInfo& job, const QuotaVector& request) {
    return proportion::can_reclaim_resources(session.shares, job.queue.value, to_amounts(request),
                                             !job.preemptible);
  };
  const ActionGate<decltype(open)> gate{
      Action::kReclaim, open, [&](const JobInfo& job, const QuotaVector& request) {
        return proportion::reclaim_gate_problem(session.shares, job.queue.value,
                                                to_amounts(request), !job.preemptible);
      }};
  const auto victims_of = [&](EvictionCandidates& c, const JobInfo& job,
                              const QuotaVector& request) {
    // Other leaf queues in victim order; a queue passes the proportion plugin's victim filter
    // as a whole (it depends on the queues only), then each job its minimum runtime.
    const proportion::Amounts r = to_amounts(request);
    return c.victims(
        std::nullopt,
        [&session, &job, r](QueueId q) {
          return q != job.queue
                 && proportion::is_reclaim_victim_candidate(session.shares, job.queue.value, r,
                                                            q.value);
        },
        [&c, &job](const JobInfo& victim) {
          return !c.protected_by_min_runtime(victim, true, job.queue);
        });
  };
  const auto policy_for = [&](const JobInfo& job, const QuotaVector& request) {
    EvictionPolicy policy;
    // allow-consolidating-reclaim (default true): victims that find a new place are not
    // counted as reclaimed.
    // A chunk the simulation placed back whole frees nothing and is left out, as KAI's
    // getVictimResources skips a chunk whose tasks are all active allocated again.
    const auto reclaimed = [&state](const std::vector<VictimChunk>& taken) {
      std::vector<proportion::VictimChunk> chunks;
      for (const VictimChunk& c : taken) {
        if (c.moved.empty()
            || !std::all_of(c.moved.begin(), c.moved.end(), [](bool m) { return m; })) {
          chunks.push_back({state.jobs[c.job.index()].queue.value, lost(state, c)});
        }
      }
      return chunks;
    };
    policy.valid = [&session, &job, request, reclaimed](const std::vector<VictimChunk>& taken) {
      return proportion::reclaim_scenario_valid(
          session.shares, job.queue.value, to_amounts(request), !job.preemptible, reclaimed(taken));
    };
    policy.why_invalid = [&session, &job, request,
                          reclaimed](const std::vector<VictimChunk>& taken) {
      return proportion::reclaim_scenario_problem(
          session.shares, job.queue.value, to_amounts(request), !job.preemptible, reclaimed(taken));
    };
    policy.message = [&state, &job](PodId victim) {
      // unschedule_info.go GetReclaimMessage.
      return fmt::format("Pod {} was preempted by workload {}.", pod_name(state, victim),
                         job_name(job));
    };
    return policy;
  };
  // Victims come from other leaf queues: a queue is worth looking at only when some other
  // queue runs a preemptible job.
  const Scope scope{[](const EvictionCandidates& c, QueueId q) {
                      return c.victim_queues() > (c.has_victims(q) ? 1U : 0U);
                    },
                    {}};
  run_action(session, placer, candidates, result, scope, gate, victims_of, policy_for);
}

void run_preempt(Session& session, AllocateAction& placer, EvictionCandidates& candidates,
                 CycleResult& result) {
  ClusterState& state = session.state;
  // A non-preemptible preemptor must stay within its quota (IsNonPreemptibleJobOverQuota).
  const auto open = [&](const JobInfo& job, const QuotaVector& request) {
    return !non_preemptible_over_quota(state, job, request);
  };
  const ActionGate<decltype(open)> gate{
      Action::kPreempt, open,
      [&](const JobInfo& job, const QuotaVector& request) {
        return non_preemptible_over_quota(state, job, request).value_or("");
      },
      true};
  const auto victims_of = [&](EvictionCandidates& c, const JobInfo& job, const QuotaVector&) {
    // Same leaf queue, strictly lower priority, not protected by its minimum runtime.
    return c.victims(job.queue, {}, [&c, &job](const JobInfo& v) {
      return v.priority < job.priority && !c.protected_by_min_runtime(v, false, job.queue);
    });
  };
  const auto policy_for = [&](const JobInfo& job, const QuotaVector&) {
    EvictionPolicy policy;
    policy.valid = [](const std::vector<VictimChunk>&) {
      return true;
    };
    policy.message = [&state, &job](PodId victim) {
      // unschedule_info.go GetPreemptMessage.
      return fmt::format("Pod {} was preempted by higher priority workload {}",
                         pod_name(state, victim), job_name(job));
    };
    return policy;
  };
  // Victims come from the job's own queue and have a strictly lower priority.
  const Scope scope{[](const EvictionCandidates& c, QueueId q) { return c.has_victims(q); },
                    [](const EvictionCandidates& c, const JobInfo& job) {
                      return job.priority > c.lowest_victim_priority(job.queue);
                    }};
  run_action(session, placer, candidates, result, scope, gate, victims_of, policy_for);
}

std::string eviction_step_text(const EvictionTrace& t) {
  const bool consolidation = t.action == Action::kConsolidation;
  const bool reclaim = t.action == Action::kReclaim;
  switch (t.step) {
    case EvictionStep::kNoVictims:
      return "not run: no job runs a preemptible pod, so there is nothing to evict";
    case EvictionStep::kSpread:
      return "not run: consolidation is off with the spread placement strategy";
    case EvictionStep::kQueueRuledOut:
      return reclaim ? "not tried: no other queue runs a preemptible job"
                     : "not tried: its queue runs no preemptible job";
    case EvictionStep::kJobRuledOut:
      return consolidation ? "not tried: only a preemptible job triggers consolidation"
                           : "not tried: no running preemptible job of its queue has a lower "
                             "priority than its own";
    case EvictionStep::kNotReady:
      return "not tried: the gang is short of minMember";
    case EvictionStep::kPreemptionDelay:
      return "not tried: " + t.detail;
    case EvictionStep::kShapeFailed:
      return "not tried: a job with the same scheduling signature and no easier pods already "
             "found no victims in this action";
    case EvictionStep::kGateClosed:
      return "not tried: " + t.detail;
    case EvictionStep::kFailedBefore:
      return "not tried: the same job shape found no victims before, and no capacity was freed "
             "since";
    case EvictionStep::kNoScenario:
      return t.victims == 0 ? "tried: no running job qualified as a victim (the action's victim "
                              "filter or minimum runtimes left none)"
                            : fmt::format(
                                "tried: no valid scenario among the pods of {} victim "
                                "{} (none freed room the job fits, or the action's "
                                "rules rejected each)",
                                t.victims, t.victims == 1 ? "job" : "jobs");
    case EvictionStep::kEvicted:
      return fmt::format("succeeded: {} ({} victim {} considered)", t.detail, t.victims,
                         t.victims == 1 ? "job" : "jobs");
  }
  return {};
}

std::string scenario_text(Action action, const ScenarioTrace& scenario) {
  std::string why;
  switch (scenario.outcome) {
    case ScenarioOutcome::kNoRoom:
      why = "no node of the latest victims gains room for the job's task";
      break;
    case ScenarioOutcome::kOverCapacity:
      why =
          "the job's queue would go over its capacity (limit, or quota for a non-preemptible "
          "job)";
      break;
    case ScenarioOutcome::kNoFit:
      why = "the job does not fit even with them gone";
      break;
    case ScenarioOutcome::kNotPlaced:
      why = "re-placing the victims first in allocate's order left no room for the job";
      break;
    case ScenarioOutcome::kNotAllMoved:
      why = "some victim finds no new place (consolidation only moves pods)";
      break;
    case ScenarioOutcome::kRejected:
      why = action == Action::kReclaim ? "rejected by the proportion plugin's Reclaimable check"
                                       : "rejected by the action's scenario check";
      if (!scenario.detail.empty()) {
        why += ": " + scenario.detail;
      }
      break;
    case ScenarioOutcome::kAccepted:
      why = "accepted";
      break;
  }
  return fmt::format("evict {} ({} {}){}: {}", fmt::join(scenario.victim_jobs, ", "), scenario.pods,
                     scenario.pods == 1 ? "pod" : "pods",
                     scenario.node.empty() ? "" : " around node " + scenario.node, why);
}

}  // namespace drasim::model
