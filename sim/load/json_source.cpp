#include "sim/load/json_source.h"

#include "sim/load/doc_reader.h"
#include "sim/load/input_files.h"
#include "sim/load/memory_budget.h"
#include "sim/load/quote.h"

#include <fmt/format.h>
#include <simdjson.h>

#include <algorithm>
#include <optional>
#include <unordered_set>
#include <variant>

namespace drasim::sim {
namespace {

namespace od = simdjson::ondemand;

constexpr size_t kMaxDepth = 1000;  // as the YAML reader's bound on nesting
constexpr size_t kMemoryCheckNodes = 65536;

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/// Line and column of byte offsets visited in increasing order, in one pass over the text.
class LineCounter {
 public:
  explicit LineCounter(std::string_view text) : text_(text) {}

  Mark at(size_t offset) {
    offset = std::min(offset, text_.size());
    if (offset < scanned_) {  // only an error can look back: count from the start
      scanned_ = 0;
      line_ = 1;
      line_start_ = 0;
    }
    // Values are a few bytes apart: a plain loop beats a memchr call per value.
    for (; scanned_ < offset; ++scanned_) {
      if (text_[scanned_] == '\n') {
        ++line_;
        line_start_ = scanned_ + 1;
      }
    }
    return Mark{line_, static_cast<uint32_t>(offset - line_start_ + 1)};
  }

 private:
  std::string_view text_;
  size_t scanned_ = 0;
  uint32_t line_ = 1;
  size_t line_start_ = 0;
};

/// A key or an index of the path from the root to the value being read (for messages).
using PathPart = std::variant<std::string_view, size_t>;

struct Failure {
  Mark mark;
  std::string path;
  std::string expected;
  std::string found;
};

class JsonBuilder {
 public:
  JsonBuilder(std::string_view text, od::document& doc, DocArena& arena, const ItemSink& sink)
      : lines_(text), text_(text), doc_(doc), arena_(arena), sink_(sink) {}

  /// Converts `v`, or records the first failure and returns nullopt. The node's children point
  /// back at it only once it is placed (relink_children).
  std::optional<DocNode> value(od::value v) {
    const std::string_view token = v.raw_json_token();
    const Mark mark = mark_of(token.data());
    if (path_.size() >= kMaxDepth) {  // the root is at depth 0
      fail(mark, fmt::format("JSON nested at most {} levels deep", kMaxDepth), "deeper nesting");
      failure_->path.clear();  // a thousand `[0]` say nothing the position does not
      return std::nullopt;
    }
    if (++nodes_ >= next_memory_check_ && !memory_ok(mark)) {
      return std::nullopt;
    }
    od::json_type type{};
    if (const auto err = v.type().get(type)) {
      return syntax_error(err);
    }
    DocNode n;
    n.mark = mark;
    switch (type) {
      case od::json_type::object:
        return object(v, n);
      case od::json_type::array:
        return array(v, n);
      case od::json_type::string: {
        n.kind = DocKind::kScalar;
        n.quoted = true;
        // A string without escapes is its own text between the quotes: no copy.
        const std::string_view raw = trimmed(token);
        if (raw.size() >= 2 && raw.back() == '"'
            && std::find(raw.begin(), raw.end(), '\\') == raw.end()) {
          n.scalar = raw.substr(1, raw.size() - 2);
          return n;
        }
        if (const auto err = v.get_string().get(n.scalar)) {
          return syntax_error(err);
        }
        return n;
      }
      case od::json_type::number: {
        double d = 0;
        if (v.get_double().get(d) != simdjson::SUCCESS) {
          return fail(mark, "a JSON number", quote(trimmed(token)));
        }
        n.kind = DocKind::kScalar;
        n.scalar = trimmed(token);
        return n;
      }
      case od::json_type::boolean: {
        bool b = false;
        if (v.get_bool().get(b) != simdjson::SUCCESS) {
          return fail(mark, "true or false", quote(trimmed(token)));
        }
        n.kind = DocKind::kScalar;
        n.scalar = b ? "true" : "false";
        return n;
      }
      case od::json_type::null: {
        // is_null() reports a malformed literal (`nul`, `nullx`) as an error code, never by
        // throwing, when read with get().
        bool is_null = false;
        if (v.is_null().get(is_null) != simdjson::SUCCESS || !is_null) {
          return fail(mark, "null", quote(trimmed(token)));
        }
        n.kind = DocKind::kNull;
        return n;
      }
    }
    return fail(mark, "a JSON value", quote(trimmed(token)));
  }

  [[nodiscard]] const std::optional<Failure>& failure() const { return failure_; }

  std::nullopt_t fail(Mark at, std::string expected, std::string found) {
    if (!failure_) {
      failure_ = Failure{at, path(), std::move(expected), std::move(found)};
    }
    return std::nullopt;
  }

  /// A syntax error simdjson found while reading on: at the place the parser stopped.
  std::nullopt_t syntax_error(simdjson::error_code err) {
    return fail(error_mark(), "valid JSON", simdjson::error_message(err));
  }

  Mark mark_of(const char* p) {
    return lines_.at(p < text_.data() ? 0 : static_cast<size_t>(p - text_.data()));
  }

  /// Where the parser stopped (or the last value read, when it cannot say).
  Mark error_mark() {
    const char* at = nullptr;
    if (doc_.current_location().get(at) == simdjson::SUCCESS) {
      return mark_of(at);
    }
    return Mark{1, 1};
  }

  [[nodiscard]] std::string path() const {
    std::string out;
    for (const PathPart& part : path_) {
      if (const auto* key = std::get_if<std::string_view>(&part)) {
        out = join_path(out, *key);
      } else {
        out = index_path(out, std::get<size_t>(part));
      }
    }
    return out;
  }

 private:
  static std::string_view trimmed(std::string_view token) {
    while (!token.empty() && is_space(token.back())) {
      token.remove_suffix(1);
    }
    return token;
  }

  /// A key as written: the text between its quotes when it has no escapes, else unescaped.
  std::optional<std::string_view> key_of(od::field& field) {
    const char* raw = field.key().raw();
    const char* end = text_.data() + text_.size();
    const char* p = raw;
    while (p < end && *p != '"' && *p != '\\') {  // keys are short: no memchr call
      ++p;
    }
    if (p < end && *p == '"') {
      return std::string_view(raw, static_cast<size_t>(p - raw));
    }
    std::string_view key;
    if (const auto err = field.unescaped_key().get(key)) {
      return syntax_error(err);
    }
    return key;
  }

  std::optional<DocNode> object(od::value v, DocNode n) {
    n.kind = DocKind::kMap;
    od::object obj;
    if (const auto err = v.get_object().get(obj)) {
      return syntax_error(err);
    }
    const size_t first = scratch_.size();
    std::unordered_set<std::string_view> seen;  // used past kLinearKeys keys
    constexpr size_t kLinearKeys = 16;
    for (auto field_result : obj) {
      od::field field;
      if (const auto err = std::move(field_result).get(field)) {
        return syntax_error(err);
      }
      const Mark key_mark = mark_of(field.key().raw() - 1);  // the opening quote
      const std::optional<std::string_view> key = key_of(field);
      if (!key) {
        return std::nullopt;
      }
      const size_t count = scratch_.size() - first;
      bool repeated = false;
      if (count < kLinearKeys) {
        repeated = std::any_of(scratch_.begin() + static_cast<std::ptrdiff_t>(first),
                               scratch_.end(), [&](const DocNode& c) { return c.key == *key; });
      } else {
        if (seen.empty()) {
          for (size_t i = first; i < scratch_.size(); ++i) {
            seen.insert(scratch_[i].key);
          }
        }
        repeated = !seen.insert(*key).second;
      }
      path_.emplace_back(*key);
      if (repeated) {
        return fail(key_mark, "a key that appears once", "a duplicate key");
      }
      std::optional<DocNode> child = value(field.value());
      path_.pop_back();
      if (!child) {
        return std::nullopt;
      }
      child->key = *key;
      child->key_mark = key_mark;
      scratch_.push_back(*child);
    }
    return close(n, first);
  }

  /// Moves the children read since `first` off the scratch stack into `n`'s block.
  DocNode close(DocNode& n, size_t first) {
    arena_.adopt(n, std::span<const DocNode>(scratch_).subspan(first));
    scratch_.resize(first);
    return n;
  }

  /// The list the array at the current path is, for the sink: `items` of the root, or a key
  /// of the root's `rawObjects`; empty otherwise.
  [[nodiscard]] std::string_view object_list() const {
    const auto key = [&](size_t i) {
      const auto* k = std::get_if<std::string_view>(&path_[i]);
      return k != nullptr ? *k : std::string_view();
    };
    if (path_.size() == 1 && key(0) == "items") {
      return key(0);
    }
    if (path_.size() == 2 && key(0) == "rawObjects") {
      return key(1);
    }
    return {};
  }

  std::optional<DocNode> array(od::value v, DocNode n) {
    n.kind = DocKind::kSequence;
    od::array arr;
    if (const auto err = v.get_array().get(arr)) {
      return syntax_error(err);
    }
    ListItem at;
    at.list = sink_ ? object_list() : std::string_view();
    if (!at.list.empty()) {
      // Counting skips over the items on the parser's index (no values are read), so a sink
      // can make room for them all at once. A count that fails is only a hint lost: reading
      // the items reports the problem where it is.
      if (arr.count_elements().get(at.count) != simdjson::SUCCESS) {
        at.count = 0;
      }
    }
    const size_t first = scratch_.size();
    size_t index = 0;
    for (auto item_result : arr) {
      od::value item;
      if (const auto err = std::move(item_result).get(item)) {
        return syntax_error(err);
      }
      const DocArena::Position before = arena_.position();
      path_.emplace_back(index++);
      std::optional<DocNode> child = value(item);
      if (child && !at.list.empty()) {
        relink_children(*child);  // the item is a root while the sink has it
        at.index = index - 1;
        at.path = path();
        if (sink_(*child, arena_, at)) {
          path_.pop_back();
          arena_.rewind(before);  // its tree is done with: the next item reuses the memory
          continue;
        }
      }
      path_.pop_back();
      if (!child) {
        return std::nullopt;
      }
      scratch_.push_back(*child);
    }
    return close(n, first);
  }

  bool memory_ok(Mark at) {
    next_memory_check_ = nodes_ + kMemoryCheckNodes;
    if (const uint64_t resident = resident_bytes(); resident > memory_budget()) {
      fail(at, fmt::format("inputs that fit in --max-memory ({})", format_bytes(memory_budget())),
           fmt::format("{:.1f} MiB resident while reading this document",
                       static_cast<double>(resident) / (1 << 20)));
      return false;
    }
    return true;
  }

  LineCounter lines_;
  std::string_view text_;  ///< the JSON, which simdjson's pointers point into
  std::vector<PathPart> path_;
  /// Finished children of the containers being read, innermost last.
  std::vector<DocNode> scratch_;
  size_t nodes_ = 0;
  size_t next_memory_check_ = kMemoryCheckNodes;
  od::document& doc_;
  DocArena& arena_;
  const ItemSink& sink_;
  std::optional<Failure> failure_;
};

}  // namespace

bool looks_like_json(std::string_view text) {
  size_t i = 0;
  while (i < text.size() && is_space(text[i])) {
    ++i;
  }
  if (i == text.size()) {
    return false;
  }
  if (text[i] == '[') {
    return true;
  }
  if (text[i] != '{') {
    return false;
  }
  ++i;
  while (i < text.size() && is_space(text[i])) {
    ++i;
  }
  return i < text.size() && (text[i] == '"' || text[i] == '}');
}

std::vector<Document> parse_json(std::string_view text, uint32_t file_index,
                                 const std::string& file_name, Diagnostics& diagnostics,
                                 const ItemSink& sink) {
  return parse_json(std::string(text), file_index, file_name, diagnostics, sink);
}

std::vector<Document> parse_json(std::string&& owned, uint32_t file_index,
                                 const std::string& file_name, Diagnostics& diagnostics,
                                 const ItemSink& sink) {
  std::vector<Document> documents;
  const std::string_view text = owned;
  LineCounter lines(text);
  if (const size_t bad = first_invalid_utf8(text); bad != std::string_view::npos) {
    diagnostics.error(Diagnostic{
        file_name, lines.at(bad), "", "UTF-8 text (as the API server requires)",
        fmt::format("byte 0x{:02x} at offset {}", static_cast<unsigned char>(text[bad]), bad)});
    return documents;
  }

  // The tree's strings view the text and the parser's string buffer: the arena keeps both as
  // long as the documents.
  struct Buffers {
    explicit Buffers(std::string&& t)
        : text(std::move(t)), size(text.size()), parser(std::max<size_t>(size, 4096)) {
      // Spaces past the end, within the room the file reader left (else this copies once).
      static_assert(kReaderPadding >= simdjson::SIMDJSON_PADDING);
      text.append(kReaderPadding, ' ');
    }

    std::string text;  ///< the JSON, then the padding
    size_t size;       ///< of the JSON
    od::parser parser;
    od::document doc;
  };

  auto arena = std::make_shared<DocArena>();
  auto buffers = std::make_shared<Buffers>(std::move(owned));
  arena->keep_alive(buffers);
  const std::string_view kept(buffers->text.data(), buffers->size);
  const simdjson::padded_string_view padded(kept.data(), kept.size(), buffers->text.size());
  od::document& doc = buffers->doc;
  JsonBuilder builder(kept, doc, *arena, sink);
  const auto report = [&](Mark at, std::string expected, std::string found, std::string path) {
    diagnostics.error(
        Diagnostic{file_name, at, std::move(path), std::move(expected), std::move(found)});
  };
  if (const auto err = buffers->parser.iterate(padded).get(doc)) {
    report(Mark{1, 1}, "valid JSON", simdjson::error_message(err), "");
    return documents;
  }
  od::value root;
  if (const auto err = doc.get_value().get(root)) {
    report(builder.error_mark(), "valid JSON", simdjson::error_message(err), "");
    return documents;
  }
  std::optional<DocNode> tree = builder.value(root);
  if (!tree) {
    const Failure& f = *builder.failure();
    report(f.mark, f.expected, f.found, f.path);
    return documents;
  }
  if (const char* after = nullptr; doc.current_location().get(after) == simdjson::SUCCESS) {
    report(builder.error_mark(), "one JSON value", "more text after it", "");
    return documents;
  }
  DocNode* placed = arena->place(*tree);
  documents.emplace_back(file_index, std::move(arena), placed);
  return documents;
}

}  // namespace drasim::sim
