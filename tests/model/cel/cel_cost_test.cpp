// Estimated costs of the list and set extension functions: the upstream estimators (cel-go v0.26
// checker/cost.go, ext/lists.go at version 3, ext/sets.go).

#include <doctest/doctest.h>
#include <re2/re2.h>

#include "tests/model/cel/cel_test_util.h"
#include <string>

using namespace drasim::model::cel;
using namespace drasim::model::cel::testing;

namespace {

/// The estimated cost of `expr` compiled without declared variables.
uint64_t estimate(const std::string& expr) {
  const Environment env("cost-test");
  auto compiled = compile(expr, env);
  REQUIRE(std::holds_alternative<std::shared_ptr<const Program>>(compiled));
  return estimated_cost(*std::get<0>(compiled));
}

}  // namespace

TEST_CASE("cel cost estimates: ext/lists.go version 3 and ext/sets.go") {
  // cel-go checker/cost.go consults the extension libraries' estimators first. ext/lists.go
  // estimateAllocatingListCall: size * factor + 1 + ListCreateBaseCost 10, the size being the
  // result's; ext/sets.go estimateSetsCost: size * size * factor + 1. Literals: 10 a list.
  CHECK(estimate("lists.range(5)") == 5 + 11);                 // the literal argument is the size
  CHECK(estimate("[1, 2, 3, 4].slice(1, 3)") == 10 + 2 + 11);  // end - start
  CHECK(estimate("[1, 2].reverse()") == 10 + 2 + 11);
  CHECK(estimate("[[1], [2]].flatten()") == 30 + 1 * 2 + 11);  // depth * size
  CHECK(estimate("[[1], [2]].flatten(2)") == 30 + 2 * 2 + 11);
  CHECK(estimate("[1, 2, 1].distinct()") == 10 + 2 * 9 + 11);  // 2 n^2
  CHECK(estimate("[3, 1, 2].sort()") == 10 + 2 * 9 + 11);      // 2 n^2
  CHECK(estimate("['b', 'a'].sort()") == 10 + 9 + 11);         // ceil(2.1 * 4)
  CHECK(estimate("sets.contains([1, 2, 3], [2, 3])") == 20 + 6 + 1);
  CHECK(estimate("sets.intersects([1], [2])") == 20 + 1 + 1);
  CHECK(estimate("sets.equivalent([1, 2], [2, 1, 1])") == 20 + 2 * 6 + 1);
  // A comprehension over lists.range knows its length: range 1,011, the accumulator's [] 10,
  // 1,000 steps of 13 (ident 1, list 10, ident 1, `+` 1), the result 1, size() 1.
  CHECK(estimate("lists.range(1000).map(x, x).size()") == 1011 + 10 + 13000 + 2);
  // The hostile reproducers are quadratic in a literal size, so validation rejects them, as the
  // API server does. 499,011 for the range + 2 * 499,000^2 + 11 + size() and `>`:
  CHECK(estimate("lists.range(499000).distinct().size() > 0")
        == 499'011 + 498'002'000'000 + 11 + 2);
  // Two ranges 200,011 each, reverse 200,000 + 11, sets 200,000^2 + 1:
  CHECK(estimate("sets.contains(lists.range(200000), lists.range(200000).reverse())")
        == 200'011 * 2 + 200'011 + 40'000'000'001);
  // 400,011 + reverse 400,011 + sort 2 * 400,000^2 + 11 + 2:
  CHECK(estimate("lists.range(400000).reverse().sort().size() > 0")
        == 400'011 * 2 + 320'000'000'000 + 11 + 2);
  CHECK(validate_selector("lists.range(499000).distinct().size() > 0", false)->message
        == "too complex, exceeds cost limit");
}

TEST_CASE("cel runtime cost: nested values visited by a call are charged (model/cel/work.h)") {
  // A flat list costs what cel-go charges: two literals of 10 and `==` ceil(3 * 0.1) = 1.
  CHECK(run("[1, 2, 3] == [1, 2, 3]").runtime_cost == 21);
  // Six list literals (two outer, four inner) 60, `==` ceil(2 * 0.1) = 1 plus the three values
  // nested below the top level of either side (1, 2 and 3).
  CHECK(run("[[1, 2], [3]] == [[1, 2], [3]]").runtime_cost == 60 + 1 + 3);
  // Four literals 40; `in` charges the list's size 2 plus its 3 nested values.
  CHECK(run("[3] in [[1, 2], [3]]").runtime_cost == 40 + 2 + 3);
  // Four literals 40; indexOf: size 2 plus 2 nested; `==` on ints 1.
  CHECK(run("[[1], [2]].indexOf([2]) == 1").runtime_cost == 40 + 4 + 1);
  // Four literals 40; flatten: size 2 plus 3 nested; `==` ceil(0.3) = 1.
  CHECK(run("[[1, 2], [3]].flatten() == [1, 2, 3]").runtime_cost == 40 + 5 + 1);
  // Seven literals 70; distinct of 3: 3 * 2 / 2 = 3 comparisons plus 3 * 3 nested; `==`
  // ceil(0.2) = 1 plus min(2, 2) nested.
  CHECK(run("[[1], [1], [2]].distinct() == [[1], [2]]").runtime_cost == 70 + 12 + 3);
  // Flat: one literal 10, distinct 3 comparisons, the result's literal 10, `==` 1.
  CHECK(run("[1, 2, 1].distinct() == [1, 2]").runtime_cost == 24);
  // sets.contains compares every pair: 3 * 2 = 6 (the estimate is 6 + 1), literals 20.
  CHECK(run("sets.contains([1, 2, 3], [2, 3])").runtime_cost == 26);
  // Nested: (1 + 2) * (1 + 2) = 9 value pairs at most, literals 40.
  CHECK(run("sets.contains([[1, 2]], [[1, 2]])").runtime_cost == 49);
  // format prints its arguments: the outer list 3, the inner list 3, 1 and 2 three each, 12
  // at the traversal factor 0.1 rounds up to 2, plus ceil(2 * 0.1) = 1 for the format string;
  // the literals 20; `==` ceil(6 * 0.1) = 1.
  CHECK(run("'%s'.format([[1, 2]]) == '[1, 2]'").runtime_cost == 20 + 3 + 1);
  // join counts bytes: ('ab' + '-') + ('c' + '-') = 5 at 2 * 0.1, rounded up 1; the literal
  // 10; `==` ceil(4 * 0.1) = 1.
  CHECK(run("['ab', 'c'].join('-') == 'ab-c'").runtime_cost == 12);
}

namespace {

/// cel.bind doubles a two-element list `depth - 1` times: a<depth-1> has 2^depth leaves made of
/// shared halves, from an expression of a few hundred bytes; `body` uses it as Z.
std::string doubling(int depth, const std::string& body) {
  std::string s = "cel.bind(a0, [1, 1], ";
  for (int i = 1; i < depth; ++i) {
    s += "cel.bind(a" + std::to_string(i) + ", [a" + std::to_string(i - 1) + ", a"
         + std::to_string(i - 1) + "], ";
  }
  const std::string z = "a" + std::to_string(depth - 1);
  std::string b = body;
  for (auto at = b.find('Z'); at != std::string::npos; at = b.find('Z', at + z.size())) {
    b.replace(at, 1, z);
  }
  return s + b + std::string(static_cast<std::size_t>(depth), ')');
}

}  // namespace

TEST_CASE("cel runtime cost: hostile selectors the API server accepts are cancelled, not run") {
  // Each expression is accepted by validation (its estimate charges top-level sizes, which
  // stay 2), but its call would visit 2^25 or more shared leaves: seconds or gigabytes in an
  // evaluator that charges only cel-go's formulas. The nested-value charge exceeds the limit
  // of 1,000,000 before the call runs.
  const std::string bombs[] = {
      doubling(25, "Z == [Z[0], Z[1]]"),
      doubling(25, "Z.flatten(30).size() > 0"),
      doubling(25, "'%s'.format([Z]).size() > 0"),
      doubling(25, "sets.contains([Z], [Z])"),
      doubling(25, "[Z, Z].indexOf(Z) == 0"),
      doubling(20, "[Z, Z, [Z]].distinct().size() > 0"),
  };
  for (const std::string& expr : bombs) {
    CAPTURE(expr);
    CHECK_FALSE(validate_selector(expr, false).has_value());
    const Outcome o = run(expr);
    CHECK(o.eval_error == "operation cancelled: actual cost limit exceeded");  // cel-go's words
    CHECK(o.runtime_cost > kSelectorMaxCost);
  }
  // A distinct over a list whose length the estimator cannot know is rejected at validation;
  // evaluated anyway, its 100,000 * 99,999 / 2 comparisons are charged before it runs.
  const Outcome d = run("lists.range(dyn(100000)).distinct().size() > 0");
  CHECK(d.eval_error == "operation cancelled: actual cost limit exceeded");  // cel-go's words
  // dyn() 1, lists.range 100,000, distinct 4,999,950,000; the evaluation stops there.
  CHECK(d.runtime_cost == 1 + 100'000 + 4'999'950'000);
}

TEST_CASE("cel runtime cost: a pattern built at run time is compiled once and charged its size") {
  // The same loop with a literal pattern (compiled with the program) and with the pattern
  // built by `+` on every step. The built one costs three concatenations more, ceil(6 * 0.1) =
  // 1 each, and one RE2 program size: the first step compiles it, the other two reuse it.
  const uint64_t program_size = static_cast<uint64_t>(re2::RE2("a{10}b").ProgramSize());
  const Outcome literal = run("lists.range(3).all(i, !'aaaa'.matches('a{10}b'))");
  const Outcome built = run("lists.range(3).all(i, !'aaaa'.matches('a{10}' + 'b'))");
  REQUIRE(literal.is_true());
  REQUIRE(built.is_true());
  CHECK(built.runtime_cost == literal.runtime_cost + 3 + program_size);
  // 30,000 steps of a 1,000-instruction pattern: the API server accepts it (estimate 240,012)
  // and, compiled on every step, it took 6 s here; compiled once it is one charge.
  const Outcome big = run("lists.range(30000).all(i, !'aaaa'.matches('a{1000}' + 'b'))");
  CHECK(big.estimated == 240'012);
  CHECK(big.is_true());
  CHECK(big.runtime_cost
        == run("lists.range(30000).all(i, !'aaaa'.matches('a{1000}b'))").runtime_cost + 30'000
               + static_cast<uint64_t>(re2::RE2("a{1000}b").ProgramSize()));
}
