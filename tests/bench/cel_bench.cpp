// CEL selector evaluation speed: one compiled selector against one device value (no caching of
// verdicts), and compilation itself. Run: ./build/release/tests/drasim_bench "[cel]"
#include "model/cel/cel.h"

#include <catch2/catch.hpp>

namespace drasim::bench {

TEST_CASE("CEL device selectors", "[cel]") {
  model::ResourceSlice slice;
  slice.driver = "gpu.nvidia.com";
  model::Device device;
  device.attributes["productName"] = std::string("NVIDIA H100 80GB HBM3");
  device.attributes["driverVersion"] = model::SemVer{"550.54.15"};
  device.attributes["type"] = std::string("gpu");
  device.attributes["architecture"] = std::string("Hopper");
  device.capacity["memory"].value = *model::Quantity::parse("80Gi");
  const model::cel::Environment env = model::cel::device_environment(false);
  const model::cel::Activation activation{{model::cel::device_value(slice, device, false)}};
  const auto compiled = model::cel::compile(
      "device.attributes[\"gpu.nvidia.com\"].type in [\"gpu\", \"mig\"] && "
      "device.capacity[\"gpu.nvidia.com\"].memory.compareTo(quantity(\"40Gi\")) >= 0",
      env);
  const auto& program = *std::get<0>(compiled);
  REQUIRE(model::cel::evaluate(program, activation, 1'000'000).value->as_bool());

  BENCHMARK("evaluate a two-clause selector") {
    return model::cel::evaluate(program, activation, 1'000'000).cost;
  };
  BENCHMARK("build the device value") {
    return model::cel::device_value(slice, device, false).kind();
  };
  BENCHMARK("compile the selector") {
    return model::cel::compile(program.expression, env).index();
  };
}

}  // namespace drasim::bench
