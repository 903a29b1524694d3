#include "model/kai/actions/eviction_actions.h"
#include "reports/explain/explain_output.h"
#include "reports/json_writer.h"

#include <fmt/format.h>

namespace drasim::reports {
namespace {

void amount(JsonWriter& w, double v) {
  if (v < 0) {
    w.null();  // unlimited
  } else {
    w.raw_number(fmt::format("{}", v));
  }
}

void history(JsonWriter& w, const sim::PodWatch& watch) {
  w.key("history");
  w.begin_array();
  for (const sim::PodEvent& e : watch.history()) {
    w.begin_object();
    w.key("at");
    w.raw_number(sim::format_seconds(e.at));
    w.key("last");
    w.raw_number(sim::format_seconds(e.last));
    w.key("count");
    w.value(static_cast<int64_t>(e.count));
    w.key("event");
    w.value(sim::event_name(e.kind));
    w.key("node");
    w.value_or_null(e.node);
    w.key("detail");
    w.value_or_null(e.detail);
    w.end_object();
  }
  w.end_array();
}

void queues(JsonWriter& w, const model::TaskProbe& p) {
  w.key("queues");
  w.begin_array();
  for (const model::QueueProbe& q : p.queues) {
    w.begin_object();
    w.key("name");
    w.value(q.name);
    w.key("priority");
    w.value(q.priority);
    for (size_t r = 0; r < model::proportion::kResources; ++r) {
      const model::proportion::ResourceShare& s = q.r[r];
      w.key(model::proportion::kResourceNames[r]);
      w.begin_object();
      w.key("deserved");
      amount(w, s.deserved);
      w.key("fairShare");
      amount(w, s.fair_share);
      w.key("allocated");
      amount(w, s.allocated);
      w.key("requested");
      amount(w, s.request);
      w.key("limit");
      amount(w, s.max_allowed);
      w.end_object();
    }
    w.end_object();
  }
  w.end_array();
}

void queue_order(JsonWriter& w, const model::TaskProbe& p) {
  w.key("queueOrder");
  if (!p.turn) {
    w.null();
    return;
  }
  w.begin_object();
  w.key("turn");
  w.value(static_cast<int64_t>(p.turn->turn));
  w.key("earlierTurns");
  w.begin_array();
  for (const auto& [queue, jobs] : p.turn->earlier) {
    w.begin_object();
    w.key("queue");
    w.value(queue);
    w.key("jobs");
    w.value(static_cast<int64_t>(jobs));
    w.end_object();
  }
  w.end_array();
  w.key("levels");
  w.begin_array();
  for (const model::QueueLevelProbe& level : p.turn->levels) {
    w.begin_object();
    w.key("queue");
    w.value(level.queue);
    w.key("before");
    w.begin_array();
    for (const model::QueueRival& r : level.rivals) {
      w.begin_object();
      w.key("queue");
      w.value(r.name);
      w.key("rule");
      w.value(model::proportion::rule_name(r.verdict.rule));
      w.key("mine");
      w.raw_number(fmt::format("{}", r.verdict.left));
      w.key("theirs");
      w.raw_number(fmt::format("{}", r.verdict.right));
      w.end_object();
    }
    w.end_array();
    w.end_object();
  }
  w.end_array();
  w.end_object();
}

void topology(JsonWriter& w, const model::TaskProbe& p) {
  w.key("topology");
  if (!p.topology) {
    w.null();
    return;
  }
  w.begin_object();
  w.key("constraint");
  w.value(p.topology->constraint);
  w.key("domains");
  w.begin_array();
  for (const model::TopologyDomainVerdict& d : p.topology->domains) {
    w.begin_object();
    w.key("domain");
    w.value(d.domain);
    w.key("level");
    w.value(d.level);
    w.key("nodes");
    w.value(static_cast<int64_t>(d.nodes));
    w.key("offered");
    w.value(d.offered);
    w.key("why");
    w.value_or_null(d.why);
    w.end_object();
  }
  w.end_array();
  w.key("failure");
  w.value_or_null(p.topology->failure);
  w.end_object();
}

void device_tallies(JsonWriter& w, const model::NodeDevices& d) {
  w.key("deviceRequests");
  w.begin_array();
  for (const model::RequestTally& t : d.requests) {
    w.begin_object();
    w.key("claim");
    w.value(t.claim);
    w.key("request");
    w.value(t.request);
    w.key("needed");
    if (t.all) {
      w.value("All");
    } else {
      w.value(t.needed);
    }
    w.key("passed");
    w.value(static_cast<int64_t>(t.accepted));
    w.end_object();
  }
  w.end_array();
  w.key("deviceConstraints");
  w.begin_array();
  for (const model::ConstraintTally& c : d.constraints) {
    w.begin_object();
    w.key("claim");
    w.value(c.claim);
    w.key(c.match ? "matchAttribute" : "distinctAttribute");
    w.value(c.attribute);
    w.key("requests");
    w.begin_array();
    for (const std::string& r : c.requests) {
      w.value(r);
    }
    w.end_array();
    w.key("values");
    w.begin_object();
    for (const auto& [value, devices] : c.values) {
      w.key(value);
      w.value(static_cast<int64_t>(devices));
    }
    w.end_object();
    w.key("withoutAttribute");
    w.value(static_cast<int64_t>(c.missing));
    w.end_object();
  }
  w.end_array();
}

void nodes(JsonWriter& w, const model::TaskProbe& p) {
  w.key("nodes");
  w.begin_array();
  for (const model::NodeProbe& n : p.nodes) {
    w.begin_object();
    w.key("name");
    w.value(n.name);
    w.key("filters");
    w.begin_object();
    for (size_t f = 0; f < n.filters.size(); ++f) {
      w.key(model::kProbeFilters[f]);
      w.value_or_null(n.filters[f]);
    }
    w.end_object();
    w.key("devices");
    w.begin_array();
    for (const model::DeviceVerdict& d : n.devices.devices) {
      w.begin_object();
      w.key("claim");
      w.value(d.claim);
      w.key("request");
      w.value(d.request);
      w.key("device");
      w.value(d.device);
      w.key("accepted");
      w.value(d.accepted);
      w.key("why");
      w.value_or_null(d.why);
      w.end_object();
    }
    w.end_array();
    device_tallies(w, n.devices);
    w.key("bridged");
    w.begin_array();
    for (const std::string& r : n.bridged) {
      w.value(r);
    }
    w.end_array();
    w.key("score");
    if (n.score) {
      w.begin_object();
      w.key("total");
      w.raw_number(points_text(n.score->total()));
      for (const auto& [name, value] : n.score->named()) {
        w.key(name);
        w.raw_number(points_text(value));
      }
      w.end_object();
    } else {
      w.null();
    }
    w.end_object();
  }
  w.end_array();
}

void bridge(JsonWriter& w, const model::TaskProbe& p) {
  w.key("bridge");
  w.begin_array();
  for (const model::BridgeProbe& b : p.bridge) {
    w.begin_object();
    w.key("resource");
    w.value(b.resource);
    w.key("deviceClass");
    w.value(b.device_class);
    w.key("explicitName");
    w.value(b.explicit_name);
    w.key("shadowed");
    w.begin_array();
    for (const std::string& s : b.shadowed) {
      w.value(s);
    }
    w.end_array();
    w.key("enabled");
    w.value(b.enabled);
    w.key("devicePluginNodes");
    w.value(static_cast<int64_t>(b.plugin_nodes));
    w.key("draNodes");
    w.value(static_cast<int64_t>(b.dra_nodes));
    w.end_object();
  }
  w.end_array();
}

void evictions(JsonWriter& w, const model::TaskProbe& p) {
  static constexpr const char* kStep[] = {
      "noVictims",   "spread",     "queueRuledOut", "jobRuledOut", "notReady", "preemptionDelay",
      "shapeFailed", "gateClosed", "failedBefore",  "noScenario",  "evicted"};
  w.key("evictionActions");
  w.begin_array();
  for (const model::EvictionTrace& t : p.evictions) {
    w.begin_object();
    w.key("action");
    w.value(model::action_name(t.action));
    w.key("step");
    w.value(kStep[static_cast<size_t>(t.step)]);
    w.key("victimJobs");
    w.value(static_cast<int64_t>(t.victims));
    w.key("text");
    w.value(model::eviction_step_text(t));
    w.key("scenariosTried");
    w.value(static_cast<int64_t>(t.scenarios.tried));
    w.key("scenarios");
    w.begin_array();
    for (const model::ScenarioTrace& sc : t.scenarios.kept) {
      w.begin_object();
      w.key("victimJobs");
      w.begin_array();
      for (const std::string& j : sc.victim_jobs) {
        w.value(j);
      }
      w.end_array();
      w.key("pods");
      w.value(static_cast<int64_t>(sc.pods));
      w.key("node");
      w.value_or_null(sc.node);
      w.key("outcome");
      w.value(model::kScenarioOutcomeNames[static_cast<size_t>(sc.outcome)]);
      w.key("detail");
      w.value_or_null(sc.detail);
      w.key("text");
      w.value(model::scenario_text(t.action, sc));
      w.end_object();
    }
    w.end_array();
    w.end_object();
  }
  w.end_array();
}

void attempt(JsonWriter& w, const model::TaskProbe& p) {
  w.begin_object();
  w.key("at");
  w.raw_number(sim::format_seconds(sim::SimTime{p.at_us}));
  w.key("job");
  w.value(p.job);
  queues(w, p);
  queue_order(w, p);
  w.key("overCapacity");
  w.value_or_null(p.over_capacity.value_or(""));
  w.key("gang");
  w.begin_object();
  w.key("minMember");
  w.value(p.min_member);
  w.key("alive");
  w.value(p.alive);
  w.key("ready");
  w.value(p.ready);
  w.key("subgroups");
  w.begin_array();
  for (const model::SubgroupProbe& g : p.subgroups) {
    w.begin_object();
    w.key("name");
    w.value(g.name);
    w.key("parent");
    w.value_or_null(g.parent);
    w.key("leaf");
    w.value(g.leaf);
    w.key("alive");
    w.value(g.alive);
    w.key("threshold");
    w.value(g.threshold);
    w.key("ready");
    w.value(g.ready);
    w.end_object();
  }
  w.end_array();
  w.end_object();
  w.key("chunk");
  w.begin_array();
  for (const std::string& c : p.chunk) {
    w.value(c);
  }
  w.end_array();
  w.key("rejection");
  w.value_or_null(p.rejection);
  topology(w, p);
  nodes(w, p);
  bridge(w, p);
  w.key("chosen");
  w.value_or_null(p.chosen.value_or(""));
  evictions(w, p);
  w.end_object();
}

}  // namespace

std::string explain_json(const ExplainInput& in) {
  const PodRow& r = *in.row;
  JsonWriter w;
  w.begin_object();
  w.key("schemaVersion");
  w.value(int64_t{1});
  w.key("pod");
  w.value(in.watch->key());
  w.key("scenario");
  w.value(in.scenario);
  w.key("profile");
  w.value(in.profile);
  w.key("end");
  w.begin_object();
  w.key("at");
  w.raw_number(sim::format_seconds(in.end));
  w.key("phase");
  w.value(r.phase);
  w.key("node");
  w.value_or_null(r.node);
  w.key("reason");
  w.value_or_null(r.reason);
  w.end_object();
  history(w, *in.watch);
  w.key("implicitTolerations");
  w.begin_array();
  for (const model::ImpliedToleration& t : r.implicit_tolerations) {
    w.begin_object();
    w.key("rule");
    w.value(t.rule);
    w.key("key");
    w.value(t.toleration.key);
    w.key("effect");
    if (t.toleration.effect) {
      w.value(model::to_string(*t.toleration.effect));
    } else {
      w.null();
    }
    w.end_object();
  }
  w.end_array();
  w.key("attempt");
  if (in.watch->probe()) {
    attempt(w, *in.watch->probe());
  } else {
    w.null();
  }
  w.end_object();
  return w.str() + "\n";
}

}  // namespace drasim::reports
