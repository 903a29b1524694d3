#include "sim/load/yaml_source.h"

#include "sim/load/input_files.h"
#include "sim/load/memory_budget.h"
#include "sim/load/quote.h"

#include <fmt/format.h>
#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/exceptions.h>
#include <yaml-cpp/parser.h>

#include <algorithm>
#include <istream>
#include <map>
#include <optional>
#include <set>
#include <streambuf>

namespace drasim::sim {
namespace {

/// The line and column (in bytes, from 1) of byte `offset` of `text`.
Mark mark_of_offset(std::string_view text, size_t offset) {
  const std::string_view before = text.substr(0, offset);
  const size_t line_start = before.rfind('\n');
  const auto line = static_cast<uint32_t>(std::count(before.begin(), before.end(), '\n') + 1);
  const size_t col = line_start == std::string_view::npos ? offset + 1 : offset - line_start;
  return Mark{line, static_cast<uint32_t>(col)};
}

Mark to_mark(const YAML::Mark& m) {
  if (m.line < 0 || m.column < 0) {
    return {};
  }
  return Mark{static_cast<uint32_t>(m.line + 1), static_cast<uint32_t>(m.column + 1)};
}

/// What a copy of a node costs: its nodes, and the bytes of its scalars and keys.
struct Cost {
  size_t nodes = 0;
  size_t bytes = 0;
};

Cost cost_of(const DocNode& n) {
  Cost total{1, n.scalar.size() + n.key.size()};
  for (const DocNode& c : n.children) {
    const Cost child = cost_of(c);
    total.nodes += child.nodes;
    total.bytes += child.bytes;
  }
  return total;
}

constexpr const char* kTooBig = "a document of reasonable size";

/// The text as a stream for yaml-cpp, read where it lies instead of copied into a stringstream.
class TextBuffer : public std::streambuf {
 public:
  explicit TextBuffer(std::string_view text) {
    // The get area is only read (a put back of the same character moves the pointer back).
    char* begin = const_cast<char*>(text.data());
    setg(begin, begin, begin + text.size());
  }
};

/// Builds DocNodes straight from yaml-cpp's parser events (no YAML::Node in between: less
/// memory, and the loop guard below is possible). Aliases are expanded by copying the anchored
/// node, against two budgets that stop alias bombs: 4 nodes per input byte (a document without
/// aliases has fewer than one: `[1,1]` is 3 nodes in 5 bytes), and 4 bytes of
/// scalar and key text per input byte plus 1 MiB (a fan-out of long scalars has few nodes).
class DocBuilder : public YAML::EventHandler {
 public:
  static constexpr size_t kMaxDepth = 1000;

  DocBuilder(const std::string& file, Diagnostics& diagnostics, DocArena& arena, size_t input_bytes)
      : file_(file),
        diagnostics_(diagnostics),
        arena_(arena),
        budget_(4 * input_bytes + 65536),
        byte_budget_(4 * input_bytes + (1U << 20)) {}

  /// The finished document, if the last document completed without a fatal problem.
  std::optional<DocNode> take_root() { return std::exchange(root_, std::nullopt); }

  [[nodiscard]] bool failed() const { return failed_; }

  void OnDocumentStart(const YAML::Mark&) override {
    anchors_.clear();  // yaml-cpp's anchors are a document's own
    stack_.clear();
    scratch_.clear();
    root_.reset();
  }

  void OnDocumentEnd() override {}

  void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    DocNode n;
    n.kind = DocKind::kNull;
    n.mark = to_mark(mark);
    attach(std::move(n), anchor);
  }

  void OnAlias(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    if (failed_) {
      return;
    }
    const auto it = anchors_.find(anchor);
    if (it == anchors_.end()) {
      fail(to_mark(mark), "an alias to a defined anchor", "an unknown alias");
      return;
    }
    // Check the budgets before copying: an alias bomb must fail fast, not after the copy.
    const Cost cost = it->second.cost;
    if (!within_budget(to_mark(mark), cost)) {
      return;
    }
    DocNode copy = arena_.deep_copy(it->second.node);
    copy.mark = to_mark(mark);
    attach(std::move(copy), 0, cost, it->second.depth);
  }

  void OnScalar(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                const std::string& value) override {
    DocNode n;
    n.kind = DocKind::kScalar;
    n.mark = to_mark(mark);
    n.scalar = arena_.text(value);
    n.quoted = tag == "!";
    attach(std::move(n), anchor, Cost{1, value.size()});
  }

  void OnSequenceStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                       YAML::EmitterStyle::value) override {
    open(DocKind::kSequence, mark, anchor);
  }

  void OnSequenceEnd() override { close(); }

  void OnMapStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                  YAML::EmitterStyle::value) override {
    open(DocKind::kMap, mark, anchor);
  }

  void OnMapEnd() override { close(); }

 private:
  struct Frame {
    DocNode node;
    size_t first = 0;        ///< where its children start on the scratch stack
    size_t child_depth = 0;  ///< deepest child so far (0: no container child)
    YAML::anchor_t anchor = 0;
    std::string path;
    bool expecting_key = true;
    bool skip_value = false;  ///< the key was not a plain scalar, or repeated
    std::string_view key;     ///< the key whose value comes next
    Mark key_mark;
    std::set<std::string_view> keys;
  };

  void open(DocKind kind, const YAML::Mark& mark, YAML::anchor_t anchor) {
    if (failed_) {
      return;
    }
    Frame f;
    f.node.kind = kind;
    f.node.mark = to_mark(mark);
    f.anchor = anchor;
    f.path = child_path();
    f.first = scratch_.size();
    stack_.push_back(std::move(f));
  }

  void close() {
    if (failed_ || stack_.empty()) {
      return;
    }
    Frame f = std::move(stack_.back());
    stack_.pop_back();
    arena_.adopt(f.node, std::span<const DocNode>(scratch_).subspan(f.first));
    scratch_.resize(f.first);
    attach(f.node, f.anchor, Cost{1, 0}, f.child_depth + 1);
  }

  /// The path the next value will have (for messages about keys).
  [[nodiscard]] std::string child_path() const {
    if (stack_.empty()) {
      return "";
    }
    const Frame& parent = stack_.back();
    if (parent.node.kind == DocKind::kSequence) {
      return parent.path + "[" + std::to_string(scratch_.size() - parent.first) + "]";
    }
    if (parent.expecting_key) {
      return parent.path;
    }
    return parent.path.empty() ? std::string(parent.key)
                               : parent.path + "." + std::string(parent.key);
  }

  /// Whether `cost` fits the budgets; takes it from them when it does, fails when not.
  bool within_budget(Mark at, Cost cost) {
    if (cost.nodes > budget_) {
      fail(at, kTooBig, "more nodes than 4 per input byte (alias expansion?)");
      return false;
    }
    if (cost.bytes > byte_budget_) {
      fail(at, kTooBig, "more text than 4 bytes per input byte (alias expansion?)");
      return false;
    }
    return true;
  }

  /// Hangs a finished node on its parent. `cost` is what it adds: one node (and a scalar's
  /// bytes) for a node built from events (its children were counted as they came), the whole
  /// copy for an alias.
  void attach(DocNode n, YAML::anchor_t anchor, Cost cost = {1, 0}, size_t depth = 0) {
    if (failed_) {
      return;  // after a fatal problem the rest of the stream is only drained
    }
    // Aliases can nest anchored trees past yaml-cpp's own limit of 500 levels; every later
    // stage walks trees recursively, so the depth is bounded here (found while fuzzing).
    if (stack_.size() + depth > kMaxDepth) {
      fail(n.mark, "a nesting depth of at most 1000", "a deeper document (nested aliases?)");
      return;
    }
    if (!within_budget(n.mark, cost)) {
      return;
    }
    budget_ -= cost.nodes;
    byte_budget_ -= cost.bytes;
    nodes_built_ += cost.nodes;
    if (nodes_built_ >= next_memory_check_) {
      next_memory_check_ = nodes_built_ + kMemoryCheckNodes;
      if (const uint64_t resident = resident_bytes(); resident > memory_budget()) {
        fail(n.mark,
             fmt::format("inputs that fit in --max-memory ({})", format_bytes(memory_budget())),
             fmt::format("{:.1f} MiB resident while reading this document",
                         static_cast<double>(resident) / (1 << 20)));
        return;
      }
    }
    if (anchor != 0) {
      anchors_[anchor] = Anchored{n, cost_of(n), depth};
    }
    if (stack_.empty()) {
      root_ = n;
      return;
    }
    Frame& parent = stack_.back();
    parent.child_depth = std::max(parent.child_depth, depth);
    if (parent.node.kind == DocKind::kSequence) {
      scratch_.push_back(n);
      return;
    }
    if (parent.expecting_key) {
      add_key(parent, n);
      return;
    }
    parent.expecting_key = true;
    if (parent.skip_value) {
      parent.skip_value = false;
      return;
    }
    n.key = parent.key;
    n.key_mark = parent.key_mark;
    scratch_.push_back(n);
  }

  void add_key(Frame& parent, const DocNode& key) {
    parent.expecting_key = false;
    parent.key = key.kind == DocKind::kScalar ? key.scalar : std::string_view();
    parent.key_mark = key.mark;
    if (key.kind != DocKind::kScalar) {
      diagnostics_.error(
          Diagnostic{file_, key.mark, parent.path, "a plain mapping key", "a complex key"});
      parent.skip_value = true;
      return;
    }
    if (!parent.keys.insert(key.scalar).second) {
      const std::string path = parent.path.empty() ? std::string(key.scalar)
                                                   : parent.path + "." + std::string(key.scalar);
      diagnostics_.error(
          Diagnostic{file_, key.mark, path, "a key that appears once", "a duplicate key"});
      parent.skip_value = true;
    }
  }

  void fail(Mark at, std::string expected, std::string found) {
    if (!failed_) {
      diagnostics_.error(Diagnostic{file_, at, "", std::move(expected), std::move(found)});
    }
    failed_ = true;
  }

  const std::string& file_;
  Diagnostics& diagnostics_;
  DocArena& arena_;
  size_t budget_;       ///< nodes left
  size_t byte_budget_;  ///< scalar and key bytes left
  static constexpr size_t kMemoryCheckNodes = 65536;
  size_t nodes_built_ = 0;
  size_t next_memory_check_ = kMemoryCheckNodes;
  std::vector<Frame> stack_;
  /// Finished children of the open containers, innermost last.
  std::vector<DocNode> scratch_;
  std::optional<DocNode> root_;

  struct Anchored {
    DocNode node;
    Cost cost;         ///< what one alias to `node` copies
    size_t depth = 0;  ///< container levels in `node`
  };

  std::map<YAML::anchor_t, Anchored> anchors_;
  bool failed_ = false;
};

}  // namespace

std::vector<Document> parse_yaml(std::string_view text, uint32_t file_index,
                                 const std::string& file_name, Diagnostics& diagnostics,
                                 const DocumentSink& sink) {
  std::vector<Document> documents;
  if (const size_t bad = first_invalid_utf8(text); bad != std::string_view::npos) {
    // The API server takes UTF-8 only; a name with invalid bytes would also break the JSON
    // report, so the whole file is refused at the first bad byte.
    diagnostics.error(Diagnostic{
        file_name, mark_of_offset(text, bad), "", "UTF-8 text (as the API server requires)",
        fmt::format("byte 0x{:02x} at offset {}", static_cast<unsigned char>(text[bad]), bad)});
    return documents;
  }
  TextBuffer buffer(text);
  std::istream in(&buffer);
  YAML::Parser parser(in);
  auto arena = std::make_shared<DocArena>();
  DocBuilder builder(file_name, diagnostics, *arena, text.size());
  // yaml-cpp 0.7 reports an empty document forever, without consuming anything, after a stray
  // top-level `,` such as `{},` (jbeder/yaml-cpp#1040). More documents than input bytes means
  // the parser is not advancing: stop with an error instead of hanging.
  const size_t max_documents = text.size() + 16;
  size_t seen = 0;
  DocArena::Position start = arena->position();
  try {
    while (parser.HandleNextDocument(builder)) {
      if (builder.failed()) {
        break;
      }
      if (++seen > max_documents) {
        diagnostics.error(Diagnostic{file_name,
                                     {},
                                     "",
                                     "valid YAML",
                                     "a stray character the parser cannot move past (a `,` "
                                     "after a document?)"});
        break;
      }
      if (auto root = builder.take_root(); root && root->kind != DocKind::kNull) {
        documents.emplace_back(file_index, arena, arena->place(*root));
        if (sink) {
          sink(documents.back());
          documents.pop_back();
          arena->rewind(start);  // the next document reuses the memory
        }
      }
      start = arena->position();
    }
  } catch (const YAML::DeepRecursion& e) {
    // yaml-cpp counts its own recursion (2000 frames), which is about 500 levels of nesting.
    diagnostics.error(Diagnostic{file_name, to_mark(e.mark), "",
                                 "YAML nested at most about 500 levels deep (the parser's limit)",
                                 "nesting deeper than that"});
  } catch (const YAML::Exception& e) {
    diagnostics.error(Diagnostic{file_name, to_mark(e.mark), "", "valid YAML", e.msg});
  }
  return documents;
}

}  // namespace drasim::sim
