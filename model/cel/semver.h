#pragma once
/// Semantic versions as the Kubernetes CEL semver library sees them (k8s.io/apiserver
/// pkg/cel/library/semverlib.go, backed by github.com/blang/semver/v4): strict
/// `MAJOR.MINOR.PATCH[-PRERELEASE][+BUILD]` parsing, an optional normalising mode that accepts a
/// `v` prefix, missing minor/patch parts and leading zeros, and precedence comparison that
/// ignores build metadata.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace drasim::model::cel {

/// A parsed semantic version. Regular value type.
struct Semver {
  uint64_t major = 0;
  uint64_t minor = 0;
  uint64_t patch = 0;
  std::vector<std::string> prerelease;  ///< dot-separated identifiers after `-`
  std::vector<std::string> build;       ///< dot-separated identifiers after `+`

  /// Strict parse (blang semver.Parse). nullopt on any deviation from the grammar.
  static std::optional<Semver> parse(std::string_view text);

  /// Parse after normalisation (`semver(s, true)`): strips one leading `v`, pads missing minor
  /// and patch with 0 and drops leading zeros of the numeric parts.
  static std::optional<Semver> parse_normalized(std::string_view text);

  /// -1, 0 or 1 by semver precedence (build metadata ignored).
  [[nodiscard]] int compare(const Semver& other) const;

  [[nodiscard]] std::string to_string() const;
};

}  // namespace drasim::model::cel
