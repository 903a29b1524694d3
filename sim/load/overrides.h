#pragma once
/// Overrides: one field of the inputs replaced before decoding (`drasim run --set`, the variants
/// of `drasim sweep --vary` and the probes of `drasim plan --search`).
///
/// A path names a field of the Scenario document (`spec.generate[0].nodePool.count`,
/// `spec.scheduler.profile`) or of a named object (`Queue/team-a:spec.resources.gpu.quota`,
/// `Pod/ml/trainer-0:spec.priority`). Segments are mapping keys separated by dots, sequence
/// indexes in brackets, and keys with dots in brackets and quotes
/// (`metadata.labels["topology.kubernetes.io/zone"]`). The value replaces the node at the path
/// as an unquoted scalar, so the decoders check it exactly as if it had been written in the
/// file. Missing mapping keys along the path are created (the decoders reject a field they do
/// not know); an index past the end of a sequence, or a path through a scalar, is an error.

#include "sim/load/diagnostic.h"
#include "sim/load/doc_node.h"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace drasim::sim {

/// One step of a path: a mapping key, or a sequence index.
struct PathStep {
  std::string key;
  std::optional<size_t> index;

  bool operator==(const PathStep&) const = default;
};

/// Where an override goes: the Scenario document (empty kind), or objects of `kind` named
/// `name` (in `ns` when given).
struct OverridePath {
  std::string kind;
  std::string ns;
  std::string name;
  std::vector<PathStep> steps;
  std::string text;  ///< the path as written
};

struct Override {
  OverridePath path;
  std::string value;
  std::string flag;  ///< the flag it came from, for messages (`--set`, `--vary`, `--search`)
};

/// Parses `[Kind/[namespace/]name:]a.b[2]["c.d"]`; an error message when it is malformed.
std::variant<OverridePath, std::string> parse_override_path(std::string_view text);

/// Parses `PATH=VALUE` given to `flag` (the first `=` outside brackets ends the path); an error
/// message when it is malformed.
std::variant<Override, std::string> parse_override(std::string_view flag, std::string_view text);

/// The overrides of one load, and how many objects each one reached.
class OverrideSet {
 public:
  OverrideSet() = default;

  explicit OverrideSet(std::vector<Override> overrides);

  [[nodiscard]] bool empty() const { return overrides_.empty(); }

  /// Applies every override that targets `root` (a document or an object of a list): replaces
  /// or creates the node at its path in `arena`. Recurses into `v1 List` items and a KAI
  /// snapshot's rawObjects. Problems (a path through a scalar, an index out of range) are
  /// reported to `diagnostics` against `file` at the node where the path stopped.
  void apply(DocNode& root, DocArena& arena, const std::string& file, Diagnostics& diagnostics);

  /// Reports each override that reached no object (a name that is not in the inputs).
  void report_unmatched(Diagnostics& diagnostics) const;

 private:
  void apply_object(DocNode& object, DocArena& arena, const std::string& file,
                    Diagnostics& diagnostics);

  std::vector<Override> overrides_;
  std::vector<size_t> hits_;
};

}  // namespace drasim::sim
