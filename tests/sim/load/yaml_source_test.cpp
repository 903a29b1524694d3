// The YAML front end: documents, marks, quoting, anchors, and the inputs yaml-cpp cannot handle.
#include "sim/load/yaml_source.h"

#include <doctest/doctest.h>

#include <string>

namespace drasim::sim {
namespace {

TEST_CASE("a stray comma after a document is an error, not an endless loop") {
  // yaml-cpp 0.7's parser keeps reporting an empty document after `{},` without consuming the
  // comma (jbeder/yaml-cpp#1040); the front end stops once documents outnumber input bytes.
  Diagnostics d;
  const auto docs = parse_yaml("{},\n", 0, "t.yaml", d);
  REQUIRE(d.errors().size() == 1);
  CHECK(d.errors()[0].to_string()
        == "t.yaml:1:1: error: <file>: valid YAML, got a stray character the parser cannot move past (a `,` "
           "after a document?)");
  CHECK(docs.size() == 1);  // the `{}` before the comma
}

TEST_CASE("marks are one-based and quoted scalars are remembered as strings") {
  Diagnostics d;
  const auto docs = parse_yaml("a: 1\nb: \"2\"\n", 0, "t.yaml", d);
  REQUIRE(docs.size() == 1);
  const DocNode& root = docs[0].root();
  REQUIRE(root.kind == DocKind::kMap);
  REQUIRE(root.children.size() == 2);
  // `1` sits on line 1, column 4; `"2"` on line 2, column 4.
  CHECK(root.children[0].mark.line == 1);
  CHECK(root.children[0].mark.col == 4);
  CHECK_FALSE(root.children[0].quoted);
  CHECK(root.children[1].mark.line == 2);
  CHECK(root.children[1].quoted);
}

TEST_CASE("an alias is expanded to a copy of its anchored node") {
  Diagnostics d;
  const auto docs = parse_yaml("a: &x {k: v}\nb: *x\n", 0, "t.yaml", d);
  REQUIRE(docs.size() == 1);
  const DocNode* b = docs[0].root().find("b");
  REQUIRE(b != nullptr);
  REQUIRE(b->find("k") != nullptr);
  CHECK(b->find("k")->scalar == "v");
  CHECK(d.errors().empty());
}

TEST_CASE("an alias bomb stops at the node budget") {
  // Each level doubles the node count: 2^20 copies from a text of about 600 bytes exceed the
  // budget of 4 nodes per input byte plus 65,536.
  std::string text = "a0: &a0 [x, x]\n";
  for (int i = 1; i <= 20; ++i) {
    text += "a" + std::to_string(i) + ": &a" + std::to_string(i) + " [*a" + std::to_string(i - 1)
            + ", *a" + std::to_string(i - 1) + "]\n";
  }
  Diagnostics d;
  (void)parse_yaml(text, 0, "t.yaml", d);
  REQUIRE(d.errors().size() == 1);
  CHECK(d.errors()[0].expected == "a document of reasonable size");
}

TEST_CASE("a duplicate key is reported at its second occurrence with its path") {
  Diagnostics d;
  const auto docs = parse_yaml("metadata:\n  name: a\n  name: b\n", 0, "t.yaml", d);
  REQUIRE(d.errors().size() == 1);
  CHECK(d.errors()[0].to_string()
        == "t.yaml:3:3: error: metadata.name: a key that appears once, got a duplicate key");
  REQUIRE(docs.size() == 1);
  // The first value is kept.
  CHECK(docs[0].root().find("metadata")->find("name")->scalar == "a");
}

}  // namespace
}  // namespace drasim::sim

namespace drasim::sim {
namespace {

TEST_CASE(
    "aliases that nest anchored trees beyond 1000 levels are an error, not a stack overflow") {
  // yaml-cpp stops plain nesting at 500 levels, but each alias below re-nests a 450-level tree
  // inside another 450 levels; later stages walk trees recursively, so depth is capped.
  std::string text = "a0: &a0 " + std::string(450, '[') + "x" + std::string(450, ']') + "\n";
  for (int k = 1; k < 4; ++k) {
    text += "a" + std::to_string(k) + ": &a" + std::to_string(k) + " " + std::string(450, '[')
            + "*a" + std::to_string(k - 1) + std::string(450, ']') + "\n";
  }
  Diagnostics d;
  (void)parse_yaml(text, 0, "t.yaml", d);
  REQUIRE(d.errors().size() == 1);
  CHECK(d.errors()[0].expected == "a nesting depth of at most 1000");
}

}  // namespace
}  // namespace drasim::sim
