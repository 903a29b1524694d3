#include "model/kai/actions/eviction_candidates.h"

#include "model/kai/actions/job_picker.h"

#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <tuple>
#include <utility>

namespace drasim::model {
EvictionCandidates::EvictionCandidates(Session& session, CycleResult& result,
                                       const JobSignatures& signatures)
    : session_(session),
      state_(session.state),
      now_us_(session.now_us),
      result_(result),
      snapshot_(state_.victim_jobs),
      by_queue_(state_.queues.size()),
      sorted_(state_.queues.size(), 0),
      lowest_priority_(state_.queues.size()),
      order_keys_(state_.queues.size()),
      signatures_(signatures) {
  for (const auto& jobs : snapshot_) {
    victim_queues_ += jobs.empty() ? 0U : 1U;
  }
  if (!state_.reference) {  // the reference mode walks the jobs instead
    for (size_t q = 0; q < lowest_priority_.size(); ++q) {
      if (const auto& priorities = state_.victim_priorities[q]; !priorities.empty()) {
        lowest_priority_[q] = priorities.begin()->first;
      }
    }
  }
}

int64_t EvictionCandidates::lowest_victim_priority(QueueId queue) const {
  std::optional<int64_t>& lowest = lowest_priority_[queue.index()];
  if (!lowest) {
    for (const JobId id : snapshot_[queue.index()]) {
      const int64_t p = state_.jobs[id.index()].priority;
      lowest = lowest ? std::min(*lowest, p) : p;
    }
  }
  return lowest.value_or(0);
}

const proportion::QueueOrderKey& EvictionCandidates::order_key(QueueId queue) const {
  proportion::QueueOrderKey& key = order_keys_[queue.index()];
  if (key.queue == nullptr || !key.current() || state_.reference) {
    key = session_.order_key(queue, QuotaVector{});
  }
  return key;
}

std::vector<EvictionCandidates::Victim>& EvictionCandidates::victims_of(QueueId queue) const {
  std::vector<Victim>& jobs = by_queue_[queue.index()];
  if (jobs.size() != snapshot_[queue.index()].size()) {  // not made yet
    for (const JobId id : snapshot_[queue.index()]) {
      const JobInfo& job = state_.jobs[id.index()];
      const int elastic = state_.elastic_rank(job, false) == 2 ? 0 : 1;
      jobs.push_back(
          {{job.priority, elastic, -job.creation_us, -static_cast<int64_t>(job.name_rank)}, id});
    }
  }
  return jobs;
}

void EvictionCandidates::sort_victims(QueueId queue, size_t count) const {
  std::vector<Victim>& jobs = victims_of(queue);
  size_t& sorted = sorted_[queue.index()];
  if (count <= sorted || sorted == jobs.size()) {
    return;
  }
  // Solvers usually stop after a few victims, so the order is extended in growing blocks
  // rather than sorted whole (the reference mode sorts them whole).
  const size_t upto = state_.reference
                          ? jobs.size()
                          : std::min(jobs.size(), std::max({count, 2 * sorted, size_t{32}}));
  const auto begin = jobs.begin() + static_cast<std::ptrdiff_t>(sorted);
  std::partial_sort(begin, jobs.begin() + static_cast<std::ptrdiff_t>(upto), jobs.end(),
                    [](const Victim& a, const Victim& b) {
                      return std::tie(a.key, a.job) < std::tie(b.key, b.job);
                    });
  sorted = upto;
}

void EvictionCandidates::trace(EvictionStep step, JobId job, std::string detail, size_t victims,
                               ScenarioLog scenarios) const {
  session_.observe_eviction(
      {action_, step, job, {}, victims, std::move(detail), std::move(scenarios)});
}

void EvictionCandidates::for_each_pending(
    const std::function<QuotaVector(JobId)>& next_request,
    const std::function<std::vector<QueueId>(JobId)>& attempt,
    const std::function<bool(QueueId)>& may_evict,
    const std::function<bool(const JobInfo&)>& job_may_evict) {
  const bool tracing = static_cast<bool>(session_.observe_eviction);
  if (victim_queues_ == 0) {
    if (tracing) {
      trace(EvictionStep::kNoVictims, {});
    }
    return;  // nothing runs that could be evicted
  }
  const auto keep = [&](const JobKey& key) {
    const JobInfo& job = state_.jobs[key.job.index()];
    if (job_may_evict && !job_may_evict(job)) {
      if (tracing) {
        trace(EvictionStep::kJobRuledOut, key.job);
      }
      return false;
    }
    if (!state_.ready_for_scheduling(job)) {
      if (tracing) {
        trace(EvictionStep::kNotReady, key.job);
      }
      return false;
    }
    if (job.preemption_delay_us) {
      const int64_t end = std::max(job.creation_us, job.last_eviction_us.value_or(job.creation_us))
                          + *job.preemption_delay_us;
      if (now_us_ < end) {
        result_.wake_at(end);
        if (tracing) {
          trace(EvictionStep::kPreemptionDelay, key.job,
                fmt::format("PreemptionDelayNotElapsed: it may evict from {:g}s",
                            static_cast<double>(end) / 1e6));
        }
        return false;  // PreemptionDelayNotElapsed: may use free capacity, may not evict
      }
    }
    return true;
  };
  // A queue the scope rules out is reported once, by the queue (its jobs are never looked at).
  const std::function<bool(QueueId)> queue_ok =
      !tracing || !may_evict ? may_evict : [&](QueueId q) {
        const bool ok = may_evict(q);
        if (!ok) {
          session_.observe_eviction({action_, EvictionStep::kQueueRuledOut, {}, q, 0, {}, {}});
        }
        return ok;
      };
  JobPicker picker(
      // A job the scheduling signatures skip still takes its queue turn: until then its request
      // ranks its queue, as in KAI.
      session_, [&](const JobKey& key) { return next_request(key.job); }, keep, queue_ok);
  while (const std::optional<JobKey> key = picker.pop()) {
    session_.next_job();
    // The solver refreshed the shares of the queues a commit changed (the job's, its victims',
    // and every queue it looked at: their ancestors' shares were refreshed with them).
    for (const QueueId queue : attempt(key->job)) {
      picker.invalidate(queue);
    }
  }
}

EvictionCandidates::VictimFeed EvictionCandidates::victims(std::optional<QueueId> only,
                                                           std::function<bool(QueueId)> queue_ok,
                                                           JobFilter job_ok) const {
  std::vector<QueueId> queues;
  if (only) {
    queues.push_back(*only);
  } else {
    for (size_t q = 0; q < by_queue_.size(); ++q) {
      if (!snapshot_[q].empty()) {
        queues.push_back(QueueId::from_index(q));
      }
    }
  }

  struct Cursor {
    std::optional<QueueId> queue;  ///< the queue being walked
    size_t job = 0;
  };

  return [this, queues = std::move(queues), queue_ok = std::move(queue_ok),
          job_ok = std::move(job_ok), at = Cursor{}]() mutable -> std::optional<JobId> {
    while (true) {
      if (!at.queue) {
        if (queues.empty()) {
          return std::nullopt;
        }
        // Victim queue order: the queue that would be scheduled last gives victims first.
        // KAI's comparator is a rule list, not guaranteed to be a strict weak order, so the
        // next queue is selected as a heap would pop it, one at a time and only when the
        // previous queue ran out of victims (a solver that succeeds early orders nothing more).
        auto last = queues.begin();
        for (auto it = queues.begin() + 1; it != queues.end(); ++it) {
          if (proportion::queue_before(order_key(*last), order_key(*it))) {
            last = it;
          }
        }
        at.queue = *last;
        at.job = 0;
        queues.erase(last);
        if (queue_ok && !queue_ok(*at.queue)) {
          at.queue.reset();
          continue;
        }
      }
      const std::vector<Victim>& jobs = victims_of(*at.queue);
      while (at.job < jobs.size()) {
        sort_victims(*at.queue, at.job + 1);
        const JobId id = jobs[at.job++].job;
        const JobInfo& job = state_.jobs[id.index()];
        if (job.bound_pods() > 0 && (!job_ok || job_ok(job))) {
          return id;
        }
      }
      at.queue.reset();
    }
  };
}

int64_t EvictionCandidates::min_runtime(QueueId victim_queue, bool reclaim,
                                        QueueId reclaimer) const {
  const auto parent = [&](QueueId q) {
    return state_.queues[q.index()].parent;
  };
  const auto on_reclaimer_path = [&](QueueId q) {
    for (QueueId r = reclaimer; r.valid(); r = parent(r)) {
      if (r == q) {
        return true;
      }
    }
    return false;
  };
  // Where the walk up the victim's queues starts: its leaf queue for preempt; for reclaim the
  // child of the lowest common ancestor with the reclaimer's queue on the victim's side (the
  // ancestor itself when there is no such child), or the victim's top-level queue when they
  // share no ancestor (plugins/minruntime/resolver.go, resolveReclaimMinRuntimeLCA).
  QueueId start = victim_queue;
  if (reclaim && reclaimer.valid()) {
    QueueId below;  // the victim-side queue just below the one being looked at
    QueueId q = victim_queue;
    for (; q.valid() && !on_reclaimer_path(q); q = parent(q)) {
      below = q;
    }
    // Without a common ancestor the loop ran off the top: `below` is the top-level queue.
    start = below.valid() ? below : victim_queue;
  }
  for (QueueId q = start; q.valid(); q = parent(q)) {
    const Queue& spec = state_.queues[q.index()].spec;
    const std::optional<int64_t>& value =
        reclaim ? spec.reclaim_min_runtime_us : spec.preempt_min_runtime_us;
    if (value) {
      return std::max<int64_t>(*value, 0);
    }
  }
  return 0;
}

bool EvictionCandidates::protected_by_min_runtime(const JobInfo& victim, bool reclaim,
                                                  QueueId reclaimer) const {
  if (!victim.last_start_us || !victim.queue.valid()) {
    return false;
  }
  const int64_t runtime = min_runtime(victim.queue, reclaim, reclaimer);
  if (runtime <= 0) {
    return false;
  }
  const int64_t until = *victim.last_start_us + runtime;
  if (now_us_ < until) {
    result_.wake_at(until);
    return true;
  }
  return false;
}

std::vector<uint32_t> EvictionCandidates::shape(const std::vector<PodId>& tasks) const {
  std::vector<uint32_t> s;
  for (const PodId p : tasks) {
    s.push_back(state_.spec_of(p).fit_class);
  }
  std::sort(s.begin(), s.end());
  return s;
}

std::vector<uint32_t> EvictionCandidates::representative_key(JobId job) const {
  std::vector<uint32_t> key{action_ == Action::kConsolidation
                                ? std::numeric_limits<uint32_t>::max()
                                : static_cast<uint32_t>(state_.jobs[job.index()].queue.index())};
  const std::vector<uint32_t> signature = signatures_.of(job);
  key.insert(key.end(), signature.begin(), signature.end());
  return key;
}

bool EvictionCandidates::skip_signature(JobId job) const {
  return !representatives_.easier(state_, job, representative_key(job));
}

void EvictionCandidates::remember_failure(JobId job) {
  representatives_.update(state_, job, representative_key(job));
}

}  // namespace drasim::model
