#pragma once
/// Reading one entry of a ZIP archive held in memory (libzip), for KAI scheduler snapshots:
/// the snapshot plugin's `/get-snapshot` answers with a ZIP whose one entry is `snapshot.json`
/// (KAI: pkg/scheduler/plugins/snapshot/snapshot.go). Files saved as `.gzip` are ZIPs too, so an
/// archive is recognised by its first bytes, never by its name.

#include "sim/load/input_files.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>

namespace drasim::sim {

/// Whether `bytes` start like a ZIP archive: a local file header (`PK\3\4`) or the end of
/// central directory record of an empty archive (`PK\5\6`).
[[nodiscard]] bool looks_like_zip(std::string_view bytes);

/// The contents of entry `name` of the archive `archive`. The entry is inflated in chunks and
/// never past `max_bytes` (whatever size its header claims), so a ZIP bomb stops at the cap.
/// A damaged or truncated archive, a missing entry, an encrypted one and one past the cap are
/// FileProblems in the diagnostic's words; `cap_advice` says how to raise the cap.
[[nodiscard]] std::variant<std::string, FileProblem> read_zip_entry(std::string_view archive,
                                                                    std::string_view name,
                                                                    uint64_t max_bytes,
                                                                    std::string_view cap_advice);

}  // namespace drasim::sim
