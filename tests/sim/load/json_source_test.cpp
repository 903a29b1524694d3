// The JSON reader (sim/load/json_source.h): the same tree as the YAML reader for the same
// content, a line and column on every node, and errors in the contract's grammar.
#include "sim/load/json_source.h"

#include "sim/load/yaml_source.h"

#include <doctest/doctest.h>

#include <string>
#include <vector>

namespace drasim::sim {
namespace {

/// Kinds, scalars, quoting, keys and children equal (positions differ between the two texts).
bool same_tree(const DocNode& a, const DocNode& b) {
  if (a.kind != b.kind || a.scalar != b.scalar || a.quoted != b.quoted || a.key != b.key
      || a.children.size() != b.children.size()) {
    return false;
  }
  for (size_t i = 0; i < a.children.size(); ++i) {
    if (!same_tree(a.children[i], b.children[i])) {
      return false;
    }
  }
  return true;
}

std::vector<std::string> json_errors(const std::string& text) {
  Diagnostics d;
  const auto docs = parse_json(text, 0, "d.json", d);
  std::vector<std::string> out;
  for (const Diagnostic& x : d.errors()) {
    out.push_back(x.to_string());
  }
  CHECK(docs.empty() == !out.empty());
  return out;
}

TEST_CASE("JSON reads into the tree YAML gives for the same content") {
  const std::string json = R"({
  "kind": "Pod",
  "metadata": {"name": "p", "labels": {"app": "x"}},
  "spec": {"priority": 10, "ok": true, "gone": null, "list": [1, "1", -2.5e3]}
})";
  const std::string yaml = R"(kind: "Pod"
metadata: {name: "p", labels: {app: "x"}}
spec: {priority: 10, ok: true, gone: null, list: [1, "1", -2.5e3]}
)";
  Diagnostics d;
  const auto from_json = parse_json(json, 0, "a.json", d);
  const auto from_yaml = parse_yaml(yaml, 0, "a.yaml", d);
  REQUIRE(d.errors().empty());
  REQUIRE(from_json.size() == 1);
  REQUIRE(from_yaml.size() == 1);
  CHECK(same_tree(from_json[0].root(), from_yaml[0].root()));
  // Positions, 1-based in bytes: "metadata" is the second key on line 3, column 3; its value
  // `{` at column 15; the list's third element `-2.5e3` on line 4 at column 71.
  const DocNode& root = from_json[0].root();
  CHECK(root.children[1].key_mark.line == 3);
  CHECK(root.children[1].key_mark.col == 3);
  CHECK(root.children[1].mark.line == 3);
  CHECK(root.children[1].mark.col == 15);
  const DocNode& third = root.children[2].children[3].children[2];
  CHECK(third.scalar == "-2.5e3");
  CHECK(third.mark.line == 4);
  CHECK(third.mark.col == 71);
}

TEST_CASE(
    "JSON is picked by content: an opening bracket, or a brace before a quoted key or a closing "
    "brace") {
  CHECK(looks_like_json("  \n{\n  \"kind\": \"List\"}"));
  CHECK(looks_like_json("{}"));
  CHECK(looks_like_json("[1]"));
  CHECK_FALSE(looks_like_json("{kind: Pod}"));  // a YAML flow mapping
  CHECK_FALSE(looks_like_json("kind: Pod\n"));
  CHECK_FALSE(looks_like_json("   "));
}

TEST_CASE("bad JSON is an error at its line and column with the path read so far") {
  CHECK(json_errors("{\"a\": 1, \"b\": {\"c\": 1, \"c\": 2}}")
        == std::vector<std::string>{
            "d.json:1:24: error: b.c: a key that appears once, got a duplicate key"});
  CHECK(json_errors("{\"a\": 1} x")
        == std::vector<std::string>{
            "d.json:1:10: error: <document>: one JSON value, got more text after it"});
  CHECK(json_errors("{\"n\":\n  01}")
        == std::vector<std::string>{"d.json:2:3: error: n: a JSON number, got \"01\""});
  // 1,001 levels: the error is at the bracket that opens level 1,001, column 1,001.
  CHECK(json_errors(std::string(1001, '[') + std::string(1001, ']'))
        == std::vector<std::string>{"d.json:1:1001: error: <document>: JSON nested at most 1000 "
                                    "levels deep, got deeper nesting"});
  // A broken literal: simdjson types it null by its first byte; reading it must report, not
  // throw (the snapshot fuzzer found `nu#` ending in an internal error).
  CHECK(json_errors("{\"a\": [nu#]}")
        == std::vector<std::string>{"d.json:1:8: error: a[0]: null, got \"nu#\""});
  CHECK(json_errors("{\"a\": \"x\xff\"}")
        == std::vector<std::string>{"d.json:1:9: error: <document>: UTF-8 text (as the API server "
                                    "requires), got byte 0xff at offset 8"});
}

}  // namespace
}  // namespace drasim::sim
