// Tests of the DRA driver shape (sim/load/driver_shape.cpp): decoding `driver:` mappings with their
// exact diagnostics, and the node-local ResourceSlices a shape publishes.
#include "sim/load/driver_shape.h"

#include "sim/generate/driver_slices.h"
#include "sim/load/yaml_source.h"

#include <doctest/doctest.h>

#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace drasim::sim {
namespace {

using model::Quantity;

struct Messages {
  std::vector<std::string> lines;

  friend bool operator==(const Messages& a, const std::vector<std::string>& b) {
    return a.lines == b;
  }

  friend std::ostream& operator<<(std::ostream& os, const Messages& m) {
    for (const std::string& line : m.lines) {
      os << "\n  " << line;
    }
    return os << "\n";
  }
};

/// One YAML text whose root is a `driver:` mapping; decodes the shape under it.
class Shape {
 public:
  explicit Shape(std::string_view text)
      : documents_(parse_yaml(text, 0, file_, diagnostics_)),
        shape_(decode_driver_shape(
            Cursor(&documents_.at(0).root(), documents_.at(0).root().mark, "", &context_)["driver"],
            0)) {}

  Shape(const Shape&) = delete;
  Shape& operator=(const Shape&) = delete;

  [[nodiscard]] const DriverShape& shape() const { return shape_; }

  [[nodiscard]] Messages errors() const {
    Messages out;
    for (const Diagnostic& d : diagnostics_.errors()) {
      out.lines.push_back(d.to_string());
    }
    return out;
  }

 private:
  std::string file_ = "t.yaml";
  Diagnostics diagnostics_;
  DecodeContext context_{file_, &diagnostics_};
  std::vector<Document> documents_;
  DriverShape shape_;
};

std::vector<std::string> device_names(const model::ResourceSlice& s) {
  std::vector<std::string> out;
  for (const model::Device& d : s.devices) {
    out.push_back(d.name);
  }
  return out;
}

TEST_CASE("a driver shape decodes every field of the documented example") {
  const Shape in(R"(driver:
  name: gpu.nvidia.com
  resource: nvidia.com/gpu
  devices: 8
  deviceName: gpu-{i}
  attributes: {type: {string: gpu}, productName: {string: NVIDIA A100-SXM4-80GB}}
  capacity: {memory: {value: 80Gi}}
  partitionable: false
)");
  CHECK(in.errors() == std::vector<std::string>{});
  const DriverShape& s = in.shape();
  CHECK(s.driver == "gpu.nvidia.com");
  CHECK(s.resource == "nvidia.com/gpu");
  CHECK(s.devices == 8);
  CHECK(s.device_name.format(3) == "gpu-3");
  CHECK(s.attributes.at("productName") == model::AttributeValue{"NVIDIA A100-SXM4-80GB"});
  CHECK(s.capacity.at("memory").value == *Quantity::parse("80Gi"));
  CHECK_FALSE(s.partitionable);
  // The shape's position is the `driver:` value, line 2 column 3.
  CHECK(s.source == model::SourceRef{0, 2, 3});
}

TEST_CASE("a driver shape without attributes publishes type gpu and takes the node's count") {
  const Shape in("driver: {name: gpu.nvidia.com}\n");
  CHECK(in.errors() == std::vector<std::string>{});
  CHECK_FALSE(in.shape().devices.has_value());
  CHECK(in.shape().attributes
        == std::map<std::string, model::AttributeValue>{{"type", std::string("gpu")}});
}

TEST_CASE("driver slices: one node-local slice of the pool named after the node") {
  const Shape in(R"(driver:
  name: gpu.nvidia.com
  deviceName: gpu-{i:2}
  capacity: {memory: {value: 80Gi}}
)");
  const auto slices = driver_slices(in.shape(), "dra-7", 4, 3, model::SourceRef{0, 9, 1});
  REQUIRE(slices.size() == 1);
  const model::ResourceSlice& s = slices[0];
  // `<node>-<driver with dots as dashes>-<k>`.
  CHECK(s.meta.name == "dra-7-gpu-nvidia-com-0");
  CHECK(s.meta.source == model::SourceRef{0, 9, 1});
  CHECK(s.driver == "gpu.nvidia.com");
  CHECK(s.node_name == "dra-7");
  CHECK(s.pool == model::ResourcePool{"dra-7", 3, 1});
  // {i:2} pads the index to two digits.
  CHECK(device_names(s) == std::vector<std::string>{"gpu-00", "gpu-01", "gpu-02", "gpu-03"});
  CHECK(s.devices[2].capacity.at("memory").value == *Quantity::parse("80Gi"));
  CHECK(s.devices[2].attributes.at("type") == model::AttributeValue{std::string("gpu")});
  CHECK(driver_slices(in.shape(), "dra-7", 0, 1, {}).empty());
}

TEST_CASE("driver slices: more than 128 devices split into slices of 128") {
  const Shape in("driver: {name: example.com}\n");
  // 200 devices = 128 + 72; both slices say the pool has 2 slices.
  const auto slices = driver_slices(in.shape(), "n", 200, 1, {});
  REQUIRE(slices.size() == 2);
  CHECK(slices[0].devices.size() == 128);
  CHECK(slices[1].devices.size() == 72);
  CHECK(slices[1].devices.front().name == "gpu-128");
  CHECK(slices[1].meta.name == "n-example-com-1");
  CHECK(slices[0].pool.resource_slice_count == 2);
  CHECK(slices[1].pool.resource_slice_count == 2);
}

TEST_CASE("a partitionable shape publishes counter sets, then one slice of partitions per GPU") {
  const Shape in(R"(driver:
  name: gpu.nvidia.com
  attributes: {type: {string: gpu}, productName: {string: NVIDIA A100-SXM4-40GB}}
  capacity: {memory: {value: 40Gi}}
  partitionable: true
  counters: {memory: {value: 40Gi}, memory-slice-0: {value: "1"}, memory-slice-1: {value: "1"}}
  partitions:
  - name: mig-1g5gb-0
    attributes: {type: {string: mig}, profile: {string: 1g.5gb}}
    capacity: {memory: {value: 5Gi}}
    consumesCounters: {memory: {value: 5Gi}, memory-slice-0: {value: "1"}}
  - name: mig-2g10gb-0
    attributes: {type: {string: mig}, profile: {string: 2g.10gb}}
    capacity: {memory: {value: 10Gi}}
    consumesCounters: {memory: {value: 10Gi}, memory-slice-0: {value: "1"}, memory-slice-1: {value: "1"}}
  fullDevice: true
)");
  REQUIRE(in.errors() == std::vector<std::string>{});
  // 10 GPUs: counter sets 8 + 2 in two slices, then 10 device slices: 12 in the pool.
  const auto slices = driver_slices(in.shape(), "a100-0", 10, 1, {});
  REQUIRE(slices.size() == 12);
  CHECK(slices[0].devices.empty());
  CHECK(slices[0].shared_counters.size() == 8);
  CHECK(slices[1].shared_counters.size() == 2);
  CHECK(slices[1].shared_counters[1].name == "gpu-9-counter-set");
  CHECK(slices[1].shared_counters[1].counters.at("memory") == *Quantity::parse("40Gi"));
  const model::ResourceSlice& gpu3 = slices[5];  // 2 counter slices, then gpu-0 .. gpu-3
  CHECK(gpu3.meta.name == "a100-0-gpu-nvidia-com-5");
  CHECK(gpu3.pool.resource_slice_count == 12);
  CHECK(device_names(gpu3)
        == std::vector<std::string>{"gpu-3", "gpu-3-mig-1g5gb-0", "gpu-3-mig-2g10gb-0"});
  // The whole GPU consumes every counter; a partition its own amounts.
  CHECK(gpu3.devices[0].consumes_counters
        == std::vector<model::CounterConsumption>{{"gpu-3-counter-set", in.shape().counters}});
  const model::Device& mig = gpu3.devices[2];
  CHECK(mig.consumes_counters.at(0).counter_set == "gpu-3-counter-set");
  CHECK(mig.consumes_counters.at(0).counters.at("memory-slice-1") == Quantity::from_units(1));
  // The partition keeps the GPU's productName, overrides type and memory.
  CHECK(mig.attributes.at("productName") == model::AttributeValue{"NVIDIA A100-SXM4-40GB"});
  CHECK(mig.attributes.at("type") == model::AttributeValue{std::string("mig")});
  CHECK(mig.capacity.at("memory").value == *Quantity::parse("10Gi"));
}

TEST_CASE("driver shape errors name the field at file:line:col") {
  CHECK(Shape("driver: {name: gpu.nvidia.com, devices: 0}\n").errors()
        == std::vector<std::string>{
            "t.yaml:1:41: error: driver.devices: at least one device, got 0"});
  CHECK(Shape("driver: {name: gpu.nvidia.com, devices: -2}\n").errors()
        == std::vector<std::string>{
            "t.yaml:1:41: error: driver.devices: a device count from 1 to 256, got -2"});
  CHECK(Shape("driver: {devices: 2}\n").errors()
        == std::vector<std::string>{
            "t.yaml:1:9: error: driver.name: a driver name such as gpu.nvidia.com, got nothing"});
  CHECK(Shape("driver: {name: d, devcies: 2}\n").errors()
        == std::vector<std::string>{
            "t.yaml:1:28: error: driver.devcies: a driver field (one of name, resource, devices, "
            "deviceName, attributes, capacity, partitionable, counters, partitions, fullDevice), "
            "got \"devcies\""});
  CHECK(Shape("driver: {name: d, deviceName: gpu}\n").errors()
        == std::vector<std::string>{
            "t.yaml:1:31: error: driver.deviceName: a name pattern with one {i} or {i:N} (N "
            "digits, zero-padded) and otherwise lower-case letters, digits, '-' and '.', such as "
            "dp-{i:3}, got \"gpu\""});
  CHECK(Shape("driver: {name: d, counters: {a: {value: 1}}}\n").errors()
        == std::vector<std::string>{
            "t.yaml:1:29: error: driver.counters: no counters unless partitionable: true, got a "
            "mapping"});
}

TEST_CASE("partitionable shape errors: missing partitions, unknown counters") {
  CHECK(Shape("driver: {name: d, partitionable: true, counters: {m: {value: 1}}}\n").errors()
        == std::vector<std::string>{
            "t.yaml:1:9: error: driver.partitions: at least one partition (partitionable: true), "
            "got nothing"});
  CHECK(Shape(R"(driver:
  name: d
  partitionable: true
  counters: {m: {value: 1}}
  partitions: [{name: p, consumesCounters: {x: {value: 1}}}]
)")
            .errors()
        == std::vector<std::string>{
            // At x's value, column 48 of line 5.
            "t.yaml:5:48: error: driver.partitions[0].consumesCounters.x: a counter of the "
            "driver's counters, got \"x\""});
}

}  // namespace
}  // namespace drasim::sim
