#include "reports/pod_rows.h"

#include "reports/json_report.h"

#include <fmt/format.h>

#include <algorithm>
#include <tuple>

namespace drasim::reports {
namespace {

std::string pending_reason(const model::ClusterState& s, model::PodId id) {
  const model::PodInfo& p = s.pod(id);
  switch (p.phase) {
    case model::PodPhase::kNotSubmitted:
      return "not submitted before the end of the run";
    case model::PodPhase::kBinding:
      return fmt::format("binding to node {}", s.node(p.node).name);
    case model::PodPhase::kPending:
      return s.reason_of(id).empty() ? std::string("not yet considered by a scheduling cycle")
                                     : s.reason_of(id);
    case model::PodPhase::kReleasing:
      return fmt::format("evicted from node {}: terminating", s.node(p.node).name);
    case model::PodPhase::kPipelined:
    case model::PodPhase::kRunning:
    case model::PodPhase::kSucceeded:
    case model::PodPhase::kFailed:
    case model::PodPhase::kEvicted:
      return {};
  }
  return {};
}

}  // namespace

std::vector<PodRow> pod_rows(const sim::RunResult& result) {
  const model::ClusterState& s = result.state;
  std::vector<PodRow> rows;
  rows.reserve(s.pods.size());
  for (size_t i = 0; i < s.pods.size(); ++i) {
    const model::PodInfo& p = s.pods[i];
    const model::PodTemplate& t = s.templates[p.spec.index()];
    PodRow row;
    row.namespace_name = t.namespace_name;
    row.name = p.name;
    row.queue = s.jobs[p.job.index()].queue_name;
    row.phase = phase_name(p.phase);
    if (p.phase == model::PodPhase::kRunning) {
      row.node = s.node(p.node).name;
    } else if (p.phase == model::PodPhase::kSucceeded && p.ran_on.valid()) {
      row.node = s.node(p.ran_on).name;
    }
    // DRA when claims (the pod's own, or the KEP-5004 bridge's) hold devices for it.
    if (t.has_resource_claims || p.bridge_claim.valid()) {
      row.path = "dra";
    } else {
      // A shared GPU comes from the device plugin too, through KAI's reservation pod.
      row.path = t.uses_extended_resources || t.gpu_share.shared() ? "device-plugin" : "none";
    }
    row.devices = p.devices;
    row.extended_claim_status = p.extended_claim_status;
    row.implicit_tolerations = t.implicit_tolerations;
    if (t.gpu_share.shared()) {
      row.gpu_shared = true;
      const model::NodeId on = p.node.valid() ? p.node : p.ran_on;
      if (on.valid() && !p.gpu_groups.empty()) {
        const model::NodeInfo& n = s.node(on);
        for (const uint32_t g : p.gpu_groups) {
          row.gpu_groups.push_back(model::gpu_group_name(n.name, g));
        }
        row.gpu_portion = model::share_portion_on_node(t.gpu_share, n.gpu_groups.memory_mib);
      } else if (t.gpu_share.type == model::GpuRequestType::kFraction) {
        row.gpu_portion = t.gpu_share.portion;
      }
    }
    row.submitted = sim::SimTime{p.submitted_us};
    if (p.bound_us) {
      row.bound = sim::SimTime{*p.bound_us};
    }
    if (p.finished_us) {
      row.finished = sim::SimTime{*p.finished_us};
    }
    row.reason = pending_reason(s, model::PodId::from_index(i));
    row.evictions = p.evictions;
    row.eviction_message = p.eviction_message;
    rows.push_back(std::move(row));
  }
  std::sort(rows.begin(), rows.end(), [](const PodRow& a, const PodRow& b) {
    return std::tie(a.namespace_name, a.name) < std::tie(b.namespace_name, b.name);
  });
  return rows;
}

PodCounts count_pods(const std::vector<PodRow>& rows) {
  PodCounts c;
  for (const PodRow& r : rows) {
    ++c.pods;
    c.bound += r.phase == "Running" ? 1 : 0;
    c.completed += r.phase == "Succeeded" ? 1 : 0;
    c.pending += r.phase == "Pending" ? 1 : 0;
    c.evicted += r.phase == "Evicted" ? 1 : 0;
    c.failed += r.phase == "Failed" ? 1 : 0;
  }
  return c;
}

}  // namespace drasim::reports
