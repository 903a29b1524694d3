#include "model/kai/api/pod_request.h"

#include "model/k8s/pod.h"
#include "model/kai/api/resource_vector.h"

#include <doctest/doctest.h>

#include "tests/model/cluster_fixture.h"
#include <string>
#include <utility>

using drasim::model::Container;
using drasim::model::kCpuSlot;
using drasim::model::kGpuSlot;
using drasim::model::kMemorySlot;
using drasim::model::kPodsSlot;
using drasim::model::pod_request;
using drasim::model::PodSpec;
using drasim::model::ResourceList;
using drasim::model::ResourceNames;
using drasim::model::ResourceVector;
using drasim::model::uses_extended_resources;
using drasim::test::qty;

namespace {

Container container(std::string name, std::string_view cpu) {
  Container c;
  c.name = std::move(name);
  c.requests["cpu"] = qty(cpu);
  return c;
}

Container sidecar(std::string name, std::string_view cpu) {
  Container c = container(std::move(name), cpu);
  c.restart_always = true;
  return c;
}

ResourceVector request_of(const PodSpec& spec) {
  ResourceNames names;
  return pod_request(spec, names);
}

}  // namespace

TEST_CASE("a pod's cpu request is the sum of its containers") {
  PodSpec spec;
  spec.containers = {container("a", "500m"), container("b", "1500m")};
  CHECK(request_of(spec).get(kCpuSlot) == 2000);  // 500m + 1500m
}

TEST_CASE("an init container larger than the containers' sum sets the request (KAI item 2)") {
  PodSpec spec;
  spec.containers = {container("a", "500m"), container("b", "1500m")};
  spec.init_containers = {container("init", "3")};
  // max(steady 500 + 1500 = 2000, init peak 3000) = 3000
  CHECK(request_of(spec).get(kCpuSlot) == 3000);
}

TEST_CASE("an init container smaller than the containers' sum leaves the request unchanged") {
  PodSpec spec;
  spec.containers = {container("a", "500m"), container("b", "1500m")};
  spec.init_containers = {container("init", "1")};
  // max(steady 2000, init peak 1000) = 2000
  CHECK(request_of(spec).get(kCpuSlot) == 2000);
}

TEST_CASE("a sidecar declared before a regular init container adds to its peak (KAI item 3)") {
  PodSpec spec;
  spec.init_containers = {sidecar("proxy", "1"), container("init", "3")};
  spec.containers = {container("main", "2")};
  // steady = main 2000 + sidecar 1000 = 3000; init peak = 3000 + sidecar before it 1000 = 4000
  CHECK(request_of(spec).get(kCpuSlot) == 4000);
}

TEST_CASE("a sidecar declared after a regular init container does not add to its peak") {
  PodSpec spec;
  spec.init_containers = {container("init", "3"), sidecar("proxy", "1")};
  spec.containers = {container("main", "1")};
  // steady = 1000 + 1000 = 2000; init peak = 3000 + no earlier sidecar = 3000; max = 3000
  CHECK(request_of(spec).get(kCpuSlot) == 3000);
}

TEST_CASE("a sidecar counts in the steady-state sum when that sum is the larger") {
  PodSpec spec;
  spec.init_containers = {sidecar("proxy", "1"), container("init", "1")};
  spec.containers = {container("main", "2")};
  // steady = 2000 + 1000 = 3000; init peak = 1000 + 1000 = 2000; max = 3000
  CHECK(request_of(spec).get(kCpuSlot) == 3000);
}

TEST_CASE("the init peak is taken per resource, not per container") {
  PodSpec spec;
  Container main = container("main", "2");
  main.requests["memory"] = qty("1Gi");
  Container init = container("init", "1");
  init.requests["memory"] = qty("4Gi");
  spec.containers = {main};
  spec.init_containers = {init};
  const ResourceVector r = request_of(spec);
  CHECK(r.get(kCpuSlot) == 2000);           // max(main 2000, init 1000)
  CHECK(r.get(kMemorySlot) == 4294967296);  // max(main 2^30, init 4 * 2^30)
}

TEST_CASE("spec.overhead is added to the request") {
  PodSpec spec;
  Container main = container("main", "1");
  main.requests["memory"] = qty("1Gi");
  spec.containers = {main};
  spec.overhead["cpu"] = qty("250m");
  spec.overhead["memory"] = qty("128Mi");
  const ResourceVector r = request_of(spec);
  CHECK(r.get(kCpuSlot) == 1250);           // 1000 + 250
  CHECK(r.get(kMemorySlot) == 1207959552);  // 2^30 + 128 * 2^20 = 1073741824 + 134217728
}

TEST_CASE("spec.overhead is added after the init-container max") {
  PodSpec spec;
  spec.containers = {container("main", "1")};
  spec.init_containers = {container("init", "3")};
  spec.overhead["cpu"] = qty("250m");
  // KAI (getPodResourceRequest): AggregateContainerRequests = max(1000, 3000) = 3000, then
  // overhead: 3000 + 250 = 3250 (not max(1000 + 250, 3000) = 3000).
  CHECK(request_of(spec).get(kCpuSlot) == 3250);
}

TEST_CASE("a pod always requests exactly one pod slot") {
  PodSpec empty;
  const ResourceVector r = request_of(empty);
  CHECK(r.get(kPodsSlot) == 1);  // KAI sets the pods slot to 1 for every pod
  CHECK(r.get(kCpuSlot) == 0);
  CHECK(r.get(kMemorySlot) == 0);
  CHECK(r.get(kGpuSlot) == 0);

  PodSpec two_containers;
  two_containers.containers = {container("a", "1"), container("b", "1")};
  CHECK(request_of(two_containers).get(kPodsSlot) == 1);  // one pod, however many containers
}

TEST_CASE("a GPU limit with its defaulted request fills the gpu slot in milli-GPUs") {
  // The loader copies a limit without a request into the request (API defaulting); a
  // PodSpec built by hand carries both, as the loader would produce them.
  Container main;
  main.name = "main";
  main.limits["nvidia.com/gpu"] = drasim::model::Quantity::from_units(2);
  main.requests["nvidia.com/gpu"] = drasim::model::Quantity::from_units(2);
  PodSpec spec;
  spec.containers = {main};
  ResourceNames names;
  const ResourceVector r = pod_request(spec, names);
  CHECK(r.get(kGpuSlot) == 2000);  // 2 devices * 1000 milli-GPUs
  CHECK(r.get(kCpuSlot) == 0);     // nothing else was asked for
  CHECK(names.size() == 4u);       // nvidia.com/gpu went to the fixed gpu slot
}

TEST_CASE("pod_request reads requests only, never limits") {
  // Without the loader's defaulting, a limit alone requests nothing: defaulting is the
  // loader's job, not pod_request's.
  Container main;
  main.name = "main";
  main.limits["nvidia.com/gpu"] = drasim::model::Quantity::from_units(1);
  PodSpec spec;
  spec.containers = {main};
  CHECK(request_of(spec).get(kGpuSlot) == 0);
}

TEST_CASE("a new extended resource in a request gets its own slot in milli-units") {
  Container main = container("main", "1");
  main.requests["example.com/nic"] = qty("2");
  PodSpec spec;
  spec.containers = {main};
  ResourceNames names;
  const ResourceVector r = pod_request(spec, names);
  REQUIRE(names.find("example.com/nic").has_value());
  CHECK(r.get(*names.find("example.com/nic")) == 2000);  // 2 * 1000 milli-units
}

TEST_CASE("only requests beyond cpu, memory, storage and hugepages count as extended") {
  PodSpec native;
  Container c = container("main", "1");
  c.requests["memory"] = qty("1Gi");
  c.requests["ephemeral-storage"] = qty("1Gi");
  c.requests["hugepages-2Mi"] = qty("4Mi");
  native.containers = {c};
  CHECK_FALSE(uses_extended_resources(native));

  PodSpec gpu = native;
  gpu.containers[0].requests["nvidia.com/gpu"] = qty("1");
  CHECK(uses_extended_resources(gpu));

  PodSpec zero_gpu = native;
  zero_gpu.containers[0].requests["nvidia.com/gpu"] = qty("0");
  CHECK_FALSE(uses_extended_resources(zero_gpu));  // a zero request asks for no device

  PodSpec init_nic = native;
  Container init = container("init", "1");
  init.requests["example.com/nic"] = qty("1");
  init_nic.init_containers = {init};
  CHECK(uses_extended_resources(init_nic));  // init containers count too
}
