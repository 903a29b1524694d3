#pragma once
/// The yaml-cpp front end: YAML text to DocNodes, one Document per `---` document.

#include "sim/load/diagnostic.h"
#include "sim/load/doc_node.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace drasim::sim {

/// Parses every document of `text`. Malformed YAML, duplicate mapping keys and alias bombs
/// (more nodes than 4 per input byte, or more text than 4 bytes per input byte) are reported to
/// `diagnostics` against `file_name`; the documents read before a syntax error are still returned.
/// Empty documents are dropped.
std::vector<Document> parse_yaml(std::string_view text, uint32_t file_index,
                                 const std::string& file_name, Diagnostics& diagnostics);

}  // namespace drasim::sim
