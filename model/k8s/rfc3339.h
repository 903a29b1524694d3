#pragma once
/// RFC 3339 timestamps as Kubernetes writes them (`metadata.creationTimestamp`), turned into a
/// sortable instant. The text itself is kept on the object; this only compares.

#include <cstdint>
#include <optional>
#include <string_view>
#include <utility>

namespace drasim::model {

/// Seconds since 1970-01-01T00:00:00Z and nanoseconds within that second (0..999999999), so
/// instants compare as pairs.
using Instant = std::pair<int64_t, int32_t>;

/// Parses `YYYY-MM-DDTHH:MM:SS`, optional fractional seconds (1 to 9 digits), then `Z` or an
/// offset `+HH:MM` / `-HH:MM`, into UTC. Calendar dates are checked (no February 30th); leap
/// seconds (`:60`) are rejected, as Go's time.Parse does. nullopt for anything else.
std::optional<Instant> parse_rfc3339(std::string_view text);

}  // namespace drasim::model
