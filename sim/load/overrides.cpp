#include "sim/load/overrides.h"

#include <fmt/format.h>

#include <charconv>

namespace drasim::sim {
namespace {

DocNode* child(DocNode& node, std::string_view key) {
  for (DocNode& c : node.children) {
    if (c.key == key) {
      return &c;
    }
  }
  return nullptr;
}

std::string_view scalar_at(const DocNode& node, std::string_view key) {
  const DocNode* child = node.find(key);
  return child != nullptr && child->kind == DocKind::kScalar ? child->scalar : std::string_view{};
}

/// `Kind/name` or `Kind/namespace/name`.
std::variant<OverridePath, std::string> parse_target(std::string_view text) {
  OverridePath out;
  std::vector<std::string_view> parts;
  size_t start = 0;
  for (size_t slash = text.find('/'); slash != std::string_view::npos;
       slash = text.find('/', start)) {
    parts.push_back(text.substr(start, slash - start));
    start = slash + 1;
  }
  parts.push_back(text.substr(start));
  for (std::string_view p : parts) {
    if (p.empty() || parts.size() < 2 || parts.size() > 3) {
      return fmt::format("\"{}\" is not Kind/name or Kind/namespace/name", text);
    }
  }
  out.kind = parts.front();
  out.ns = parts.size() == 3 ? std::string(parts[1]) : std::string();
  out.name = parts.back();
  return out;
}

std::string step_text(const std::vector<PathStep>& steps, size_t count) {
  std::string out;
  for (size_t i = 0; i < count; ++i) {
    const PathStep& s = steps[i];
    if (s.index) {
      out += fmt::format("[{}]", *s.index);
    } else if (s.key.find_first_of(".[]") != std::string::npos) {
      out += fmt::format("[\"{}\"]", s.key);
    } else {
      out += (out.empty() ? "" : ".") + s.key;
    }
  }
  return out;
}

const char* kind_name(DocKind kind) {
  switch (kind) {
    case DocKind::kScalar:
      return "a scalar";
    case DocKind::kSequence:
      return "a sequence";
    case DocKind::kMap:
      return "a mapping";
    case DocKind::kNull:
      break;
  }
  return "null";
}

/// The `=` that ends the path of `PATH=...` (the first outside brackets), or npos.
size_t override_path_end(std::string_view text) {
  int depth = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '[') {
      ++depth;
    } else if (text[i] == ']') {
      --depth;
    } else if (text[i] == '=' && depth == 0) {
      return i;
    }
  }
  return std::string_view::npos;
}

}  // namespace

std::variant<OverridePath, std::string> parse_override_path(std::string_view text) {
  OverridePath out;
  std::string_view rest = text;
  // A target is `Kind/name:` before the first `:`, the name possibly with dots
  // (`DeviceClass/gpu.nvidia.com:`); a key with a `:` is written in brackets and quotes.
  const size_t colon = text.find(':');
  if (colon != std::string_view::npos && text.substr(0, colon).find('/') != std::string_view::npos
      && text.substr(0, colon).find_first_of("[\"") == std::string_view::npos) {
    auto target = parse_target(text.substr(0, colon));
    if (auto* problem = std::get_if<std::string>(&target)) {
      return *problem;
    }
    out = std::get<OverridePath>(std::move(target));
    rest = text.substr(colon + 1);
  }
  const auto bad = [&](std::string_view why) {
    return fmt::format(
        "\"{}\" is not a field path ({}); write it like spec.generate[0].count or "
        "Queue/team-a:spec.resources.gpu.quota",
        text, why);
  };
  size_t i = 0;
  while (i < rest.size()) {
    if (rest[i] == '[') {
      const size_t close = rest.find(']', i);
      if (close == std::string_view::npos) {
        return bad("a [ without ]");
      }
      std::string_view inside = rest.substr(i + 1, close - i - 1);
      if (inside.size() >= 2 && inside.front() == '"' && inside.back() == '"') {
        out.steps.push_back({std::string(inside.substr(1, inside.size() - 2)), std::nullopt});
      } else {
        size_t index = 0;
        const auto [end, ec] = std::from_chars(inside.data(), inside.data() + inside.size(), index);
        if (ec != std::errc() || end != inside.data() + inside.size() || inside.empty()) {
          return bad("an index is a number, a key with dots is in quotes");
        }
        out.steps.push_back({"", index});
      }
      i = close + 1;
    } else {
      const size_t end = std::min(rest.find_first_of(".[", i), rest.size());
      if (end == i) {
        return bad("an empty key");
      }
      if (rest.substr(i, end - i).find(':') != std::string_view::npos) {
        return bad("a target is Kind/name: or Kind/namespace/name:, a key with : is in quotes");
      }
      out.steps.push_back({std::string(rest.substr(i, end - i)), std::nullopt});
      i = end;
    }
    if (i < rest.size() && rest[i] == '.') {
      if (++i == rest.size() || rest[i] == '[' || rest[i] == '.') {
        return bad("an empty key");
      }
    } else if (i < rest.size() && rest[i] != '[') {
      return bad("a key ends at . or [");
    }
  }
  if (out.steps.empty()) {
    return bad("no field");
  }
  out.text = std::string(text);
  return out;
}

std::variant<Override, std::string> parse_override(std::string_view flag, std::string_view text) {
  const size_t eq = override_path_end(text);
  if (eq == std::string_view::npos) {
    return fmt::format("{} {}: PATH=VALUE expected, got no =", flag, text);
  }
  auto path = parse_override_path(text.substr(0, eq));
  if (auto* problem = std::get_if<std::string>(&path)) {
    return fmt::format("{} {}: {}", flag, text, *problem);
  }
  return Override{std::get<OverridePath>(std::move(path)), std::string(text.substr(eq + 1)),
                  std::string(flag)};
}

OverrideSet::OverrideSet(std::vector<Override> overrides)
    : overrides_(std::move(overrides)), hits_(overrides_.size(), 0) {}

void OverrideSet::apply(DocNode& root, DocArena& arena, const std::string& file,
                        Diagnostics& diagnostics) {
  if (overrides_.empty() || root.kind != DocKind::kMap) {
    return;
  }
  if (scalar_at(root, "kind") == "List" && scalar_at(root, "apiVersion") == "v1") {
    if (DocNode* items = child(root, "items");
        items != nullptr && items->kind == DocKind::kSequence) {
      for (DocNode& item : items->children) {
        apply(item, arena, file, diagnostics);
      }
    }
    return;
  }
  if (DocNode* raw = child(root, "rawObjects");
      raw != nullptr && raw->kind == DocKind::kMap) {  // a KAI snapshot
    for (DocNode& list : raw->children) {
      for (DocNode& item : list.children) {
        apply(item, arena, file, diagnostics);
      }
    }
    return;
  }
  apply_object(root, arena, file, diagnostics);
}

void OverrideSet::apply_object(DocNode& object, DocArena& arena, const std::string& file,
                               Diagnostics& diagnostics) {
  const std::string_view kind = scalar_at(object, "kind");
  const DocNode* meta = object.find("metadata");
  const std::string_view name = meta != nullptr ? scalar_at(*meta, "name") : std::string_view{};
  std::string_view ns = meta != nullptr ? scalar_at(*meta, "namespace") : std::string_view{};
  if (ns.empty()) {
    ns = "default";
  }
  for (size_t o = 0; o < overrides_.size(); ++o) {
    const OverridePath& p = overrides_[o].path;
    const bool targeted = p.kind.empty()
                              ? kind == "Scenario"
                              : kind == p.kind && name == p.name && (p.ns.empty() || ns == p.ns);
    if (!targeted) {
      continue;
    }
    ++hits_[o];
    DocNode* node = &object;
    for (size_t s = 0; s < p.steps.size(); ++s) {
      const PathStep& step = p.steps[s];
      const auto fail = [&](std::string expected, std::string found) {
        diagnostics.error(Diagnostic{file, node->mark, step_text(p.steps, s), std::move(expected),
                                     std::move(found)});
      };
      if (step.index) {
        if (node->kind != DocKind::kSequence || *step.index >= node->children.size()) {
          fail(fmt::format("a sequence with an item [{}]", *step.index),
               node->kind == DocKind::kSequence ? fmt::format("{} item(s)", node->children.size())
                                                : kind_name(node->kind));
          node = nullptr;
          break;
        }
        node = &node->children[*step.index];
        continue;
      }
      if (node->kind == DocKind::kNull) {
        node->kind = DocKind::kMap;  // `field:` or `field: null` becomes the mapping it holds
      }
      if (node->kind != DocKind::kMap) {
        fail(fmt::format("a mapping with a field {}", step.key), kind_name(node->kind));
        node = nullptr;
        break;
      }
      if (node->find(step.key) == nullptr) {
        std::vector<DocNode> grown(node->children.begin(), node->children.end());
        DocNode added;
        added.key = arena.text(step.key);
        added.mark = node->mark;
        added.key_mark = node->mark;
        grown.push_back(added);
        arena.adopt(*node, grown);
      }
      node = child(*node, step.key);
    }
    if (node != nullptr) {
      node->kind = DocKind::kScalar;
      node->quoted = false;
      node->scalar = arena.text(overrides_[o].value);
      node->children = {};
    }
  }
}

void OverrideSet::report_unmatched(Diagnostics& diagnostics) const {
  for (size_t o = 0; o < overrides_.size(); ++o) {
    if (hits_[o] != 0) {
      continue;
    }
    const OverridePath& p = overrides_[o].path;
    const std::string what = p.kind.empty() ? "a Scenario document in the inputs"
                                            : fmt::format("a {} named {}{} in the inputs", p.kind,
                                                          p.ns.empty() ? "" : p.ns + "/", p.name);
    diagnostics.error(Diagnostic{overrides_[o].flag, Mark{1, 1}, p.text, what, "none"});
  }
}

}  // namespace drasim::sim
