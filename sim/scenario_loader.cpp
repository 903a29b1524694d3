#include "sim/scenario_loader.h"

#include "sim/generate/generators.h"
#include "sim/generate/timeline_expand.h"
#include "sim/load/cel_checks.h"
#include "sim/load/decode_scenario.h"
#include "sim/load/object_dispatch.h"
#include "sim/load/pool_checks.h"
#include "sim/load/scenario_checks.h"
#include "sim/load/yaml_source.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

namespace drasim::sim {
namespace {

namespace fs = std::filesystem;

bool is_yaml_file(const fs::path& p) {
  const std::string ext = p.extension().string();
  return ext == ".yaml" || ext == ".yml";
}

/// Decodes documents into a Scenario, remembering skipped kinds for the warnings.
class Dispatcher {
 public:
  explicit Dispatcher(Scenario& scenario) : scenario_(scenario) {}

  void document(const Cursor& root, uint32_t file_index) {
    if (!root.expect_map("a Kubernetes object (a mapping)")) {
      return;
    }
    const std::string api = root["apiVersion"].required_str("an apiVersion such as v1");
    const std::string kind = root["kind"].required_str("a kind such as Pod");
    if (api.empty() || kind.empty()) {
      return;
    }
    if (kind == "List" && api == "v1") {
      for (const Cursor& item : root["items"].items()) {
        document(item, file_index);
      }
      return;
    }
    dispatch(root, file_index, api, kind);
  }

  void finish() {
    for (const auto& [key, count] : skipped_) {
      scenario_.warnings.push_back(
          fmt::format("skipped {} {} object(s) ({}): drasim does not model this kind", count,
                      key.second, key.first));
    }
  }

 private:
  void dispatch(const Cursor& root, uint32_t f, const std::string& api, const std::string& kind) {
    if (api == "drasim.dev/v1alpha1" && kind == "Scenario") {
      scenario_document(root, f);
    } else if (decode_object(root, f, api, kind, scenario_.objects) == Dispatched::kUnknown) {
      ++skipped_[{api, kind}];
    }
  }

  void scenario_document(const Cursor& root, uint32_t f) {
    if (seen_scenario_) {
      root["kind"].error("at most one Scenario document in a run", "a second Scenario");
      return;
    }
    seen_scenario_ = true;
    decode_scenario(root, f, scenario_);
  }

  Scenario& scenario_;
  bool seen_scenario_ = false;
  std::map<std::pair<std::string, std::string>, int> skipped_;
};

/// Decodes the objects of every `apply: {file: ...}` event (relative to the scenario file).
void load_apply_files(Scenario& scenario, Diagnostics& diagnostics) {
  for (TimelineEvent& e : scenario.events) {
    auto* apply = std::get_if<ApplyEvent>(&e.what);
    if (apply == nullptr || apply->file.empty()) {
      continue;
    }
    const fs::path base = fs::path(scenario.files[e.source.file]).parent_path();
    const std::string name = (base / apply->file).lexically_normal().string();
    std::ifstream in(name, std::ios::binary);
    if (!in) {
      diagnostics.error(Diagnostic{scenario.files[e.source.file], Mark{e.source.line, e.source.col},
                                   e.path + ".apply.file", "a readable YAML file",
                                   fmt::format("\"{}\"", name)});
      continue;
    }
    std::ostringstream text;
    text << in.rdbuf();
    const auto file_index = static_cast<uint32_t>(scenario.files.size());
    scenario.files.push_back(name);
    const DecodeContext ctx{name, &diagnostics};
    for (const Document& doc : parse_yaml(text.str(), file_index, name, diagnostics)) {
      decode_applied(Cursor(&doc.root, doc.root.mark, "", &ctx), file_index, apply->objects);
    }
  }
}

Scenario load(const std::vector<InputText>& inputs, Diagnostics& diagnostics) {
  Scenario scenario;
  Dispatcher dispatcher(scenario);
  for (const InputText& input : inputs) {
    const auto file_index = static_cast<uint32_t>(scenario.files.size());
    scenario.files.push_back(input.name);
    const DecodeContext ctx{input.name, &diagnostics};
    for (const Document& doc : parse_yaml(input.text, file_index, input.name, diagnostics)) {
      dispatcher.document(Cursor(&doc.root, doc.root.mark, "", &ctx), file_index);
    }
  }
  dispatcher.finish();
  // Generated node pools exist before the timeline selects nodes among them. The timeline
  // reads only what decoded, so its problems join the others unless generators could not run
  // (then its selectors would miss their nodes).
  const bool generated = !diagnostics.has_errors();
  if (generated) {
    expand_generators(scenario, diagnostics);
  }
  if (generated || scenario.generators.empty()) {
    load_apply_files(scenario, diagnostics);
    expand_timeline(scenario, diagnostics);
  }
  if (!diagnostics.has_errors()) {
    check_scenario(scenario, diagnostics);
    check_cel_selectors(scenario, diagnostics);
    for (std::string& w : invalid_pool_warnings(scenario)) {
      scenario.warnings.push_back(std::move(w));
    }
    for (std::string& w : outside_subgroup_warnings(scenario)) {
      scenario.warnings.push_back(std::move(w));
    }
  }
  diagnostics.throw_if_errors();
  return scenario;
}

}  // namespace

std::vector<std::string> expand_paths(const std::vector<std::string>& paths,
                                      Diagnostics& diagnostics) {
  std::vector<std::string> out;
  for (const std::string& p : paths) {
    std::error_code ec;
    if (fs::is_directory(p, ec)) {
      std::vector<std::string> found;
      for (const auto& entry : fs::recursive_directory_iterator(p, ec)) {
        if (entry.is_regular_file() && is_yaml_file(entry.path())) {
          found.push_back(entry.path().string());
        }
      }
      std::sort(found.begin(), found.end());
      out.insert(out.end(), found.begin(), found.end());
    } else if (fs::is_regular_file(p, ec)) {
      out.push_back(p);
    } else {
      diagnostics.error(Diagnostic{p, {}, "", "a readable YAML file or directory", "nothing"});
    }
  }
  return out;
}

Scenario load_scenario(const std::vector<std::string>& paths) {
  Diagnostics diagnostics;
  std::vector<InputText> inputs;
  for (const std::string& file : expand_paths(paths, diagnostics)) {
    std::ifstream in(file, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    if (!in.good() && !in.eof()) {
      diagnostics.error(Diagnostic{file, {}, "", "a readable file", "a read error"});
      continue;
    }
    inputs.push_back({file, text.str()});
  }
  diagnostics.throw_if_errors();
  return load(inputs, diagnostics);
}

Scenario load_scenario_texts(const std::vector<InputText>& inputs) {
  Diagnostics diagnostics;
  return load(inputs, diagnostics);
}

}  // namespace drasim::sim
