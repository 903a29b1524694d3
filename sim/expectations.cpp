#include "sim/expectations.h"

#include <fmt/format.h>

#include <vector>

namespace drasim::sim {
namespace {

std::string pod_key(const model::ClusterState& s, size_t i) {
  return s.templates[s.pods[i].spec.index()].namespace_name + "/" + s.pods[i].name;
}

bool is_placed_or_done(model::PodPhase p) {
  return p == model::PodPhase::kBinding || p == model::PodPhase::kRunning
         || p == model::PodPhase::kSucceeded;
}

ExpectationResult all_bound(const Expectation& e, const model::ClusterState& s) {
  std::vector<std::string> missing;
  for (size_t i = 0; i < s.pods.size(); ++i) {
    if (!is_placed_or_done(s.pods[i].phase)) {
      missing.push_back(pod_key(s, i));
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
    if (pod_key(s, i) != e.pod) {
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

}  // namespace

ExpectationResult evaluate(const Expectation& expectation, const model::ClusterState& state,
                           SimTime now) {
  switch (expectation.kind) {
    case Expectation::Kind::kAllPodsBound:
      return all_bound(expectation, state);
    case Expectation::Kind::kPendingAtMost:
      return pending_at_most(expectation, state, now);
    case Expectation::Kind::kPodOnNode:
      return pod_on_node(expectation, state);
  }
  return {};
}

}  // namespace drasim::sim
