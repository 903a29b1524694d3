// Every row of dra-semantics.md table 4.4 (from upstream
// staging/src/k8s.io/dynamic-resource-allocation/cel/compile_test.go), with the exact result and,
// where the table gives one, the exact estimated cost.

#include <doctest/doctest.h>

#include "tests/model/cel/cel_test_util.h"

using drasim::model::Device;
using drasim::model::Quantity;
using drasim::model::SemVer;
using namespace drasim::model::cel::testing;

TEST_CASE("cel reference: true and false constants") {
  CHECK(run("true").is_true());    // a literal is its own value
  CHECK(run("false").is_false());  // idem
}

TEST_CASE("cel reference: syntax error and non-bool result fail to compile") {
  // `?!` cannot start an expression.
  CHECK(run("?!").compile_error.find("Syntax error") != std::string::npos);
  // An int result is rejected by the selector compiler's result-type check.
  CHECK(run("1").compile_error == "must evaluate to bool or the unknown type, not int");
}

TEST_CASE("cel reference: missing attribute is a runtime error") {
  const auto o =
      run("device.attributes[\"no-such-domain\"].noSuchAttr.isGreaterThan(quantity(\"0\"))");
  // The unknown domain yields an empty map; the inner lookup fails.
  CHECK(o.eval_error == "no such key: noSuchAttr");
  // 1 ident + 1 select + 1 index + 1 select + 1 quantity() + 1 isGreaterThan.
  CHECK(o.estimated == 6);
  const auto o2 =
      run("device.attributes[\"no-such-domain\"][\"noSuchAttr\"].isGreaterThan(quantity(\"0\"))");
  CHECK(o2.eval_error == "no such key: noSuchAttr");  // index syntax behaves the same
}

TEST_CASE("cel reference: domain membership and driver") {
  const auto o = run("\"no-such-domain\" in device.attributes");
  CHECK(o.is_false());      // no device attribute uses that domain
  CHECK(o.estimated == 3);  // ident 1 + select 1 + in_map 1
  Device d;
  d.attributes["name"] = true;
  // A bare attribute name lands under the slice's driver domain.
  CHECK(run_device("\"dra.example.com\" in device.attributes", slice_of("dra.example.com"), d)
            .is_true());
  const auto e = run_device("device.driver == \"\"", slice_of(""), Device{});
  CHECK(e.is_true());       // the driver is empty
  CHECK(e.estimated == 2);  // ident 1 + select 1; comparing with "" costs ceil(0 * 0.1) = 0
}

TEST_CASE("cel reference: attribute lookups") {
  Device d;
  d.attributes["name"] = true;
  const auto o =
      run_device("device.attributes[\"dra.example.com\"].name", slice_of("dra.example.com"), d);
  CHECK(o.is_true());       // the bool attribute itself
  CHECK(o.estimated == 4);  // ident, select, index, select: 1 each
  Device other;
  other.attributes["other.example.com/name"] = true;
  // A qualified name goes to its own domain.
  CHECK(run_device("device.attributes[\"other.example.com\"].name", slice_of("dra.example.com"),
                   other)
            .is_true());
  const auto b = run_device("cel.bind(dra, device.attributes[\"dra.example.com\"], dra.name)",
                            slice_of("dra.example.com"), d);
  CHECK(b.is_true());
  // cel-go costBind: empty range list 10 + init 3 + result (ident 1 + select 1) = 15.
  CHECK(b.estimated == 15);
  Device i;
  i.attributes["name"] = int64_t{1};
  CHECK(
      run_device("device.attributes[\"dra.example.com\"].name > 0", slice_of("dra.example.com"), i)
          .is_true());  // 1 > 0
}

TEST_CASE("cel reference: version attributes") {
  Device d;
  d.attributes["name"] = SemVer{"1.0.0"};
  const auto s = slice_of("dra.example.com");
  // 1.0.0 > 0.0.1.
  CHECK(run_device("device.attributes[\"dra.example.com\"].name.isGreaterThan(semver(\"0.0.1\"))",
                   s, d)
            .is_true());
  const auto o = run_device(
      "device.attributes[\"dra.example.com\"].name.isGreaterThan(semver(\"v0.0.1\", true)) && "
      "isSemver(\"v1.0.0\", true)",
      s, d);
  CHECK(o.is_true());  // normalised v0.0.1 = 0.0.1 < 1.0.0, and v1.0.0 normalises
  // lhs 4 + semver() 1 + isGreaterThan 1 = 6; rhs isSemver() 1; && adds nothing.
  CHECK(o.estimated == 7);
}

TEST_CASE("cel reference: capacity comparisons") {
  Device d;
  d.capacity["name"].value = *Quantity::parse("1Mi");
  const auto s = slice_of("dra.example.com");
  const auto o = run_device(
      "device.capacity[\"dra.example.com\"].name.isGreaterThan(quantity(\"1Ki\"))", s, d);
  CHECK(o.is_true());       // 1Mi > 1Ki
  CHECK(o.estimated == 6);  // 4 for the lookup, quantity() 1, isGreaterThan 1
  const auto g = run_device(
      "!(\"name\" in device.capacity[\"dra.example.com\"]) || "
      "device.capacity[\"dra.example.com\"].name.isGreaterThan(quantity(\"1Ki\"))",
      s, Device{});
  CHECK(g.is_true());        // no capacity: the guard is true
  CHECK(g.estimated == 11);  // lhs: ! 1 + in 1 + lookup 3 = 5; rhs 6
}

TEST_CASE("cel reference: exists_one over domains") {
  Device d;
  d.attributes["name"] = true;
  const auto o = run_device("device.attributes.exists_one(x, x == \"dra.example.com\")",
                            slice_of("dra.example.com"), d);
  CHECK(o.is_true());  // exactly one domain
  // range 2 + result (ident 1 + == 1) 2 + 32 domains * step 5 (x == "..": 1 + ceil(15*0.1)=2;
  // accu + 1: 2) = 164.
  CHECK(o.estimated == 164);
}

TEST_CASE("cel reference: string functions on attributes") {
  Device d;
  d.attributes["services"] = std::string("asymetric");
  const auto s = slice_of("dra.example.com");
  const auto m =
      run_device("device.attributes[\"dra.example.com\"].services.matches(\"[^a]?sym\")", s, d);
  CHECK(m.is_true());  // "asym" at offset 0 matches [^a]?sym with the optional class empty
  // lookup 4 + ceil((64 + 1) * 0.1) = 7 times ceil(8 * 0.25) = 2 -> 18.
  CHECK(m.estimated == 18);
  Device e;
  e.attributes["services"] = std::string("some_example_value");
  const auto sp = run_device(
      "device.attributes[\"dra.example.com\"].services.split(\"example\").size() >= 2", s, e);
  CHECK(sp.is_true());  // "some_", "_value"
  // lookup 4 + split ceil(64 * 0.2) = 13 + size 1 + >= 1 = 19.
  CHECK(sp.estimated == 19);
}

TEST_CASE("cel reference: nested comprehensions exceed the runtime cost limit") {
  Device d;
  for (int i = 0; i < 32; ++i) {
    d.attributes["attr" + std::to_string(i)] = std::string(64, 'x');
  }
  const auto o = run_device(
      "[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].all(x, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].all(y, [1, 2, 3, 4, "
      "5, 6, 7, 8, 9, 10].all(z, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].all(z2, [1, 2, 3, 4, 5, 6, 7, 8, "
      "9, 10].all(z3, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].all(z4, [1, 2, 3, 4, 5, 6, 7, 8, 9, "
      "10].all(z5, int('1'.find('[0-9]*')) < 100)))))))",
      slice_of("dra.example.com"), d);
  CHECK(o.eval_error.find("actual cost limit exceeded") != std::string::npos);
  // Innermost body 4 (find 2, int 1, < 1); each all() level costs 41 + 10 * body:
  // 81, 851, 8551, 85551, 855551, 8555551, 85555551.
  CHECK(o.estimated == 85555551);
}

TEST_CASE("cel reference: allowMultipleAllocations needs consumable capacity") {
  Device d;
  d.allow_multiple_allocations = true;
  const auto s = slice_of("dra.example.com");
  const auto o = run_device("device.allowMultipleAllocations == true", s, d, true);
  CHECK(o.is_true());
  CHECK(o.estimated == 3);  // ident 1 + select 1 + bool equality ceil(1 * 0.1) = 1
  // Unset means false.
  CHECK(run_device("device.allowMultipleAllocations == false", s, Device{}, true).is_true());
  CHECK(run_device("device.allowMultipleAllocations == false", s, Device{}, false)
            .compile_error.find("undefined field 'allowMultipleAllocations'")
        != std::string::npos);
}
