// Decoder for the drasim.dev/v1alpha1 Scenario document.
#include "sim/load/decode_scenario.h"

#include "model/dra/feature_gates.h"
#include "model/kai/api/switches.h"
#include "sim/load/decode_common.h"
#include "sim/load/decode_events.h"
#include "sim/load/decode_generators.h"
#include "sim/load/decode_metric_expectations.h"
#include "sim/load/decode_pod_expectations.h"
#include "sim/load/quota_units.h"
#include "sim/load/quote.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>

namespace drasim::sim {
namespace {

// Feature gates of dra-semantics.md section 1.1 (the ones a scenario may set).
std::map<std::string, bool> decode_gates(const Cursor& c, int minor) {
  std::map<std::string, bool> out;
  for (const auto& [name, value] : c.entries()) {
    const bool on = value.boolean(false);
    if (const auto problem = model::dra::gate_problem(minor, name, on)) {
      value.error(*problem, fmt::format("\"{}: {}\"", name, on ? "true" : "false"));
      continue;
    }
    out[name] = on;
  }
  return out;
}

std::vector<ImplicitTolerationRule::DevicePrototype> decode_prototypes(const Cursor& c) {
  std::vector<ImplicitTolerationRule::DevicePrototype> out;
  for (const Cursor& p : c.items()) {
    ImplicitTolerationRule::DevicePrototype proto;
    proto.driver = p["driver"].required_str("a driver name");
    for (const auto& [attr, value] : p["attributes"].entries()) {
      const auto typed = value.entries("a typed value such as {string: NVIDIA H100}");
      if (typed.size() != 1) {
        value.error("exactly one of int, bool, string, version");
        continue;
      }
      proto.attributes[attr] = typed.front().second.str();
    }
    out.push_back(std::move(proto));
  }
  if (out.empty()) {
    c.error("at least one device prototype");
  }
  return out;
}

/// Reports a list that must not be empty (and is, or is missing).
void empty_list(const Cursor& c, std::string_view expected) {
  if (c.present()) {
    c.error(expected, "an empty list");
  } else {
    c.error(expected);
  }
}

ImplicitTolerationRule decode_rule(const Cursor& c, uint32_t file_index) {
  using Type = ImplicitTolerationRule::Type;
  ImplicitTolerationRule rule;
  rule.name = c["name"].required_str("a rule name");
  const Cursor sel = c["selector"];
  if (!sel.present()) {
    sel.error("a selector");
  }
  rule.type = sel["type"].one_of<Type>({{"ExtendedResource", Type::kExtendedResource},
                                        {"DeviceClass", Type::kDeviceClass},
                                        {"Device", Type::kDevice},
                                        {"CEL", Type::kCel}},
                                       Type::kExtendedResource);
  if (sel.present() && !sel["type"].present()) {
    sel["type"].error("one of ExtendedResource, DeviceClass, Device, CEL");
  }
  switch (rule.type) {
    case Type::kExtendedResource:
      rule.resource_names = sel["resourceNames"].string_list();
      if (rule.resource_names.empty()) {
        empty_list(sel["resourceNames"], "at least one resource name");
      }
      break;
    case Type::kDeviceClass:
      rule.device_class_names = sel["deviceClassNames"].string_list();
      if (rule.device_class_names.empty()) {
        empty_list(sel["deviceClassNames"], "at least one DeviceClass name");
      }
      break;
    case Type::kDevice:
      rule.device_prototypes = decode_prototypes(sel["devicePrototypes"]);
      break;
    case Type::kCel:
      rule.expression = sel["expression"].required_str("a CEL expression");
      rule.expression_source = source_of(sel["expression"], file_index);
      break;
  }
  // A field of another selector type is almost certainly a mistake (a rule that never fires).
  const std::pair<const char*, Type> fields[] = {{"resourceNames", Type::kExtendedResource},
                                                 {"deviceClassNames", Type::kDeviceClass},
                                                 {"devicePrototypes", Type::kDevice},
                                                 {"expression", Type::kCel}};
  for (const auto& [field, owner] : fields) {
    if (owner != rule.type && sel[field].present()) {
      sel[field].error("no field of another selector type", quote(field));
    }
  }
  const Cursor tol = c["toleration"];
  if (!tol.present()) {
    tol.error("a toleration");
  }
  rule.toleration = decode_toleration(tol);
  return rule;
}

SchedulerConfig decode_scheduler(const Cursor& c, uint32_t file_index) {
  SchedulerConfig s;
  c.expect_map();
  s.profile = c["profile"].one_of<Profile>({{"kai-v0.12", Profile::kKaiV012},
                                            {"kai-v0.13", Profile::kKaiV013},
                                            {"kai-v0.17", Profile::kKaiV017},
                                            {"kai", Profile::kKai},
                                            {"kube-scheduler", Profile::kKubeScheduler}},
                                           Profile::kKai);
  if (const auto period = c["period"].duration()) {
    if (period->us <= 0) {
      c["period"].error("a period longer than zero");
    } else {
      s.period = *period;
    }
  }
  s.placement = c["placement"].one_of<Placement>(
      {{"binpack", Placement::kBinpack}, {"spread", Placement::kSpread}}, Placement::kBinpack);
  for (const auto& [name, value] : c["features"].entries()) {
    if (model::find_kai_switch(name) == nullptr) {
      value.error("a behaviour switch listed by `drasim profiles`", quote(name));
      continue;
    }
    if (!value.is_scalar() || (value.str() != "true" && value.str() != "false")) {
      value.error("true or false");
      continue;
    }
    s.features[name] = value.boolean(false);
  }
  for (const Cursor& rule : c["implicitTolerations"].items()) {
    s.implicit_tolerations.push_back(decode_rule(rule, file_index));
  }
  if (const auto latency = c["bindLatency"].duration()) {
    s.bind_latency = *latency;
  }
  if (const auto timeout = c["bindingTimeout"].duration()) {
    if (timeout->us <= 0) {
      c["bindingTimeout"].error("a binding timeout longer than zero");
    } else {
      s.binding_timeout = *timeout;
    }
  }
  if (const auto grace = signed_duration_us(c["stalenessGracePeriod"])) {
    s.staleness_grace_us = *grace;
  }
  if (const Cursor actions = c["actions"]; actions.present()) {
    if (s.profile == Profile::kKubeScheduler) {
      actions.error("no actions with the kube-scheduler profile (they are KAI's)",
                    "an actions list");
    } else if (auto decoded = decode_actions(actions)) {
      s.actions = std::move(*decoded);
    }
  }
  return s;
}

/// The `queue` and `resource` (cpu, memory, gpu) of a fairShare or quotaDrift expectation.
void decode_queue_resource(const Cursor& p, uint32_t file_index, Expectation& e) {
  e.queue = p["queue"].required_str("a queue name");
  e.queue_source = source_of(p["queue"].present() ? p["queue"] : p, file_index);
  e.resource = p["resource"].one_of<size_t>({{"cpu", 0}, {"memory", 1}, {"gpu", 2}}, 0);
  if (!p["resource"].present()) {
    p["resource"].error("one of cpu, memory, gpu");
  }
}

/// `fairShare: {queue: team-a, resource: gpu, within: 10%}`.
void decode_fair_share(const Cursor& p, uint32_t file_index, Expectation& e) {
  e.kind = Expectation::Kind::kFairShare;
  if (!p.expect_map("a mapping such as {queue: team-a, resource: gpu, within: 10%}")) {
    return;
  }
  decode_queue_resource(p, file_index, e);
  e.within = decode_percentage(p["within"], 1000).value_or(0);
  if (e.name.empty()) {
    e.name = fmt::format("{} {} within {}% of its fair share", e.queue,
                         quota_resource_name(e.resource), format_amount(e.within * 100));
  }
}

/// `quotaDrift: {queue: team-a, resource: gpu, within: 0}`: within is a number of report units.
void decode_quota_drift(const Cursor& p, uint32_t file_index, Expectation& e) {
  e.kind = Expectation::Kind::kQuotaDrift;
  if (!p.expect_map("a mapping such as {queue: team-a, resource: gpu, within: 0}")) {
    return;
  }
  decode_queue_resource(p, file_index, e);
  constexpr std::string_view kWithin = "zero or more (cpu cores, memory bytes or GPUs)";
  const std::optional<double> within = p["within"].number(kWithin);
  if (!p["within"].present()) {
    p["within"].error(kWithin);
  } else if (within && *within < 0) {
    p["within"].error(kWithin, p["within"].str());
  }
  e.within = std::max(within.value_or(0), 0.0);
  if (e.name.empty()) {
    e.name = fmt::format("{} {} quota drift within {}", e.queue, quota_resource_name(e.resource),
                         format_amount(e.within));
  }
}

/// `anomaliesAtMost: {kind: negative-idle, count: 0}`; without `kind`, anomalies of every kind.
void decode_anomalies_at_most(const Cursor& p, Expectation& e) {
  e.kind = Expectation::Kind::kAnomaliesAtMost;
  if (!p.expect_map("a mapping such as {kind: negative-idle, count: 0}")) {
    return;
  }
  if (const Cursor kind = p["kind"]; kind.present()) {
    const std::string text = kind.str();
    for (const model::AnomalyKind k : model::kAnomalyKinds) {
      e.anomaly_kind = text == model::to_string(k) ? std::optional(k) : e.anomaly_kind;
    }
    if (!e.anomaly_kind) {
      std::vector<std::string> names;
      for (const model::AnomalyKind k : model::kAnomalyKinds) {
        names.emplace_back(model::to_string(k));
      }
      kind.error(fmt::format("one of {}", fmt::join(names, ", ")));
    }
  }
  e.count = p["count"].integer("a whole number of anomalies").value_or(0);
  if (!p["count"].present()) {
    p["count"].error("a whole number of anomalies");
  } else if (e.count < 0) {
    p["count"].error("zero or more anomalies");
  }
  if (e.name.empty()) {
    e.name =
        fmt::format("at most {} {}anomalies", e.count,
                    e.anomaly_kind ? std::string(model::to_string(*e.anomaly_kind)) + " " : "");
  }
}

Expectation decode_expectation(const Cursor& c, uint32_t file_index) {
  Expectation e;
  c.expect_map();
  e.source = source_of(c, file_index);
  e.name = c["name"].str();
  if (const auto at = c["at"].duration()) {
    e.at = SimTime{at->us};
  }
  int kinds = 0;
  if (c["allPodsBound"].present()) {
    ++kinds;
    e.kind = Expectation::Kind::kAllPodsBound;
    if (!c["allPodsBound"].is_map() && !c["allPodsBound"].boolean(true)) {
      c["allPodsBound"].error("true or {}", "false");
    }
    if (e.name.empty()) {
      e.name = "all pods bound or completed";
    }
  }
  if (const Cursor p = c["pendingAtMost"]; p.present()) {
    ++kinds;
    e.kind = Expectation::Kind::kPendingAtMost;
    e.count = p.integer("a whole number of pods").value_or(0);
    if (e.count < 0) {
      p.error("zero or more pods");
    }
    if (e.name.empty()) {
      e.name = fmt::format("at most {} pending", e.count);
    }
  }
  if (const Cursor p = c["podOnNode"]; p.present()) {
    ++kinds;
    decode_pod_on_node(p, e);
  }
  if (const Cursor p = c["podPhase"]; p.present()) {
    ++kinds;
    decode_pod_phase(p, e);
  }
  if (const Cursor p = c["fairShare"]; p.present()) {
    ++kinds;
    decode_fair_share(p, file_index, e);
  }
  if (const Cursor p = c["evictionsAtMost"]; p.present()) {
    ++kinds;
    decode_evictions_at_most(p, file_index, e);
  }
  if (const Cursor p = c["anomaliesAtMost"]; p.present()) {
    ++kinds;
    decode_anomalies_at_most(p, e);
  }
  if (const Cursor p = c["quotaDrift"]; p.present()) {
    ++kinds;
    decode_quota_drift(p, file_index, e);
  }
  if (const Cursor p = c["waitTime"]; p.present()) {
    ++kinds;
    decode_wait_time(p, file_index, e);
  }
  if (const Cursor p = c["utilization"]; p.present()) {
    ++kinds;
    decode_utilization(c, p, e);
  }
  if (kinds != 1) {
    c.error(
        "exactly one of allPodsBound, pendingAtMost, podOnNode, podPhase, fairShare, "
        "evictionsAtMost, anomaliesAtMost, quotaDrift, waitTime, utilization",
        kinds == 0 ? "none" : "several");
  }
  return e;
}

}  // namespace

std::optional<std::vector<model::Action>> decode_actions(const Cursor& c) {
  constexpr const char* kExpected =
      "KAI actions (allocate, consolidation, reclaim, preempt, stalegangeviction), as a list or "
      "a comma-separated string";
  std::vector<std::pair<std::string, Cursor>> names;
  if (c.is_scalar()) {
    const std::string text = c.str();
    size_t start = 0;
    while (start <= text.size()) {
      const size_t comma = std::min(text.find(',', start), text.size());
      std::string name = text.substr(start, comma - start);
      name.erase(0, name.find_first_not_of(' '));
      name.erase(name.find_last_not_of(' ') + 1);
      names.emplace_back(std::move(name), c);
      start = comma + 1;
    }
  } else if (c.is_sequence()) {
    for (const Cursor& item : c.items()) {
      names.emplace_back(item.str(), item);
    }
  } else {
    c.error(kExpected);
    return std::nullopt;
  }
  std::vector<model::Action> out;
  bool ok = true;
  for (const auto& [name, at] : names) {
    const auto* known = std::find_if(model::kActionNames.begin(), model::kActionNames.end(),
                                     [&](const model::ActionName& a) { return a.name == name; });
    if (known == model::kActionNames.end()) {
      at.error(kExpected, quote(name));
      ok = false;
    } else if (std::find(out.begin(), out.end(), known->action) != out.end()) {
      at.error("each action at most once", fmt::format("{} twice", quote(name)));
      ok = false;
    } else {
      out.push_back(known->action);
    }
  }
  if (ok && out.empty()) {
    c.error(kExpected, "no action");
    ok = false;
  }
  return ok ? std::optional(std::move(out)) : std::nullopt;
}

const char* to_string(Profile p) {
  switch (p) {
    case Profile::kKaiV012:
      return "kai-v0.12";
    case Profile::kKaiV013:
      return "kai-v0.13";
    case Profile::kKaiV017:
      return "kai-v0.17";
    case Profile::kKai:
      return "kai";
    case Profile::kKubeScheduler:
      return "kube-scheduler";
  }
  return "";
}

const char* to_string(Placement p) {
  switch (p) {
    case Placement::kBinpack:
      return "binpack";
    case Placement::kSpread:
      return "spread";
  }
  return "";
}

void decode_scenario(const Cursor& root, uint32_t file_index, Scenario& out) {
  const model::ObjectMeta meta = decode_meta(root, file_index, false);
  out.name = meta.name;
  const Cursor spec = root["spec"];
  spec.expect_map();
  if (const auto seed = spec["seed"].integer("a whole number seed")) {
    if (*seed < 0) {
      spec["seed"].error("a seed of zero or more");
    } else {
      out.seed = static_cast<uint64_t>(*seed);
    }
  }
  if (const auto horizon = spec["horizon"].duration()) {
    out.horizon = *horizon;
  }
  const Cursor k8s = spec["kubernetes"];
  k8s.expect_map();
  if (k8s["version"].present()) {
    out.kubernetes_version = k8s["version"].one_of<std::string>(
        {{"1.34", "1.34"}, {"1.35", "1.35"}, {"1.36", "1.36"}, {"1.37", "1.37"}}, "1.35");
  }
  out.feature_gates = decode_gates(k8s["featureGates"], out.kubernetes_minor());
  out.scheduler = decode_scheduler(spec["scheduler"], file_index);
  decode_generators(spec["generate"], file_index, out);
  for (const Cursor& e : spec["events"].items()) {
    decode_event(e, file_index, out);
  }
  for (const Cursor& e : spec["expect"].items()) {
    out.expectations.push_back(decode_expectation(e, file_index));
  }
}

}  // namespace drasim::sim
