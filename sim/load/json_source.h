#pragma once
/// The JSON front end, on simdjson's on-demand API: JSON text (a `kubectl get -o json` dump, a
/// single object) to one Document of DocNodes, each with its line and column. Strings become
/// quoted scalars, numbers, booleans and null plain ones, exactly as the YAML reader gives the
/// same text, so the decoders cannot tell which reader fed them.

#include "sim/load/diagnostic.h"
#include "sim/load/doc_node.h"

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace drasim::sim {

/// Whether `text` is read as JSON: its first byte other than white space is `[`, or `{` followed
/// (past white space) by `"` or `}`. A YAML flow mapping (`{kind: Pod}`) has a bare key there.
bool looks_like_json(std::string_view text);

/// Where an item handed to an ItemSink sits: in the top-level `items` (a List: `list` is
/// "items") or in `rawObjects.<key>` (a KAI snapshot: `list` is the key), at `index` of `count`
/// items; `path` is its path (`items[12]`).
struct ListItem {
  std::string_view list;
  size_t index = 0;
  size_t count = 0;
  std::string path;
};

/// Takes one item of a document's object list as soon as it is read; the item's nodes are in
/// `arena`. Returns true when it took the item (it is then left out of the tree and its nodes
/// are reused), false to keep it in the tree.
using ItemSink = std::function<bool(DocNode& item, DocArena& arena, const ListItem& at)>;

/// Parses `text` as one JSON value. Invalid JSON, invalid UTF-8, duplicate keys and nesting
/// deeper than 1000 levels are reported to `diagnostics` against `file_name` with their line and
/// column; nothing is returned then. With a `sink`, the items of the document's object lists go
/// to it one at a time as they are read, so a dump of any size never holds more than one item's
/// tree (items taken before a syntax error later in the text stay taken). The documents' text
/// views buffers their arena keeps: `text` may go once this returns.
std::vector<Document> parse_json(std::string_view text, uint32_t file_index,
                                 const std::string& file_name, Diagnostics& diagnostics,
                                 const ItemSink& sink = {});

/// The same, keeping `text` itself (the documents' text views point into it) instead of a
/// padded copy: a file read with room for the padding (kReaderPadding) is never copied.
std::vector<Document> parse_json(std::string&& text, uint32_t file_index,
                                 const std::string& file_name, Diagnostics& diagnostics,
                                 const ItemSink& sink = {});

}  // namespace drasim::sim
