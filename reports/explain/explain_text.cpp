#include "model/kai/actions/eviction_actions.h"
#include "reports/explain/explain_output.h"
#include "sim/load/quote.h"

#include <fmt/format.h>

#include <algorithm>

namespace drasim::reports {
namespace {

constexpr size_t kNodesShown = 6;  ///< names listed per node group without --nodes all

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

void write_gates(const model::TaskProbe& p, std::string& out) {
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
  out +=
      "  capacity: " + p.over_capacity.value_or("within every limit and quota it must keep") + "\n";
  out += fmt::format("  gang {}: {} alive of minMember {}: {}\n", p.job, p.alive, p.min_member,
                     p.ready ? "ready" : "not ready, no node is tried");
  if (p.chunk.size() > 1) {
    out += fmt::format("  placed together: {}\n", fmt::join(p.chunk, ", "));
  }
  if (!p.rejection.empty()) {
    out += "  rejected before any node: " + p.rejection + "\n";
  }
}

void write_filters(const model::TaskProbe& p, bool all_nodes, std::string& out) {
  const std::vector<NodeGroup> groups = group_nodes(p);
  const size_t passed = groups.empty() || !groups.front().passed ? 0 : groups.front().nodes.size();
  out += fmt::format("\nFilters ({} {}, {} passed every filter)\n", p.nodes.size(),
                     p.nodes.size() == 1 ? "node" : "nodes", passed);
  for (const NodeGroup& g : groups) {
    const size_t shown = all_nodes ? g.nodes.size() : std::min(kNodesShown, g.nodes.size());
    std::string listed;
    for (size_t i = 0; i < shown; ++i) {
      listed += (i == 0 ? "" : ", ") + g.nodes[i];
    }
    if (shown < g.nodes.size()) {
      listed += fmt::format(", ... ({} more; --nodes all lists them)", g.nodes.size() - shown);
    }
    out += fmt::format("  {} {}: {}\n    {}\n", g.nodes.size(),
                       g.nodes.size() == 1 ? "node" : "nodes", g.verdict, listed);
  }
}

void write_devices(const model::TaskProbe& p, bool all_nodes, std::string& out) {
  size_t nodes = 0;
  for (const model::NodeProbe& n : p.nodes) {
    if (n.devices.empty()) {
      continue;
    }
    if (nodes == 0) {
      out +=
          "\nDRA devices on the nodes DynamicResources rejected (selectors and holders; "
          "constraints and counters are not judged here)\n";
    }
    if (++nodes > kNodesShown && !all_nodes) {
      out += "  ... (more nodes; --nodes all lists them)\n";
      break;
    }
    std::string heading;
    for (const model::DeviceVerdict& d : n.devices) {
      const std::string request =
          fmt::format("  {}: claim {}, request {}\n", n.name, d.claim, d.request);
      if (request != heading) {
        heading = request;
        out += heading;
      }
      out += fmt::format("    {}  {}\n", d.device, d.accepted ? "accepted" : d.why);
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
  const size_t shown = all_nodes ? scored.size() : std::min(kNodesShown, scored.size());
  for (size_t i = 0; i < shown; ++i) {
    const model::ScoreParts& s = *scored[i]->score;
    std::string parts;
    for (const auto& [name, value] :
         {std::pair{"nominatednode", s.nominated}, std::pair{"nodeavailability", s.availability},
          std::pair{"resourcetype", s.resource_type}, std::pair{"gpusharingorder", s.gpu_sharing},
          std::pair{"nodeplacement", s.placement}}) {
      if (value != 0) {
        parts += fmt::format("{}{} {}", parts.empty() ? "" : ", ", name, points_text(value));
      }
    }
    out += fmt::format("  {}  {} ({}){}\n", scored[i]->name, points_text(s.total()),
                       parts.empty() ? "no points" : parts,
                       p.chosen == scored[i]->name ? "  <- chosen" : "");
  }
  if (shown < scored.size()) {
    out += fmt::format("  ... ({} more; --nodes all lists them)\n", scored.size() - shown);
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
  write_gates(p, out);
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
