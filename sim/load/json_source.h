#pragma once
/// The JSON front end, on simdjson's on-demand API: JSON text (a `kubectl get -o json` dump, a
/// single object) to one Document of DocNodes, each with its line and column. Strings become
/// quoted scalars, numbers, booleans and null plain ones, exactly as the YAML reader gives the
/// same text, so the decoders cannot tell which reader fed them.

#include "sim/load/diagnostic.h"
#include "sim/load/doc_node.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace drasim::sim {

/// Whether `text` is read as JSON: its first byte other than white space is `[`, or `{` followed
/// (past white space) by `"` or `}`. A YAML flow mapping (`{kind: Pod}`) has a bare key there.
bool looks_like_json(std::string_view text);

/// Parses `text` as one JSON value. Invalid JSON, invalid UTF-8, duplicate keys and nesting
/// deeper than 1000 levels are reported to `diagnostics` against `file_name` with their line and
/// column; nothing is returned then.
std::vector<Document> parse_json(std::string_view text, uint32_t file_index,
                                 const std::string& file_name, Diagnostics& diagnostics);

}  // namespace drasim::sim
