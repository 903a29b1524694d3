#include "sim/generate/generators.h"

#include "model/k8s/generated_name.h"
#include "sim/generate/generate_parts.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <string>
#include <vector>

namespace drasim::sim {
namespace {

constexpr int64_t kSecondUs = 1'000'000;
constexpr int64_t kMaxRuntimeUs = 365LL * 24 * 3600 * kSecondUs;

/// A random duration in microseconds, rounded to whole seconds within [1 s, 365 days].
int64_t round_runtime(double us) {
  const double seconds = std::round(us / static_cast<double>(kSecondUs));
  const double clamped = std::clamp(seconds, 1.0, static_cast<double>(kMaxRuntimeUs / kSecondUs));
  return static_cast<int64_t>(clamped) * kSecondUs;
}

std::vector<double> weights_of(const auto& choices) {
  std::vector<double> out;
  out.reserve(choices.size());
  for (const auto& c : choices) {
    out.push_back(c.weight);
  }
  return out;
}

/// Reports a generator that takes the scenario past a limit.
struct Reporter {
  const Scenario& scenario;
  Diagnostics& diagnostics;

  void limit(const GeneratorSource& at, std::string expected, std::string found) const {
    const std::string& file =
        at.at.file < scenario.files.size() ? scenario.files[at.at.file] : std::string();
    diagnostics.error(Diagnostic{file, Mark{at.at.line, at.at.col}, at.path, std::move(expected),
                                 std::move(found)});
  }
};

std::string pod_limit_text() {
  return fmt::format("at most {} generated pods in a scenario (drasim's memory limit)",
                     kMaxGeneratedPods);
}

/// Arrival times of a workload's jobs, in order, each a job until `count` or `until`.
class ArrivalStream {
 public:
  ArrivalStream(const WorkloadSpec& w, std::optional<int64_t> until_us, uint64_t seed)
      : w_(w), until_us_(until_us), rng_(seed), t_us_(static_cast<double>(w.arrivals.start_us)) {}

  /// The next arrival, or nullopt when the stream is over.
  std::optional<int64_t> next(int64_t j) {
    const Arrivals& a = w_.arrivals;
    const int64_t count = w_.count.value_or(
        a.kind == Arrivals::Kind::kAt ? static_cast<int64_t>(a.at_us.size()) : INT64_MAX);
    if (j >= count) {
      return std::nullopt;
    }
    int64_t at = 0;
    switch (a.kind) {
      case Arrivals::Kind::kAt:
        at = a.at_us[static_cast<size_t>(j) % a.at_us.size()];
        break;
      case Arrivals::Kind::kPoisson:
        t_us_ += rng_.exponential(3600e6 / a.rate_per_hour);
        if (t_us_ > 1e17) {
          return std::nullopt;
        }
        at = std::llround(t_us_ / 1000.0) * 1000;
        break;
      case Arrivals::Kind::kBurst:
        at = a.start_us + (j / a.size) * a.every_us;
        break;
    }
    if (until_us_ && at >= *until_us_) {
      return std::nullopt;
    }
    return at;
  }

 private:
  const WorkloadSpec& w_;
  std::optional<int64_t> until_us_;
  RandomStream rng_;
  double t_us_;
};

/// Draws a workload's jobs in order and hands each to `visit` until the stream ends or `visit`
/// returns false. The same scenario gives the same draws on every call; `named` formats the
/// job names (a counting pass does not need them).
template <class Visit>
void for_each_job(const WorkloadSpec& w, const Scenario& s, bool named, Visit visit) {
  const std::string seed_name = "workload/" + w.name;
  std::optional<int64_t> until = w.until_us;
  if (!until && s.horizon) {
    until = s.horizon->us;
  }
  ArrivalStream arrivals(w, until, model::seeded_hash(s.seed, seed_name, 1));
  RandomStream shapes(model::seeded_hash(s.seed, seed_name, 2));
  RandomStream runtimes(model::seeded_hash(s.seed, seed_name, 3));
  const std::vector<double> gang_w = weights_of(w.gang);
  const std::vector<double> gpu_w = weights_of(w.gpus_per_pod);
  const std::vector<double> queue_w = weights_of(w.queues);
  const std::vector<double> class_w = weights_of(w.priority_classes);
  gen::JobDraw job;
  job.source = w.source.at;
  for (int64_t j = 0;; ++j) {
    const auto at = arrivals.next(j);
    if (!at) {
      return;
    }
    if (named) {
      job.name = fmt::format("{}-{}", w.name, j);
    }
    job.at_us = *at;
    job.gang = w.gang[shapes.weighted(gang_w)].value;
    job.gpus = w.gpus_per_pod[shapes.weighted(gpu_w)].value;
    job.queue = w.queues.empty() ? "" : w.queues[shapes.weighted(queue_w)].value;
    job.priority_class =
        w.priority_classes.empty() ? "" : w.priority_classes[shapes.weighted(class_w)].value;
    job.runtime_us = draw_runtime_us(w.runtime, runtimes);
    if (!visit(job)) {
      return;
    }
  }
}

/// Expands a workload; false when the pod limit stopped it (reported). A first pass only
/// counts, so a workload past the limit fails before any object is built.
bool expand_workload(const WorkloadSpec& w, const Scenario& s, int64_t& pods, Reporter report,
                     model::ObjectSet& o) {
  int64_t total = pods;
  int64_t jobs = 0;
  size_t gangs = 0;
  for_each_job(w, s, false, [&](const gen::JobDraw& job) {
    total += job.gang;
    ++jobs;
    gangs += job.gang > 1 ? 1U : 0U;
    return total <= kMaxGeneratedPods;
  });
  if (total > kMaxGeneratedPods) {
    report.limit(w.source, pod_limit_text(),
                 fmt::format("more with this workload (at its job {})", jobs - 1));
    return false;
  }
  o.pods.reserve(o.pods.size() + static_cast<size_t>(total - pods));
  o.pod_groups.reserve(o.pod_groups.size() + gangs);
  pods = total;
  for_each_job(w, s, true, [&](const gen::JobDraw& job) {
    gen::append_job(w.pod, job, w.name, o);
    return true;
  });
  return true;
}

bool expand_trace(const TraceSpec& t, int64_t& pods, Reporter report, model::ObjectSet& o) {
  for (const TraceJob& row : t.jobs) {
    gen::JobDraw job{row.name,         row.submit_us, row.runtime_us,     row.pods,
                     row.gpus_per_pod, row.queue,     row.priority_class, row.row};
    pods += job.gang;
    if (pods > kMaxGeneratedPods) {
      report.limit(t.source, pod_limit_text(), "more with this trace");
      return false;
    }
    gen::append_job(t.pod, job, t.name, o);
  }
  return true;
}

}  // namespace

std::optional<int64_t> draw_runtime_us(const Runtime& r, RandomStream& rng) {
  switch (r.kind) {
    case Runtime::Kind::kUntilEnd:
      return std::nullopt;
    case Runtime::Kind::kFixed:
      return r.a_us;
    case Runtime::Kind::kExponential:
      return round_runtime(rng.exponential(static_cast<double>(r.a_us)));
    case Runtime::Kind::kLognormal:
      return round_runtime(static_cast<double>(r.a_us) * std::exp(r.sigma * rng.normal()));
    case Runtime::Kind::kUniform:
      return round_runtime(static_cast<double>(r.a_us)
                           + static_cast<double>(r.b_us - r.a_us) * rng.uniform01());
    case Runtime::Kind::kEmpirical:
      return r.values_us[rng.below(r.values_us.size())];
  }
  return std::nullopt;
}

namespace {

/// A warning for each workload or trace queue without a Queue object: KAI leaves such jobs
/// pending (QueueDoesNotExist), which is rarely what a generated stream means.
void warn_missing_queues(Scenario& scenario) {
  if (scenario.scheduler.profile == Profile::kKubeScheduler) {
    return;
  }
  std::set<std::string> known;
  for (const model::Queue& q : scenario.objects.queues) {
    known.insert(q.meta.name);
  }
  if (known.empty()) {
    known.insert("default-queue");
  }
  std::set<std::string> missing;
  for (const GeneratorSpec& g : scenario.generators) {
    if (const auto* w = std::get_if<WorkloadSpec>(&g)) {
      for (const auto& q : w->queues) {
        missing.insert(q.value);
      }
    } else if (const auto* t = std::get_if<TraceSpec>(&g)) {
      for (const TraceJob& job : t->jobs) {
        missing.insert(job.queue);
      }
    }
  }
  for (const std::string& q : missing) {
    if (known.count(q) == 0) {
      scenario.warnings.push_back(
          fmt::format("generated jobs use queue {}, which has no Queue object: they stay pending "
                      "(QueueDoesNotExist)",
                      q));
    }
  }
}

}  // namespace

void expand_generators(Scenario& scenario, Diagnostics& diagnostics) {
  warn_missing_queues(scenario);
  const Reporter report{scenario, diagnostics};
  int64_t nodes = 0;
  for (const GeneratorSpec& g : scenario.generators) {
    if (const auto* pool = std::get_if<NodePoolSpec>(&g)) {
      nodes += pool->count;
      if (nodes > kMaxGeneratedNodes) {
        report.limit(pool->source,
                     fmt::format("at most {} generated nodes in a scenario (drasim's memory limit)",
                                 kMaxGeneratedNodes),
                     fmt::format("{} with this pool", nodes));
        return;
      }
    }
  }
  int64_t pods = 0;
  for (const GeneratorSpec& g : scenario.generators) {
    bool ok = true;
    if (const auto* pool = std::get_if<NodePoolSpec>(&g)) {
      gen::expand_node_pool(*pool, scenario.objects);
    } else if (const auto* w = std::get_if<WorkloadSpec>(&g)) {
      ok = expand_workload(*w, scenario, pods, report, scenario.objects);
    } else if (const auto* t = std::get_if<TraceSpec>(&g)) {
      ok = expand_trace(*t, pods, report, scenario.objects);
    }
    if (!ok) {
      return;
    }
  }
}

}  // namespace drasim::sim
