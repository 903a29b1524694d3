#pragma once
/// Reads scenario inputs (files, directories, or in-memory texts) into a Scenario.
///
/// Every YAML document is dispatched on apiVersion and kind; `List` wrappers are unwrapped;
/// unknown kinds are skipped with one warning line per kind. After decoding, cross-object
/// checks run (duplicate names, missing PriorityClasses, PodGroups, parent queues). All
/// problems are collected and thrown together as one InputError.

#include "sim/load/diagnostic.h"
#include "sim/load/doc_node.h"
#include "sim/load/input_files.h"
#include "sim/load/kai_snapshot.h"
#include "sim/load/overrides.h"
#include "sim/load/scenario.h"

#include <string>
#include <vector>

namespace drasim::sim {

/// One named input text (a file's contents, or the built-in demo).
struct InputText {
  std::string name;
  std::string text;
};

/// Loads files and directories (all `*.yaml` / `*.yml` below a directory, sorted by path),
/// reading them and the files they name under `policy` (InputFiles), with `overrides` applied to
/// the documents of those inputs (overrides.h; not to the files an `apply` event names). Throws
/// InputError listing every problem.
Scenario load_scenario(const std::vector<std::string>& paths, const InputPolicy& policy = {},
                       const std::vector<Override>& overrides = {});

/// Every `*.yaml` and `*.yml` file below `dir`, sorted by path, skipping hidden files and
/// directories (a name starting with `.`: the timestamped copy a ConfigMap volume keeps).
std::vector<std::string> yaml_files_under(const std::string& dir);

/// Loads in-memory texts, in order. Throws InputError listing every problem.
Scenario load_scenario_texts(const std::vector<InputText>& inputs,
                             const std::vector<Override>& overrides = {});

/// A KAI snapshot's document tree, every object under rawObjects typed (kai_snapshot.h), and
/// the name messages give its file.
struct SnapshotTree {
  std::string file;
  Document document;
  SnapshotShape shape;
};

/// Reads the snapshot `path` (the ZIP, or the snapshot.json inside it) under `policy`. Throws
/// InputError when it cannot be read or parsed, or is not a KAI snapshot.
SnapshotTree read_snapshot_tree(const std::string& path, const InputPolicy& policy = {});

}  // namespace drasim::sim
