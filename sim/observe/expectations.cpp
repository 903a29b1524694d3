#include "sim/observe/expectations.h"

#include "sim/observe/anomaly_order.h"
#include "sim/observe/metric_expectations.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <vector>

namespace drasim::sim {
namespace {

bool is_placed_or_done(model::PodPhase p) {
  return p == model::PodPhase::kBinding || p == model::PodPhase::kRunning
         || p == model::PodPhase::kSucceeded;
}

/// The pod `key` (namespace/name); invalid when there is none.
model::PodId find_pod(const model::ClusterState& s, const std::string& key) {
  for (size_t i = 0; i < s.pods.size(); ++i) {
    if (s.pod_key(model::PodId::from_index(i)) == key) {
      return model::PodId::from_index(i);
    }
  }
  return model::PodId();
}

/// The node a pod is on or, once finished, last ran on; invalid when neither.
model::NodeId where_is(const model::PodInfo& p) {
  return p.node.valid() ? p.node : p.ran_on;
}

/// That node's name; "" when there is none.
std::string node_of(const model::ClusterState& s, const model::PodInfo& p) {
  const model::NodeId where = where_is(p);
  return where.valid() ? s.node(where).name : std::string();
}

/// Whether the pod is, or last ran, on the node the expectation names (by name or labels).
bool on_target_node(const Expectation& e, const model::ClusterState& s, const model::PodInfo& p) {
  const model::NodeId where = where_is(p);
  if (!where.valid()) {
    return false;
  }
  const model::NodeInfo& n = s.node(where);
  return e.node.empty() ? model::matches_all(e.node_labels, n.labels) : n.name == e.node;
}

/// Whether the pod is in the expected phase and, when the expectation names a node, there.
bool in_phase(const Expectation& e, const model::ClusterState& s, const model::PodInfo& p) {
  return e.phase == model::phase_name(p.phase)
         && ((e.node.empty() && e.node_labels.empty()) || on_target_node(e, s, p));
}

ExpectationResult all_bound(const Expectation& e, const model::ClusterState& s) {
  std::vector<std::string> missing;
  for (size_t i = 0; i < s.pods.size(); ++i) {
    if (!is_placed_or_done(s.pods[i].phase)) {
      missing.push_back(s.pod_key(model::PodId::from_index(i)));
    }
  }
  if (missing.empty()) {
    return {e.name, true, fmt::format("all {} pods are bound or completed", s.pods.size())};
  }
  const size_t shown = std::min<size_t>(missing.size(), 5);
  std::vector<std::string> head(missing.begin(), missing.begin() + static_cast<long>(shown));
  return {e.name, false,
          fmt::format("{} of {} pods are not bound: {}{}", missing.size(), s.pods.size(),
                      fmt::join(head, ", "), missing.size() > shown ? ", ..." : "")};
}

ExpectationResult pending_at_most(const Expectation& e, const model::ClusterState& s, SimTime now) {
  int64_t pending = 0;
  for (const auto& p : s.pods) {
    pending += p.phase == model::PodPhase::kPending ? 1 : 0;
  }
  const bool ok = pending <= e.count;
  return {e.name, ok,
          fmt::format("{} pods pending at {}s, expected at most {}", pending, format_seconds(now),
                      e.count)};
}

ExpectationResult pod_on_node(const Expectation& e, const model::ClusterState& s) {
  const model::PodId id = find_pod(s, e.pod);
  if (!id.valid()) {
    return {e.name, false, fmt::format("no pod named {}", e.pod)};
  }
  const std::string node = node_of(s, s.pod(id));
  if (node.empty()) {
    return {e.name, false, fmt::format("{} is on no node", e.pod)};
  }
  return {e.name, on_target_node(e, s, s.pod(id)), fmt::format("{} is on {}", e.pod, node)};
}

ExpectationResult fair_share(const Expectation& e, const Observation& o) {
  const auto& queues = o.state.queues;
  const auto it = std::find_if(queues.begin(), queues.end(), [&](const model::QueueInfo& q) {
    return q.spec.meta.name == e.queue;
  });
  if (it == queues.end()) {
    return {e.name, false, fmt::format("no queue named {}", e.queue)};
  }
  const auto queue = model::QueueId::from_index(static_cast<size_t>(it - queues.begin()));
  const QuotaSample now = o.quota.current(queue, e.resource);
  const double accounted = in_report_units(e.resource, now.accounted);
  const double share = in_report_units(e.resource, now.fair_share);
  const double allowed = e.within * share;
  const bool ok = std::abs(accounted - share) <= allowed;
  return {
      e.name, ok,
      fmt::format(
          "{} {}: accounted {}, fair share {} at {}s, expected within {}% (at most {} apart)",
          e.queue, quota_resource_name(e.resource), format_amount(accounted), format_amount(share),
          format_seconds(o.now), format_amount(e.within * 100), format_amount(allowed))};
}

/// The queue named `name`; invalid when there is none (the loader rejects that already).
model::QueueId find_queue(const model::ClusterState& s, const std::string& name) {
  const auto& queues = s.queues;
  const auto it = std::find_if(queues.begin(), queues.end(),
                               [&](const model::QueueInfo& q) { return q.spec.meta.name == name; });
  return it == queues.end() ? model::QueueId()
                            : model::QueueId::from_index(static_cast<size_t>(it - queues.begin()));
}

ExpectationResult evictions_at_most(const Expectation& e, const Observation& o) {
  uint64_t count = o.evictions;
  std::string of;
  if (!e.pod.empty()) {
    const model::PodId pod = find_pod(o.state, e.pod);
    if (!pod.valid()) {
      return {e.name, false, fmt::format("no pod named {}", e.pod)};
    }
    count = o.scheduler_evictions[pod.index()];
    of = " of " + e.pod;
  } else if (!e.queue.empty()) {
    const model::QueueId queue = find_queue(o.state, e.queue);
    count = 0;
    for (size_t i = 0; i < o.state.pods.size(); ++i) {
      const model::JobInfo& job = o.state.jobs[o.state.pods[i].job.index()];
      count += job.queue == queue ? o.scheduler_evictions[i] : 0;
    }
    of = " in queue " + e.queue;
  }
  return {e.name, static_cast<int64_t>(count) <= e.count,
          fmt::format("{} evictions{} by {}s, expected at most {}", count, of,
                      format_seconds(o.now), e.count)};
}

/// "ml/a-1 (Pending)" or "ml/a-1 (Running on n2)".
std::string pod_state(const model::ClusterState& s, model::PodId id) {
  const model::PodInfo& p = s.pod(id);
  const std::string node = node_of(s, p);
  return fmt::format("{} ({}{})", s.pod_key(id), model::phase_name(p.phase),
                     node.empty() ? "" : " on " + node);
}

ExpectationResult pod_phase(const Expectation& e, const Observation& o) {
  const model::ClusterState& s = o.state;
  std::vector<model::PodId> selected;
  if (!e.pod.empty()) {
    if (const model::PodId pod = find_pod(s, e.pod); pod.valid()) {
      selected.push_back(pod);
    }
  } else {
    for (size_t i = 0; i < s.pods.size(); ++i) {
      const model::PodTemplate& t = s.templates[s.pods[i].spec.index()];
      const model::Pod& manifest = o.objects.pods[t.manifest];
      if ((e.pod_namespace.empty() || t.namespace_name == e.pod_namespace)
          && model::matches_all(e.pod_labels, manifest.meta.labels)) {
        selected.push_back(model::PodId::from_index(i));
      }
    }
  }
  if (selected.empty()) {
    return {e.name, false,
            e.pod.empty() ? std::string("no pod matches the podSelector")
                          : fmt::format("no pod named {}", e.pod)};
  }
  std::vector<std::string> wrong;
  for (const model::PodId id : selected) {
    if (!in_phase(e, s, s.pod(id))) {
      wrong.push_back(pod_state(s, id));
    }
  }
  const std::string where = !e.node.empty()          ? " on " + e.node
                            : !e.node_labels.empty() ? " on a matching node"
                                                     : "";
  if (wrong.empty()) {
    return {e.name, true,
            selected.size() == 1
                ? fmt::format("{} at {}s", pod_state(s, selected.front()), format_seconds(o.now))
                : fmt::format("all {} pods are {}{} at {}s", selected.size(), e.phase, where,
                              format_seconds(o.now))};
  }
  const size_t shown = std::min<size_t>(wrong.size(), 5);
  std::vector<std::string> head(wrong.begin(), wrong.begin() + static_cast<long>(shown));
  return {e.name, false,
          fmt::format("{} of {} pods are not {}{} at {}s: {}{}", wrong.size(), selected.size(),
                      e.phase, where, format_seconds(o.now), fmt::join(head, ", "),
                      wrong.size() > shown ? ", ..." : "")};
}

/// "node dra-3", "queue team-a", or with the kind "negative-idle on node dra-3".
std::string describe(const model::Anomaly& a, bool with_kind) {
  std::string subject = !a.node.empty()    ? "node " + a.node
                        : !a.queue.empty() ? "queue " + a.queue
                        : !a.pod.empty()   ? "pod " + a.pod
                                           : std::string();
  if (!with_kind) {
    return subject.empty() ? "an anomaly" : subject;
  }
  return subject.empty() ? model::to_string(a.kind)
                         : fmt::format("{} on {}", model::to_string(a.kind), subject);
}

ExpectationResult anomalies_at_most(const Expectation& e, const Observation& o) {
  const model::Anomaly* first = nullptr;
  int64_t count = 0;
  for (const model::Anomaly& a : o.state.anomalies) {
    if (e.anomaly_kind && a.kind != *e.anomaly_kind) {
      continue;
    }
    ++count;
    first = first == nullptr || anomaly_before(a, *first) ? &a : first;
  }
  const std::string what =
      e.anomaly_kind ? std::string(model::to_string(*e.anomaly_kind)) + " " : std::string();
  std::string message = fmt::format("{} {}anomalies by {}s, expected at most {}", count, what,
                                    format_seconds(o.now), e.count);
  if (first != nullptr) {
    message += fmt::format(" (first: {} at {}s)", describe(*first, !e.anomaly_kind),
                           format_seconds(SimTime{first->at_us}));
  }
  return {e.name, count <= e.count, message};
}

ExpectationResult quota_drift(const Expectation& e, const Observation& o) {
  const model::QueueId queue = find_queue(o.state, e.queue);
  if (!queue.valid()) {
    return {e.name, false, fmt::format("no queue named {}", e.queue)};
  }
  const char* resource = quota_resource_name(e.resource);
  if (e.at) {
    // At a given time: the drift the last sample shows then.
    const QuotaSample now = o.quota.current(queue, e.resource);
    const double accounted = in_report_units(e.resource, now.accounted);
    const double actual = in_report_units(e.resource, now.actual);
    const double drift = accounted - actual;
    return {e.name, std::abs(drift) <= e.within,
            fmt::format("{} {}: accounted {}, actual {} at {}s (drift {}), expected within {}",
                        e.queue, resource, format_amount(accounted), format_amount(actual),
                        format_seconds(o.now), format_amount(drift), format_amount(e.within))};
  }
  const DriftPeak& peak = o.quota.peak(queue, e.resource);
  const double largest = in_report_units(e.resource, peak.max_abs);
  std::string message =
      fmt::format("{} {}: largest quota drift {}", e.queue, resource, format_amount(largest));
  if (peak.at) {
    message += fmt::format(" (first at {}s)", format_seconds(*peak.at));
  }
  message +=
      fmt::format(" by {}s, expected within {}", format_seconds(o.now), format_amount(e.within));
  return {e.name, largest <= e.within, message};
}

}  // namespace

ExpectationResult evaluate(const Expectation& expectation, const Observation& observed) {
  switch (expectation.kind) {
    case Expectation::Kind::kAllPodsBound:
      return all_bound(expectation, observed.state);
    case Expectation::Kind::kPendingAtMost:
      return pending_at_most(expectation, observed.state, observed.now);
    case Expectation::Kind::kPodOnNode:
      return pod_on_node(expectation, observed.state);
    case Expectation::Kind::kFairShare:
      return fair_share(expectation, observed);
    case Expectation::Kind::kEvictionsAtMost:
      return evictions_at_most(expectation, observed);
    case Expectation::Kind::kAnomaliesAtMost:
      return anomalies_at_most(expectation, observed);
    case Expectation::Kind::kQuotaDrift:
      return quota_drift(expectation, observed);
    case Expectation::Kind::kWaitTime:
      return wait_time(expectation, observed);
    case Expectation::Kind::kUtilization:
      return utilization(expectation, observed);
    case Expectation::Kind::kPodPhase:
      return pod_phase(expectation, observed);
  }
  return {};
}

}  // namespace drasim::sim
