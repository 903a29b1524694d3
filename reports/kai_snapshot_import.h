#pragma once
/// What `drasim import kai-snapshot` writes: a scenario directory that `drasim run DIR` replays
/// exactly as `drasim run SNAPSHOT.zip` does.
/// - `<key>.yaml` per rawObjects key of a kind drasim models (pods.yaml, nodes.yaml, ...): a
///   `List` of the objects as the snapshot holds them, typed with apiVersion and kind, as JSON
///   (which is YAML, and read by the JSON reader), one object per line;
/// - `scenario.yaml`: one Scenario document with the profile, Kubernetes version, placement,
///   actions, period and staleness the snapshot's configuration gives;
/// - `SNAPSHOT.md`: what was read, what drasim cannot carry, and the KAI version hints.

#include "reports/atomic_file.h"
#include "sim/load/kai_snapshot.h"
#include "sim/scenario_loader.h"

#include <string>
#include <vector>

namespace drasim::reports {

/// The files for `dir`. `loaded` is the snapshot as `drasim run` loads it (its settings and
/// warnings), `settings` the snapshot's decoded configuration (its version hints).
std::vector<FileToWrite> kai_snapshot_import(const sim::SnapshotTree& tree,
                                             const sim::Scenario& loaded,
                                             const sim::SnapshotSettings& settings,
                                             const std::string& dir);

/// A document tree as compact JSON: quoted scalars as strings, plain ones as JSON numbers,
/// booleans or null when they read as such (else as strings), keys in their order.
void append_json(const sim::DocNode& node, std::string& out);

}  // namespace drasim::reports
