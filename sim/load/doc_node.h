#pragma once
/// A parser-independent document tree with a source position on every node.
///
/// Front ends (yaml-cpp, simdjson) turn text into DocNodes; every decoder reads only DocNodes.
/// This keeps the loader independent of the parser that feeds it while file, line and column
/// stay known for every error.
///
/// The nodes and the text they hold live in a DocArena: a node is a few words (its text and key
/// are views, its children one contiguous block), so building a tree costs no allocation per
/// node, and a reader that hands an object to the decoders as soon as it is read rewinds the
/// arena afterwards and reuses the same memory for the next object. Every node knows its parent,
/// so a decoder's Cursor works out a field's path only when it reports an error.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

namespace drasim::sim {

/// 1-based line and column of a node in its file (0 when unknown).
struct Mark {
  uint32_t line = 0;
  uint32_t col = 0;
};

enum class DocKind : uint8_t { kNull, kScalar, kSequence, kMap };

/// One node of a document: a scalar, a sequence or a mapping.
struct DocNode {
  DocKind kind = DocKind::kNull;
  /// Scalars only: whether the text was quoted (a quoted "3" is a string, not a number).
  bool quoted = false;
  Mark mark;
  /// An entry of a mapping: where its key is.
  Mark key_mark;
  /// Scalars only: the text.
  std::string_view scalar;
  /// An entry of a mapping: its key.
  std::string_view key;
  /// The mapping or sequence this node is in; nullptr for a root.
  const DocNode* parent = nullptr;
  /// A mapping's entries (each with its key) or a sequence's items, in file order.
  std::span<DocNode> children;

  /// The value under `key` of a mapping, or nullptr (also for non-mappings).
  [[nodiscard]] const DocNode* find(std::string_view key) const;
};

/// Owns the nodes and the text of trees. Blocks never move once made, so DocNodes can point at
/// each other; `rewind` gives back everything made after a `position` for reuse.
class DocArena {
 public:
  DocArena() = default;
  DocArena(const DocArena&) = delete;
  DocArena& operator=(const DocArena&) = delete;

  /// `count` null nodes in one contiguous block.
  std::span<DocNode> nodes(size_t count);

  /// A copy of `text` that lives as long as the arena (or until a rewind past it).
  std::string_view text(std::string_view text);

  /// Copies `nodes` into a block and makes it `parent`'s children (each child's own children
  /// then point back at their copied parent).
  void adopt(DocNode& parent, std::span<const DocNode> children);

  /// `node` in a block of its own, its children pointing back at it (a document's root).
  DocNode* place(const DocNode& node);

  /// A deep copy of `node` (its children in new blocks), with no parent. Like any node moved to
  /// a new place, its children point back at it once it is placed and `relink_children` ran.
  DocNode deep_copy(const DocNode& node);

  struct Position {
    size_t node_chunk = 0;
    size_t node_used = 0;
    size_t text_chunk = 0;
    size_t text_used = 0;
  };

  [[nodiscard]] Position position() const;

  /// Keeps `owner` (the buffers a reader's text views point into) as long as the arena.
  void keep_alive(std::shared_ptr<void> owner) { owners_.push_back(std::move(owner)); }

  /// Forgets every node and text made after `at` (their memory is kept for what comes next).
  void rewind(Position at);

 private:
  template <class T>
  struct Chunk {
    std::unique_ptr<T[]> data;
    size_t size = 0;
    size_t used = 0;
  };

  template <class T>
  static T* take(std::vector<Chunk<T>>& chunks, size_t& current, size_t count, size_t min_size);

  std::vector<Chunk<DocNode>> node_chunks_;
  std::vector<Chunk<char>> text_chunks_;
  size_t node_chunk_ = 0;
  size_t text_chunk_ = 0;
  std::vector<std::shared_ptr<void>> owners_;
};

/// Points each child of `node` at it (after `node` moved: a root, or an object being handed on).
void relink_children(DocNode& node);

/// One YAML document of a file, or one JSON value. The arena may be shared by the documents of
/// one file.
class Document {
 public:
  Document(uint32_t file, std::shared_ptr<DocArena> arena, DocNode* root)
      : file_index(file), arena_(std::move(arena)), root_(root) {}

  uint32_t file_index = 0;  ///< index into the loader's file table

  [[nodiscard]] const DocNode& root() const { return *root_; }

  [[nodiscard]] DocNode& mutable_root() { return *root_; }

  [[nodiscard]] DocArena& arena() { return *arena_; }

 private:
  std::shared_ptr<DocArena> arena_;
  DocNode* root_;
};

}  // namespace drasim::sim
