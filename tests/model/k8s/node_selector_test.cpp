#include "model/k8s/node_selector.h"

#include <doctest/doctest.h>

#include <string>
#include <utility>
#include <vector>

using drasim::model::matches;
using drasim::model::matches_all;
using drasim::model::NodeSelector;
using drasim::model::NodeSelectorRequirement;
using drasim::model::NodeSelectorTerm;
using drasim::model::SelectorOperator;
using drasim::model::StringMap;

namespace {

NodeSelectorRequirement req(std::string key, SelectorOperator op,
                            std::vector<std::string> values = {}) {
  return NodeSelectorRequirement{std::move(key), op, std::move(values)};
}

const StringMap kLabels = {{"zone", "a"}, {"gpu.count", "8"}, {"tier", "gold"}};

}  // namespace

TEST_CASE("In matches a label whose value is listed") {
  CHECK(matches(req("zone", SelectorOperator::kIn, {"a", "b"}), kLabels));
  CHECK_FALSE(matches(req("zone", SelectorOperator::kIn, {"b", "c"}), kLabels));
  CHECK_FALSE(matches(req("rack", SelectorOperator::kIn, {"a"}), kLabels));  // label absent
}

TEST_CASE("NotIn matches a label whose value is not listed, and a missing label") {
  CHECK(matches(req("zone", SelectorOperator::kNotIn, {"b"}), kLabels));
  CHECK_FALSE(matches(req("zone", SelectorOperator::kNotIn, {"a"}), kLabels));
  // labels.Requirement.Matches: NotIn holds when the key is absent.
  CHECK(matches(req("rack", SelectorOperator::kNotIn, {"a"}), kLabels));
}

TEST_CASE("Exists and DoesNotExist test only for the key") {
  CHECK(matches(req("tier", SelectorOperator::kExists), kLabels));
  CHECK_FALSE(matches(req("rack", SelectorOperator::kExists), kLabels));
  CHECK(matches(req("rack", SelectorOperator::kDoesNotExist), kLabels));
  CHECK_FALSE(matches(req("tier", SelectorOperator::kDoesNotExist), kLabels));
}

TEST_CASE("Gt and Lt compare the label as an integer") {
  CHECK(matches(req("gpu.count", SelectorOperator::kGt, {"4"}), kLabels));        // 8 > 4
  CHECK_FALSE(matches(req("gpu.count", SelectorOperator::kGt, {"8"}), kLabels));  // 8 > 8 fails
  CHECK(matches(req("gpu.count", SelectorOperator::kLt, {"10"}), kLabels));       // 8 < 10
  CHECK_FALSE(matches(req("gpu.count", SelectorOperator::kLt, {"8"}), kLabels));  // 8 < 8 fails
  // Integer, not string, order: "8" > "10" as text, but 8 < 10 as numbers.
  CHECK_FALSE(matches(req("gpu.count", SelectorOperator::kGt, {"10"}), kLabels));
}

TEST_CASE("Gt and Lt never match a missing or non-integer label") {
  CHECK_FALSE(matches(req("rack", SelectorOperator::kGt, {"1"}), kLabels));       // absent
  CHECK_FALSE(matches(req("zone", SelectorOperator::kGt, {"1"}), kLabels));       // "a" is no int
  CHECK_FALSE(matches(req("zone", SelectorOperator::kLt, {"1"}), kLabels));       // "a" is no int
  CHECK_FALSE(matches(req("gpu.count", SelectorOperator::kGt, {"x"}), kLabels));  // bad value
}

TEST_CASE("a term matches only when every requirement matches") {
  NodeSelectorTerm term;
  term.match_expressions = {req("zone", SelectorOperator::kIn, {"a"}),
                            req("tier", SelectorOperator::kIn, {"gold"})};
  CHECK(matches(term, kLabels, "node-1"));
  term.match_expressions.push_back(req("rack", SelectorOperator::kExists));
  CHECK_FALSE(matches(term, kLabels, "node-1"));  // rack is missing
}

TEST_CASE("an empty term matches no node") {
  // k8s nodeaffinity: a term without expressions and fields selects nothing.
  CHECK_FALSE(matches(NodeSelectorTerm{}, kLabels, "node-1"));
  CHECK_FALSE(matches(NodeSelectorTerm{}, StringMap{}, "node-1"));
}

TEST_CASE("a selector with no terms matches no node") {
  CHECK_FALSE(matches(NodeSelector{}, kLabels, "node-1"));
}

TEST_CASE("the terms of a selector are ORed") {
  NodeSelectorTerm zone_b;
  zone_b.match_expressions = {req("zone", SelectorOperator::kIn, {"b"})};
  NodeSelectorTerm tier_gold;
  tier_gold.match_expressions = {req("tier", SelectorOperator::kIn, {"gold"})};
  CHECK(matches(NodeSelector{{zone_b, tier_gold}}, kLabels, "node-1"));  // second term holds
  CHECK_FALSE(matches(NodeSelector{{zone_b}}, kLabels, "node-1"));
  // An empty term next to a matching one does not spoil the OR.
  CHECK(matches(NodeSelector{{NodeSelectorTerm{}, tier_gold}}, kLabels, "node-1"));
}

TEST_CASE("matchFields on metadata.name selects the node by name") {
  NodeSelectorTerm term;
  term.match_fields = {req("metadata.name", SelectorOperator::kIn, {"node-1"})};
  CHECK(matches(term, kLabels, "node-1"));
  CHECK_FALSE(matches(term, kLabels, "node-2"));
  // Fields are not labels: a label called metadata.name does not stand in for the name.
  const StringMap fake = {{"metadata.name", "node-2"}};
  CHECK_FALSE(matches(term, fake, "node-3"));
}

TEST_CASE("matchFields and matchExpressions of one term must both hold") {
  NodeSelectorTerm term;
  term.match_expressions = {req("zone", SelectorOperator::kIn, {"a"})};
  term.match_fields = {req("metadata.name", SelectorOperator::kNotIn, {"node-1"})};
  CHECK(matches(term, kLabels, "node-2"));
  CHECK_FALSE(matches(term, kLabels, "node-1"));  // the field requirement excludes node-1
}

TEST_CASE("a nodeSelector map needs every key present with the same value") {
  CHECK(matches_all({{"zone", "a"}, {"tier", "gold"}}, kLabels));
  CHECK_FALSE(matches_all({{"zone", "b"}}, kLabels));  // value differs
  CHECK_FALSE(matches_all({{"rack", "1"}}, kLabels));  // key missing
  CHECK(matches_all({}, kLabels));                     // an empty nodeSelector admits any node
}
