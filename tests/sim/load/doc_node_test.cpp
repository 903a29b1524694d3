// The document tree's arena (sim/load/doc_node.h) and the paths a Cursor works out from it
// (sim/load/doc_reader.h): every node knows the node it is in, the text outlives the input the
// reader was given, and a field's path in a message is the one the decoders always printed.
#include "sim/load/doc_node.h"

#include "sim/load/doc_reader.h"
#include "sim/load/json_source.h"
#include "sim/load/kai_snapshot.h"
#include "sim/load/yaml_source.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

namespace drasim::sim {
namespace {

/// Counts the nodes below `n` whose parent is not the node they are in.
size_t misplaced(const DocNode& n) {
  size_t bad = 0;
  for (const DocNode& c : n.children) {
    bad += (c.parent != &n ? 1 : 0) + misplaced(c);
  }
  return bad;
}

size_t count(const DocNode& n) {
  size_t total = 1;
  for (const DocNode& c : n.children) {
    total += count(c);
  }
  return total;
}

std::vector<Document> parse(const std::string& text, Diagnostics& d) {
  return looks_like_json(text) ? parse_json(text, 0, "t", d) : parse_yaml(text, 0, "t", d);
}

TEST_CASE(
    "every node of a JSON or YAML tree points at the node it is in, after its input is gone") {
  Diagnostics d;
  std::vector<Document> docs;
  {
    // The texts are temporaries: the tree's views must point into buffers the arena keeps
    // (ASan reports a read of the freed text otherwise).
    docs = parse(
        std::string(R"({"a": {"b": [1, {"c": "x\"y"}, [true, null]]}, "d\u0041": "plain"})"), d);
    for (Document& doc : parse(std::string("x: &anchor {p: [1, 2], q: {r: s}}\ny: *anchor\n"), d)) {
      docs.push_back(std::move(doc));
    }
  }
  REQUIRE(d.errors().empty());
  REQUIRE(docs.size() == 2);
  for (const Document& doc : docs) {
    CHECK(doc.root().parent == nullptr);
    CHECK(misplaced(doc.root()) == 0);
  }
  // JSON: root, a, b, 1, {c}, c, [..], true, null, dA = 10 nodes; the escaped texts unescaped.
  const DocNode& json = docs[0].root();
  CHECK(count(json) == 10);
  CHECK(json.find("a")->find("b")->children[1].find("c")->scalar == "x\"y");
  CHECK(json.children[1].key == "dA");
  CHECK(json.find("dA")->scalar == "plain");
  // YAML: the alias is a copy of its own (root, x, p, 1, 2, q, r = 7; y the same 6 again).
  const DocNode& yaml = docs[1].root();
  CHECK(count(yaml) == 13);
  CHECK(yaml.find("y")->find("q")->find("r")->scalar == "s");
  CHECK(yaml.find("y")->find("q") != yaml.find("x")->find("q"));
}

TEST_CASE("a cursor's path is worked out from the tree when a message needs it") {
  Diagnostics d;
  const auto docs = parse(
      "spec:\n  containers:\n  - name: a\n  - name: b\n    resources:\n      limits:\n"
      "        nvidia.com/gpu: x\n",
      d);
  REQUIRE(docs.size() == 1);
  const DecodeContext ctx{"t.yaml", &d, nullptr};
  // A document's root has an empty path; a reader's item has its own (`items[7]`).
  for (const std::string_view root_path : {std::string_view(), std::string_view("items[7]")}) {
    const Cursor root(&docs[0].root(), docs[0].root().mark, root_path, &ctx);
    const std::string prefix = root_path.empty() ? "" : std::string(root_path) + ".";
    const std::vector<Cursor> containers = root["spec"]["containers"].items();
    REQUIRE(containers.size() == 2);
    // A present node: the keys up the tree, an index in a list, a qualified key in brackets.
    const Cursor gpu = containers[1]["resources"]["limits"]["nvidia.com/gpu"];
    CHECK(gpu.path() == prefix + "spec.containers[1].resources.limits[\"nvidia.com/gpu\"]");
    // A missing node below a missing one: the keys after the last node that is there.
    CHECK(containers[0]["resources"]["requests"]["cpu"].path()
          == prefix + "spec.containers[0].resources.requests.cpu");
    CHECK(root["status"].path() == prefix + "status");
    CHECK(root.path() == std::string(root_path));
    // Entries carry their key's path too.
    const auto entries = containers[1]["resources"]["limits"].entries();
    REQUIRE(entries.size() == 1);
    CHECK(entries[0].second.path() == gpu.path());
    (void)gpu.quantity();
  }
  // The quantity error, once at each root path: line 7, column 25 is `x`.
  REQUIRE(d.errors().size() == 2);
  CHECK(d.errors()[0].to_string()
        == "t.yaml:7:25: error: spec.containers[1].resources.limits[\"nvidia.com/gpu\"]: a "
           "quantity such as 500m, 2 or 16Gi, got \"x\"");
  CHECK(d.errors()[1].to_string()
        == "t.yaml:7:25: error: items[7].spec.containers[1].resources.limits[\"nvidia.com/gpu\"]: "
           "a quantity such as 500m, 2 or 16Gi, got \"x\"");
}

/// The slow, obvious way: the path of every node built top-down by joining keys and indexes,
/// as cursors did before they worked paths out from the tree; counts the nodes whose cursor
/// disagrees.
size_t paths_differing(const Cursor& c, const std::string& expected, size_t& nodes) {
  ++nodes;
  size_t bad = c.path() == expected ? 0U : 1U;
  if (c.is_map()) {
    for (const auto& [key, child] : c.entries()) {
      bad += paths_differing(child, join_path(expected, key), nodes);
      bad += c[key].path() == join_path(expected, key) ? 0U : 1U;  // by lookup as well
    }
    bad +=
        c["no-such-key"]["below"].path() == join_path(join_path(expected, "no-such-key"), "below")
            ? 0U
            : 1U;
  } else if (c.is_sequence()) {
    const std::vector<Cursor> items = c.items();
    for (size_t i = 0; i < items.size(); ++i) {
      bad += paths_differing(items[i], index_path(expected, i), nodes);
    }
  }
  return bad;
}

std::string read(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST_CASE("every node's path from the tree equals the path joined top-down, over real inputs") {
  namespace fs = std::filesystem;
  std::vector<fs::path> files = {fs::path(DRASIM_SOURCE_DIR) / "examples" / "cluster-dump-workloads"
                                 / "cluster.json"};
  for (const auto& entry :
       fs::recursive_directory_iterator(fs::path(DRASIM_SHARED_DIR) / "fixtures")) {
    if (entry.is_regular_file() && entry.path().extension() == ".yaml") {
      files.push_back(entry.path());
    }
  }
  std::sort(files.begin(), files.end());
  size_t nodes = 0;
  for (const fs::path& file : files) {
    CAPTURE(file.string());
    Diagnostics d;
    const DecodeContext ctx{file.string(), &d, nullptr};
    for (const Document& doc : parse(read(file), d)) {
      CHECK(
          paths_differing(Cursor(&doc.root(), doc.root().mark, "items[3]", &ctx), "items[3]", nodes)
          == 0);
    }
  }
  // The fixtures and the example dump hold thousands of nodes: the comparison saw them.
  CHECK(nodes > 10000);
}

TEST_CASE("an arena rewound to a position hands the same memory out again") {
  DocArena arena;
  const std::span<DocNode> kept = arena.nodes(3);
  const std::string_view kept_text = arena.text("kept");
  const DocArena::Position at = arena.position();
  const DocNode* first = arena.nodes(5).data();
  const char* first_text = arena.text("dropped").data();
  // A block larger than a chunk gets a chunk of its own, and goes with the rewind as well.
  CHECK(arena.nodes(100000).size() == 100000);
  arena.rewind(at);
  CHECK(arena.nodes(5).data() == first);
  CHECK(arena.text("again").data() == first_text);
  // What came before the position stays.
  CHECK(kept.size() == 3);
  CHECK(kept_text == "kept");
}

TEST_CASE("a snapshot object typed in place keeps every node pointing at its parent") {
  Diagnostics d;
  auto docs = parse(R"({"metadata": {"name": "n1"}, "spec": {"unschedulable": false}})", d);
  REQUIRE(docs.size() == 1);
  SnapshotShape shape;
  const SnapshotKey* nodes = find_snapshot_key("nodes");
  REQUIRE(nodes != nullptr);
  type_snapshot_object(docs[0].mutable_root(), docs[0].arena(), *nodes, shape);
  const DocNode& root = docs[0].root();
  // KAI's snapshot holds informer objects without apiVersion and kind; they go first.
  REQUIRE(root.children.size() == 4);
  CHECK(root.children[0].key == "apiVersion");
  CHECK(root.children[0].scalar == "v1");
  CHECK(root.children[1].key == "kind");
  CHECK(root.children[1].scalar == "Node");
  CHECK(misplaced(root) == 0);
}

}  // namespace
}  // namespace drasim::sim
