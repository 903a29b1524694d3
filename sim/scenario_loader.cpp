#include "sim/scenario_loader.h"

#include "sim/generate/controllers.h"
#include "sim/generate/generators.h"
#include "sim/generate/timeline_expand.h"
#include "sim/load/bind_requests.h"
#include "sim/load/cel_checks.h"
#include "sim/load/decode_scenario.h"
#include "sim/load/json_source.h"
#include "sim/load/kai_snapshot.h"
#include "sim/load/object_dispatch.h"
#include "sim/load/pool_checks.h"
#include "sim/load/quote.h"
#include "sim/load/scenario_checks.h"
#include "sim/load/yaml_source.h"
#include "sim/load/zip_entry.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <map>

namespace drasim::sim {
namespace {

namespace fs = std::filesystem;

/// The reader is picked by content (looks_like_json), not by the file's name. The JSON reader
/// hands the items of object lists to `sink` as it reads them (json_source.h), and keeps the
/// text it is given instead of copying it; the YAML reader hands each document to `documents`
/// as it reads it (when given: none is returned then).
std::vector<Document> parse_text(std::string&& text, uint32_t file_index, const std::string& name,
                                 Diagnostics& diagnostics, const ItemSink& sink = {},
                                 const DocumentSink& documents = {}) {
  return looks_like_json(text) ? parse_json(std::move(text), file_index, name, diagnostics, sink)
                               : parse_yaml(text, file_index, name, diagnostics, documents);
}

/// The name messages give an input: a ZIP (a KAI snapshot) is read as its `snapshot.json`,
/// named `FILE(snapshot.json)` as linkers name an archive member.
std::string shown_name(const InputText& input) {
  return looks_like_zip(input.text) ? fmt::format("{}({})", input.name, kSnapshotEntry)
                                    : input.name;
}

/// The documents of one input (named `shown` in messages), which hands its text over. A ZIP,
/// whatever its file is called, is opened and its `snapshot.json` read instead, inflated within
/// the input caps.
std::vector<Document> parse_input(InputText&& input, uint32_t file_index, const std::string& shown,
                                  Diagnostics& diagnostics, InputFiles& files,
                                  const ItemSink& sink = {}, const DocumentSink& documents = {}) {
  if (!looks_like_zip(input.text)) {
    return parse_text(std::move(input.text), file_index, shown, diagnostics, sink, documents);
  }
  auto entry =
      read_zip_entry(input.text, kSnapshotEntry, files.inflate_room(), files.inflate_advice());
  if (auto* problem = std::get_if<FileProblem>(&entry)) {
    diagnostics.error(
        Diagnostic{input.name, {}, "", std::move(problem->expected), std::move(problem->found)});
    return {};
  }
  std::string& json = std::get<std::string>(entry);
  files.charge_inflated(json.size());
  return parse_text(std::move(json), file_index, shown, diagnostics, sink);
}

bool is_yaml_file(const fs::path& p) {
  const std::string ext = p.extension().string();
  return ext == ".yaml" || ext == ".yml";
}

/// Decodes documents into a Scenario, remembering skipped kinds for the warnings.
class Dispatcher {
 public:
  explicit Dispatcher(Scenario& scenario) : scenario_(scenario) {}

  /// Makes room for the pods of a list of `count` objects (`items`, or a snapshot's `pods`), so
  /// that the largest vector is not moved as it grows.
  void expect(std::string_view list, size_t count) {
    if (list == "items" || list == "pods") {
      scenario_.objects.pods.reserve(scenario_.objects.pods.size() + count);
    }
  }

  void document(const Cursor& root, uint32_t file_index) {
    if (!root.expect_map("a Kubernetes object (a mapping)")) {
      return;
    }
    if (is_kai_snapshot(*root.node())) {
      snapshot(root, file_index);
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
    for (std::string& w : apply_bind_requests(bind_requests_, scenario_.objects)) {
      scenario_.warnings.push_back(std::move(w));
    }
    finish_snapshots();
    for (const auto& [key, count] : skipped_) {
      scenario_.warnings.push_back(fmt::format(
          "skipped {} {} object(s) ({}): {}", count, key.second, key.first,
          key == std::pair<std::string, std::string>{"batch/v1", "CronJob"}
              ? "drasim runs no schedules (the Jobs a CronJob made are expanded when the input "
                "holds them)"
              : "drasim does not model this kind"));
    }
  }

  /// What the objects of the snapshot about to be dispatched showed (read as they streamed).
  void set_snapshot_shape(const SnapshotShape& shape) { shape_ = shape; }

 private:
  void dispatch(const Cursor& root, uint32_t f, const std::string& api, const std::string& kind) {
    if (api == "drasim.dev/v1alpha1" && kind == "Scenario") {
      scenario_document(root, f);
    } else if (api == "scheduling.run.ai/v1alpha2" && kind == "BindRequest") {
      bind_requests_.push_back(decode_bind_request(root, f));
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

  /// A KAI snapshot: its objects as manifests, its configuration kept for finish().
  void snapshot(const Cursor& root, uint32_t f) {
    for (const auto& [key, list] : root["rawObjects"].entries("the snapshot's objects by kind")) {
      if (find_snapshot_key(key) == nullptr) {
        scenario_.warnings.push_back(fmt::format(
            "skipped rawObjects.{} of the KAI snapshot: a kind drasim does not know", quote(key)));
        continue;
      }
      for (const Cursor& item : list.items("a list of objects (or null)")) {
        document(item, f);
      }
    }
    snapshots_.push_back(decode_snapshot_settings(root, shape_));
  }

  /// A snapshot's configuration becomes the run's settings unless a Scenario document is given
  /// (then the Scenario's settings hold, and the snapshot's are named in a warning).
  void finish_snapshots() {
    if (snapshots_.size() > 1) {
      scenario_.warnings.push_back(fmt::format(
          "{} KAI snapshots in one run: their objects are merged, the first one's configuration "
          "is used",
          snapshots_.size()));
    }
    if (snapshots_.empty()) {
      return;
    }
    SnapshotSettings& s = snapshots_.front();
    if (seen_scenario_) {
      scenario_.warnings.push_back(
          "the Scenario document's settings are used, not the KAI snapshot's configuration");
      return;
    }
    scenario_.name = "kai-snapshot";
    scenario_.scheduler = std::move(s.scheduler);
    if (s.kubernetes_version) {
      scenario_.kubernetes_version = *s.kubernetes_version;
    }
    for (std::string& w : s.warnings) {
      scenario_.warnings.push_back(std::move(w));
    }
  }

  Scenario& scenario_;
  SnapshotShape shape_;
  bool seen_scenario_ = false;
  std::vector<BindRequest> bind_requests_;
  std::vector<SnapshotSettings> snapshots_;
  std::map<std::pair<std::string, std::string>, int> skipped_;
};

/// Decodes the objects of every `apply: {file: ...}` event (relative to the scenario file).
void load_apply_files(Scenario& scenario, Diagnostics& diagnostics, InputFiles& files) {
  for (TimelineEvent& e : scenario.events) {
    auto* apply = std::get_if<ApplyEvent>(&e.what);
    if (apply == nullptr || apply->file.empty()) {
      continue;
    }
    const std::string& referrer = scenario.files[e.source.file];
    FileRead read = files.read_reference(referrer, apply->file);
    if (auto* problem = std::get_if<FileProblem>(&read)) {
      diagnostics.error(Diagnostic{referrer, Mark{e.source.line, e.source.col},
                                   e.path + ".apply.file", problem->expected,
                                   std::move(problem->found)});
      continue;
    }
    FileText& text = std::get<FileText>(read);
    const auto file_index = static_cast<uint32_t>(scenario.files.size());
    scenario.files.push_back(text.name);
    const DecodeContext ctx{text.name, &diagnostics, &files};
    for (const Document& doc :
         parse_text(std::move(text.text), file_index, text.name, diagnostics)) {
      decode_applied(Cursor(&doc.root(), doc.root().mark, "", &ctx), file_index, apply->objects);
    }
  }
}

Scenario load(std::vector<InputText> inputs, Diagnostics& diagnostics, InputFiles& files,
              const std::vector<Override>& overrides) {
  Scenario scenario;
  Dispatcher dispatcher(scenario);
  OverrideSet overriding(overrides);
  for (InputText& input : inputs) {
    const auto file_index = static_cast<uint32_t>(scenario.files.size());
    scenario.files.push_back(shown_name(input));
    const DecodeContext ctx{scenario.files.back(), &diagnostics, &files};
    // Objects of a JSON List or snapshot are decoded as they are read and their trees dropped.
    SnapshotShape shape;
    const ItemSink sink = [&](DocNode& item, DocArena& arena, const ListItem& at) {
      if (at.index == 0) {
        dispatcher.expect(at.list, at.count);
      }
      if (at.list != "items") {
        const SnapshotKey* key = find_snapshot_key(at.list);
        if (key == nullptr) {
          return false;  // left in the tree, where the snapshot's warning names it
        }
        type_snapshot_object(item, arena, *key, shape);
      }
      overriding.apply(item, arena, scenario.files[file_index], diagnostics);
      dispatcher.document(Cursor(&item, item.mark, at.path, &ctx), file_index);
      return true;
    };
    // A whole document: one of a YAML stream as it is read, or a JSON value once read.
    const DocumentSink decode = [&](Document& doc) {
      if (is_kai_snapshot(doc.root())) {
        type_snapshot_objects(doc.mutable_root(), doc.arena(), shape);  // objects left in the tree
        dispatcher.set_snapshot_shape(shape);
      }
      overriding.apply(doc.mutable_root(), doc.arena(), scenario.files[doc.file_index],
                       diagnostics);
      dispatcher.document(Cursor(&doc.root(), doc.root().mark, "", &ctx), doc.file_index);
    };
    for (Document& doc : parse_input(std::move(input), file_index, scenario.files.back(),
                                     diagnostics, files, sink, decode)) {
      decode(doc);
    }
  }
  dispatcher.finish();
  overriding.report_unmatched(diagnostics);
  // Generated node pools exist before the timeline selects nodes among them. The timeline
  // reads only what decoded, so its problems join the others unless generators could not run
  // (then its selectors would miss their nodes).
  const bool generated = !diagnostics.has_errors();
  if (generated) {
    expand_generators(scenario, diagnostics);
  }
  if (generated) {
    expand_controllers(scenario, scenario.objects, diagnostics);
  }
  if (generated || scenario.generators.empty()) {
    load_apply_files(scenario, diagnostics, files);
    for (TimelineEvent& e : scenario.events) {
      if (auto* apply = std::get_if<ApplyEvent>(&e.what)) {
        expand_controllers(scenario, apply->objects, diagnostics);
      }
    }
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

std::vector<std::string> yaml_files_under(const std::string& dir) {
  std::vector<std::string> found;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(dir, ec); it != fs::end(it); it.increment(ec)) {
    if (it->path().filename().string().starts_with(".")) {
      // Hidden: a ConfigMap volume's `..2026_...` copy of its files, an editor's backup.
      it.disable_recursion_pending();
      continue;
    }
    if (!it->is_directory() && is_yaml_file(it->path())) {
      found.push_back(it->path().string());
    }
  }
  std::sort(found.begin(), found.end());
  return found;
}

std::vector<InputText> read_inputs(const std::vector<std::string>& paths, InputFiles& files,
                                   Diagnostics& diagnostics) {
  std::vector<InputText> out;
  const auto take = [&](const std::string& file, FileRead read) {
    if (auto* problem = std::get_if<FileProblem>(&read)) {
      diagnostics.error(Diagnostic{file, {}, "", problem->expected, std::move(problem->found)});
    } else {
      out.push_back({file, std::move(std::get<FileText>(read).text)});
    }
  };
  for (const std::string& p : paths) {
    std::error_code ec;
    if (fs::is_directory(p, ec)) {
      const std::vector<std::string> found = yaml_files_under(p);
      for (const std::string& f : found) {
        take(f, files.read_found(f));
      }
    } else if (fs::exists(p, ec)) {
      take(p, files.read_argument(p));
    } else {
      diagnostics.error(Diagnostic{p, {}, "", "a readable YAML file or directory", "nothing"});
    }
  }
  return out;
}

Scenario load_scenario(const std::vector<std::string>& paths, const InputPolicy& policy,
                       const std::vector<Override>& overrides) {
  Diagnostics diagnostics;
  InputFiles files(paths, policy);
  std::vector<InputText> inputs = read_inputs(paths, files, diagnostics);
  diagnostics.throw_if_errors();
  return load(std::move(inputs), diagnostics, files, overrides);
}

SnapshotTree read_snapshot_tree(const std::string& path, const InputPolicy& policy) {
  Diagnostics diagnostics;
  InputFiles files({path}, policy);
  std::vector<InputText> inputs = read_inputs({path}, files, diagnostics);
  diagnostics.throw_if_errors();
  const std::string shown = shown_name(inputs.front());
  std::vector<Document> docs = parse_input(std::move(inputs.front()), 0, shown, diagnostics, files);
  diagnostics.throw_if_errors();
  if (docs.size() != 1 || !is_kai_snapshot(docs.front().root())) {
    diagnostics.error(Diagnostic{shown,
                                 {},
                                 "",
                                 "a KAI scheduler snapshot (a mapping with rawObjects)",
                                 docs.empty()       ? "no document"
                                 : docs.size() == 1 ? "another document"
                                                    : "several documents"});
    diagnostics.throw_if_errors();
  }
  SnapshotShape shape;
  type_snapshot_objects(docs.front().mutable_root(), docs.front().arena(), shape);
  return SnapshotTree{shown, std::move(docs.front()), shape};
}

Scenario load_scenario_texts(const std::vector<InputText>& inputs,
                             const std::vector<Override>& overrides) {
  Diagnostics diagnostics;
  InputFiles in_memory;
  return load(inputs, diagnostics, in_memory, overrides);
}

}  // namespace drasim::sim
