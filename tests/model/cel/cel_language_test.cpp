// Lexer, parser, checker and core-semantics tests for the CEL engine.

#include "model/cel/parser.h"

#include <doctest/doctest.h>

#include "tests/model/cel/cel_test_util.h"

using namespace drasim::model::cel;
using namespace drasim::model::cel::testing;

namespace {

/// The value of a dyn-typed expression, wrapped so the bool-result check accepts it.
Value eval(std::string_view expr) {
  Environment env("test");
  env.add_variable("x", env.type("dyn"));
  auto compiled = compile(expr, env);
  if (auto* e = std::get_if<CompileError>(&compiled)) {
    return Value::error("compile: " + e->message);
  }
  const EvalResult r =
      evaluate(*std::get<0>(compiled), Activation{{Value::from_int(7)}}, 1'000'000);
  return r.error.empty() ? *r.value : Value::error(r.error);
}

std::string text(std::string_view expr) {
  return eval(expr).debug_string();
}

std::string compile_error(std::string_view expr) {
  const Environment env = device_environment(false);
  auto compiled = compile(expr, env);
  auto* e = std::get_if<CompileError>(&compiled);
  return e ? e->message : "";
}

}  // namespace

TEST_CASE("cel parser: precedence and associativity") {
  CHECK(text("1 + 2 * 3") == "7");                  // * binds tighter than +
  CHECK(text("(1 + 2) * 3") == "9");                // parentheses
  CHECK(text("10 - 4 - 3") == "3");                 // left-associative
  CHECK(text("true || false && false") == "true");  // && binds tighter than ||
  CHECK(text("1 < 2 == true") == "true");           // relations are left-associative
  CHECK(text("!true ? 1 : 2") == "2");              // unary before ternary
  CHECK(text("false ? 1 : true ? 2 : 3") == "2");   // ternary is right-associative
  CHECK(text("-x") == "-7");                        // unary minus on a variable
  CHECK(text("--7") == "7");                        // double negation
  CHECK(text("2 in [1, 2]") == "true");             // `in` is a relation
}

TEST_CASE("cel lexer: literals and escapes") {
  CHECK(text("0x1F") == "31");                                    // hex
  CHECK(text("1u") == "1u");                                      // uint
  CHECK(text("-9223372036854775808") == "-9223372036854775808");  // folded int64 minimum
  CHECK(text("1.5e2") == "150");                                  // double with exponent
  CHECK(text("'a\\tb'") == "\"a\tb\"");                           // escapes
  CHECK(text("r'a\\tb'") == "\"a\\tb\"");                         // raw string keeps the backslash
  CHECK(text("'''a\nb'''") == "\"a\nb\"");                        // triple quotes span lines
  CHECK(text("'\\u00e9'.size()") == "1");                         // one code point
  CHECK(text("'\\303\\251'.size()") == "2");  // in strings, octal escapes are code points
  CHECK(text("b'\\xff'.size()") == "1");      // a bytes literal: one byte
  CHECK(text("null") == "null");
  CHECK(text("size('héllo')") == "5");  // code points, not bytes
}

TEST_CASE("cel parser: syntax errors carry positions") {
  CHECK(compile_error("1 +").find("ERROR: <input>:1:4: Syntax error:") == 0);  // after the +
  CHECK(compile_error("'abc").find("Syntax error") != std::string::npos);      // unterminated
  CHECK(compile_error("a.if").find("Syntax error") != std::string::npos);      // reserved word
  CHECK(compile_error("has(x)").find("invalid argument to has() macro") != std::string::npos);
  CHECK(compile_error("[1].all(1, true)").find("argument must be a simple name")
        != std::string::npos);
  CHECK(compile_error("9223372036854775808 > 0").find("Syntax error") != std::string::npos);
  // Deep nesting is a clean error, not a stack overflow.
  CHECK(compile_error(std::string(5000, '(') + "1" + std::string(5000, ')')).find("recursion limit")
        != std::string::npos);
  std::string chain = "true";
  for (int i = 0; i < 3000; ++i) {
    chain += " && true";
  }
  CHECK(compile_error(chain).find("recursion limit") != std::string::npos);
}

TEST_CASE("cel checker: errors") {
  CHECK(compile_error("foo == 1")
        == "ERROR: <input>:1:1: undeclared reference to 'foo' (in container '')");
  CHECK(compile_error("1 + 'a' == 'x'")
            .find("found no matching overload for '_+_' applied to '(int, string)'")
        != std::string::npos);
  CHECK(compile_error("device.driver.startsWith(1)")
            .find("found no matching overload for 'startsWith' applied to 'string.(int)'")
        != std::string::npos);
  CHECK(compile_error("device.nope").find("undefined field 'nope'") != std::string::npos);
  CHECK(compile_error("device.driver") == "must evaluate to bool or the unknown type, not string");
  CHECK(compile_error("device.attributes['d'].x").empty());  // dyn is accepted
}

TEST_CASE("cel semantics: error absorption in both orders") {
  // 1/0 is an error; a deciding operand on either side absorbs it.
  CHECK(text("false && 1/0 == 1") == "false");
  CHECK(text("1/0 == 1 && false") == "false");
  CHECK(text("true || 1/0 == 1") == "true");
  CHECK(text("1/0 == 1 || true") == "true");
  CHECK(text("true && 1/0 == 1") == "error(division by zero)");  // nothing absorbs it
  CHECK(text("true ? 1 : 1/0") == "1");                          // only the taken branch
  CHECK(text("{'a': 1}['b']") == "error(no such key: b)");
  CHECK(text("[1][3]") == "error(index '3' out of range in list size '1')");
  CHECK(text("9223372036854775807 + 1") == "error(return error for overflow)");
  CHECK(text("1 % 0") == "error(modulus by zero)");
}

TEST_CASE("cel semantics: equality and numbers") {
  CHECK(text("1 == 1.0") == "true");  // heterogeneous numeric equality
  CHECK(text("1u == 1") == "true");
  CHECK(text("2 < 2.5") == "true");  // cross-type ordering
  CHECK(text("[1, 'a'] == [1, 'a']") == "true");
  CHECK(text("{'a': 1} == {'a': dyn(1.0)}") == "true");
  CHECK(text("type(1) == int") == "true");
  CHECK(text("dyn(1) == 1") == "true");
  CHECK(text("int('42') + dyn(uint(3)) == 45") == "error(no such overload: (int, uint))");
  CHECK(text("double('2.5') == 2.5") == "true");
  CHECK(text("string(12) + bool('true') == '12'") ==
        "error(compile: ERROR: <input>:1:12: found no matching overload for '_+_' applied to '(string, "
        "bool)')");
}

TEST_CASE("cel macros") {
  CHECK(text("[1, 2, 3].all(v, v > 0)") == "true");
  CHECK(text("[1, 2, 3].exists(v, v == 2)") == "true");
  CHECK(text("[1, 2, 3].exists_one(v, v > 1)") == "false");  // two match
  CHECK(text("[1, 2, 3].map(v, v * 2)") == "[2, 4, 6]");
  CHECK(text("[1, 2, 3].map(v, v > 1, v * 10)") == "[20, 30]");
  CHECK(text("[1, 2, 3].filter(v, v % 2 == 1)") == "[1, 3]");
  CHECK(text("{'a': 1, 'b': 2}.all(k, v, v > 0 && k != '')") == "true");
  CHECK(text("[5, 6].exists(i, v, i == 1 && v == 6)") == "true");
  CHECK(text("cel.bind(y, x * 2, y + y)") == "28");
  CHECK(text("has({'a': 1}.a)") == "true");
  CHECK(text("has({'a': 1}.b)") == "false");
  // An error in one element is absorbed by a deciding element elsewhere.
  CHECK(text("[0, 1].exists(v, 1 / v == 1)") == "true");
}

TEST_CASE("cel optionals") {
  CHECK(text("{'a': 1}.?a.orValue(0)") == "1");
  CHECK(text("{'a': 1}.?b.orValue(0)") == "0");
  CHECK(text("{'a': 1}[?'b'].hasValue()") == "false");
  CHECK(text("optional.of(3).value()") == "3");
  CHECK(text("optional.none().orValue(4)") == "4");
  CHECK(text("[1, 2].first().value()") == "1");
}

TEST_CASE("cel semantics: string to int and uint conversions reject what strconv rejects") {
  CHECK(text("int('-42')") == "-42");
  CHECK(text("int('9223372036854775807')") == "9223372036854775807");
  CHECK(text("uint('18446744073709551615')") == "18446744073709551615u");
  // Overflow, an empty string, a leading space, trailing text, and a sign on an unsigned number.
  CHECK(text("int('9223372036854775808')")
        == "error(cannot convert string '9223372036854775808' to int)");
  CHECK(text("int('')") == "error(cannot convert string '' to int)");
  CHECK(text("int(' 1')") == "error(cannot convert string ' 1' to int)");
  CHECK(text("int('1x')") == "error(cannot convert string '1x' to int)");
  CHECK(text("uint('18446744073709551616')")
        == "error(cannot convert string '18446744073709551616' to uint)");
  CHECK(text("uint('-1')") == "error(cannot convert string '-1' to uint)");
  CHECK(text("uint(' 1')") == "error(cannot convert string ' 1' to uint)");
}
