#include "model/kai/actions/eviction_actions.h"
#include "reports/explain/explain_output.h"
#include "sim/load/quote.h"

#include <fmt/format.h>

#include <algorithm>

namespace drasim::reports {
namespace {

constexpr size_t kNodesShown = 6;  ///< names listed per node group without --nodes all

/// How many of `count` entries a list shows: all with --nodes all, else kNodesShown.
size_t shown_of(size_t count, bool all) {
  return all ? count : std::min(kNodesShown, count);
}

/// The tail of a list cut at `shown` of `count` entries.
std::string more_text(size_t count, size_t shown) {
  return fmt::format("... ({} more; --nodes all lists them)", count - shown);
}

std::string seconds(sim::SimTime t) {
  return sim::format_seconds(t) + "s";
}

std::string when(const sim::PodEvent& e) {
  if (e.count == 1) {
    return seconds(e.at);
  }
  return fmt::format("{}-{}", seconds(e.at), seconds(e.last));
}

std::string event_text(const sim::PodEvent& e) {
  std::string out = sim::event_name(e.kind);
  if (e.count > 1) {
    out += fmt::format(" x{}", e.count);
  }
  if (!e.node.empty()) {
    out += (e.kind == sim::PodEvent::Kind::kRunning   ? " on "
            : e.kind == sim::PodEvent::Kind::kEvicted ? " from "
                                                      : " to ")
           + e.node;
  }
  if (!e.detail.empty()) {
    out += ": " + e.detail;
  }
  return out;
}

/// The first line: where the pod is, and the scheduler's own words for why.
std::string verdict_line(const ExplainInput& in) {
  const PodRow& r = *in.row;
  std::string out = r.phase;
  if (!r.node.empty()) {
    out += " on " + r.node;
  }
  out += fmt::format(" at {}", seconds(in.end));
  if (!r.reason.empty()) {
    out += ": " + r.reason;
  } else if (r.phase == "Evicted" && !r.eviction_message.empty()) {
    out += ": " + r.eviction_message;
  }
  return out;
}

/// Why the job's side (`mine`) went before a rival, by the rule that told them apart.
std::string rival_text(const std::string& mine, const model::QueueRival& r) {
  using Rule = model::proportion::QueueOrderRule;
  const model::proportion::QueueOrderVerdict& v = r.verdict;
  switch (v.rule) {
    case Rule::kOverUtilised:
      return fmt::format("{} holds more than its fair share of every resource, {} does not", r.name,
                         mine);
    case Rule::kStarved:
      return fmt::format(
          "{} stays within its deserved quota with its next job in every resource, {} would not",
          mine, r.name);
    case Rule::kPriority:
      return fmt::format("priority {} > {}", v.left, v.right);
    case Rule::kZeroShare:
      return fmt::format("{} would hold a resource it has no allocatable share of", r.name);
    case Rule::kShareWithJob:
      return fmt::format("dominant resource share with its next job {:.4g} < {:.4g}", v.left,
                         v.right);
    case Rule::kShare:
      return fmt::format("dominant resource share {:.4g} < {:.4g}", v.left, v.right);
    case Rule::kAllocatableShares:
      return fmt::format("allocatable shares no larger than {}'s, and smaller in one resource",
                         r.name);
    case Rule::kCreation:
      return fmt::format("created before {}", r.name);
    case Rule::kName:
      return "equal by every rule; the name sorts first";
    case Rule::kSame:
      break;
  }
  return "the same queue";
}

void write_turn(const model::QueueTurnProbe& t, bool all, std::string& out) {
  std::string earlier;
  for (const auto& [queue, jobs] : t.earlier) {
    earlier += fmt::format("{}{} x{}", earlier.empty() ? "" : ", ", queue, jobs);
  }
  out += fmt::format("  queue order: turn {} of the allocate action{}\n", t.turn,
                     earlier.empty() ? " (the first)" : "; turns before it: " + earlier);
  for (const model::QueueLevelProbe& level : t.levels) {
    if (level.rivals.empty()) {
      out += fmt::format("    {}: no other queue at its level had pending jobs\n", level.queue);
      continue;
    }
    out += fmt::format("    {}: first of {} queues at its level with pending jobs\n", level.queue,
                       level.rivals.size() + 1);
    const size_t shown = shown_of(level.rivals.size(), all);
    for (size_t i = 0; i < shown; ++i) {
      out += fmt::format("      before {}: {}\n", level.rivals[i].name,
                         rival_text(level.queue, level.rivals[i]));
    }
    if (shown < level.rivals.size()) {
      out += "      " + more_text(level.rivals.size(), shown) + "\n";
    }
  }
}

void write_gates(const model::TaskProbe& p, bool all, std::string& out) {
  out += "\nGates\n";
  if (p.queues.empty()) {
    out += "  queue: does not exist (QueueDoesNotExist): no node is tried\n";
  }
  for (size_t i = 0; i < p.queues.size(); ++i) {
    const model::QueueProbe& q = p.queues[i];
    out += fmt::format("  {} {} (priority {})\n", i == 0 ? "queue" : "parent", q.name, q.priority);
    for (size_t r = 0; r < model::proportion::kResources; ++r) {
      const model::proportion::ResourceShare& s = q.r[r];
      out += fmt::format(
          "    {:<6} deserved {}, fair share {}, allocated {}, requested {}, limit {}\n",
          model::proportion::kResourceNames[r], queue_amount_text(r, s.deserved),
          queue_amount_text(r, s.fair_share), queue_amount_text(r, s.allocated),
          queue_amount_text(r, s.request), queue_amount_text(r, s.max_allowed));
    }
  }
  if (p.turn) {
    write_turn(*p.turn, all, out);
  } else if (!p.queues.empty()) {
    out +=
        "  queue order: the job had no turn in this cycle (its task's shape had already "
        "failed, or the action ended first)\n";
  }
  out +=
      "  capacity: " + p.over_capacity.value_or("within every limit and quota it must keep") + "\n";
  const char* gang_verdict = p.ready ? "ready" : "not ready, no node is tried";
  if (p.subgroups.empty()) {
    out += fmt::format("  gang {}: {} alive of minMember {}: {}\n", p.job, p.alive, p.min_member,
                       gang_verdict);
  } else {
    out += fmt::format("  gang {}: by subgroup (the PodGroup's minMember is ignored): {}\n", p.job,
                       gang_verdict);
  }
  for (const model::SubgroupProbe& g : p.subgroups) {
    out += fmt::format("    {}{}: {} {} of {} {}: {}\n", g.name,
                       g.parent.empty() ? "" : " (in " + g.parent + ")", g.alive,
                       g.leaf ? "alive pods" : "ready members", g.threshold,
                       g.leaf ? "minMember" : "minSubGroup", g.ready ? "ready" : "not ready");
  }
  if (p.chunk.size() > 1) {
    out += fmt::format("  placed together: {}\n", fmt::join(p.chunk, ", "));
  }
  if (!p.rejection.empty()) {
    out += "  rejected before any node: " + p.rejection + "\n";
  }
}

void write_topology(const model::TaskProbe& p, bool all, std::string& out) {
  if (!p.topology) {
    return;
  }
  const model::TopologyProbe& t = *p.topology;
  out += fmt::format("\nTopology ({}; domains in the order allocate tries them)\n", t.constraint);
  size_t tried = 0;
  const size_t shown = shown_of(t.domains.size(), all);
  for (size_t i = 0; i < t.domains.size(); ++i) {
    const model::TopologyDomainVerdict& d = t.domains[i];
    tried += d.offered ? 1 : 0;
    if (i < shown) {
      out += fmt::format("  {} ({}, {} {}): {}\n", d.domain, d.level, d.nodes,
                         d.nodes == 1 ? "node" : "nodes",
                         d.offered ? fmt::format("offered, try {}", tried) : d.why);
    }
  }
  if (shown < t.domains.size()) {
    out += "  " + more_text(t.domains.size(), shown) + "\n";
  }
  if (!t.failure.empty()) {
    out += "  no domain offered: " + t.failure + "\n";
  }
}

void write_filters(const model::TaskProbe& p, bool all_nodes, std::string& out) {
  const std::vector<NodeGroup> groups = group_nodes(p);
  const size_t passed = groups.empty() || !groups.front().passed ? 0 : groups.front().nodes.size();
  out += fmt::format("\nFilters ({} {}, {} passed every filter)\n", p.nodes.size(),
                     p.nodes.size() == 1 ? "node" : "nodes", passed);
  for (const NodeGroup& g : groups) {
    const size_t shown = shown_of(g.nodes.size(), all_nodes);
    std::string listed;
    for (size_t i = 0; i < shown; ++i) {
      listed += (i == 0 ? "" : ", ") + g.nodes[i];
    }
    if (shown < g.nodes.size()) {
      listed += ", " + more_text(g.nodes.size(), shown);
    }
    out += fmt::format("  {} {}: {}\n    {}\n", g.nodes.size(),
                       g.nodes.size() == 1 ? "node" : "nodes", g.verdict, listed);
  }
}

std::string tally_text(const model::RequestTally& t) {
  return fmt::format("{}, {} passed",
                     t.all ? "needs every matching device" : fmt::format("needs {}", t.needed),
                     t.accepted);
}

std::string constraint_text(const model::ConstraintTally& c) {
  std::string values;
  for (const auto& [value, devices] : c.values) {
    values += fmt::format("{}{} x{}", values.empty() ? "" : ", ", value, devices);
  }
  if (c.missing > 0) {
    values += fmt::format("{}without it x{}", values.empty() ? "" : ", ", c.missing);
  }
  return fmt::format(
      "{} {} over {}: {}", c.match ? "matchAttribute" : "distinctAttribute", c.attribute,
      c.requests.empty() ? "every request" : fmt::format("{}", fmt::join(c.requests, ", ")),
      values.empty() ? "no device passed" : values);
}

void write_devices(const model::TaskProbe& p, bool all_nodes, std::string& out) {
  size_t nodes = 0;
  for (const model::NodeProbe& n : p.nodes) {
    if (n.devices.empty()) {
      continue;
    }
    if (nodes == 0) {
      out +=
          "\nDRA devices on the nodes DynamicResources rejected (each device judged alone; "
          "counters and capacity are shared by the devices a search picks)\n";
    }
    if (++nodes > kNodesShown && !all_nodes) {
      out += "  ... (more nodes; --nodes all lists them)\n";
      break;
    }
    for (const model::RequestTally& t : n.devices.requests) {
      out += fmt::format("  {}: claim {}, request {}: {}\n", n.name, t.claim, t.request,
                         tally_text(t));
      for (const model::DeviceVerdict& d : n.devices.devices) {
        if (d.claim == t.claim && d.request == t.request) {
          out += fmt::format("    {}  {}\n", d.device, d.accepted ? "passed" : d.why);
        }
      }
    }
    for (const model::ConstraintTally& c : n.devices.constraints) {
      out += fmt::format("  {}: claim {}, {}\n", n.name, c.claim, constraint_text(c));
    }
  }
}

void write_scores(const model::TaskProbe& p, bool all_nodes, std::string& out) {
  std::vector<const model::NodeProbe*> scored;
  for (const model::NodeProbe& n : p.nodes) {
    if (n.passed()) {
      scored.push_back(&n);
    }
  }
  if (scored.empty()) {
    return;
  }
  std::stable_sort(scored.begin(), scored.end(), [](const auto* a, const auto* b) {
    return a->score->total() > b->score->total();
  });
  out += "\nScores (best first; ties go to the name that sorts first)\n";
  const size_t shown = shown_of(scored.size(), all_nodes);
  for (size_t i = 0; i < shown; ++i) {
    const model::ScoreParts& s = *scored[i]->score;
    std::string parts;
    for (const auto& [name, value] : s.named()) {
      if (value != 0) {
        parts += fmt::format("{}{} {}", parts.empty() ? "" : ", ", name, points_text(value));
      }
    }
    out += fmt::format("  {}  {} ({}){}\n", scored[i]->name, points_text(s.total()),
                       parts.empty() ? "no points" : parts,
                       p.chosen == scored[i]->name ? "  <- chosen" : "");
  }
  if (shown < scored.size()) {
    out += "  " + more_text(scored.size(), shown) + "\n";
  }
}

void write_bridge(const model::TaskProbe& p, std::string& out) {
  if (p.bridge.empty()) {
    return;
  }
  out += "\nKEP-5004 bridge (extended resources a DeviceClass answers to)\n";
  for (const model::BridgeProbe& b : p.bridge) {
    out +=
        fmt::format("  {} -> DeviceClass {} ({}){}\n", b.resource, b.device_class,
                    b.explicit_name ? "its spec.extendedResourceName" : "the class's implicit name",
                    b.enabled ? ""
                              : ": the bridge is off in this profile, so no node serves "
                                "it through DRA");
    if (!b.shadowed.empty()) {
      out += fmt::format("    newest class wins the name; shadowed: {}\n",
                         fmt::join(b.shadowed, ", "));
    }
    if (b.enabled) {
      out += fmt::format(
          "    served by the device plugin on {} {}, by DRA on {} (the node does not "
          "advertise it)\n",
          b.plugin_nodes, b.plugin_nodes == 1 ? "node" : "nodes", b.dra_nodes);
    }
  }
}

void write_evictions(const model::TaskProbe& p, std::string& out) {
  if (p.evictions.empty()) {
    return;
  }
  out += "\nEviction actions (same cycle, in the order they ran)\n";
  for (const model::EvictionTrace& t : p.evictions) {
    out += fmt::format("  {:<13} {}\n", model::action_name(t.action), model::eviction_step_text(t));
    for (size_t i = 0; i < t.scenarios.kept.size(); ++i) {
      out += fmt::format("    scenario {}: {}\n", i + 1,
                         model::scenario_text(t.action, t.scenarios.kept[i]));
    }
    if (t.scenarios.tried > t.scenarios.kept.size()) {
      out +=
          fmt::format("    ... ({} more scenarios)\n", t.scenarios.tried - t.scenarios.kept.size());
    }
  }
}

void write_tolerations(const PodRow& r, std::string& out) {
  if (r.implicit_tolerations.empty()) {
    return;
  }
  out += "\nImplicit tolerations\n";
  for (const model::ImpliedToleration& t : r.implicit_tolerations) {
    out += fmt::format(
        "  {} {} {} {} (rule {})\n", t.toleration.key,
        t.toleration.op == model::TolerationOperator::kExists ? "Exists" : "Equal",
        t.toleration.value,
        t.toleration.effect ? model::to_string(*t.toleration.effect) : "(every effect)", t.rule);
  }
}

/// Names and messages come from the input: every line escaped, the line breaks kept.
std::string escape_lines(const std::string& text) {
  std::string escaped;
  size_t start = 0;
  while (start < text.size()) {
    const size_t end = std::min(text.find('\n', start), text.size());
    escaped += sim::escape_text(text.substr(start, end - start)) + "\n";
    start = end + 1;
  }
  return escaped;
}

}  // namespace

std::string explain_text(const ExplainInput& in) {
  const sim::PodWatch& w = *in.watch;
  std::string out = fmt::format("drasim explain {} (scenario {}, profile {})\n", w.key(),
                                in.scenario, in.profile);
  out += verdict_line(in) + "\n\nHistory\n";
  for (const sim::PodEvent& e : w.history()) {
    out += fmt::format("  {:<14} {}\n", when(e), event_text(e));
  }
  write_tolerations(*in.row, out);
  if (!w.probe()) {
    out += w.until() ? "\nNo scheduling attempt at or before --at.\n"
                     : "\nNo scheduling attempt to show (the pod never waited for a KAI cycle).\n";
    return escape_lines(out);
  }
  const model::TaskProbe& p = *w.probe();
  out += fmt::format("\nAttempt at {} ({})\n", seconds(sim::SimTime{p.at_us}),
                     w.until() ? "the last at or before --at" : "the last one");
  write_gates(p, in.all_nodes, out);
  write_topology(p, in.all_nodes, out);
  write_filters(p, in.all_nodes, out);
  write_devices(p, in.all_nodes, out);
  write_scores(p, in.all_nodes, out);
  write_bridge(p, out);
  if (p.chosen) {
    out += "\nKAI places the pod on " + *p.chosen + "\n";
  }
  write_evictions(p, out);
  return escape_lines(out);
}

}  // namespace drasim::reports
