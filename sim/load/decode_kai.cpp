// Decoders for KAI's kinds: scheduling.run.ai/v2 Queue, v2alpha2 PodGroup, kai.scheduler Topology.
#include "sim/load/decode_common.h"
#include "sim/load/decoders.h"
#include "sim/load/quote.h"

#include <fmt/format.h>

#include <cmath>
#include <map>
#include <string>
#include <vector>

namespace drasim::sim {
namespace {

/// The largest Queue amount drasim takes: KAI keeps quotas as float64 and never overflows,
/// while drasim counts in int64 milli-units; 10^15 (a million billion GPUs, cores or MiB) keeps
/// every product and sum in range and is far past any real cluster. Larger amounts are
/// refused, not saturated, so that a typo such as `1e30` is seen.
constexpr double kMaxQueueAmount = 1e15;

double queue_number(const Cursor& c, const char* what, bool unlimited) {
  const double value = c.number().value_or(0);
  if (!std::isfinite(value) || value > kMaxQueueAmount || value < (unlimited ? -1 : 0)) {
    c.error(fmt::format("{} from {} to 1e15", what, unlimited ? "-1 (unlimited)" : "0"));
    return 0;
  }
  return value;
}

model::QueueResource decode_queue_resource(const Cursor& c) {
  model::QueueResource r;
  c.expect_map();
  r.quota = queue_number(c["quota"], "a quota", true);
  r.over_quota_weight = queue_number(c["overQuotaWeight"], "a weight", false);
  r.limit = queue_number(c["limit"], "a limit", true);
  return r;
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

/// The PodGroup webhook's checks of `spec.subGroups` (v2alpha2 podgroup_webhook.go,
/// validateSubGroups): unique names, parents that exist and no cycle; a subgroup that is some
/// other's parent takes minSubGroup, never minMember; any other (a leaf, which holds pods) needs
/// minMember and takes no minSubGroup.
void check_sub_groups(const std::vector<model::SubGroup>& subs, const std::vector<Cursor>& at) {
  std::map<std::string, size_t> index;
  for (size_t i = 0; i < subs.size(); ++i) {
    if (!index.emplace(subs[i].name, i).second) {
      at[i]["name"].error("a subgroup name not used before in the PodGroup",
                          fmt::format("{} again", quote(subs[i].name)));
    }
  }
  std::vector<bool> is_parent(subs.size(), false);
  for (size_t i = 0; i < subs.size(); ++i) {
    if (subs[i].parent.empty()) {
      continue;
    }
    const auto parent = index.find(subs[i].parent);
    if (parent == index.end()) {
      at[i]["parent"].error("the name of another subgroup of the PodGroup", quote(subs[i].parent));
      continue;
    }
    is_parent[parent->second] = true;
    // Walking up from a subgroup reaches the top within as many steps as there are subgroups,
    // unless the parents loop.
    size_t steps = 0;
    for (auto up = parent;
         up != index.end() && !subs[up->second].parent.empty() && steps <= subs.size();
         up = index.find(subs[up->second].parent)) {
      ++steps;
    }
    if (steps > subs.size()) {
      at[i]["parent"].error("a parent chain that ends at the PodGroup", "a cycle");
    }
  }
  for (size_t i = 0; i < subs.size(); ++i) {
    if (is_parent[i] && subs[i].min_member) {
      at[i]["minMember"].error("minSubGroup on a subgroup that has subgroups", "minMember");
    } else if (!is_parent[i] && subs[i].min_sub_group) {
      at[i]["minSubGroup"].error("minMember on a subgroup without subgroups", "minSubGroup");
    } else if (!is_parent[i] && !subs[i].min_member) {
      at[i].error("minMember on a subgroup without subgroups (the pods it needs)");
    }
  }
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
  pg.min_sub_group = decode_min(spec["minSubGroup"]);
  if (pg.min_member && pg.min_sub_group) {
    spec["minSubGroup"].error("minMember or minSubGroup, not both", "both");
  }
  pg.topology_constraint = decode_topology_constraint(spec["topologyConstraint"], file_index);
  const std::vector<Cursor> subs = spec["subGroups"].items();
  for (const Cursor& sg : subs) {
    model::SubGroup sub;
    sub.name = sg["name"].required_str("a subgroup name");
    sub.parent = sg["parent"].str();
    sub.min_member = decode_min(sg["minMember"]);
    sub.min_sub_group = decode_min(sg["minSubGroup"]);
    sub.topology_constraint = decode_topology_constraint(sg["topologyConstraint"], file_index);
    pg.sub_groups.push_back(std::move(sub));
  }
  check_sub_groups(pg.sub_groups, subs);
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
