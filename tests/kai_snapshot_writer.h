#pragma once
/// Scenario documents written as a KAI scheduler snapshot, the way KAI's snapshot plugin would
/// (pkg/scheduler/plugins/snapshot/snapshot.go): objects listed by kind under `rawObjects`
/// without apiVersion or kind, every list key of KAI v0.17 present and null when empty, the
/// operator's default configuration, durations in integer nanoseconds. Used by the snapshot
/// round-trip tool (tests/tools/make_kai_snapshot.cpp) and the loader fuzzer.

#include "reports/json_writer.h"
#include "reports/kai_snapshot_import.h"
#include "sim/load/doc_node.h"
#include "sim/load/kai_snapshot.h"

#include <fmt/format.h>

#include <map>
#include <string>
#include <vector>

namespace drasim::test {

struct SnapshotParts {
  std::string json;  ///< snapshot.json
  std::string rest;  ///< what a snapshot cannot hold, as a stream of JSON documents
};

namespace detail {

inline std::string scalar_of(const sim::DocNode& n, std::string_view key) {
  const sim::DocNode* v = n.find(key);
  return v != nullptr && v->kind == sim::DocKind::kScalar ? std::string(v->scalar) : std::string();
}

/// The rawObjects key of a kind drasim models and a snapshot holds, or empty.
inline std::string key_of(const std::string& kind) {
  for (const sim::SnapshotKey& k : sim::snapshot_keys()) {
    if (k.modelled && k.kind == kind) {
      return std::string(k.key);
    }
  }
  return {};
}

/// `object` (a mapping) as JSON without its apiVersion and kind, as the informers' objects are.
inline void append_untyped_json(const sim::DocNode& object, std::string& out) {
  out += '{';
  bool first = true;
  for (const sim::DocNode& entry : object.children) {
    if (entry.key != "apiVersion" && entry.key != "kind") {
      out += first ? "" : ",";
      first = false;
      out += reports::JsonWriter::quote(entry.key) + ":";
      reports::append_json(entry, out);
    }
  }
  out += '}';
}

}  // namespace detail

/// The objects of `docs` (List items included) as a snapshot, the rest (the Scenario document,
/// Namespaces, claim templates, DeviceTaintRules, anything else) as JSON documents.
inline SnapshotParts to_kai_snapshot(const std::vector<sim::Document>& docs) {
  std::vector<const sim::DocNode*> objects;
  for (const sim::Document& doc : docs) {
    if (detail::scalar_of(doc.root(), "kind") == "List") {
      const sim::DocNode* items = doc.root().find("items");
      for (size_t k = 0; items != nullptr && k < items->children.size(); ++k) {
        objects.push_back(&items->children[k]);
      }
    } else if (doc.root().kind == sim::DocKind::kMap) {
      objects.push_back(&doc.root());
    }
  }
  SnapshotParts out;
  std::map<std::string, std::vector<std::string>> lists;
  for (const sim::DocNode* o : objects) {
    const std::string key = detail::key_of(detail::scalar_of(*o, "kind"));
    std::string json;
    if (key.empty()) {
      reports::append_json(*o, json);
      out.rest += "---\n" + json + "\n";
    } else {
      detail::append_untyped_json(*o, json);
      lists[key].push_back(std::move(json));
    }
  }
  // The operator's default configuration, which drasim's Scenario defaults equal.
  out.json =
      R"({"config":{"actions":"allocate, consolidation, reclaim, preempt, stalegangeviction","tiers":[{"plugins":[{"name":"predicates"},{"name":"proportion"},{"name":"nodeplacement","arguments":{"cpu":"binpack","gpu":"binpack"}}]}]})"
      "\n"
      R"(,"schedulerParams":{"schedulerName":"kai-scheduler","fullHierarchyFairness":true,"globalDefaultStalenessGracePeriod":60000000000,"schedulePeriod":1000000000,"queueLabelKey":"kai.scheduler/queue"})"
      "\n,\"rawObjects\":{";
  // Every key of KAI v0.17's RawKubernetesObjects, in its order.
  bool first = true;
  for (const sim::SnapshotKey& k : sim::snapshot_keys()) {
    out.json += fmt::format("{}\"{}\":", first ? "" : ",", k.key);
    first = false;
    const auto it = lists.find(std::string(k.key));
    if (it == lists.end()) {
      out.json += "null";
      continue;
    }
    out.json += "[";
    for (size_t j = 0; j < it->second.size(); ++j) {
      out.json += (j == 0 ? "" : "\n,") + it->second[j];
    }
    out.json += "]";
  }
  out.json +=
      "}\n,\"discovery\":{\"serverVersion\":{\"major\":\"1\",\"minor\":\"35\"},\"resources\":null}}"
      "\n";
  return out;
}

}  // namespace drasim::test
