#include "model/eviction_candidates.h"

#include "model/job_picker.h"

#include <algorithm>
#include <tuple>

namespace drasim::model {
namespace {

int64_t bound_pods(const JobInfo& job) {
  return job.active_pods - job.releasing_pods;
}

void wake_at(CycleResult& result, int64_t at) {
  result.wake_at_us = std::min(result.wake_at_us.value_or(at), at);
}

}  // namespace

EvictionCandidates::EvictionCandidates(Session& session, CycleResult& result)
    : session_(session), state_(session.state), now_us_(session.now_us), result_(result) {
  for (size_t i = 0; i < state_.jobs.size(); ++i) {
    const JobInfo& job = state_.jobs[i];
    if (job.preemptible && bound_pods(job) > 0) {
      running_.push_back(JobId::from_index(i));
    }
  }
}

void EvictionCandidates::for_each_pending(
    const std::function<QuotaVector(const JobInfo&)>& next_request,
    const std::function<void(JobId)>& attempt) {
  const auto keep = [this](const JobKey& key) {
    const JobInfo& job = state_.jobs[key.job.index()];
    if (job.pending_pods + job.active_pods < job.min_member) {
      return false;  // not ready for scheduling
    }
    if (job.preemption_delay_us) {
      const int64_t end = std::max(job.creation_us, job.last_eviction_us.value_or(job.creation_us))
                          + *job.preemption_delay_us;
      if (now_us_ < end) {
        wake_at(result_, end);
        return false;  // PreemptionDelayNotElapsed: may use free capacity, may not evict
      }
    }
    return true;
  };
  JobPicker picker(
      session_, [&](const JobKey& key) { return next_request(state_.jobs[key.job.index()]); }, {},
      keep);
  while (const std::optional<JobKey> key = picker.pop()) {
    attempt(key->job);
    for (size_t q = 0; q < state_.queues.size(); ++q) {
      session_.refresh(QueueId::from_index(q));
    }
  }
}

std::vector<int> EvictionCandidates::victim_queue_ranks() const {
  std::vector<QueueId> leaves;
  for (size_t q = 0; q < state_.queues.size(); ++q) {
    if (state_.queues[q].leaf) {
      leaves.push_back(QueueId::from_index(q));
    }
  }
  // Later in queue order = earlier victim. The comparator is KAI's rule list, not guaranteed
  // to be a strict weak order, so the order is built by repeated selection of the first queue
  // (as a heap would pop them) rather than by std::sort.
  const QuotaVector none{};
  std::vector<int> rank(state_.queues.size(), 0);
  for (int position = 0; !leaves.empty(); ++position) {
    auto first = leaves.begin();
    for (auto it = leaves.begin() + 1; it != leaves.end(); ++it) {
      if (session_.queue_before(*it, none, *first, none)) {
        first = it;
      }
    }
    rank[first->index()] = position;
    leaves.erase(first);
  }
  return rank;
}

std::vector<JobId> EvictionCandidates::victims(const std::function<bool(const JobInfo&)>& filter,
                                               const std::vector<int>* queue_rank) const {
  std::vector<JobId> out;
  for (const JobId id : running_) {
    const JobInfo& job = state_.jobs[id.index()];
    if (bound_pods(job) > 0 && filter(job)) {
      out.push_back(id);
    }
  }
  const auto key = [&](JobId id) {
    const JobInfo& j = state_.jobs[id.index()];
    const int rank = queue_rank && j.queue.valid() ? (*queue_rank)[j.queue.index()] : 0;
    const int64_t active = bound_pods(j);
    const int elastic = active > j.min_member ? 0 : 1;  // above minMember gives victims first
    return std::make_tuple(-rank, j.priority, elastic, -j.creation_us,
                           -static_cast<int64_t>(j.name_rank));
  };
  std::sort(out.begin(), out.end(), [&](JobId a, JobId b) { return key(a) < key(b); });
  return out;
}

bool EvictionCandidates::protected_by_min_runtime(const JobInfo& victim, bool reclaim,
                                                  QueueId reclaimer) const {
  if (!victim.last_start_us || !victim.queue.valid()) {
    return false;
  }
  const auto value = [&](QueueId q) {
    const Queue& spec = state_.queues[q.index()].spec;
    return reclaim ? spec.reclaim_min_runtime_us : spec.preempt_min_runtime_us;
  };
  const auto path = [&](QueueId q) {
    std::vector<QueueId> up;
    for (; q.valid(); q = state_.queues[q.index()].parent) {
      up.push_back(q);
    }
    return up;  // leaf first, top-level last
  };
  std::vector<QueueId> walk = path(victim.queue);
  if (reclaim && reclaimer.valid()) {
    const std::vector<QueueId> other = path(reclaimer);
    if (walk.back() != other.back()) {
      walk = {walk.back()};  // different trees: the victim's top-level queue decides
    } else {
      // Start at the child of the lowest common ancestor on the victim's side (the ancestor
      // itself when there is no such child) and walk up from there to the root; queues below
      // that child do not count (plugins/minruntime/resolver.go, resolveReclaimMinRuntimeLCA).
      size_t below = walk.size();  // queues on the victim's path below the common ancestor
      while (below > 0 && std::find(other.begin(), other.end(), walk[below - 1]) != other.end()) {
        --below;
      }
      const size_t start = below > 0 ? below - 1 : 0;
      walk.erase(walk.begin(), walk.begin() + static_cast<std::ptrdiff_t>(start));
    }
  }
  std::optional<int64_t> min_runtime;
  for (const QueueId q : walk) {
    if (value(q)) {
      min_runtime = value(q);
      break;
    }
  }
  if (!min_runtime || *min_runtime <= 0) {
    return false;
  }
  const int64_t until = *victim.last_start_us + *min_runtime;
  if (now_us_ < until) {
    wake_at(result_, until);
    return true;
  }
  return false;
}

std::vector<uint32_t> EvictionCandidates::signature(const std::vector<PodId>& tasks) const {
  std::vector<uint32_t> s;
  for (const PodId p : tasks) {
    s.push_back(state_.spec_of(p).fit_class);
  }
  std::sort(s.begin(), s.end());
  return s;
}

bool EvictionCandidates::skip_signature(const std::vector<PodId>& tasks) const {
  return failed_.count(signature(tasks)) > 0;
}

void EvictionCandidates::remember_failure(const std::vector<PodId>& tasks) {
  failed_.insert(signature(tasks));
}

}  // namespace drasim::model
