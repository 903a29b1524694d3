#include "model/allocate_action.h"

#include "model/node_fit.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>
#include <tuple>

namespace drasim::model {
namespace {

bool fits(const ResourceVector& request, const NodeInfo& node, bool idle_only) {
  for (size_t slot = 0; slot < request.size(); ++slot) {
    const int64_t available = node.idle.get(slot) + (idle_only ? 0 : node.releasing.get(slot));
    if (request.get(slot) > available) {
      return false;
    }
  }
  return true;
}

int64_t active_count(const ClusterState& s, const JobInfo& job) {
  return std::count_if(job.pods.begin(), job.pods.end(),
                       [&](PodId p) { return holds_node(s.pod(p).phase); });
}

int64_t alive_count(const ClusterState& s, const JobInfo& job) {
  return std::count_if(job.pods.begin(), job.pods.end(), [&](PodId p) {
    return holds_node(s.pod(p).phase) || s.pod(p).phase == PodPhase::kPending;
  });
}

bool has_pending(const ClusterState& s, const JobInfo& job) {
  return std::any_of(job.pods.begin(), job.pods.end(),
                     [&](PodId p) { return s.pod(p).phase == PodPhase::kPending; });
}

/// KAI job order inside a queue: priority plugin, elastic plugin, then age and identity.
struct JobOrder {
  const ClusterState* s;

  [[nodiscard]] int elastic_rank(const JobInfo& j) const {
    const int64_t active = active_count(*s, j);
    if (active < j.min_member) {
      return 0;
    }
    return active == j.min_member ? 1 : 2;
  }

  bool operator()(JobId a, JobId b) const {
    const JobInfo& x = s->jobs[a.index()];
    const JobInfo& y = s->jobs[b.index()];
    return std::make_tuple(-x.priority, elastic_rank(x), x.creation_us, std::cref(x.namespace_name),
                           std::cref(x.name))
           < std::make_tuple(-y.priority, elastic_rank(y), y.creation_us,
                             std::cref(y.namespace_name), std::cref(y.name));
  }
};

/// Task order inside a job: `kai.scheduler/task-priority` label (labelled first, higher first),
/// then older pod, then name.
struct TaskOrder {
  const ClusterState* s;

  [[nodiscard]] std::pair<int, int64_t> label_rank(PodId p) const {
    const StringMap& labels = s->spec_of(p).labels;
    const auto it = labels.find("kai.scheduler/task-priority");
    if (it == labels.end()) {
      return {1, 0};
    }
    int64_t v = 0;
    for (const char c : it->second) {
      if (c < '0' || c > '9') {
        return {1, 0};
      }
      v = v * 10 + (c - '0');
    }
    return {0, -v};
  }

  bool operator()(PodId a, PodId b) const {
    const PodInfo& x = s->pod(a);
    const PodInfo& y = s->pod(b);
    return std::make_tuple(label_rank(a), x.submitted_us, std::cref(x.name))
           < std::make_tuple(label_rank(b), y.submitted_us, std::cref(y.name));
  }
};

void set_reason(ClusterState& s, const JobInfo& job, const std::string& reason) {
  for (const PodId p : job.pods) {
    if (s.pod(p).phase == PodPhase::kPending) {
      s.pod(p).reason = reason;
    }
  }
}

}  // namespace

std::vector<PodId> AllocateAction::tasks_to_allocate(const JobInfo& job) const {
  std::vector<PodId> pending;
  for (const PodId p : job.pods) {
    if (state_.pod(p).phase == PodPhase::kPending) {
      pending.push_back(p);
    }
  }
  std::sort(pending.begin(), pending.end(), TaskOrder{&state_});
  const int64_t active = active_count(state_, job);
  const int64_t needed = active < job.min_member ? job.min_member - active : 1;
  if (static_cast<int64_t>(pending.size()) > needed) {
    pending.resize(static_cast<size_t>(needed));
  }
  return pending;
}

std::string AllocateAction::failure_message(TemplateId spec) {
  const PodTemplate& t = state_.templates[spec.index()];
  std::map<std::string, int> histogram;
  int present = 0;
  const auto& verdicts = filters_.verdicts(spec);
  for (size_t i = 0; i < state_.nodes.size(); ++i) {
    const NodeInfo& n = state_.nodes[i];
    if (!n.present) {
      continue;
    }
    ++present;
    const auto problems = resource_problems(t, n.idle + n.releasing, state_.names);
    if (!problems.empty()) {
      for (const std::string& p : problems) {
        ++histogram[p];
      }
    } else if (verdicts[i] != 0) {
      ++histogram[filters_.reason(verdicts[i])];
    } else if (host_ports_conflict(t, n)) {
      ++histogram["node(s) didn't have free ports for the requested pod ports"];
    }
  }
  std::vector<std::string> parts;
  for (const auto& [reason, count] : histogram) {
    parts.push_back(fmt::format("{} {}", count, reason));
  }
  std::sort(parts.begin(), parts.end());
  return fmt::format("0/{} nodes are available: {}.", present, fmt::join(parts, ", "));
}

AllocateAction::Placement AllocateAction::place_task(PodId pod) {
  const PodInfo& p = state_.pod(pod);
  const PodTemplate& t = state_.spec_of(pod);
  Placement out;
  if (const auto too_big = exceeds_every_node(t, state_)) {
    out.reason = *too_big;
    return out;
  }
  const auto& verdicts = filters_.verdicts(p.spec);
  const bool gpu_task = !t.cpu_only();
  const PlacementRange range = placement_range(state_, gpu_task);
  int64_t best_score = 0;
  for (size_t i = 0; i < state_.nodes.size(); ++i) {
    const NodeInfo& n = state_.nodes[i];
    if (!n.present || verdicts[i] != 0 || !fits(t.request, n, false) || host_ports_conflict(t, n)) {
      continue;
    }
    const bool fits_idle = fits(t.request, n, true);
    const int64_t score = node_score(t, n, fits_idle, options_.placement, range);
    // Nodes are sorted by name, so keeping the first of equal scores breaks ties by name.
    if (!out.node || score > best_score) {
      out.node = NodeId::from_index(i);
      out.fits_idle = fits_idle;
      best_score = score;
    }
  }
  if (!out.node) {
    out.reason = failure_message(p.spec);
  }
  return out;
}

void AllocateAction::record_job_failure(const JobInfo& job, PodId failed, size_t placed,
                                        const std::string& why) {
  const PodInfo& pod = state_.pod(failed);
  if (job.min_member <= 1) {
    state_.pod(failed).reason = why;
    return;
  }
  const int64_t had = active_count(state_, job);
  set_reason(
      state_, job,
      fmt::format("pod group {}: {} of {} required pods could be placed; pod {}: {}", job.name,
                  had + static_cast<int64_t>(placed), job.min_member, pod.name, why));
}

bool AllocateAction::allocate_job(JobId job_id, CycleResult& result) {
  const JobInfo& job = state_.jobs[job_id.index()];
  const std::vector<PodId> tasks = tasks_to_allocate(job);
  Statement stmt(state_);
  for (size_t i = 0; i < tasks.size(); ++i) {
    const PodId pod = tasks[i];
    const TemplateId spec = state_.pod(pod).spec;
    const auto cached = failed_templates_.find(spec);
    Placement placement;
    if (cached != failed_templates_.end()) {
      placement.reason = cached->second;
    } else {
      placement = place_task(pod);
    }
    if (!placement.node) {
      // Capacity only shrinks during allocate, so a pod that fits nowhere on the committed
      // state cannot fit later in this cycle: remember it for pods of the same template.
      if (stmt.checkpoint() == 0) {
        failed_templates_.emplace(spec, placement.reason);
      }
      stmt.discard();
      record_job_failure(job, pod, i, placement.reason);
      return false;
    }
    if (placement.fits_idle) {
      stmt.allocate(pod, *placement.node);
    } else {
      stmt.pipeline(pod, *placement.node);
    }
  }
  const auto& ops = stmt.operations();
  const bool any_pipelined =
      std::any_of(ops.begin(), ops.end(), [](const Statement::Op& op) { return op.pipelined; });
  if (any_pipelined) {
    const int64_t bound = std::count_if(job.pods.begin(), job.pods.end(), [&](PodId p) {
      const PodPhase ph = state_.pod(p).phase;
      return ph == PodPhase::kBinding || ph == PodPhase::kRunning;
    });
    if (bound < job.min_member) {
      stmt.convert_all_to_pipelined();
    }
  }
  for (const Statement::Op& op : stmt.operations()) {
    if (op.pipelined) {
      pipelined_.push_back(op);
      state_.pod(op.pod).reason =
          fmt::format("pipelined onto node {}: waiting for resources being released",
                      state_.node(op.node).name);
    } else {
      result.binds.emplace_back(op.pod, op.node);
      state_.pod(op.pod).reason.clear();
    }
  }
  return true;
}

size_t AllocateAction::release_pipelined() {
  for (auto it = pipelined_.rbegin(); it != pipelined_.rend(); ++it) {
    state_.remove(it->pod, PodPhase::kPending);
  }
  const size_t count = pipelined_.size();
  pipelined_.clear();
  return count;
}

}  // namespace drasim::model

namespace drasim::model {
namespace {

/// Queue order until the proportion plugin lands: higher queue priority first, then the older
/// queue (KAI's rules 3 and 8; the fair-share rules 1, 2 and 4 to 7 come with quota).
bool queue_before(const ClusterState& s, QueueId a, QueueId b) {
  const QueueInfo& x = s.queues[a.index()];
  const QueueInfo& y = s.queues[b.index()];
  return std::make_tuple(-x.spec.priority, x.creation_order)
         < std::make_tuple(-y.spec.priority, y.creation_order);
}

}  // namespace

void AllocateAction::run(CycleResult& result) {
  using JobSet = std::set<JobId, JobOrder>;
  std::vector<JobSet> per_queue(state_.queues.size(), JobSet(JobOrder{&state_}));
  for (size_t j = 0; j < state_.jobs.size(); ++j) {
    const JobInfo& job = state_.jobs[j];
    if (!has_pending(state_, job)) {
      continue;
    }
    if (!job.queue.valid()) {
      set_reason(state_, job,
                 fmt::format("queue {} does not exist (QueueDoesNotExist)", job.queue_name));
      continue;
    }
    if (!state_.queues[job.queue.index()].leaf) {
      set_reason(state_, job,
                 fmt::format("queue {} is not a leaf queue; only leaf queues receive jobs",
                             job.queue_name));
      continue;
    }
    if (alive_count(state_, job) < job.min_member) {
      set_reason(state_, job,
                 fmt::format("pod group {} is not ready: {} of {} required pods exist", job.name,
                             alive_count(state_, job), job.min_member));
      continue;
    }
    per_queue[job.queue.index()].insert(JobId::from_index(j));
  }
  while (true) {
    std::optional<QueueId> best;
    for (size_t q = 0; q < per_queue.size(); ++q) {
      const QueueId id = QueueId::from_index(q);
      if (!per_queue[q].empty() && (!best || queue_before(state_, id, *best))) {
        best = id;
      }
    }
    if (!best) {
      break;
    }
    JobSet& jobs = per_queue[best->index()];
    const JobId job = *jobs.begin();
    jobs.erase(jobs.begin());
    ++result.jobs_attempted;
    if (!allocate_job(job, result)) {
      ++result.jobs_failed;
      continue;
    }
    // Push back: the job competes again for its next task (elastic growth, one pod at a time).
    if (has_pending(state_, state_.jobs[job.index()])) {
      jobs.insert(job);
    }
  }
}

}  // namespace drasim::model
