#pragma once
/// A parser-independent document tree with a source position on every node.
///
/// Front ends (yaml-cpp today; a JSON or streaming YAML parser later) turn text into DocNodes;
/// every decoder reads only DocNodes. This keeps the loader independent of the parser that feeds
/// it while file, line and column stay known for every error.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace drasim::sim {

/// 1-based line and column of a node in its file (0 when unknown).
struct Mark {
  uint32_t line = 0;
  uint32_t col = 0;
};

enum class DocKind { kNull, kScalar, kSequence, kMap };

/// One node of a document: a scalar, a sequence or a mapping.
struct DocNode {
  DocKind kind = DocKind::kNull;
  Mark mark;
  /// Scalars only: the text, and whether it was quoted (a quoted "3" is a string, not a number).
  std::string scalar;
  bool quoted = false;
  /// Mappings: keys[i] is the key of children[i]. Sequences: children are the items.
  std::vector<std::string> keys;
  std::vector<Mark> key_marks;
  std::vector<DocNode> children;

  /// The value under `key` of a mapping, or nullptr (also for non-mappings).
  [[nodiscard]] const DocNode* find(std::string_view key) const;
};

/// One YAML document of a file.
struct Document {
  uint32_t file_index = 0;  ///< index into the loader's file table
  DocNode root;
};

}  // namespace drasim::sim
