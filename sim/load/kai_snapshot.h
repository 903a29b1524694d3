#pragma once
/// KAI scheduler snapshots (the snapshot plugin's `snapshot.json`; KAI:
/// pkg/scheduler/plugins/snapshot/snapshot.go): a mapping of `config` (the scheduler
/// configuration), `schedulerParams`, `rawObjects` (the cluster's objects by kind, as the
/// scheduler's informers hold them) and an optional `discovery`.
///
/// The objects under `rawObjects` have no apiVersion or kind (the informers' objects carry an
/// empty TypeMeta), so they are typed by the key they are listed under and then decoded like
/// any manifest. DRA objects are resource.k8s.io/v1, or v1beta1 in snapshots of older KAI
/// versions, which is told from their shape.

#include "sim/load/doc_node.h"
#include "sim/load/doc_reader.h"
#include "sim/load/scenario.h"

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace drasim::sim {

/// The ZIP entry the snapshot plugin writes.
inline constexpr std::string_view kSnapshotEntry = "snapshot.json";

/// Whether `root` is a KAI snapshot: a mapping with `rawObjects` and without `kind`.
[[nodiscard]] bool is_kai_snapshot(const DocNode& root);

/// What the objects of a snapshot say of the KAI version that wrote it (the version hints).
struct SnapshotShape {
  bool beta_dra = false;         ///< a DRA object of resource.k8s.io/v1beta1
  bool containers = false;       ///< some pod has containers
  bool container_image = false;  ///< some container has an image (pods not trimmed)
};

/// Gives every mapping under `rawObjects.<key>[]` of a known key an apiVersion and kind (first,
/// at the object's own position) unless it has both already, noting their shape in `shape`.
/// Unknown keys are left alone.
void type_snapshot_objects(DocNode& root, DocArena& arena, SnapshotShape& shape);

struct SnapshotKey;

/// Types one object listed under `key` as type_snapshot_objects does, noting its shape.
void type_snapshot_object(DocNode& object, DocArena& arena, const SnapshotKey& key,
                          SnapshotShape& shape);

/// What a snapshot says about how the scheduler runs, as Scenario settings.
struct SnapshotSettings {
  SchedulerConfig scheduler;  ///< profile from the version hints (below)
  /// What the snapshot's shape says of the KAI version that wrote it, one line each with the
  /// evidence (keys that versions added or removed, the DRA API version, trimmed pods).
  std::vector<std::string> version_hints;
  std::optional<std::string> kubernetes_version;  ///< from discovery.serverVersion, if modelled
  std::vector<std::string> warnings;              ///< what could not be carried, one line each
};

/// Reads `config`, `schedulerParams` and `discovery` of the snapshot at `root`. Values of the
/// wrong type are errors at their path; settings drasim does not model are warnings. The
/// profile is the newest one the version hints allow: kai-v0.12 for a snapshot older than KAI
/// v0.13 (no DRA GPU accounting yet), kai-v0.13 for one older than v0.16 (no KEP-5004 bridge
/// before v0.17), else kai.
[[nodiscard]] SnapshotSettings decode_snapshot_settings(const Cursor& root,
                                                        const SnapshotShape& shape);

/// The rawObjects keys of every KAI version's snapshot that drasim knows, for the typing, with
/// whether drasim models the kind (the others are skipped with one warning per kind).
struct SnapshotKey {
  std::string_view key;
  std::string_view api;
  std::string_view kind;
  bool modelled = false;
};

[[nodiscard]] const SnapshotKey* find_snapshot_key(std::string_view key);

/// Every key of the table, in the order KAI v0.17's RawKubernetesObjects lists them.
[[nodiscard]] std::span<const SnapshotKey> snapshot_keys();

}  // namespace drasim::sim
