// The string, list, set, regex, quantity and semver libraries, and runtime cost accounting.

#include <doctest/doctest.h>

#include "tests/model/cel/cel_test_util.h"

using namespace drasim::model::cel;
using namespace drasim::model::cel::testing;

namespace {

std::string text(std::string_view expr) {
  Environment env("library-test");
  auto compiled = compile(expr, env);
  if (auto* e = std::get_if<CompileError>(&compiled)) {
    return "compile: " + e->message;
  }
  const EvalResult r = evaluate(*std::get<0>(compiled), Activation{}, 1'000'000);
  return r.error.empty() ? r.value->debug_string() : "error: " + r.error;
}

}  // namespace

TEST_CASE("cel strings library") {
  CHECK(text("'hello'.startsWith('he') && 'hello'.endsWith('lo')") == "true");
  CHECK(text("'hello'.contains('ell')") == "true");
  CHECK(text("'abc'.matches('^a.c$')") == "true");
  CHECK(text("'abc'.matches('[')").rfind("error: error parsing regexp", 0) == 0);  // bad pattern
  CHECK(text("'héllo'.charAt(1)") == "\"é\"");  // code point index
  CHECK(text("'hello'.indexOf('l')") == "2");
  CHECK(text("'hello'.lastIndexOf('l')") == "3");
  CHECK(text("'hello'.indexOf('l', 3)") == "3");
  CHECK(text("'MiXeD'.lowerAscii() + 'MiXeD'.upperAscii()") == "\"mixedMIXED\"");
  CHECK(text("'a-b-c'.replace('-', '+')") == "\"a+b+c\"");
  CHECK(text("'a-b-c'.replace('-', '+', 1)") == "\"a+b-c\"");
  CHECK(text("'a,b,c'.split(',')") == "[\"a\", \"b\", \"c\"]");
  CHECK(text("'a,b,c'.split(',', 2)") == "[\"a\", \"b,c\"]");
  CHECK(text("'hello'.substring(1, 3)") == "\"el\"");
  CHECK(text("'hello'.substring(4, 2)") == "error: invalid substring range. start: 4, end: 2");
  CHECK(text("'  x  '.trim()") == "\"x\"");
  CHECK(text("['a', 'b'].join('-')") == "\"a-b\"");
  CHECK(text("strings.quote('a\"b')") == "\"\"a\\\"b\"\"");
  CHECK(text("'%s has %d items costing %.2f'.format(['cart', 3, 9.5])")
        == "\"cart has 3 items costing 9.50\"");
  CHECK(text("'abc'.reverse()") == "\"cba\"");
}

TEST_CASE("cel lists and sets libraries") {
  CHECK(text("[1, 2, 3].isSorted() && ![3, 1].isSorted()") == "true");
  CHECK(text("[1, 2, 3].sum()") == "6");
  CHECK(text("[1.5, 2.5].sum()") == "4");
  CHECK(text("[3, 1, 2].min()") == "1");
  CHECK(text("[3, 1, 2].max()") == "3");
  CHECK(text("[1, 2, 1].indexOf(1)") == "0");
  CHECK(text("[1, 2, 1].lastIndexOf(1)") == "2");
  CHECK(text("[1, 2, 3, 4].slice(1, 3)") == "[2, 3]");
  CHECK(text("[[1], [2, [3]]].flatten()") == "[1, 2, [3]]");
  CHECK(text("[1, 2, 1].distinct()") == "[1, 2]");
  CHECK(text("[1, 2].reverse()") == "[2, 1]");
  CHECK(text("[3, 1, 2].sort()") == "[1, 2, 3]");
  CHECK(text("[1, 2].last().value()") == "2");
  CHECK(text("lists.range(3)") == "[0, 1, 2]");
  CHECK(text("sets.contains([1, 2, 3], [2, 3])") == "true");
  CHECK(text("sets.equivalent([1, 2], [2, 1, 1])") == "true");
  CHECK(text("sets.intersects([1], [2])") == "false");
  CHECK(text("[].min()") == "error: min called on empty list");
}

TEST_CASE("cel regex library") {
  CHECK(text("'abc 123 def 456'.find('[0-9]+')") == "\"123\"");
  CHECK(text("'abc'.find('[0-9]+')") == "\"\"");
  CHECK(text("'a1b22c333'.findAll('[0-9]+')") == "[\"1\", \"22\", \"333\"]");
  CHECK(text("'a1b22c333'.findAll('[0-9]+', 2)") == "[\"1\", \"22\"]");
}

TEST_CASE("cel quantity library") {
  CHECK(text("quantity('80Gi').compareTo(quantity('40Gi'))") == "1");
  CHECK(text("quantity('1k') == quantity('1000')") == "true");  // same amount
  CHECK(text("quantity('1Gi').isLessThan(quantity('2G'))") == "true");
  CHECK(text("quantity('1').add(2).asInteger()") == "3");
  CHECK(text("quantity('1').sub(quantity('500m')).isInteger()") == "false");  // 0.5
  CHECK(text("quantity('500m').asApproximateFloat()") == "0.5");
  CHECK(text("quantity('-1').sign()") == "-1");
  CHECK(text("isQuantity('5KB')") == "false");
  CHECK(text("quantity('5KB')").rfind("error: quantities must match", 0) == 0);
}

TEST_CASE("cel semver library") {
  CHECK(text("semver('1.2.3').major() == 1 && semver('1.2.3').minor() == 2") == "true");
  CHECK(text("semver('1.2.3').patch()") == "3");
  CHECK(text("semver('1.0.0-alpha').isLessThan(semver('1.0.0'))") == "true");  // pre-release
  CHECK(text("semver('1.0.0-alpha.1').compareTo(semver('1.0.0-alpha.beta'))") == "-1");
  CHECK(text("semver('1.0.0+build') == semver('1.0.0')") == "true");  // build ignored
  CHECK(text("isSemver('v1.2')") == "false");                         // strict
  CHECK(text("semver('v1.2', true) == semver('1.2.0')") == "true");   // normalised
  CHECK(text("isSemver('01.2.3', true)") == "true");                  // leading zero dropped
  CHECK(text("semver('1.2')") == "error: invalid semver: 1.2");
}

TEST_CASE("cel runtime cost counts nodes and string work") {
  drasim::model::ResourceSlice s = slice_of("dra.example.com");
  drasim::model::Device d;
  d.attributes["name"] = true;
  // ident + select + index + select = 4, exactly the estimate.
  CHECK(run_device("device.attributes[\"dra.example.com\"].name", s, d).runtime_cost == 4);
  // Equality on a 15-character driver name: 2 + ceil(15 * 0.1) = 4.
  CHECK(run_device("device.driver == \"dra.example.com\"", s, d).runtime_cost == 4);
  Environment env("cost-test");
  auto compiled = compile("lists.range(100).all(i, i >= 0)", env);
  const Program& p = *std::get<0>(compiled);
  // range 100 + per element: cond (1 + 1) + step (1 ident + 1 ident + 1 >=) = 5 -> 600 + result 1.
  CHECK(evaluate(p, Activation{}, 1'000'000).cost == 601);
  // With a tight limit the same program is cancelled.
  CHECK(evaluate(p, Activation{}, 100).error == "operation cancelled: actual cost limit exceeded");
  // Cancellation is not absorbed by `||`.
  auto absorbed = compile("true || lists.range(1000).all(i, i >= 0)", env);
  CHECK(evaluate(*std::get<0>(absorbed), Activation{}, 10).value->as_bool());  // short-circuit
  auto cancelled = compile("lists.range(1000).all(i, i >= 0) || true", env);
  CHECK(evaluate(*std::get<0>(cancelled), Activation{}, 10).error
        == "operation cancelled: actual cost limit exceeded");
}
