#include "sim/yaml_source.h"

#include <yaml-cpp/yaml.h>

#include <set>

namespace drasim::sim {
namespace {

Mark to_mark(const YAML::Mark& m) {
  if (m.line < 0 || m.column < 0) {
    return {};
  }
  return Mark{static_cast<uint32_t>(m.line + 1), static_cast<uint32_t>(m.column + 1)};
}

class Converter {
 public:
  Converter(const std::string& file, Diagnostics& diagnostics, size_t node_budget)
      : file_(file), diagnostics_(diagnostics), budget_(node_budget) {}

  bool convert(const YAML::Node& in, DocNode& out, const std::string& path) {
    if (budget_ == 0) {
      diagnostics_.error(Diagnostic{file_, to_mark(in.Mark()), path,
                                    "a document of reasonable size",
                                    "more nodes than 64 per input byte (alias expansion?)"});
      return false;
    }
    --budget_;
    out.mark = to_mark(in.Mark());
    switch (in.Type()) {
      case YAML::NodeType::Undefined:
      case YAML::NodeType::Null:
        out.kind = DocKind::kNull;
        return true;
      case YAML::NodeType::Scalar:
        out.kind = DocKind::kScalar;
        out.scalar = in.Scalar();
        out.quoted = in.Tag() == "!";
        return true;
      case YAML::NodeType::Sequence:
        return convert_sequence(in, out, path);
      case YAML::NodeType::Map:
        return convert_map(in, out, path);
    }
    return true;
  }

 private:
  bool convert_sequence(const YAML::Node& in, DocNode& out, const std::string& path) {
    out.kind = DocKind::kSequence;
    out.children.reserve(in.size());
    size_t index = 0;
    for (const auto& item : in) {
      out.children.emplace_back();
      if (!convert(item, out.children.back(), path + "[" + std::to_string(index++) + "]")) {
        return false;
      }
    }
    return true;
  }

  bool convert_map(const YAML::Node& in, DocNode& out, const std::string& path) {
    out.kind = DocKind::kMap;
    std::set<std::string> seen;
    for (const auto& entry : in) {
      const Mark key_mark = to_mark(entry.first.Mark());
      std::string key = entry.first.IsScalar() ? entry.first.Scalar() : std::string();
      const std::string child_path = path.empty() ? key : path + "." + key;
      if (!entry.first.IsScalar()) {
        diagnostics_.error(
            Diagnostic{file_, key_mark, path, "a plain mapping key", "a complex key"});
        continue;
      }
      if (!seen.insert(key).second) {
        diagnostics_.error(
            Diagnostic{file_, key_mark, child_path, "a key that appears once", "a duplicate key"});
        continue;
      }
      out.keys.push_back(std::move(key));
      out.key_marks.push_back(key_mark);
      out.children.emplace_back();
      if (!convert(entry.second, out.children.back(), child_path)) {
        return false;
      }
    }
    return true;
  }

  const std::string& file_;
  Diagnostics& diagnostics_;
  size_t budget_;
};

}  // namespace

const DocNode* DocNode::find(std::string_view key) const {
  if (kind != DocKind::kMap) {
    return nullptr;
  }
  for (size_t i = 0; i < keys.size(); ++i) {
    if (keys[i] == key) {
      return &children[i];
    }
  }
  return nullptr;
}

std::vector<Document> parse_yaml(std::string_view text, uint32_t file_index,
                                 const std::string& file_name, Diagnostics& diagnostics) {
  std::vector<Document> documents;
  Converter converter(file_name, diagnostics, 64 * text.size() + 1024);
  try {
    const std::vector<YAML::Node> nodes = YAML::LoadAll(std::string(text));
    for (const auto& node : nodes) {
      if (!node.IsDefined() || node.IsNull()) {
        continue;
      }
      Document doc;
      doc.file_index = file_index;
      if (!converter.convert(node, doc.root, "")) {
        break;
      }
      documents.push_back(std::move(doc));
    }
  } catch (const YAML::Exception& e) {
    diagnostics.error(Diagnostic{file_name, to_mark(e.mark), "", "valid YAML", e.msg});
  }
  return documents;
}

}  // namespace drasim::sim
