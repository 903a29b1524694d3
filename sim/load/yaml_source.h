#pragma once
/// The yaml-cpp front end: YAML text to DocNodes, one Document per `---` document.

#include "sim/load/diagnostic.h"
#include "sim/load/doc_node.h"

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace drasim::sim {

/// Parses every document of `text`. Malformed YAML, duplicate mapping keys and alias bombs
/// (more nodes than 4 per input byte, or more text than 4 bytes per input byte) are reported to
/// `diagnostics` against `file_name`; the documents read before a syntax error are still returned.
/// Empty documents are dropped.
/// Takes each document as soon as it is read; its nodes are reused for the next one after.
using DocumentSink = std::function<void(Document& document)>;

/// With a `sink`, every document goes to it and none is returned, so a stream of any length
/// never holds more than one document's tree.
std::vector<Document> parse_yaml(std::string_view text, uint32_t file_index,
                                 const std::string& file_name, Diagnostics& diagnostics,
                                 const DocumentSink& sink = {});

}  // namespace drasim::sim
