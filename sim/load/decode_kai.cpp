// Decoders for KAI's kinds: scheduling.run.ai/v2 Queue, v2alpha2 PodGroup, kai.scheduler Topology.
#include "sim/load/decode_common.h"
#include "sim/load/decoders.h"

namespace drasim::sim {
namespace {

model::QueueResource decode_queue_resource(const Cursor& c) {
  model::QueueResource r;
  c.expect_map();
  r.quota = c["quota"].number().value_or(0);
  r.over_quota_weight = c["overQuotaWeight"].number().value_or(0);
  r.limit = c["limit"].number().value_or(0);
  if (r.quota < -1) {
    c["quota"].error("a quota of -1 (unlimited) or more");
  }
  if (r.limit < -1) {
    c["limit"].error("a limit of -1 (unlimited) or more");
  }
  if (r.over_quota_weight < 0) {
    c["overQuotaWeight"].error("a weight of zero or more");
  }
  return r;
}

/// Durations in KAI's CRDs may be negative (`stalenessGracePeriod: -1s` means never).
std::optional<int64_t> signed_duration_us(const Cursor& c) {
  if (!c.present()) {
    return std::nullopt;
  }
  const std::string text = c.str();
  if (!text.empty() && text[0] == '-') {
    if (const auto d = parse_duration(std::string_view(text).substr(1))) {
      return -d->us;
    }
    c.error("a duration such as 250ms, 90s, 5m or 6h");
    return std::nullopt;
  }
  return decode_duration_us(c);
}

model::TopologyConstraint decode_topology_constraint(const Cursor& c, uint32_t file_index) {
  model::TopologyConstraint t;
  c.expect_map();
  t.topology = c["topology"].str();
  t.required_level = c["requiredTopologyLevel"].str();
  t.preferred_level = c["preferredTopologyLevel"].str();
  t.topology_at = source_of(c["topology"], file_index);
  t.required_at = source_of(c["requiredTopologyLevel"], file_index);
  t.preferred_at = source_of(c["preferredTopologyLevel"], file_index);
  if (t.topology.empty() && (!t.required_level.empty() || !t.preferred_level.empty())) {
    c["topology"].error("the name of a Topology when a level is given");
  }
  return t;
}

std::optional<int64_t> decode_min(const Cursor& c) {
  const auto v = c.integer();
  if (v && *v < 0) {
    c.error("zero or more members");
    return std::nullopt;
  }
  return v;
}

}  // namespace

model::Queue decode_queue(const Cursor& root, uint32_t file_index) {
  model::Queue q;
  q.meta = decode_meta(root, file_index, false);
  q.meta.namespace_name.clear();
  const Cursor spec = root["spec"];
  spec.expect_map();
  q.display_name = spec["displayName"].str();
  q.parent_queue = spec["parentQueue"].str();
  q.priority = spec["priority"].integer().value_or(100);
  const Cursor resources = spec["resources"];
  q.has_resources = resources.is_map();
  if (resources.expect_map()) {
    q.cpu = decode_queue_resource(resources["cpu"]);
    q.memory = decode_queue_resource(resources["memory"]);
    q.gpu = decode_queue_resource(resources["gpu"]);
  }
  q.preempt_min_runtime_us = decode_duration_us(spec["preemptMinRuntime"]);
  q.reclaim_min_runtime_us = decode_duration_us(spec["reclaimMinRuntime"]);
  if (!q.parent_queue.empty() && q.parent_queue == q.meta.name) {
    spec["parentQueue"].error("another queue's name", "the queue itself");
  }
  return q;
}

model::PodGroup decode_pod_group(const Cursor& root, uint32_t file_index) {
  model::PodGroup pg;
  pg.meta = decode_meta(root, file_index, true);
  const Cursor spec = root["spec"];
  spec.expect_map();
  pg.queue = spec["queue"].str();
  pg.min_member = decode_min(spec["minMember"]);
  pg.priority_class_name = spec["priorityClassName"].str();
  pg.preemptibility = spec["preemptibility"].one_of<model::Preemptibility>(
      {{"preemptible", model::Preemptibility::kPreemptible},
       {"non-preemptible", model::Preemptibility::kNonPreemptible}},
      model::Preemptibility::kUnset);
  pg.topology_constraint = decode_topology_constraint(spec["topologyConstraint"], file_index);
  for (const Cursor& sg : spec["subGroups"].items()) {
    model::SubGroup sub;
    sub.name = sg["name"].required_str("a subgroup name");
    sub.parent = sg["parent"].str();
    sub.min_member = decode_min(sg["minMember"]);
    sub.topology_constraint = decode_topology_constraint(sg["topologyConstraint"], file_index);
    pg.sub_groups.push_back(std::move(sub));
  }
  pg.staleness_grace_period_us = signed_duration_us(spec["stalenessGracePeriod"]);
  pg.preemption_delay_us = decode_duration_us(spec["preemptionDelay"]);
  pg.replicas = decode_replicas(root["metadata"]["annotations"]["drasim.dev/replicas"]).value_or(1);
  return pg;
}

model::Topology decode_topology(const Cursor& root, uint32_t file_index) {
  model::Topology t;
  t.meta = decode_meta(root, file_index, false);
  t.meta.namespace_name.clear();
  const Cursor levels = root["spec"]["levels"];
  for (const Cursor& level : levels.items()) {
    t.levels.push_back({level["nodeLabel"].required_str("a node label key"), level["alias"].str()});
  }
  if (t.levels.empty()) {
    levels.error("at least one topology level");
  }
  return t;
}

}  // namespace drasim::sim
