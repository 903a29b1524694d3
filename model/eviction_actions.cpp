#include "model/eviction_actions.h"

#include "model/eviction_candidates.h"
#include "model/eviction_solver.h"
#include "model/proportion/reclaimable.h"
#include "model/queue_capacity.h"

#include <fmt/format.h>

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

/// The loop every eviction action shares: next pending job, its chunk, the action's own gate
/// and victims, the solver, and scheduling signatures.
template <class Gate, class Victims, class MakePolicy>
void run_action(Session& session, AllocateAction& placer, CycleResult& result, Gate gate,
                Victims victims_of, MakePolicy policy_for) {
  ClusterState& state = session.state;
  EvictionCandidates candidates(session, result);
  EvictionSolver solver(state, placer);
  candidates.for_each_pending(
      [&](const JobInfo& job) { return chunk_request(state, placer.tasks_to_allocate(job)); },
      [&](JobId id) {
        const JobInfo& job = state.jobs[id.index()];
        const std::vector<PodId> tasks = placer.tasks_to_allocate(job);
        const QuotaVector request = chunk_request(state, tasks);
        if (candidates.skip_signature(tasks) || !gate(job, request)) {
          return;
        }
        const std::vector<JobId> victims = victims_of(candidates, job, request);
        if (victims.empty()) {
          return;
        }
        if (solver.solve(id, tasks, victims, policy_for(job, request), result)) {
          state.jobs[id.index()].last_eviction_us = session.now_us;
        } else {
          candidates.remember_failure(tasks);
        }
      });
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

void run_consolidation(Session& session, AllocateAction& placer, CycleResult& result) {
  ClusterState& state = session.state;
  const auto gate = [&](const JobInfo& job, const QuotaVector& request) {
    if (!job.preemptible) {
      return false;  // only preemptible jobs trigger consolidation
    }
    // The cluster's idle plus releasing GPUs together must cover the job already, in devices
    // and in GPU memory (actions/utils IsEnoughGPUsAllocatableForJob; node_info
    // GetSumOfIdleGPUs / GetSumOfReleasingGPUs): whole GPUs count with all their memory, a
    // shared GPU group with what its allocated pods leave free, and a group's releasing memory
    // when the whole GPU is not releasing already.
    int64_t free_gpus = 0;
    int64_t free_mib = 0;
    for (const NodeInfo& n : state.nodes) {
      if (!n.present) {
        continue;
      }
      const int64_t mib = n.gpu_groups.memory_mib;
      for (const int64_t whole : {n.idle.get(kGpuSlot), n.releasing.get(kGpuSlot)}) {
        free_gpus += whole;
        free_mib += whole / kMilliPerGpu * mib;
      }
      for (const GpuGroup& g : n.gpu_groups.groups()) {
        if (g.allocated_mib > 0 && mib > 0) {
          free_gpus += (mib - g.allocated_mib) * kMilliPerGpu / mib;
          free_mib += mib - g.allocated_mib;
        }
        if (g.releasing_mib > 0 && !g.releasing_gpu && mib > 0) {
          free_gpus += g.releasing_mib * kMilliPerGpu / mib;
          free_mib += g.releasing_mib;
        }
      }
    }
    int64_t wanted_mib = 0;
    for (const PodId p : placer.tasks_to_allocate(job)) {
      const GpuShare& share = state.spec_of(p).gpu_share;
      if (share.type == GpuRequestType::kGpuMemory) {
        wanted_mib += share.memory_mib * share.devices;
      }
    }
    return free_gpus >= request[2] && free_mib >= wanted_mib;
  };
  const auto victims_of = [&](EvictionCandidates& c, const JobInfo& job, const QuotaVector&) {
    std::vector<JobId> v = c.victims([&](const JobInfo& victim) { return &victim != &job; });
    if (v.size() > kConsolidationVictims) {
      v.resize(kConsolidationVictims);
    }
    return v;
  };
  const auto policy_for = [&](const JobInfo&, const QuotaVector&) {
    EvictionPolicy policy;
    policy.replace_victims = true;
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
  run_action(session, placer, result, gate, victims_of, policy_for);
}

void run_reclaim(Session& session, AllocateAction& placer, CycleResult& result) {
  ClusterState& state = session.state;
  const std::vector<int>* ranks = nullptr;
  std::vector<int> queue_ranks;
  const auto gate = [&](const JobInfo& job, const QuotaVector& request) {
    return proportion::can_reclaim_resources(session.shares, job.queue.value, to_amounts(request),
                                             !job.preemptible);
  };
  const auto victims_of = [&](EvictionCandidates& c, const JobInfo& job,
                              const QuotaVector& request) {
    queue_ranks = c.victim_queue_ranks();
    ranks = &queue_ranks;
    const proportion::Amounts r = to_amounts(request);
    return c.victims(
        [&](const JobInfo& victim) {
          return victim.queue.valid() && victim.queue != job.queue
                 && proportion::is_reclaim_victim_candidate(session.shares, job.queue.value, r,
                                                            victim.queue.value)
                 && !c.protected_by_min_runtime(victim, true, job.queue);
        },
        ranks);
  };
  const auto policy_for = [&](const JobInfo& job, const QuotaVector& request) {
    EvictionPolicy policy;
    // allow-consolidating-reclaim (default true): victims that find a new place are not
    // counted as reclaimed.
    policy.replace_victims = true;
    policy.valid = [&state, &session, &job, request](const std::vector<VictimChunk>& taken) {
      std::vector<proportion::VictimChunk> chunks;
      for (const VictimChunk& c : taken) {
        chunks.push_back({state.jobs[c.job.index()].queue.value, lost(state, c)});
      }
      return proportion::reclaim_scenario_valid(session.shares, job.queue.value,
                                                to_amounts(request), !job.preemptible, chunks);
    };
    policy.message = [&state, &job](PodId victim) {
      // unschedule_info.go GetReclaimMessage.
      return fmt::format("Pod {} was preempted by workload {}.", pod_name(state, victim),
                         job_name(job));
    };
    return policy;
  };
  run_action(session, placer, result, gate, victims_of, policy_for);
}

void run_preempt(Session& session, AllocateAction& placer, CycleResult& result) {
  ClusterState& state = session.state;
  const auto gate = [&](const JobInfo& job, const QuotaVector& request) {
    // A non-preemptible preemptor must stay within its quota (IsNonPreemptibleJobOverQuota).
    return !non_preemptible_over_quota(state, job, request);
  };
  const auto victims_of = [&](EvictionCandidates& c, const JobInfo& job, const QuotaVector&) {
    // Same leaf queue, strictly lower priority, not protected by its minimum runtime.
    return c.victims([&](const JobInfo& v) {
      return v.queue == job.queue && v.priority < job.priority
             && !c.protected_by_min_runtime(v, false, job.queue);
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
  run_action(session, placer, result, gate, victims_of, policy_for);
}

}  // namespace drasim::model
