#include "sim/load/scenario_checks.h"

#include "model/cluster/subgroups.h"
#include "model/cluster/topology_tree.h"
#include "model/cluster_builder.h"
#include "model/k8s/builtin_priorities.h"
#include "sim/load/quote.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>
#include <tuple>
#include <unordered_map>

namespace drasim::sim {
namespace {

class Checker {
 public:
  Checker(const Scenario& s, Diagnostics& d) : s_(s), d_(d) {}

  void report(const model::SourceRef& at, std::string path, std::string expected,
              std::string found) {
    const std::string& file = at.file < s_.files.size() ? s_.files[at.file] : std::string();
    d_.error(Diagnostic{file, Mark{at.line, at.col}, std::move(path), std::move(expected),
                        std::move(found)});
  }

  std::string where(const model::SourceRef& at) const {
    const std::string& file = at.file < s_.files.size() ? s_.files[at.file] : std::string();
    return fmt::format("{}:{}:{}", file, at.line, at.col);
  }

  /// Two objects of one kind may share a name only when a timeline event replaced the first
  /// by the second (their lifetimes do not overlap).
  template <class T>
  void unique_names(const std::vector<T>& objects, std::string_view kind) {
    // Views of the names (the objects stay put), hashed: only lookups, never an order.
    struct Hash {
      size_t operator()(const std::pair<std::string_view, std::string_view>& k) const {
        const size_t h = std::hash<std::string_view>{}(k.first);
        return h
               ^ (std::hash<std::string_view>{}(k.second) + 0x9e3779b97f4a7c15ULL + (h << 6)
                  + (h >> 2));
      }
    };

    std::unordered_map<std::pair<std::string_view, std::string_view>, const model::ObjectMeta*,
                       Hash>
        seen;
    seen.reserve(objects.size());
    for (const T& o : objects) {
      const std::pair<std::string_view, std::string_view> key(o.meta.namespace_name, o.meta.name);
      const auto [it, inserted] = seen.emplace(key, &o.meta);
      if (inserted) {
        continue;
      }
      const model::ObjectMeta& first = *it->second;
      if (first.gone_us <= o.meta.appear_us || o.meta.gone_us <= first.appear_us) {
        it->second = &o.meta;
        continue;
      }
      report(o.meta.source, "metadata.name",
             fmt::format("a {} name not used before (first at {})", kind, where(first.source)),
             fmt::format("{} again", quote(o.meta.name)));
    }
  }

  /// Replicas multiply (a PodGroup's copies times each member's): the run's total is capped
  /// before anything is built, at the manifest that crosses the cap.
  void pod_total() {
    const model::PodGroupMembers groups = model::pod_group_members(s_.objects);
    int64_t total = 0;
    for (size_t m = 0; m < s_.objects.pods.size(); ++m) {
      total += model::expanded_pod_count(s_.objects, groups, m);
      if (total > kMaxPods) {
        const model::Pod& pod = s_.objects.pods[m];
        report(pod.meta.source, "metadata.annotations[\"drasim.dev/replicas\"]",
               fmt::format("at most {} pods in a run, all replicas together", kMaxPods),
               fmt::format("{} with pod {}/{}", total, pod.meta.namespace_name, pod.meta.name));
        return;
      }
    }
  }

  void all_unique() {
    const model::ObjectSet& o = s_.objects;
    unique_names(o.nodes, "Node");
    unique_names(o.pods, "Pod");
    unique_names(o.namespaces, "Namespace");
    unique_names(o.priority_classes, "PriorityClass");
    unique_names(o.queues, "Queue");
    unique_names(o.pod_groups, "PodGroup");
    unique_names(o.topologies, "Topology");
    unique_names(o.device_classes, "DeviceClass");
    unique_names(o.resource_slices, "ResourceSlice");
    unique_names(o.resource_claims, "ResourceClaim");
    unique_names(o.resource_claim_templates, "ResourceClaimTemplate");
    unique_names(o.device_taint_rules, "DeviceTaintRule");
  }

  void priority_classes() {
    std::set<std::string> defined;
    int defaults = 0;
    for (const auto& pc : s_.objects.priority_classes) {
      defined.insert(pc.meta.name);
      if (pc.global_default && ++defaults == 2) {
        report(pc.meta.source, "globalDefault", "at most one global default PriorityClass",
               "a second one");
      }
    }
    const auto known = [&](const std::string& name) {
      return name.empty() || defined.count(name) > 0 || model::builtin_priority(name).has_value();
    };
    for (const auto& pod : s_.objects.pods) {
      if (!known(pod.spec.priority_class_name)) {
        report(pod.meta.source, "spec.priorityClassName", "the name of an existing PriorityClass",
               quote(pod.spec.priority_class_name));
      }
      const std::string& label = model::lookup(pod.meta.labels, "priorityClassName", empty_);
      if (!known(label)) {
        report(pod.meta.source, "metadata.labels.priorityClassName",
               "the name of an existing PriorityClass", quote(label));
      }
    }
    for (const auto& pg : s_.objects.pod_groups) {
      if (!known(pg.priority_class_name)) {
        report(pg.meta.source, "spec.priorityClassName", "the name of an existing PriorityClass",
               quote(pg.priority_class_name));
      }
    }
  }

  void pod_groups() {
    std::set<std::pair<std::string, std::string>> groups;
    for (const auto& pg : s_.objects.pod_groups) {
      groups.emplace(pg.meta.namespace_name, pg.meta.name);
    }
    for (const auto& pod : s_.objects.pods) {
      const std::string& name = model::lookup(pod.meta.annotations, "pod-group-name", empty_);
      if (!name.empty() && groups.count({pod.meta.namespace_name, name}) == 0) {
        report(pod.meta.source, "metadata.annotations.pod-group-name",
               fmt::format("a PodGroup in namespace {}", pod.meta.namespace_name), quote(name));
      }
    }
  }

  /// A topologyConstraint must name a loaded Topology and levels (node labels or aliases) it
  /// has; KAI would otherwise leave the job pending with a configuration error every cycle.
  void topology_constraint(const model::TopologyConstraint& c, const std::string& path) {
    if (c.topology.empty()) {
      return;
    }
    const auto& all = s_.objects.topologies;
    const auto it = std::find_if(all.begin(), all.end(), [&](const model::Topology& t) {
      return t.meta.name == c.topology;
    });
    if (it == all.end()) {
      report(c.topology_at, path + ".topology", "the name of an existing Topology",
             quote(c.topology));
      return;
    }
    for (const auto& [level, at, field] :
         {std::tuple{&c.required_level, &c.required_at, "requiredTopologyLevel"},
          std::tuple{&c.preferred_level, &c.preferred_at, "preferredTopologyLevel"}}) {
      if (!level->empty() && !model::topology_level_depth(*it, *level)) {
        report(*at, fmt::format("{}.{}", path, field),
               fmt::format("a level (node label or alias) of Topology {}", c.topology),
               quote(*level));
      }
    }
  }

  void topology_constraints() {
    for (const auto& pg : s_.objects.pod_groups) {
      topology_constraint(pg.topology_constraint, "spec.topologyConstraint");
      for (size_t i = 0; i < pg.sub_groups.size(); ++i) {
        topology_constraint(pg.sub_groups[i].topology_constraint,
                            fmt::format("spec.subGroups[{}].topologyConstraint", i));
      }
    }
  }

  /// A deviceCondition event names a driver, and a pool and devices when it gives them, that
  /// some ResourceSlice of the scenario publishes (a typo would otherwise never match a claim).
  void device_conditions() {
    for (const DeviceConditionEvent& e : s_.device_conditions) {
      const auto& slices = s_.objects.resource_slices;
      const auto of_event = [&](const model::ResourceSlice& r) {
        return r.driver == e.driver && (e.pool.empty() || r.pool.name == e.pool);
      };
      if (std::none_of(slices.begin(), slices.end(), of_event)) {
        report(e.source, e.path + (e.pool.empty() ? ".driver" : ".pool"),
               e.pool.empty() ? "a driver that publishes ResourceSlices in the scenario"
                              : fmt::format("a pool of driver {} in the scenario", e.driver),
               quote(e.pool.empty() ? e.driver : e.pool));
        continue;
      }
      for (const std::string& device : e.devices) {
        const bool found = std::any_of(slices.begin(), slices.end(), [&](const auto& r) {
          return of_event(r)
                 && std::any_of(r.devices.begin(), r.devices.end(),
                                [&](const model::Device& d) { return d.name == device; });
        });
        if (!found) {
          report(e.source, e.path + ".devices",
                 fmt::format("devices that driver {} publishes", e.driver), quote(device));
        }
      }
    }
  }

  void bound_pods() {
    std::set<std::string> nodes;
    for (const auto& n : s_.objects.nodes) {
      nodes.insert(n.meta.name);
    }
    for (const auto& pod : s_.objects.pods) {
      if (!pod.spec.node_name.empty() && nodes.count(pod.spec.node_name) == 0) {
        report(pod.meta.source, "spec.nodeName", "the name of a Node in the scenario",
               quote(pod.spec.node_name));
      }
    }
  }

  void queue_tree() {
    std::map<std::string, const model::Queue*> by_name;
    for (const auto& q : s_.objects.queues) {
      by_name.emplace(q.meta.name, &q);
    }
    for (const auto& q : s_.objects.queues) {
      if (!q.parent_queue.empty() && by_name.count(q.parent_queue) == 0) {
        report(q.meta.source, "spec.parentQueue", "the name of an existing Queue",
               quote(q.parent_queue));
        continue;
      }
      // Walk up; more steps than queues means a cycle.
      const model::Queue* at = &q;
      for (size_t steps = 0; at != nullptr && !at->parent_queue.empty(); ++steps) {
        if (steps > by_name.size()) {
          report(q.meta.source, "spec.parentQueue", "a parent chain that ends at a top queue",
                 fmt::format("a cycle through {}", quote(q.meta.name)));
          break;
        }
        const auto it = by_name.find(at->parent_queue);
        at = it == by_name.end() ? nullptr : it->second;
      }
    }
  }

  /// A fairShare, quotaDrift, waitTime or evictionsAtMost expectation must name a queue the run
  /// has: a Queue object, or the `default-queue` the kai profiles create when there is none.
  void expectation_queues() {
    std::set<std::string> queues;
    for (const auto& q : s_.objects.queues) {
      queues.insert(q.meta.name);
    }
    if (queues.empty() && s_.scheduler.profile != Profile::kKubeScheduler) {
      queues.insert("default-queue");
    }
    for (size_t i = 0; i < s_.expectations.size(); ++i) {
      const Expectation& e = s_.expectations[i];
      const bool names_queue = e.kind == Expectation::Kind::kFairShare
                               || e.kind == Expectation::Kind::kQuotaDrift
                               || e.kind == Expectation::Kind::kWaitTime
                               || e.kind == Expectation::Kind::kEvictionsAtMost;
      if (names_queue && !e.queue.empty() && queues.count(e.queue) == 0) {
        const char* key = e.kind == Expectation::Kind::kFairShare         ? "fairShare"
                          : e.kind == Expectation::Kind::kWaitTime        ? "waitTime"
                          : e.kind == Expectation::Kind::kEvictionsAtMost ? "evictionsAtMost"
                                                                          : "quotaDrift";
        report(e.queue_source, fmt::format("spec.expect[{}].{}.queue", i, key),
               "the name of an existing Queue", quote(e.queue));
      }
    }
  }

 private:
  const Scenario& s_;
  Diagnostics& d_;
  const std::string empty_;
};

}  // namespace

void check_scenario(const Scenario& scenario, Diagnostics& diagnostics) {
  Checker checker(scenario, diagnostics);
  checker.pod_total();
  checker.all_unique();
  checker.priority_classes();
  checker.pod_groups();
  checker.queue_tree();
  checker.expectation_queues();
  checker.bound_pods();
  checker.topology_constraints();
  checker.device_conditions();
}

std::vector<std::string> outside_subgroup_warnings(const Scenario& scenario) {
  // The leaf subgroups of every PodGroup that has subgroups, then one pass over the pods (a
  // JobSet's PodGroup may have tens of thousands of leaves and pods).
  struct Leaves {
    std::vector<std::string> in_order;  ///< as the PodGroup lists them, for the message
    std::set<std::string> names;
  };

  std::map<std::pair<std::string, std::string>, Leaves> leaves_of;
  for (const model::PodGroup& pg : scenario.objects.pod_groups) {
    if (pg.sub_groups.empty()) {
      continue;
    }
    std::set<std::string> parents;
    for (const model::SubGroup& sub : pg.sub_groups) {
      parents.insert(sub.parent);
    }
    Leaves& leaves = leaves_of[{pg.meta.namespace_name, pg.meta.name}];
    for (const model::SubGroup& sub : pg.sub_groups) {
      if (parents.count(sub.name) == 0) {
        leaves.in_order.push_back(sub.name);
        leaves.names.insert(sub.name);
      }
    }
  }
  std::vector<std::string> out;
  if (leaves_of.empty()) {
    return out;
  }
  for (const model::Pod& pod : scenario.objects.pods) {
    static const std::string kNone;
    const std::string& group = model::lookup(pod.meta.annotations, "pod-group-name", kNone);
    const auto it = leaves_of.find({pod.meta.namespace_name, group});
    if (it == leaves_of.end()) {
      continue;
    }
    const std::string& label = model::lookup(pod.meta.labels, model::kSubGroupLabel, kNone);
    const std::string& joins = label.empty() ? std::string("default") : label;
    if (it->second.names.count(joins) != 0) {
      continue;
    }
    out.push_back(fmt::format(
        "pod {}/{} {} in PodGroup {}, whose leaf subgroups are {}: KAI never schedules it as "
        "part of the job, so it stays pending",
        pod.meta.namespace_name, pod.meta.name,
        label.empty()
            ? fmt::format("has no {} label and there is no subgroup named default",
                          model::kSubGroupLabel)
            : fmt::format("names subgroup {}, which is not a leaf subgroup", quote(label)),
        group, fmt::join(it->second.in_order, ", ")));
  }
  return out;
}

}  // namespace drasim::sim
