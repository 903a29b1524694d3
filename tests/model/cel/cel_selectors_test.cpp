// The ten selectors of dra-semantics.md 4.5 and the "extra forms", evaluated against a realistic
// NVIDIA-like device, plus the CelSelectorEvaluator bridge.

#include "model/dra/cel_selector_evaluator.h"

#include <doctest/doctest.h>

#include "tests/model/cel/cel_test_util.h"

using drasim::model::CelSelector;
using drasim::model::Device;
using drasim::model::Quantity;
using drasim::model::ResourceSlice;
using drasim::model::SemVer;
using drasim::model::dra::CelSelectorEvaluator;
using drasim::model::dra::SelectorVerdict;
using namespace drasim::model::cel::testing;

namespace {

ResourceSlice gpu_slice() {
  ResourceSlice s = slice_of("gpu.nvidia.com");
  Device d;
  d.name = "gpu-0";
  d.attributes["productName"] = std::string("NVIDIA H100 80GB HBM3");
  d.attributes["driverVersion"] = SemVer{"550.54.15"};
  d.attributes["type"] = std::string("gpu");
  d.attributes["architecture"] = std::string("Hopper");
  d.attributes["index"] = int64_t{2};
  d.attributes["resource.kubernetes.io/pcieRoot"] = std::string("pci0000:01");
  d.attributes["dra.example.com/numaNode"] = int64_t{1};
  d.capacity["memory"].value = *Quantity::parse("80Gi");
  s.devices.push_back(d);
  return s;
}

bool selects(std::string_view expr, bool consumable = false) {
  const ResourceSlice s = gpu_slice();
  const auto o = run_device(expr, s, s.devices[0], consumable);
  INFO(expr, " compile=", o.compile_error, " eval=", o.eval_error);
  return o.is_true();
}

}  // namespace

TEST_CASE("cel selectors: the ten reference selectors") {
  CHECK(selects("device.driver == \"gpu.nvidia.com\""));  // the slice's driver
  CHECK(selects("device.attributes[\"gpu.nvidia.com\"].productName == \"NVIDIA H100 80GB HBM3\""));
  // 80Gi >= 40Gi.
  CHECK(selects("device.capacity[\"gpu.nvidia.com\"].memory.compareTo(quantity(\"40Gi\")) >= 0"));
  // 550.54.15 > 550.0.0.
  CHECK(selects(
      "device.attributes[\"gpu.nvidia.com\"].driverVersion.isGreaterThan(semver(\"550.0.0\"))"));
  // No `mig` attribute: the guard is false, so the conjunction is false without an error.
  const ResourceSlice s = gpu_slice();
  const auto mig = run_device(
      "\"mig\" in device.attributes[\"gpu.nvidia.com\"] && "
      "device.attributes[\"gpu.nvidia.com\"].mig == false",
      s, s.devices[0]);
  CHECK(mig.is_false());
  // type "gpu" is in the list and "Hopper" starts with "Hopper".
  CHECK(
      selects("device.attributes[\"gpu.nvidia.com\"].type in [\"gpu\", \"mig\"] && "
              "device.attributes[\"gpu.nvidia.com\"].architecture.startsWith(\"Hopper\")"));
  // numaNode 1 is in [0, 2).
  CHECK(selects(
      "cel.bind(a, device.attributes[\"dra.example.com\"], a.numaNode >= 0 && a.numaNode < 2)"));
  CHECK(selects(
      "device.attributes[\"resource.kubernetes.io\"].pcieRoot.matches(\"^pci0000:[0-3]\")"));
  // 80Gi is not below 24Gi, and the domain exists: false.
  const auto small = run_device(
      "!(\"gpu.nvidia.com\" in device.capacity) || "
      "device.capacity[\"gpu.nvidia.com\"].memory.isLessThan(quantity(\"24Gi\"))",
      s, s.devices[0]);
  CHECK(small.is_false());
  ResourceSlice nic = slice_of("nic.example.com");
  Device d;
  d.allow_multiple_allocations = true;
  d.capacity["bandwidth"].value = *Quantity::parse("100G");
  // Shared device with 100G > 10G.
  CHECK(
      run_device("device.allowMultipleAllocations && "
                 "device.capacity[\"nic.example.com\"].bandwidth.isGreaterThan(quantity(\"10G\"))",
                 nic, d, true)
          .is_true());
}

TEST_CASE("cel selectors: extra forms") {
  CHECK(selects("device.attributes[\"gpu.nvidia.com\"][\"type\"] == \"gpu\""));  // index syntax
  CHECK(selects("has(device.attributes[\"gpu.nvidia.com\"].productName)"));      // present
  CHECK(!selects("has(device.attributes[\"gpu.nvidia.com\"].mig)"));             // absent
  CHECK(selects("size(device.attributes[\"gpu.nvidia.com\"]) > 0"));             // 6 attributes
  // The semver major of the attribute is 550.
  CHECK(selects("device.attributes[\"gpu.nvidia.com\"].driverVersion.major() >= 12"));
  CHECK(selects("semver(\"12.4.0\").major() >= 12"));
  CHECK(selects("device.attributes[\"gpu.nvidia.com\"].index % 2 == 0"));  // 2 % 2 == 0
  CHECK(selects("int(device.attributes[\"gpu.nvidia.com\"].index) == 2"));
  CHECK(selects("device.attributes[\"gpu.nvidia.com\"].type + \"-x\" == \"gpu-x\""));
  CHECK(selects("device.attributes[\"gpu.nvidia.com\"].index > 1 ? true : false"));
}

TEST_CASE("cel selectors: wrong-type use of an attribute is a runtime error") {
  const ResourceSlice s = gpu_slice();
  const auto o =
      run_device("device.attributes[\"gpu.nvidia.com\"].index.isGreaterThan(quantity(\"1\"))", s,
                 s.devices[0]);
  CHECK(o.compile_error.empty());  // dyn: the checker cannot know
  CHECK(o.eval_error.find("no such overload") != std::string::npos);
}

TEST_CASE("cel selector evaluator maps results to verdicts and caches them") {
  const ResourceSlice s = gpu_slice();
  CelSelectorEvaluator ev;
  const auto verdict = [&](std::string expr) {
    return ev.evaluate(CelSelector{std::move(expr), {}}, s, s.devices[0], false);
  };
  CHECK(verdict("device.driver == \"gpu.nvidia.com\"").kind == SelectorVerdict::Kind::kTrue);
  CHECK(verdict("device.driver == \"x\"").kind == SelectorVerdict::Kind::kFalse);
  const auto missing = verdict("device.attributes[\"gpu.nvidia.com\"].model == \"x\"");
  CHECK(missing.kind == SelectorVerdict::Kind::kError);
  CHECK(missing.error == "no such key: model");
  const auto compile = verdict("device.nope");
  CHECK(compile.kind == SelectorVerdict::Kind::kError);
  CHECK(compile.error.rfind("CEL compile error: ", 0) == 0);
  // A dyn result that is not a bool.
  const auto non_bool = verdict("device.attributes[\"gpu.nvidia.com\"].index");
  CHECK(non_bool.error == "CEL result of type int could not be converted to bool");
  // Same question again: memoized, same answer.
  CHECK(verdict("device.driver == \"gpu.nvidia.com\"").kind == SelectorVerdict::Kind::kTrue);
  ev.clear();
  CHECK(verdict("device.driver == \"x\"").kind == SelectorVerdict::Kind::kFalse);
}

TEST_CASE("cel selector evaluator shares verdicts between devices equal in what CEL sees") {
  // Device 0 is gpu_slice()'s; the others differ from it in one thing each. The evaluator keeps
  // one verdict per device content (driver, attributes, capacity amounts, multi-allocation
  // flag), so a device that differs anywhere CEL can look must not reuse device 0's verdict,
  // and one that differs only in its name must.
  ResourceSlice s = gpu_slice();
  const Device base = s.devices[0];
  Device renamed = base;
  renamed.name = "gpu-1";  // the name is not part of the CEL device value
  Device numa = base;
  numa.name = "gpu-2";
  numa.attributes["dra.example.com/numaNode"] = int64_t{0};
  Device memory = base;
  memory.name = "gpu-3";
  memory.capacity["memory"].value = *Quantity::parse("40Gi");
  Device version = base;
  version.name = "gpu-4";
  version.attributes["driverVersion"] = SemVer{"550.54.16"};
  Device shared = base;
  shared.name = "gpu-5";
  shared.allow_multiple_allocations = true;
  s.devices = {base, renamed, numa, memory, version, shared};
  CelSelectorEvaluator ev;
  const auto verdict = [&](const std::string& expr, size_t device, bool consumable = false) {
    return ev.evaluate(CelSelector{expr, {}}, s, s.devices[device], consumable).kind;
  };
  using Kind = SelectorVerdict::Kind;
  const std::string numa_one = "device.attributes[\"dra.example.com\"].numaNode == 1";
  CHECK(verdict(numa_one, 0) == Kind::kTrue);
  CHECK(verdict(numa_one, 1) == Kind::kTrue);   // same content as device 0
  CHECK(verdict(numa_one, 2) == Kind::kFalse);  // numaNode 0
  const std::string big =
      "device.capacity[\"gpu.nvidia.com\"].memory.compareTo(quantity(\"80Gi\")) >= 0";
  CHECK(verdict(big, 0) == Kind::kTrue);
  CHECK(verdict(big, 3) == Kind::kFalse);  // 40Gi < 80Gi
  const std::string old_driver =
      "device.attributes[\"gpu.nvidia.com\"].driverVersion.isLessThan(semver(\"550.54.16\"))";
  CHECK(verdict(old_driver, 0) == Kind::kTrue);
  CHECK(verdict(old_driver, 4) == Kind::kFalse);  // 550.54.16 is not below itself
  // allowMultipleAllocations is in the value only with consumable capacity.
  CHECK(verdict("device.allowMultipleAllocations", 0, true) == Kind::kFalse);
  CHECK(verdict("device.allowMultipleAllocations", 5, true) == Kind::kTrue);
}

TEST_CASE("cel selector evaluator finds each device's content by its place in its slice") {
  // The contents of a slice's devices are found together, the first time any of them is asked
  // about: each is compared with its neighbour, then searched among the contents seen before.
  // The slice alternates numaNode 1 (gpu_slice()'s device) and 0, so neighbours never match and
  // devices 0 and 2 (and 1 and 3) share a content found by the search. A second slice with the
  // same devices reuses both contents. Asking about the last device first must still give
  // every device its own verdict.
  ResourceSlice a = gpu_slice();
  const Device one = a.devices[0];
  Device zero = one;
  zero.attributes["dra.example.com/numaNode"] = int64_t{0};
  a.devices = {one, zero, one, zero};
  for (size_t i = 0; i < a.devices.size(); ++i) {
    a.devices[i].name = "gpu-" + std::to_string(i);
  }
  ResourceSlice b = a;
  b.pool.name = "other";
  CelSelectorEvaluator ev;
  const std::string numa_one = "device.attributes[\"dra.example.com\"].numaNode == 1";
  const auto verdict = [&](const ResourceSlice& slice, size_t device) {
    return ev.evaluate(CelSelector{numa_one, {}}, slice, slice.devices[device], false).kind;
  };
  using Kind = SelectorVerdict::Kind;
  CHECK(verdict(a, 3) == Kind::kFalse);
  CHECK(verdict(a, 0) == Kind::kTrue);
  CHECK(verdict(a, 1) == Kind::kFalse);
  CHECK(verdict(a, 2) == Kind::kTrue);
  CHECK(verdict(b, 2) == Kind::kTrue);
  CHECK(verdict(b, 1) == Kind::kFalse);
  // A third slice brings a third content (numaNode 2) after the expression's verdicts were
  // kept for two: its verdict is its own, and the first two still hold.
  ResourceSlice c = a;
  c.pool.name = "third";
  c.devices[3].attributes["dra.example.com/numaNode"] = int64_t{2};
  CHECK(verdict(c, 3) == Kind::kFalse);
  CHECK(ev.evaluate(CelSelector{"device.attributes[\"dra.example.com\"].numaNode == 2", {}}, c,
                    c.devices[3], false)
            .kind
        == Kind::kTrue);
  CHECK(verdict(c, 2) == Kind::kTrue);
  CHECK(verdict(a, 1) == Kind::kFalse);
  ev.clear();  // the slices may have moved: contents are found again
  CHECK(verdict(b, 0) == Kind::kTrue);
  CHECK(verdict(b, 3) == Kind::kFalse);
}

TEST_CASE("cel validate_selector rejects what the API server rejects") {
  CHECK(!drasim::model::cel::validate_selector("device.driver == \"a\"", false));
  CHECK(drasim::model::cel::validate_selector(std::string(10241, ' '), false).has_value());
  const std::string five =
      "[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].all(x, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].all(y, [1, 2, 3, 4, "
      "5, 6, 7, 8, 9, 10].all(z, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].all(z2, [1, 2, 3, 4, 5, 6, 7, 8, "
      "9, 10].all(z3, int('1'.find('[0-9]*')) < 100)))))";
  // Five levels estimate 855,551 (see the reference-table test): within the limit.
  CHECK(!drasim::model::cel::validate_selector(five, false));
  // Six levels estimate 8,555,551 > 1,000,000.
  const auto six = drasim::model::cel::validate_selector(
      "[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].all(w, " + five + ")", false);
  REQUIRE(six.has_value());
  CHECK(six->message == "too complex, exceeds cost limit");
}
