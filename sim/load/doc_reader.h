#pragma once
/// Typed, path-tracking access to DocNodes for decoders.
///
/// A Cursor points at a node (possibly missing) and knows its YAML path (`spec.containers[0]`)
/// and the nearest known position. Getters check the type, report a Diagnostic in the contract's
/// format on mismatch and return a default, so a decoder can keep going and report every problem
/// of a file in one run. The path is worked out from the tree (each node knows its parent) only
/// when it is asked for, which is when an error is reported: a field read costs no string.

#include "model/k8s/quantity.h"
#include "sim/load/diagnostic.h"
#include "sim/load/doc_node.h"
#include "sim/load/input_files.h"
#include "sim/load/sim_time.h"

#include <cstdint>
#include <initializer_list>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace drasim::sim {

/// What every Cursor of one document shares: the file name, the diagnostics sink, and the
/// reader of the files the document names (none for in-memory texts: references are refused).
struct DecodeContext {
  std::string file;
  Diagnostics* diagnostics = nullptr;
  InputFiles* files = nullptr;
};

class Cursor {
 public:
  /// A cursor at `root`, whose path is `root_path` (empty for a document's root; `items[12]` for
  /// an object a reader hands over on its own). `root_path` must outlive the cursors made from
  /// this one.
  Cursor(const DocNode* root, Mark where, std::string_view root_path, const DecodeContext* ctx)
      : node_(root),
        where_(root != nullptr ? root->mark : where),
        root_path_(root_path),
        ctx_(ctx) {}

  /// Present and not an explicit null (`field: null` and `field: ~` count as absent, as in the
  /// Kubernetes API).
  [[nodiscard]] bool present() const { return node_ != nullptr && node_->kind != DocKind::kNull; }

  [[nodiscard]] bool is_map() const { return present() && node_->kind == DocKind::kMap; }

  [[nodiscard]] bool is_sequence() const { return present() && node_->kind == DocKind::kSequence; }

  [[nodiscard]] bool is_scalar() const { return present() && node_->kind == DocKind::kScalar; }

  /// The child under `key` (missing when this is not a mapping or has no such key).
  [[nodiscard]] Cursor operator[](std::string_view key) const;

  /// Reports an error unless this is absent or a mapping; returns whether it is a mapping.
  bool expect_map(std::string_view expected = "a mapping") const;

  /// Items of a sequence; reports an error (and returns none) if present but not a sequence.
  [[nodiscard]] std::vector<Cursor> items(std::string_view expected = "a list") const;

  /// Entries of a mapping in file order; reports an error if present but not a mapping.
  [[nodiscard]] std::vector<std::pair<std::string, Cursor>> entries(
      std::string_view expected = "a mapping") const;

  /// A scalar as text ("" when absent); reports an error for a mapping or sequence.
  [[nodiscard]] std::string str(std::string_view expected = "a string") const;

  /// Like str() but reports `<expected>, got nothing` when absent or empty.
  [[nodiscard]] std::string required_str(std::string_view expected = "a string") const;

  /// An unquoted integer; nullopt (and an error if present) otherwise.
  [[nodiscard]] std::optional<int64_t> integer(std::string_view expected = "an integer") const;

  /// An unquoted number (integer or decimal); nullopt (and an error if present) otherwise.
  [[nodiscard]] std::optional<double> number(std::string_view expected = "a number") const;

  /// `true` or `false` (unquoted); `fallback` when absent, an error otherwise.
  [[nodiscard]] bool boolean(bool fallback) const;

  /// A Kubernetes quantity (quoted or not); nullopt when absent or invalid (invalid reports).
  [[nodiscard]] std::optional<model::Quantity> quantity() const;

  /// A duration such as `90s`; nullopt when absent or invalid (invalid reports).
  [[nodiscard]] std::optional<SimDuration> duration() const;

  /// A mapping of strings to strings (labels, annotations, nodeSelector).
  [[nodiscard]] std::map<std::string, std::string> string_map() const;

  /// A sequence of strings.
  [[nodiscard]] std::vector<std::string> string_list() const;

  /// One of the named values; reports `one of a, b, c, got "x"` and returns `fallback` otherwise.
  template <class E>
  E one_of(std::initializer_list<std::pair<std::string_view, E>> choices, E fallback) const {
    if (!present()) {
      return fallback;
    }
    const std::string text = str();
    for (const auto& [name, value] : choices) {
      if (text == name) {
        return value;
      }
    }
    std::string expected = "one of ";
    bool first = true;
    for (const auto& choice : choices) {
      expected += (first ? "" : ", ") + std::string(choice.first);
      first = false;
    }
    error(expected);
    return fallback;
  }

  /// Reports `<path>: <expected>, got <what this is>` at this node (or its parent if missing).
  void error(std::string_view expected) const;

  /// Reports with an explicit `found` text.
  void error(std::string_view expected, std::string found) const;

  /// Reads the file `reference` names, relative to this document's file and inside the input
  /// roots (InputFiles); reports why at this node and returns nullopt when it cannot.
  [[nodiscard]] std::optional<FileText> read_file(const std::string& reference) const;

  /// How this node reads in a message: `"text"`, `12`, `a mapping`, `a list`, `nothing`.
  [[nodiscard]] std::string describe() const;

  /// `spec.containers[0].name`: worked out from the tree, so ask only to report or keep it.
  [[nodiscard]] std::string path() const;

  [[nodiscard]] Mark mark() const { return where_; }

  [[nodiscard]] const DocNode* node() const { return node_; }

  [[nodiscard]] const DecodeContext& context() const { return *ctx_; }

 private:
  [[nodiscard]] Cursor child(const DocNode* node, Mark where) const {
    Cursor c(node, where, root_path_, ctx_);
    c.root_ = root_;
    return c;
  }

  /// Appends the path of `n`, a node of this cursor's tree, to `out`.
  void append_path(const DocNode* n, std::string& out) const;

  const DocNode* node_;
  /// The tree's root (its path is root_path_).
  const DocNode* root_ = node_;
  /// When node_ is missing: the nearest node that is there, and the keys below it that are not
  /// (separated by NUL bytes).
  const DocNode* present_ = nullptr;
  std::string missing_;
  Mark where_;
  std::string_view root_path_;
  const DecodeContext* ctx_;
};

/// The YAML path of `key` under `parent`: `a.b`, or `a["kai.scheduler/queue"]` for keys with
/// dots or slashes.
std::string join_path(std::string_view parent, std::string_view key);

/// `parent[index]`.
std::string index_path(std::string_view parent, size_t index);

}  // namespace drasim::sim
