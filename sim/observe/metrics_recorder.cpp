#include "sim/observe/metrics_recorder.h"

#include "model/cluster/dra_gpus.h"
#include "model/dra/inventory.h"
#include "sim/observe/held_gpus.h"

#include <algorithm>

namespace drasim::sim {
namespace {

/// Appends `row` unless it repeats the last row's values; a row at the same instant as the last
/// one replaces it, and is dropped when that leaves it equal to the row before.
template <class Row, class Same>
void append(std::vector<Row>& rows, const Row& row, Same same) {
  const Row zero{};
  if (same(rows.empty() ? zero : rows.back(), row)) {
    return;
  }
  if (!rows.empty() && rows.back().at == row.at) {
    rows.pop_back();
  }
  if (!same(rows.empty() ? zero : rows.back(), row)) {
    rows.push_back(row);
  }
}

bool same_usage(const UsageSample& a, const UsageSample& b) {
  return a.used == b.used && a.capacity == b.capacity;
}

bool same_row(const MetricsRow& a, const MetricsRow& b) {
  return a.same_values(b);
}

}  // namespace

MetricsRecorder::MetricsRecorder(const model::ClusterState& state)
    : pods_(state.pods.size()), nodes_(state.nodes.size()), node_gpus_(state.nodes.size()) {
  // The nodes present from the start hold their capacity from time 0, whenever the first event
  // comes.
  sample(state, SimTime{}, true);
}

void MetricsRecorder::pod_changed(model::PodId pod) {
  PodTrack& t = pods_[pod.index()];
  if (!t.dirty) {
    t.dirty = true;
    dirty_pods_.push_back(pod);
  }
}

void MetricsRecorder::node_changed(model::NodeId node) {
  NodeTrack& n = nodes_[node.index()];
  if (!n.dirty) {
    n.dirty = true;
    dirty_nodes_.push_back(node);
  }
}

void MetricsRecorder::all_nodes_changed() {
  all_nodes_dirty_ = true;
}

void MetricsRecorder::after_cycle(const model::CycleResult& result) {
  current_.evictions += static_cast<int64_t>(result.evictions.size());
  for (const auto& [pod, node] : result.binds) {
    pod_changed(pod);
  }
  for (const model::PodId pod : result.evictions) {
    pod_changed(pod);
  }
}

void MetricsRecorder::record_wait(const model::ClusterState& state, model::PodId pod,
                                  int64_t wait_us) {
  wait_p50_.insert(wait_us);
  wait_p95_.insert(wait_us);
  wait_p99_.insert(wait_us);
  const std::string& queue = state.jobs[state.pod(pod).job.index()].queue_name;
  auto it = queue_waits_.find(queue);
  if (it == queue_waits_.end()) {
    it = queue_waits_.emplace(queue, std::vector<int64_t>{}).first;
  }
  it->second.push_back(wait_us);
  current_.wait_p50 = wait_p50_.value();
  current_.wait_p95 = wait_p95_.value();
  current_.wait_p99 = wait_p99_.value();
}

void MetricsRecorder::update_pod(const model::ClusterState& state, model::PodId pod) {
  PodTrack& t = pods_[pod.index()];
  t.dirty = false;
  const model::PodInfo& p = state.pod(pod);
  current_.pending += (p.phase == model::PodPhase::kPending ? 1 : 0)
                      - (t.phase == model::PodPhase::kPending ? 1 : 0);
  current_.running += (model::holds_node(p.phase) ? 1 : 0) - (model::holds_node(t.phase) ? 1 : 0);
  // Only a failed bind (a binder rollback, a PreBind that gave up on binding conditions) takes
  // a Binding pod back to Pending.
  if (t.phase == model::PodPhase::kBinding && p.phase == model::PodPhase::kPending) {
    ++current_.failed_binds;
  }
  t.phase = p.phase;
  if (t.last_node.valid()) {
    node_changed(t.last_node);
  }
  const bool holds = model::holds_node(p.phase);
  if (t.node.valid() && (!holds || p.node != t.node)) {
    NodeTrack& n = nodes_[t.node.index()];
    for (size_t r = 0; r < kMetricResources; ++r) {
      n.pod_sum[r] -= t.held[r];
    }
    node_changed(t.node);
    t.node = model::NodeId();
  }
  if (holds && !t.node.valid()) {
    const model::PodTemplate& spec = state.spec_of(pod);
    t.node = p.node;
    t.last_node = p.node;
    t.held = {spec.request.get(model::kCpuSlot), spec.request.get(model::kMemorySlot),
              held_gpu_milli(state, pod)};
    NodeTrack& n = nodes_[t.node.index()];
    for (size_t r = 0; r < kMetricResources; ++r) {
      n.pod_sum[r] += t.held[r];
    }
    node_changed(t.node);
  }
  if (p.bound_us && p.bound_us != t.bound_us && state.spec_of(pod).node_name.empty()) {
    record_wait(state, pod, *p.bound_us - p.submitted_us);
  }
  t.bound_us = p.bound_us;
}

void MetricsRecorder::add_node(const NodeTrack& n, int sign) {
  if (!n.counted) {
    return;
  }
  for (const NodePool pool : {n.pool, NodePool::kAll}) {
    auto& totals = totals_[static_cast<size_t>(pool)];
    for (size_t r = 0; r < kMetricResources; ++r) {
      totals[r].used += sign * n.used[r];
      totals[r].capacity += sign * n.capacity[r];
    }
  }
  current_.capacity_offline_gpus += sign * n.offline_gpus;
}

void MetricsRecorder::update_node(const model::ClusterState& state, model::NodeId node) {
  NodeTrack& n = nodes_[node.index()];
  n.dirty = false;
  add_node(n, -1);
  usage_changed_ = true;
  const model::NodeInfo& info = state.node(node);
  n.counted = info.present;
  if (!n.counted) {
    record_node_gpus(node, 0, 0);
    return;
  }
  const bool device_plugin = advertises_gpus(info);
  const int64_t plugin_gpus = device_plugin
                                  ? std::max<int64_t>(0, info.allocatable.get(model::kGpuSlot)
                                                             - info.dra_gpus * model::kMilliPerGpu)
                                  : 0;
  const auto [dra_devices, dra_held] = dra_gpu_devices(state, info);
  n.pool = classify_node(device_plugin, dra_devices > 0);
  n.capacity = {info.allocatable.get(model::kCpuSlot), info.allocatable.get(model::kMemorySlot),
                plugin_gpus + dra_devices * model::kMilliPerGpu};
  n.used = {n.pod_sum[0], n.pod_sum[1], n.pod_sum[2] + dra_held * model::kMilliPerGpu};
  const int64_t all_gpus = n.capacity[2] / model::kMilliPerGpu;
  n.offline_gpus = info.offline_gpus > 0             ? info.offline_gpus
                   : !info.condition_problem.empty() ? all_gpus
                                                     : 0;
  add_node(n, 1);
  record_node_gpus(node, n.used[2], n.capacity[2]);
}

void MetricsRecorder::record_node_gpus(model::NodeId node, int64_t used, int64_t capacity) {
  UsageSeries& series = node_gpus_[node.index()];
  if (series.empty() && capacity == 0 && used == 0) {
    return;  // a node that never had a GPU has no series
  }
  append(series, UsageSample{now_, used, capacity}, same_usage);
}

void MetricsRecorder::sample(const model::ClusterState& state, SimTime now, bool instant_ends) {
  now_ = now;
  for (const model::PodId pod : dirty_pods_) {
    update_pod(state, pod);
  }
  dirty_pods_.clear();
  if (!instant_ends) {
    return;
  }
  if (all_nodes_dirty_) {
    all_nodes_dirty_ = false;
    for (size_t i = 0; i < nodes_.size(); ++i) {
      node_changed(model::NodeId::from_index(i));
    }
  }
  for (const model::NodeId node : dirty_nodes_) {
    update_node(state, node);
  }
  dirty_nodes_.clear();
  append_rows(now);
}

void MetricsRecorder::append_rows(SimTime now) {
  current_.at = now;
  append(rows_, current_, same_row);
  if (!usage_changed_) {
    return;
  }
  usage_changed_ = false;
  for (size_t pool = 0; pool < kNodePools; ++pool) {
    for (size_t r = 0; r < kMetricResources; ++r) {
      UsageSample s = totals_[pool][r];
      s.at = now;
      append(usage_[pool][r], s, same_usage);
    }
  }
}

std::vector<int64_t> MetricsRecorder::waits(std::string_view queue) const {
  if (!queue.empty()) {
    const auto it = queue_waits_.find(queue);
    return it == queue_waits_.end() ? std::vector<int64_t>{} : it->second;
  }
  std::vector<int64_t> all;
  for (const auto& [name, waits] : queue_waits_) {
    all.insert(all.end(), waits.begin(), waits.end());
  }
  return all;
}

RunMetrics MetricsRecorder::finish(const model::ClusterState& state, SimTime end) {
  RunMetrics m;
  std::vector<int64_t> all = waits("");
  m.waits = summarize_waits(all);
  m.all_waits = std::move(all);
  for (auto& [queue, waits] : queue_waits_) {
    if (!queue.empty()) {
      WaitSummary summary = summarize_waits(waits);
      m.by_queue.push_back(QueueWaits{queue, summary, std::move(waits)});
    }
  }
  for (const model::PodInfo& p : state.pods) {
    if (p.phase != model::PodPhase::kPending) {
      continue;
    }
    ++m.still_pending;
    const SimDuration waited{end.us - p.submitted_us};
    m.still_pending_max_wait = std::max(m.still_pending_max_wait.value_or(waited), waited);
  }
  m.rows = std::move(rows_);
  m.usage = std::move(usage_);
  m.node_gpus = std::move(node_gpus_);
  return m;
}

uint64_t MetricsRecorder::series_bytes() const {
  uint64_t bytes = rows_.size() * sizeof(MetricsRow);
  for (const auto& pool : usage_) {
    for (const UsageSeries& series : pool) {
      bytes += series.size() * sizeof(UsageSample);
    }
  }
  for (const UsageSeries& series : node_gpus_) {
    bytes += series.size() * sizeof(UsageSample);
  }
  return bytes;
}

}  // namespace drasim::sim
