#pragma once
// Block YAML of a document tree, for the loading benchmarks: the same objects as a kubectl JSON
// dump, written as `kubectl get -o yaml` would (keys and strings quoted only where a plain
// scalar would read differently).

#include "reports/json_writer.h"
#include "sim/load/doc_node.h"

#include <string>

namespace drasim::bench {

inline bool plain_safe(std::string_view s) {
  if (s.empty() || s.find_first_of(":#{}[],&*!|>'\"%@`\n") != std::string::npos || s.front() == ' '
      || s.back() == ' ' || s.front() == '-' || s.front() == '?') {
    return false;
  }
  return s != "true" && s != "false" && s != "null" && s != "~" && s != "yes" && s != "no";
}

/// Block YAML of a document tree (keys and strings quoted when a plain scalar would change).
inline void block_yaml(const sim::DocNode& n, int indent, std::string& out) {
  using sim::DocKind;
  const std::string pad(static_cast<size_t>(indent), ' ');
  const auto scalar = [&](const sim::DocNode& s) {
    if (s.kind == DocKind::kNull) {
      return std::string("null");
    }
    if (!s.quoted || plain_safe(s.scalar)) {
      // Quoted text that reads as a number must stay quoted.
      if (s.quoted && s.scalar.find_first_not_of("0123456789.-+eE") == std::string::npos) {
        return reports::JsonWriter::quote(s.scalar);
      }
      return std::string(s.scalar);
    }
    return reports::JsonWriter::quote(s.scalar);
  };
  const auto empty = [](const sim::DocNode& c) {
    return c.kind == DocKind::kMap ? std::string("{}") : std::string("[]");
  };
  if (n.kind == DocKind::kMap) {
    for (const auto& c : n.children) {
      const std::string key =
          plain_safe(c.key) ? std::string(c.key) : reports::JsonWriter::quote(c.key);
      if ((c.kind == DocKind::kMap || c.kind == DocKind::kSequence) && c.children.empty()) {
        out += pad + key + ": " + empty(c) + "\n";
      } else if (c.kind == DocKind::kMap || c.kind == DocKind::kSequence) {
        out += pad + key + ":\n";
        block_yaml(c, indent + 2, out);
      } else {
        out += pad + key + ": " + scalar(c) + "\n";
      }
    }
  } else if (n.kind == DocKind::kSequence) {
    for (const auto& c : n.children) {
      if ((c.kind == DocKind::kMap || c.kind == DocKind::kSequence) && !c.children.empty()) {
        std::string inner;
        block_yaml(c, indent + 2, inner);
        out += pad + "- " + inner.substr(static_cast<size_t>(indent) + 2);
      } else {
        out += pad + "- "
               + (c.kind == DocKind::kMap || c.kind == DocKind::kSequence ? empty(c) : scalar(c))
               + "\n";
      }
    }
  }
}

}  // namespace drasim::bench
