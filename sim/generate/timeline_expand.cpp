#include "sim/generate/timeline_expand.h"

#include "model/cluster/dra_gpus.h"
#include "model/dra/feature_gates.h"
#include "model/k8s/node_selector.h"
#include "model/kai/api/resource_vector.h"
#include "sim/generate/driver_slices.h"
#include "sim/load/quote.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <map>
#include <memory>
#include <numeric>

namespace drasim::sim {
namespace {

using Kind = TimelineStep::Kind;

/// "1 node (a)", "2 nodes (a, b)", "12 nodes (a, b, c and 9 more)".
std::string listed(const std::vector<std::string>& names, std::string_view noun) {
  constexpr size_t kShown = 3;
  std::string shown;
  for (size_t i = 0; i < std::min(names.size(), kShown); ++i) {
    shown += (i == 0 ? "" : ", ") + names[i];
  }
  if (names.size() > kShown) {
    shown += fmt::format(" and {} more", names.size() - kShown);
  }
  return fmt::format("{} {}{} ({})", names.size(), noun, names.size() == 1 ? "" : "s", shown);
}

class Expander {
 public:
  Expander(Scenario& s, Diagnostics& d) : s_(s), d_(d) {
    for (const model::Node& n : s.objects.nodes) {
      nodes_[n.meta.name] = NodeState{std::make_shared<model::Node>(n), n.meta.appear_us, false};
    }
  }

  void run() {
    std::vector<size_t> order(s_.events.size());
    std::iota(order.begin(), order.end(), size_t{0});
    std::stable_sort(order.begin(), order.end(),
                     [&](size_t a, size_t b) { return s_.events[a].at < s_.events[b].at; });
    for (const size_t i : order) {
      TimelineEvent& e = s_.events[i];
      if (s_.horizon && e.at.us > s_.horizon->us) {
        report(e.source, e.path + ".at",
               fmt::format("a time within the horizon ({})", format_duration(*s_.horizon)),
               format_duration(SimDuration{e.at.us}));
        continue;
      }
      std::visit([&](auto& what) { expand(e, what); }, e.what);
    }
    std::stable_sort(s_.steps.begin(), s_.steps.end(),
                     [](const TimelineStep& a, const TimelineStep& b) { return a.at < b.at; });
    std::stable_sort(s_.marks.begin(), s_.marks.end(),
                     [](const TimelineMark& a, const TimelineMark& b) { return a.at < b.at; });
  }

 private:
  struct NodeState {
    std::shared_ptr<const model::Node> current;
    int64_t appear_us = 0;
    bool removed = false;
  };

  void report(const model::SourceRef& at, std::string path, std::string expected,
              std::string found) {
    const std::string& file = at.file < s_.files.size() ? s_.files[at.file] : std::string();
    d_.error(Diagnostic{file, Mark{at.line, at.col}, std::move(path), std::move(expected),
                        std::move(found)});
  }

  /// The nodes a target names that are present at `at`, sorted by name; reports an empty set.
  std::vector<std::string> resolve(const TimelineEvent& e, const NodeTarget& t,
                                   const std::string& key) {
    std::vector<std::string> out;
    const auto present = [&](const NodeState& n) {
      return n.appear_us <= e.at.us && !n.removed;
    };
    for (const std::string& name : t.names) {
      const auto it = nodes_.find(name);
      if (it == nodes_.end() || !present(it->second)) {
        report(t.source, e.path + "." + key + ".nodes",
               fmt::format("nodes present at {}", format_duration(SimDuration{e.at.us})),
               quote(name));
        continue;
      }
      if (model::matches_all(t.labels, it->second.current->meta.labels)) {
        out.push_back(name);
      }
    }
    if (t.names.empty()) {
      for (const auto& [name, n] : nodes_) {
        if (present(n) && model::matches_all(t.labels, n.current->meta.labels)) {
          out.push_back(name);
        }
      }
    }
    if (out.empty() && !t.labels.empty()) {
      std::vector<std::string> pairs;
      for (const auto& [k, v] : t.labels) {
        pairs.push_back(k + "=" + v);
      }
      report(t.source, e.path + "." + key + ".selector",
             fmt::format("a selector matching at least one node present at {}",
                         format_duration(SimDuration{e.at.us})),
             fmt::format("no node with {}", fmt::join(pairs, ",")));
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
  }

  /// GPUs of a node at `t`: device-plugin GPUs in its allocatable and GPU devices of its
  /// ResourceSlices (KAI's test on the driver name).
  int64_t node_gpus(const std::string& node, int64_t t) const {
    int64_t gpus = 0;
    for (const auto& [name, q] : nodes_.at(node).current->allocatable) {
      if (model::ResourceNames::is_gpu_name(name)) {
        gpus += q.value();
      }
    }
    for (const model::ResourceSlice& slice : s_.objects.resource_slices) {
      if (slice.node_name == node && slice.meta.exists_at(t) && model::is_gpu_name(slice.driver)) {
        gpus += static_cast<int64_t>(slice.devices.size());
      }
    }
    return gpus;
  }

  void mark(const TimelineEvent& e, SimTime at, SimDuration lasts, std::string kind,
            const std::string& what) {
    s_.marks.push_back(TimelineMark{at, at + lasts, std::move(kind), e.path + ": " + what});
  }

  TimelineStep step(const TimelineEvent& e, Kind kind, std::string target) const {
    TimelineStep st;
    st.at = e.at;
    st.kind = kind;
    st.target = std::move(target);
    st.source = e.source;
    return st;
  }

  /// Versioned kinds: the live object of that name goes when the new one appears.
  template <class T>
  void replace(std::vector<T>& list, T object, int64_t at) {
    for (T& old : list) {
      if (old.meta.name == object.meta.name && old.meta.namespace_name == object.meta.namespace_name
          && old.meta.exists_at(at)) {
        old.meta.gone_us = at;
      }
    }
    list.push_back(std::move(object));
  }

  /// Kinds that only appear: a name in use is an error.
  template <class T>
  void add_new(std::vector<T>& list, T object, const TimelineEvent& e, std::string_view kind) {
    const bool exists = std::any_of(list.begin(), list.end(), [&](const T& o) {
      return o.meta.name == object.meta.name && o.meta.namespace_name == object.meta.namespace_name;
    });
    if (exists) {
      report(object.meta.source, e.path + ".apply",
             fmt::format("a new {} (drasim does not model changing an existing {} mid-run)", kind,
                         kind),
             fmt::format("{} again", quote(object.meta.name)));
      return;
    }
    list.push_back(std::move(object));
  }

  /// Sets an applied object's time; one that asks to appear before its event is an error.
  bool timed(model::ObjectMeta& m, const TimelineEvent& e) {
    if (m.appear_us != 0 && m.appear_us < e.at.us) {
      report(m.source, e.path + ".apply.metadata.annotations.drasim.dev/at",
             fmt::format("no time before the event's ({})", format_duration(SimDuration{e.at.us})),
             format_duration(SimDuration{m.appear_us}) + ", in the past");
      return false;
    }
    m.appear_us = std::max(m.appear_us, e.at.us);
    return true;
  }

  void expand(const TimelineEvent& e, ApplyEvent& a) {
    mark(e, e.at, {}, "apply", "apply " + listed(applied_names(a.objects), "object"));
    model::ObjectSet& to = s_.objects;
    for (model::Node& n : a.objects.nodes) {
      if (!timed(n.meta, e)) {
        continue;
      }
      const auto it = nodes_.find(n.meta.name);
      if (it == nodes_.end()) {
        nodes_[n.meta.name] = NodeState{std::make_shared<model::Node>(n), n.meta.appear_us, false};
        to.nodes.push_back(std::move(n));
        continue;
      }
      // A node of that name exists (or existed): its manifest changes at the event.
      TimelineStep st = step(e, Kind::kUpdateNode, n.meta.name);
      st.at = SimTime{n.meta.appear_us};
      it->second.current = std::make_shared<model::Node>(n);
      it->second.removed = false;
      st.node = it->second.current;
      s_.steps.push_back(std::move(st));
    }
    for (model::Queue& q : a.objects.queues) {
      const auto it = std::find_if(to.queues.begin(), to.queues.end(), [&](const model::Queue& o) {
        return o.meta.name == q.meta.name;
      });
      if (it == to.queues.end() || !timed(q.meta, e)) {
        if (it == to.queues.end()) {
          report(q.meta.source, e.path + ".apply",
                 "a Queue that exists from the start (drasim sizes queues at load)",
                 fmt::format("new Queue {}", quote(q.meta.name)));
        }
        continue;
      }
      if (q.parent_queue != it->parent_queue) {
        report(q.meta.source, e.path + ".apply.spec.parentQueue",
               fmt::format("the queue's parent \"{}\" (moving a queue is not modelled)",
                           it->parent_queue),
               quote(q.parent_queue));
        continue;
      }
      TimelineStep st = step(e, Kind::kUpdateQueue, q.meta.name);
      st.at = SimTime{q.meta.appear_us};
      st.queue = std::make_shared<model::Queue>(q);
      s_.steps.push_back(std::move(st));
    }
    const auto each = [&](auto& list, auto&& fn) {
      for (auto& o : list) {
        if (timed(o.meta, e)) {
          fn(std::move(o));
        }
      }
    };
    each(a.objects.device_classes,
         [&](model::DeviceClass o) { replace(to.device_classes, std::move(o), e.at.us); });
    each(a.objects.resource_slices,
         [&](model::ResourceSlice o) { replace(to.resource_slices, std::move(o), e.at.us); });
    each(a.objects.device_taint_rules,
         [&](model::DeviceTaintRule o) { replace(to.device_taint_rules, std::move(o), e.at.us); });
    each(a.objects.pods, [&](model::Pod o) { add_new(to.pods, std::move(o), e, "Pod"); });
    each(a.objects.pod_groups,
         [&](model::PodGroup o) { add_new(to.pod_groups, std::move(o), e, "PodGroup"); });
    each(a.objects.resource_claims, [&](model::ResourceClaim o) {
      add_new(to.resource_claims, std::move(o), e, "ResourceClaim");
    });
    each(a.objects.resource_claim_templates, [&](model::ResourceClaimTemplate o) {
      add_new(to.resource_claim_templates, std::move(o), e, "ResourceClaimTemplate");
    });
    each(a.objects.namespaces,
         [&](model::Namespace o) { add_new(to.namespaces, std::move(o), e, "Namespace"); });
    each(a.objects.priority_classes, [&](model::PriorityClass o) {
      add_new(to.priority_classes, std::move(o), e, "PriorityClass");
    });
    each(a.objects.topologies,
         [&](model::Topology o) { add_new(to.topologies, std::move(o), e, "Topology"); });
  }

  static std::vector<std::string> applied_names(const model::ObjectSet& o) {
    std::vector<std::string> names;
    const auto add = [&](const auto& list, std::string_view kind) {
      for (const auto& object : list) {
        names.push_back(fmt::format("{}/{}", kind, object.meta.name));
      }
    };
    add(o.nodes, "Node");
    add(o.queues, "Queue");
    add(o.device_classes, "DeviceClass");
    add(o.resource_slices, "ResourceSlice");
    add(o.device_taint_rules, "DeviceTaintRule");
    add(o.pods, "Pod");
    add(o.pod_groups, "PodGroup");
    add(o.resource_claims, "ResourceClaim");
    add(o.resource_claim_templates, "ResourceClaimTemplate");
    add(o.namespaces, "Namespace");
    add(o.priority_classes, "PriorityClass");
    add(o.topologies, "Topology");
    return names;
  }

  template <class T>
  bool go(std::vector<T>& list, const DeleteEvent& d, int64_t at) {
    bool found = false;
    for (T& o : list) {
      if (o.meta.name == d.name && o.meta.exists_at(at)) {
        o.meta.gone_us = at;
        found = true;
      }
    }
    return found;
  }

  void expand(const TimelineEvent& e, DeleteEvent& d) {
    bool found = false;
    if (d.kind == "Node") {
      const auto it = nodes_.find(d.name);
      found = it != nodes_.end() && it->second.appear_us <= e.at.us && !it->second.removed;
      if (found) {
        it->second.removed = true;
        TimelineStep st = step(e, Kind::kRemoveNode, d.name);
        st.message = fmt::format("node {} deleted", d.name);
        s_.steps.push_back(std::move(st));
      }
    } else if (d.kind == "Pod") {
      found = std::any_of(s_.objects.pods.begin(), s_.objects.pods.end(), [&](const model::Pod& p) {
        return p.meta.name == d.name && p.meta.namespace_name == d.namespace_name;
      });
      if (found) {
        TimelineStep st = step(e, Kind::kDeletePods, d.namespace_name + "/" + d.name);
        st.message = fmt::format("deleted at {}", format_duration(SimDuration{e.at.us}));
        s_.steps.push_back(std::move(st));
      }
    } else if (d.kind == "DeviceClass") {
      found = go(s_.objects.device_classes, d, e.at.us);
    } else if (d.kind == "ResourceSlice") {
      found = go(s_.objects.resource_slices, d, e.at.us);
    } else if (d.kind == "DeviceTaintRule") {
      found = go(s_.objects.device_taint_rules, d, e.at.us);
    } else {
      return;  // the decoder reported the kind
    }
    if (found) {
      mark(e, e.at, {}, "delete", fmt::format("delete {} {}", d.kind, d.name));
    } else {
      report(e.source, e.path + ".delete.name",
             fmt::format("a {} that exists at {}", d.kind, format_duration(SimDuration{e.at.us})),
             quote(d.name));
    }
  }

  void expand(const TimelineEvent& e, NodeOpEvent& op) {
    static constexpr std::array<const char*, 4> kKeys = {"cordon", "uncordon", "drain",
                                                         "removeNodes"};
    static constexpr std::array<const char*, 4> kMarks = {"cordon", "uncordon", "drain",
                                                          "remove-nodes"};
    const std::string key = kKeys[static_cast<size_t>(op.op)];
    const std::vector<std::string> names = resolve(e, op.target, key);
    if (!names.empty()) {
      const SimDuration lasts =
          op.op == NodeOp::kDrain ? op.grace.value_or(SimDuration{}) : SimDuration{};
      const std::string verb =
          op.op == NodeOp::kRemove ? "remove" : kMarks[static_cast<size_t>(op.op)];
      mark(e, e.at, lasts, kMarks[static_cast<size_t>(op.op)], verb + " " + listed(names, "node"));
    }
    for (const std::string& name : names) {
      switch (op.op) {
        case NodeOp::kCordon: {
          TimelineStep st = step(e, Kind::kCordon, name);
          st.gpus = node_gpus(name, e.at.us);
          s_.steps.push_back(std::move(st));
          break;
        }
        case NodeOp::kUncordon:
          s_.steps.push_back(step(e, Kind::kUncordon, name));
          break;
        case NodeOp::kDrain: {
          TimelineStep st = step(e, Kind::kDrain, name);
          st.gpus = node_gpus(name, e.at.us);
          st.grace = op.grace;
          st.message = fmt::format("node {} drained", name);
          s_.steps.push_back(std::move(st));
          break;
        }
        case NodeOp::kRemove: {
          nodes_[name].removed = true;
          TimelineStep st = step(e, Kind::kRemoveNode, name);
          st.message = fmt::format("node {} removed", name);
          s_.steps.push_back(std::move(st));
          break;
        }
      }
    }
  }

  void expand(const TimelineEvent& e, MigrateEvent& m) {
    const std::vector<std::string> selected = resolve(e, m.target, "migrate");
    if (selected.empty()) {
      return;
    }
    const int64_t waves = (static_cast<int64_t>(selected.size()) + m.batch_size - 1) / m.batch_size;
    if (waves > 1 && m.interval.us <= 0) {
      report(e.source, e.path + ".migrate.interval",
             fmt::format("an interval above 0 between the {} waves", waves), "none");
      return;
    }
    const int64_t last = e.at.us + (waves - 1) * m.interval.us + (m.drain ? m.grace.us : 0);
    if (s_.horizon && last > s_.horizon->us) {
      report(e.source, e.path + ".migrate",
             fmt::format("waves that end within the horizon ({})", format_duration(*s_.horizon)),
             fmt::format("{} waves of {} every {} from {} ending at {}", waves, m.batch_size,
                         format_duration(m.interval), format_duration(SimDuration{e.at.us}),
                         format_duration(SimDuration{last})));
      return;
    }
    for (int64_t w = 0; w < waves; ++w) {
      const auto first = selected.begin() + w * m.batch_size;
      const std::vector<std::string> batch(
          first, first + std::min<int64_t>(m.batch_size, selected.end() - first));
      mark(e, SimTime{e.at.us + w * m.interval.us}, m.drain ? m.grace : SimDuration{},
           "migration-wave",
           fmt::format("migration wave {} of {}: {} to DRA{}", w + 1, waves, listed(batch, "node"),
                       m.drain ? ", drained first" : ""));
    }
    for (size_t i = 0; i < selected.size(); ++i) {
      const std::string& name = selected[i];
      const SimTime wave{e.at.us + static_cast<int64_t>(i) / m.batch_size * m.interval.us};
      const SimTime switch_at = m.drain ? wave + m.grace : wave;
      NodeState& node = nodes_[name];
      const auto advertised = node.current->allocatable.find(m.shape.resource);
      const int64_t count = m.shape.devices.value_or(
          advertised == node.current->allocatable.end() ? 0 : advertised->second.value());
      if (advertised == node.current->allocatable.end() || count <= 0) {
        report(m.target.source, e.path + ".migrate",
               fmt::format("nodes that advertise {} at {}", m.shape.resource,
                           format_duration(SimDuration{wave.us})),
               fmt::format("node {} without it (migrated already?)", name));
        continue;
      }
      if (!node_slices(name, m.shape.driver, switch_at.us).empty()) {
        report(m.target.source, e.path + ".migrate.driver",
               fmt::format("a driver not yet publishing on node {}", name),
               fmt::format("{} (it has ResourceSlices there)", quote(m.shape.driver)));
        continue;
      }
      if (m.drain) {
        TimelineStep drain = step(e, Kind::kDrain, name);
        drain.at = wave;
        drain.gpus = node_gpus(name, wave.us);
        drain.grace = m.grace;
        drain.message = fmt::format("node {} drained for its migration to DRA", name);
        s_.steps.push_back(std::move(drain));
      }
      // The node's new manifest: the device plugin is off (GPU Operator label), the resource
      // is gone from allocatable and capacity.
      auto version = std::make_shared<model::Node>(*node.current);
      version->allocatable.erase(m.shape.resource);
      version->capacity.erase(m.shape.resource);
      version->meta.labels["nvidia.com/gpu.deploy.device-plugin"] = "false";
      node.current = version;
      TimelineStep update = step(e, Kind::kUpdateNode, name);
      update.at = switch_at;
      update.node = version;
      s_.steps.push_back(std::move(update));
      if (m.drain) {
        TimelineStep uncordon = step(e, Kind::kUncordon, name);
        uncordon.at = switch_at;
        s_.steps.push_back(std::move(uncordon));
      }
      for (model::ResourceSlice& slice : driver_slices(m.shape, name, count, 1, m.shape.source)) {
        slice.meta.appear_us = switch_at.us;
        s_.objects.resource_slices.push_back(std::move(slice));
      }
    }
  }

  /// The live slices of `driver` on `node` at `t` (indexes into the scenario's slices).
  std::vector<size_t> node_slices(const std::string& node, const std::string& driver,
                                  int64_t t) const {
    std::vector<size_t> out;
    for (size_t i = 0; i < s_.objects.resource_slices.size(); ++i) {
      const model::ResourceSlice& slice = s_.objects.resource_slices[i];
      if (slice.node_name == node && slice.driver == driver && slice.meta.exists_at(t)) {
        out.push_back(i);
      }
    }
    return out;
  }

  void no_slices(const TimelineEvent& e, const std::string& key, const std::string& node,
                 const std::string& driver) {
    report(e.source, e.path + "." + key + ".driver",
           fmt::format("a driver with ResourceSlices on node {} at {}", node,
                       format_duration(SimDuration{e.at.us})),
           fmt::format("{} (none)", quote(driver)));
  }

  void expand(const TimelineEvent& e, DriverRestartEvent& r) {
    const std::vector<std::string> names = resolve(e, r.target, "driverRestart");
    if (!names.empty()) {
      mark(e, e.at, r.down_for, "driver-restart",
           fmt::format("driver {} restarts on {}, down {}", r.driver, listed(names, "node"),
                       format_duration(r.down_for)));
    }
    for (const std::string& name : names) {
      const std::vector<size_t> found = node_slices(name, r.driver, e.at.us);
      if (found.empty()) {
        no_slices(e, "driverRestart", name, r.driver);
        continue;
      }
      int64_t devices = 0;
      for (const size_t i : found) {
        model::ResourceSlice again = s_.objects.resource_slices[i];
        s_.objects.resource_slices[i].meta.gone_us = e.at.us;
        // The restarted driver republishes its pool with the next generation.
        again.meta.appear_us = e.at.us + r.down_for.us;
        ++again.pool.generation;
        devices += static_cast<int64_t>(again.devices.size());
        s_.objects.resource_slices.push_back(std::move(again));
      }
      if (model::is_gpu_name(r.driver)) {
        TimelineStep down = step(e, Kind::kOfflineGpus, name);
        down.gpus = devices;
        TimelineStep up = down;
        up.at = e.at + r.down_for;
        up.gpus = -devices;
        s_.steps.push_back(std::move(down));
        s_.steps.push_back(std::move(up));
      }
    }
  }

  void expand(const TimelineEvent& e, DeviceFaultEvent& f) {
    const std::string key = f.taint ? "deviceTaint" : "removeDevices";
    if (f.taint
        && !model::dra::resolve_features(s_.kubernetes_minor(), s_.feature_gates,
                                         s_.scheduler.profile != Profile::kKubeScheduler)
                .device_taints) {
      report(e.source, e.path + "." + key,
             "the DRADeviceTaints feature gate on (kai profiles use only the gates "
             "spec.kubernetes.featureGates sets; kube-scheduler has it on from 1.36)",
             fmt::format("{} on Kubernetes {} without it", to_string(s_.scheduler.profile),
                         s_.kubernetes_version));
      return;
    }
    const std::vector<std::string> names = resolve(e, f.target, key);
    if (!names.empty()) {
      const std::string devices = f.devices.empty() ? "every device" : listed(f.devices, "device");
      mark(e, e.at, {}, f.taint ? "device-taint" : "remove-devices",
           f.taint ? fmt::format("taint {}:{} on {} of driver {} on {}", f.taint->key,
                                 model::to_string(f.taint->effect), devices, f.driver,
                                 listed(names, "node"))
                   : fmt::format("remove {} of driver {} on {}", devices, f.driver,
                                 listed(names, "node")));
    }
    for (const std::string& name : names) {
      const std::vector<size_t> found = node_slices(name, f.driver, e.at.us);
      if (found.empty()) {
        no_slices(e, key, name, f.driver);
        continue;
      }
      std::vector<std::string> missing = f.devices;
      for (const size_t i : found) {
        model::ResourceSlice next = s_.objects.resource_slices[i];
        bool changed = false;
        for (auto it = next.devices.begin(); it != next.devices.end();) {
          const bool hit =
              f.devices.empty()
              || std::find(f.devices.begin(), f.devices.end(), it->name) != f.devices.end();
          if (!hit) {
            ++it;
            continue;
          }
          missing.erase(std::remove(missing.begin(), missing.end(), it->name), missing.end());
          changed = true;
          if (f.taint) {
            it->taints.push_back(*f.taint);
            ++it;
          } else {
            it = next.devices.erase(it);
          }
        }
        if (changed) {
          s_.objects.resource_slices[i].meta.gone_us = e.at.us;
          next.meta.appear_us = e.at.us;
          s_.objects.resource_slices.push_back(std::move(next));
        }
      }
      for (const std::string& device : missing) {
        report(e.source, e.path + "." + key + ".devices",
               fmt::format("devices of driver {} on node {}", f.driver, name), quote(device));
      }
    }
  }

  Scenario& s_;
  Diagnostics& d_;
  std::map<std::string, NodeState> nodes_;
};

}  // namespace

void expand_timeline(Scenario& scenario, Diagnostics& diagnostics) {
  Expander(scenario, diagnostics).run();
}

}  // namespace drasim::sim
