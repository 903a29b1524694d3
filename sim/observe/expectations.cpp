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
  for (size_t i = 0; i < s.pods.size(); ++i) {
    if (s.pod_key(model::PodId::from_index(i)) != e.pod) {
      continue;
    }
    const model::PodInfo& p = s.pods[i];
    const model::NodeId where = p.node.valid() ? p.node : p.ran_on;
    if (!where.valid()) {
      return {e.name, false, fmt::format("{} is on no node", e.pod)};
    }
    const model::NodeInfo& n = s.node(where);
    const bool ok = e.node.empty() ? model::matches_all(e.node_labels, n.labels) : n.name == e.node;
    return {e.name, ok, fmt::format("{} is on {}", e.pod, n.name)};
  }
  return {e.name, false, fmt::format("no pod named {}", e.pod)};
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

ExpectationResult evictions_at_most(const Expectation& e, const Observation& o) {
  const bool ok = static_cast<int64_t>(o.evictions) <= e.count;
  return {e.name, ok,
          fmt::format("{} evictions by {}s, expected at most {}", o.evictions,
                      format_seconds(o.now), e.count)};
}

/// The queue named `name`; invalid when there is none (the loader rejects that already).
model::QueueId find_queue(const model::ClusterState& s, const std::string& name) {
  const auto& queues = s.queues;
  const auto it = std::find_if(queues.begin(), queues.end(),
                               [&](const model::QueueInfo& q) { return q.spec.meta.name == name; });
  return it == queues.end() ? model::QueueId()
                            : model::QueueId::from_index(static_cast<size_t>(it - queues.begin()));
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
  }
  return {};
}

}  // namespace drasim::sim
