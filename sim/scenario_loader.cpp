#include "sim/scenario_loader.h"

#include "sim/cel_checks.h"
#include "sim/decode_scenario.h"
#include "sim/decoders.h"
#include "sim/generators.h"
#include "sim/pool_checks.h"
#include "sim/scenario_checks.h"
#include "sim/yaml_source.h"

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
    const std::string group = api.substr(0, api.find('/'));
    model::ObjectSet& o = scenario_.objects;
    if (api == "v1" && kind == "Node") {
      o.nodes.push_back(decode_node(root, f));
    } else if (api == "v1" && kind == "Pod") {
      o.pods.push_back(decode_pod(root, f));
    } else if (api == "v1" && kind == "Namespace") {
      o.namespaces.push_back(decode_namespace(root, f));
    } else if (api == "scheduling.k8s.io/v1" && kind == "PriorityClass") {
      o.priority_classes.push_back(decode_priority_class(root, f));
    } else if (api == "scheduling.run.ai/v2" && kind == "Queue") {
      o.queues.push_back(decode_queue(root, f));
    } else if (api == "scheduling.run.ai/v2alpha2" && kind == "PodGroup") {
      o.pod_groups.push_back(decode_pod_group(root, f));
    } else if (api == "kai.scheduler/v1alpha1" && kind == "Topology") {
      o.topologies.push_back(decode_topology(root, f));
    } else if (api == "drasim.dev/v1alpha1" && kind == "Scenario") {
      scenario_document(root, f);
    } else if (group == "resource.k8s.io") {
      dra(root, f, api, kind);
    } else {
      ++skipped_[{api, kind}];
    }
  }

  void dra(const Cursor& root, uint32_t f, const std::string& api, const std::string& kind) {
    const bool current = api == "resource.k8s.io/v1" || api == "resource.k8s.io/v1beta1"
                         || api == "resource.k8s.io/v1beta2";
    model::ObjectSet& o = scenario_.objects;
    if (kind == "DeviceTaintRule") {
      if (api == "resource.k8s.io/v1beta1") {
        root["apiVersion"].error("one of resource.k8s.io/v1alpha3, v1beta2, v1");
        return;
      }
      o.device_taint_rules.push_back(decode_device_taint_rule(root, f));
      return;
    }
    const bool known = kind == "DeviceClass" || kind == "ResourceSlice" || kind == "ResourceClaim"
                       || kind == "ResourceClaimTemplate";
    if (!known) {
      ++skipped_[{api, kind}];
      return;
    }
    if (!current) {
      root["apiVersion"].error(
          "one of resource.k8s.io/v1, v1beta2, v1beta1 (classic DRA before 1.31 is not modelled)");
      return;
    }
    if (kind == "DeviceClass") {
      o.device_classes.push_back(decode_device_class(root, f));
    } else if (kind == "ResourceSlice") {
      o.resource_slices.push_back(decode_resource_slice(root, f));
    } else if (kind == "ResourceClaim") {
      o.resource_claims.push_back(decode_resource_claim(root, f, api));
    } else {
      o.resource_claim_templates.push_back(decode_resource_claim_template(root, f, api));
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
  if (!diagnostics.has_errors()) {
    expand_generators(scenario, diagnostics);
  }
  if (!diagnostics.has_errors()) {
    check_scenario(scenario, diagnostics);
    check_cel_selectors(scenario, diagnostics);
    for (std::string& w : invalid_pool_warnings(scenario)) {
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
