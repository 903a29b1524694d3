#include "sim/load/decode_pod_expectations.h"

#include "sim/load/decode_common.h"
#include "sim/load/known_fields.h"

#include <fmt/format.h>

#include <utility>

namespace drasim::sim {
namespace {

/// `app=trainer,tier=web`, the way kubectl prints a label selector.
std::string selector_text(const model::StringMap& labels) {
  std::string out;
  for (const auto& [key, value] : labels) {
    out += fmt::format("{}{}={}", out.empty() ? "" : ",", key, value);
  }
  return out;
}

/// The optional `node` or `nodeSelector` of podPhase; exactly one of them for podOnNode.
void decode_node_target(const Cursor& p, Expectation& e, bool required) {
  e.node = p["node"].str("a node name");
  e.node_labels = p["nodeSelector"].string_map();
  if (required && e.node.empty() == e.node_labels.empty()) {
    p.error("exactly one of node and nodeSelector");
  } else if (!e.node.empty() && !e.node_labels.empty()) {
    p.error("at most one of node and nodeSelector", "both");
  }
}

std::string node_target_text(const Expectation& e) {
  if (!e.node.empty()) {
    return " on " + e.node;
  }
  return e.node_labels.empty() ? "" : " on a node with " + selector_text(e.node_labels);
}

}  // namespace

std::string pod_key(std::string text) {
  if (!text.empty() && text.find('/') == std::string::npos) {
    text = "default/" + text;
  }
  return text;
}

void decode_pod_on_node(const Cursor& p, Expectation& e) {
  e.kind = Expectation::Kind::kPodOnNode;
  e.pod = pod_key(p["pod"].required_str("a pod as namespace/name"));
  decode_node_target(p, e, true);
  if (e.name.empty()) {
    e.name = fmt::format("{} on {}", e.pod, e.node.empty() ? "a matching node" : e.node);
  }
}

void decode_pod_phase(const Cursor& p, Expectation& e) {
  e.kind = Expectation::Kind::kPodPhase;
  if (!p.expect_map("a mapping such as {pod: ml/serve-0, phase: Running}")) {
    return;
  }
  reject_unknown_fields(p, "podPhase",
                        {"pod", "podSelector", "namespace", "phase", "node", "nodeSelector"});
  e.pod = pod_key(p["pod"].str("a pod as namespace/name"));
  if (const Cursor sel = p["podSelector"]; sel.present()) {
    e.pod_labels = sel.string_map();
    if (sel.is_map() && e.pod_labels.empty()) {
      sel.error("at least one label", "{}");
    }
  }
  e.pod_namespace = p["namespace"].str("a namespace");
  if (e.pod.empty() == e.pod_labels.empty()) {
    p.error("exactly one of pod and podSelector", e.pod.empty() ? "none" : "both");
  } else if (!e.pod.empty() && !e.pod_namespace.empty()) {
    p["namespace"].error("no namespace with pod (write pod: namespace/name)");
  }
  e.phase = p["phase"].one_of<std::string>({{"Pending", "Pending"},
                                            {"Running", "Running"},
                                            {"Succeeded", "Succeeded"},
                                            {"Failed", "Failed"},
                                            {"Evicted", "Evicted"}},
                                           "");
  if (!p["phase"].present()) {
    p["phase"].error("one of Pending, Running, Succeeded, Failed, Evicted");
  }
  decode_node_target(p, e, false);
  if (e.name.empty()) {
    const std::string who =
        !e.pod.empty() ? e.pod
                       : fmt::format("pods with {}{}", selector_text(e.pod_labels),
                                     e.pod_namespace.empty() ? "" : " in " + e.pod_namespace);
    e.name = fmt::format("{} {}{}", who, e.phase, node_target_text(e));
  }
}

void decode_evictions_at_most(const Cursor& p, uint32_t file_index, Expectation& e) {
  e.kind = Expectation::Kind::kEvictionsAtMost;
  constexpr std::string_view kCount = "a whole number of evictions";
  if (p.is_map()) {
    reject_unknown_fields(p, "evictionsAtMost", {"count", "pod", "queue"});
    e.count = p["count"].integer(kCount).value_or(0);
    if (!p["count"].present()) {
      p["count"].error(kCount);
    }
    e.pod = pod_key(p["pod"].str("a pod as namespace/name"));
    e.queue = p["queue"].str("a queue name");
    e.queue_source = source_of(p["queue"].present() ? p["queue"] : p, file_index);
    if (!e.pod.empty() && !e.queue.empty()) {
      p.error("at most one of pod and queue", "both");
    }
  } else {
    e.count = p.integer(kCount).value_or(0);
  }
  const Cursor count = p.is_map() ? p["count"] : p;
  if (e.count < 0) {
    count.error("zero or more evictions");
  }
  if (e.name.empty()) {
    const std::string of = !e.pod.empty()     ? " of " + e.pod
                           : !e.queue.empty() ? " in queue " + e.queue
                                              : "";
    e.name = fmt::format("at most {} evictions{}", e.count, of);
  }
}

}  // namespace drasim::sim
