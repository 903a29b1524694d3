#include "sim/load/doc_reader.h"

#include "sim/load/quote.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cstdlib>

namespace drasim::sim {
namespace {

bool is_plain_integer(std::string_view s) {
  if (s.empty()) {
    return false;
  }
  size_t i = (s[0] == '-' || s[0] == '+') ? 1 : 0;
  if (i == s.size()) {
    return false;
  }
  for (; i < s.size(); ++i) {
    if (s[i] < '0' || s[i] > '9') {
      return false;
    }
  }
  return true;
}

bool is_plain_number(std::string_view s) {
  if (is_plain_integer(s)) {
    return true;
  }
  size_t i = (!s.empty() && (s[0] == '-' || s[0] == '+')) ? 1 : 0;
  bool digits = false;
  bool dot = false;
  bool exponent = false;
  for (; i < s.size(); ++i) {
    const char c = s[i];
    if (c >= '0' && c <= '9') {
      digits = true;
    } else if (c == '.' && !dot && !exponent) {
      dot = true;
    } else if ((c == 'e' || c == 'E') && digits && !exponent) {
      exponent = true;
      digits = false;
      if (i + 1 < s.size() && (s[i + 1] == '-' || s[i + 1] == '+')) {
        ++i;
      }
    } else {
      return false;
    }
  }
  return digits;
}

}  // namespace

std::string join_path(std::string_view parent, std::string_view key) {
  // Every field a decoder reads gets its path, so this is on the loader's hot path: plain
  // appends, and an ASCII test instead of the locale's isalnum.
  const bool plain = !key.empty() && std::all_of(key.begin(), key.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-'
           || c == '_';
  });
  std::string out;
  if (!plain) {
    // A qualified name (a label or resource key) is at most 316 bytes; keep those whole.
    const std::string quoted = quote(key, 316);
    out.reserve(parent.size() + quoted.size() + 2);
    out.append(parent).append("[").append(quoted).append("]");
    return out;
  }
  if (parent.empty()) {
    return std::string(key);
  }
  out.reserve(parent.size() + key.size() + 1);
  out.append(parent).append(".").append(key);
  return out;
}

std::string index_path(std::string_view parent, size_t index) {
  std::array<char, 24> digits{};
  const auto end = std::to_chars(digits.data(), digits.data() + digits.size(), index).ptr;
  std::string out;
  out.reserve(parent.size() + static_cast<size_t>(end - digits.data()) + 2);
  out.append(parent).append("[").append(digits.data(), end).append("]");
  return out;
}

Cursor Cursor::operator[](std::string_view key) const {
  if (node_ != nullptr) {
    if (const DocNode* found = node_->find(key)) {
      return child(found, where_);
    }
  }
  Cursor c = child(nullptr, where_);
  if (node_ != nullptr) {
    c.present_ = node_;
  } else {
    c.present_ = present_;
    c.missing_ = missing_;
    c.missing_.push_back('\0');
  }
  c.missing_.append(key);
  return c;
}

void Cursor::append_path(const DocNode* n, std::string& out) const {
  if (n == root_ || n->parent == nullptr) {
    out.append(root_path_);
    return;
  }
  const DocNode* parent = n->parent;
  append_path(parent, out);
  if (parent->kind == DocKind::kSequence) {
    out = index_path(out, static_cast<size_t>(n - parent->children.data()));
  } else {
    out = join_path(out, n->key);
  }
}

std::string Cursor::path() const {
  std::string out;
  if (node_ != nullptr) {
    append_path(node_, out);
    return out;
  }
  if (present_ == nullptr) {
    return std::string(root_path_);
  }
  append_path(present_, out);
  std::string_view keys = missing_;
  while (true) {
    const size_t end = keys.find('\0');
    out = join_path(out, keys.substr(0, end));
    if (end == std::string_view::npos) {
      break;
    }
    keys.remove_prefix(end + 1);
  }
  return out;
}

bool Cursor::expect_map(std::string_view expected) const {
  if (!present()) {
    return false;
  }
  if (node_->kind != DocKind::kMap) {
    error(expected);
    return false;
  }
  return true;
}

std::vector<Cursor> Cursor::items(std::string_view expected) const {
  std::vector<Cursor> out;
  if (!present()) {
    return out;
  }
  if (node_->kind != DocKind::kSequence) {
    error(expected);
    return out;
  }
  out.reserve(node_->children.size());
  for (size_t i = 0; i < node_->children.size(); ++i) {
    out.push_back(child(&node_->children[i], where_));
  }
  return out;
}

std::vector<std::pair<std::string, Cursor>> Cursor::entries(std::string_view expected) const {
  std::vector<std::pair<std::string, Cursor>> out;
  if (!present()) {
    return out;
  }
  if (node_->kind != DocKind::kMap) {
    error(expected);
    return out;
  }
  out.reserve(node_->children.size());
  for (size_t i = 0; i < node_->children.size(); ++i) {
    const DocNode& entry = node_->children[i];
    out.emplace_back(entry.key, child(&entry, entry.key_mark));
  }
  return out;
}

std::string Cursor::str(std::string_view expected) const {
  if (!present()) {
    return {};
  }
  if (node_->kind != DocKind::kScalar) {
    error(expected);
    return {};
  }
  return std::string(node_->scalar);
}

std::string Cursor::required_str(std::string_view expected) const {
  std::string s = str(expected);
  if (s.empty() && (!present() || node_->kind == DocKind::kScalar)) {
    error(expected);
  }
  return s;
}

std::optional<int64_t> Cursor::integer(std::string_view expected) const {
  if (!present()) {
    return std::nullopt;
  }
  if (node_->kind != DocKind::kScalar || node_->quoted || !is_plain_integer(node_->scalar)) {
    error(expected);
    return std::nullopt;
  }
  const std::string_view s = node_->scalar;
  const size_t start = s[0] == '+' ? 1 : 0;
  int64_t value = 0;
  const auto [ptr, ec] = std::from_chars(s.data() + start, s.data() + s.size(), value);
  if (ec != std::errc() || ptr != s.data() + s.size()) {
    error(expected);
    return std::nullopt;
  }
  return value;
}

std::optional<double> Cursor::number(std::string_view expected) const {
  if (!present()) {
    return std::nullopt;
  }
  if (node_->kind != DocKind::kScalar || node_->quoted || !is_plain_number(node_->scalar)) {
    error(expected);
    return std::nullopt;
  }
  return std::strtod(std::string(node_->scalar).c_str(), nullptr);
}

bool Cursor::boolean(bool fallback) const {
  if (!present()) {
    return fallback;
  }
  if (node_->kind == DocKind::kScalar && !node_->quoted) {
    if (node_->scalar == "true") {
      return true;
    }
    if (node_->scalar == "false") {
      return false;
    }
  }
  error("true or false");
  return fallback;
}

std::optional<model::Quantity> Cursor::quantity() const {
  if (!present()) {
    return std::nullopt;
  }
  if (node_->kind == DocKind::kScalar) {
    if (auto q = model::Quantity::parse(node_->scalar)) {
      return q;
    }
  }
  error("a quantity such as 500m, 2 or 16Gi");
  return std::nullopt;
}

std::optional<SimDuration> Cursor::duration() const {
  if (!present()) {
    return std::nullopt;
  }
  if (node_->kind == DocKind::kScalar) {
    if (auto d = parse_duration(node_->scalar)) {
      return d;
    }
  }
  error("a duration such as 250ms, 90s, 5m or 6h");
  return std::nullopt;
}

std::map<std::string, std::string> Cursor::string_map() const {
  // Labels and annotations of every object come through here: straight from the nodes, with
  // no list of entries in between.
  std::map<std::string, std::string> out;
  if (!present()) {
    return out;
  }
  if (node_->kind != DocKind::kMap) {
    error("a mapping of strings");
    return out;
  }
  for (const DocNode& entry : node_->children) {
    out.emplace_hint(out.end(), entry.key, child(&entry, entry.key_mark).str());
  }
  return out;
}

std::vector<std::string> Cursor::string_list() const {
  std::vector<std::string> out;
  for (const auto& item : items("a list of strings")) {
    out.push_back(item.str());
  }
  return out;
}

void Cursor::error(std::string_view expected) const {
  error(expected, describe());
}

void Cursor::error(std::string_view expected, std::string found) const {
  ctx_->diagnostics->error(
      Diagnostic{ctx_->file, where_, path(), std::string(expected), std::move(found)});
}

std::optional<FileText> Cursor::read_file(const std::string& reference) const {
  InputFiles in_memory;  // a context without files stands for an in-memory text
  FileRead r =
      (ctx_->files != nullptr ? *ctx_->files : in_memory).read_reference(ctx_->file, reference);
  if (auto* problem = std::get_if<FileProblem>(&r)) {
    error(problem->expected, std::move(problem->found));
    return std::nullopt;
  }
  return std::get<FileText>(std::move(r));
}

std::string Cursor::describe() const {
  if (node_ == nullptr) {
    return "nothing";
  }
  switch (node_->kind) {
    case DocKind::kNull:
      return "null";
    case DocKind::kMap:
      return "a mapping";
    case DocKind::kSequence:
      return "a list";
    case DocKind::kScalar: {
      if (node_->quoted || !is_plain_number(node_->scalar) || node_->scalar.size() > kQuotedBytes) {
        return quote(node_->scalar);
      }
      return std::string(node_->scalar);
    }
  }
  return "nothing";
}

}  // namespace drasim::sim
