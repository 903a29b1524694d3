#include "reports/kai_snapshot_import.h"

#include "reports/json_writer.h"
#include "sim/load/quote.h"

#include <fmt/format.h>

#include <filesystem>
#include <map>

namespace drasim::reports {
namespace {

std::string list_of(const sim::DocNode& items) {
  std::string out = "{\"apiVersion\": \"v1\", \"kind\": \"List\", \"items\": [";
  for (size_t i = 0; i < items.children.size(); ++i) {
    out += i == 0 ? "\n" : ",\n";
    append_json(items.children[i], out);
  }
  out += "\n]}\n";
  return out;
}

std::string scenario_yaml(const sim::Scenario& s, const std::string& from) {
  std::vector<std::string> actions;
  for (const model::Action a : s.scheduler.actions) {
    for (const model::ActionName& n : model::kActionNames) {
      if (n.action == a) {
        actions.emplace_back(n.name);
      }
    }
  }
  const int64_t grace = s.scheduler.staleness_grace_us;
  const std::string staleness = grace < 0 ? "-" + sim::format_duration(sim::SimDuration{-grace})
                                          : sim::format_duration(sim::SimDuration{grace});
  return fmt::format(
      "# The scheduler settings of the KAI snapshot {} (drasim import kai-snapshot; see\n"
      "# SNAPSHOT.md). Add expectations under spec.expect and a horizon to make it a test.\n"
      "apiVersion: drasim.dev/v1alpha1\n"
      "kind: Scenario\n"
      "metadata:\n"
      "  name: {}\n"
      "spec:\n"
      "  kubernetes:\n"
      "    version: \"{}\"\n"
      "  scheduler:\n"
      "    profile: {}\n"
      "    period: {}\n"
      "    placement: {}\n"
      "    actions: [{}]\n"
      "    stalenessGracePeriod: {}\n",
      sim::escape_text(from), s.name, s.kubernetes_version, sim::to_string(s.scheduler.profile),
      sim::format_duration(s.scheduler.period), sim::to_string(s.scheduler.placement),
      fmt::join(actions, ", "), staleness);
}

std::string snapshot_md(const sim::SnapshotTree& tree, const sim::Scenario& loaded,
                        const sim::SnapshotSettings& settings,
                        const std::map<std::string, std::string>& written,
                        const std::map<std::string, size_t>& counts) {
  std::string md = fmt::format("# KAI scheduler snapshot `{}`\n\n", sim::escape_text(tree.file));
  md +=
      "Imported by `drasim import kai-snapshot`. `drasim run` on this directory replays the "
      "same cluster as `drasim run` on the snapshot itself.\n\n"
      "## What was read\n\n| rawObjects key | objects | file |\n| --- | ---: | --- |\n";
  for (const auto& [key, count] : counts) {
    const auto file = written.find(key);
    const sim::SnapshotKey* known = sim::find_snapshot_key(key);
    md += fmt::format("| `{}` | {} | {} |\n", key, count,
                      file != written.end()                 ? "`" + file->second + "`"
                      : known != nullptr && known->modelled ? "(none)"
                                                            : "not modelled");
  }
  const sim::SchedulerConfig& sc = loaded.scheduler;
  md += fmt::format(
      "\n## Scheduler settings (`scenario.yaml`)\n\n"
      "- profile `{}`, Kubernetes {}\n- placement `{}`, schedule period {}\n"
      "- {} action(s) a cycle, in the configuration's order\n",
      sim::to_string(sc.profile), loaded.kubernetes_version, sim::to_string(sc.placement),
      sim::format_duration(sc.period), sc.actions.size());
  md += "\n## KAI version hints\n\n";
  for (const std::string& h : settings.version_hints) {
    md += fmt::format("- {}\n", sim::escape_text(h));
  }
  md +=
      "\n## What drasim does not carry\n\n"
      "- the usage database (time-aware fairness): every queue's historical usage is 0;\n"
      "- NUMA zones (`nodeResourceTopologies`) and storage (PersistentVolumes, claims, storage "
      "classes, CSI drivers and capacities): pods are placed without them;\n";
  for (const std::string& w : loaded.warnings) {
    md += fmt::format("- {}\n", sim::escape_text(w));
  }
  return md;
}

}  // namespace

void append_json(const sim::DocNode& node, std::string& out) {
  switch (node.kind) {
    case sim::DocKind::kNull:
      out += "null";
      return;
    case sim::DocKind::kScalar:
      out += !node.quoted && is_json_literal(node.scalar) ? std::string(node.scalar)
                                                          : JsonWriter::quote(node.scalar);
      return;
    case sim::DocKind::kSequence:
      out += '[';
      for (size_t i = 0; i < node.children.size(); ++i) {
        out += i == 0 ? "" : ",";
        append_json(node.children[i], out);
      }
      out += ']';
      return;
    case sim::DocKind::kMap:
      out += '{';
      for (size_t i = 0; i < node.children.size(); ++i) {
        out += i == 0 ? "" : ",";
        out += JsonWriter::quote(node.children[i].key);
        out += ':';
        append_json(node.children[i], out);
      }
      out += '}';
      return;
  }
}

std::vector<FileToWrite> kai_snapshot_import(const sim::SnapshotTree& tree,
                                             const sim::Scenario& loaded,
                                             const sim::SnapshotSettings& settings,
                                             const std::string& dir) {
  namespace fs = std::filesystem;
  std::vector<FileToWrite> files;
  std::map<std::string, std::string> written;
  std::map<std::string, size_t> counts;
  if (const sim::DocNode* raw = tree.document.root().find("rawObjects");
      raw != nullptr && raw->kind == sim::DocKind::kMap) {
    for (const sim::DocNode& list : raw->children) {
      const size_t count = list.kind == sim::DocKind::kSequence ? list.children.size() : 0;
      counts[std::string(list.key)] = count;
      const sim::SnapshotKey* key = sim::find_snapshot_key(list.key);
      if (key == nullptr || !key->modelled || count == 0) {
        continue;
      }
      // JSON is YAML: `.yaml`, so that `drasim run DIR` reads it (directories give their
      // *.yaml and *.yml files, never a report.json left beside them).
      const std::string name = std::string(list.key) + ".yaml";
      written[std::string(list.key)] = name;
      files.push_back({(fs::path(dir) / name).string(), list_of(list)});
    }
  }
  files.push_back({(fs::path(dir) / "scenario.yaml").string(), scenario_yaml(loaded, tree.file)});
  files.push_back({(fs::path(dir) / "SNAPSHOT.md").string(),
                   snapshot_md(tree, loaded, settings, written, counts)});
  return files;
}

}  // namespace drasim::reports
