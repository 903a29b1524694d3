// Estimated costs of the list and set extension functions: the upstream estimators (cel-go v0.26
// checker/cost.go, ext/lists.go at version 3, ext/sets.go).

#include <doctest/doctest.h>

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
