// Bad `spec.generate[]` input (sim/load/decode_generators.cpp, sim/load/decode_workload.cpp,
// sim/generate/generators.cpp): every case is one exact diagnostic in the contract's format
//   FILE:LINE:COL: error: <yaml.path>: <expected>, got <found>
// The Scenario document below takes 5 lines, so the first generator entry is on line 6 and the
// column is where the offending value (or, for a missing field, its mapping) starts.
#include "sim/scenario_loader.h"

#include <doctest/doctest.h>

#include "tests/sim/run_helpers.h"
#include <string>
#include <string_view>
#include <vector>

namespace drasim::sim {
namespace {

std::vector<std::string> errors_of(std::string_view generate) {
  const std::string text =
      "apiVersion: drasim.dev/v1alpha1\nkind: Scenario\nmetadata: {name: g}\nspec:\n  generate:\n"
      + std::string(generate);
  return input_errors(text);
}

TEST_CASE("generator input error: a Poisson rate of zero") {
  CHECK(errors_of("  - workload: {name: w, count: 2, arrivals: {poisson: {ratePerHour: 0}}}\n")
        == std::vector<std::string>{
            "t.yaml:6:69: error: spec.generate[0].workload.arrivals.poisson.ratePerHour: a rate "
            "above 0 jobs per hour, got 0"});
}

TEST_CASE("generator input error: a negative Poisson rate") {
  CHECK(errors_of("  - workload: {name: w, count: 2, arrivals: {poisson: {ratePerHour: -3}}}\n")
        == std::vector<std::string>{
            "t.yaml:6:69: error: spec.generate[0].workload.arrivals.poisson.ratePerHour: a rate "
            "above 0 jobs per hour, got -3"});
}

TEST_CASE("generator input error: a negative job count") {
  CHECK(errors_of("  - workload: {name: w, count: -1}\n")
        == std::vector<std::string>{"t.yaml:6:32: error: spec.generate[0].workload.count: a job "
                                    "count from 0 to 2000000, got -1"});
}

TEST_CASE("generator input error: a negative node count") {
  CHECK(errors_of("  - nodePool: {name: p, count: -2}\n")
        == std::vector<std::string>{"t.yaml:6:32: error: spec.generate[0].nodePool.count: a node "
                                    "count from 1 to 100000, got -2"});
}

TEST_CASE("generator input error: more nodes in a pool than the limit") {
  CHECK(errors_of("  - nodePool: {name: p, count: 100001}\n")
        == std::vector<std::string>{"t.yaml:6:32: error: spec.generate[0].nodePool.count: a node "
                                    "count from 1 to 100000, got 100001"});
}

TEST_CASE("generator input error: a lognormal sigma out of range") {
  CHECK(errors_of(
            "  - workload: {name: w, count: 1, runtime: {lognormal: {median: 30m, sigma: 9}}}\n")
        == std::vector<std::string>{
            "t.yaml:6:77: error: spec.generate[0].workload.runtime.lognormal.sigma: a sigma from 0 "
            "to 4, got 9"});
}

TEST_CASE("generator input error: a uniform runtime with max below min") {
  CHECK(errors_of("  - workload: {name: w, count: 1, runtime: {uniform: {min: 1h, max: 10m}}}\n")
        == std::vector<std::string>{
            "t.yaml:6:69: error: spec.generate[0].workload.runtime.uniform.max: a duration of at "
            "least min (1h), got 10m"});
}

TEST_CASE("generator input error: an exponential mean of zero") {
  CHECK(errors_of("  - workload: {name: w, count: 1, runtime: {exponential: {mean: 0s}}}\n")
        == std::vector<std::string>{
            "t.yaml:6:65: error: spec.generate[0].workload.runtime.exponential.mean: a duration "
            "longer than zero such as 30m, got 0s"});
}

TEST_CASE("generator input error: an empty choice list") {
  CHECK(
      errors_of("  - workload: {name: w, count: 1, gangSize: {choices: []}}\n")
      == std::vector<std::string>{"t.yaml:6:55: error: spec.generate[0].workload.gangSize.choices: "
                                  "at least one choice {value, weight}, got an empty list"});
}

TEST_CASE("generator input error: a queue weight of zero") {
  CHECK(
      errors_of("  - workload: {name: w, count: 1, queues: [{name: a, weight: 0}]}\n")
      == std::vector<std::string>{"t.yaml:6:62: error: spec.generate[0].workload.queues[0].weight: "
                                  "a weight above 0, got 0"});
}

TEST_CASE("generator input error: a negative choice weight") {
  CHECK(errors_of(
            "  - workload: {name: w, count: 1, gangSize: {choices: [{value: 2, weight: -1}]}}\n")
        == std::vector<std::string>{
            "t.yaml:6:75: error: spec.generate[0].workload.gangSize.choices[0].weight: a weight "
            "above 0, got -1"});
}

TEST_CASE("generator input error: an unknown requestStyle") {
  CHECK(errors_of("  - workload: {name: w, count: 1, requestStyle: dra}\n")
        == std::vector<std::string>{
            "t.yaml:6:49: error: spec.generate[0].workload.requestStyle: one of extendedResource, "
            "implicitClass, claimTemplate, got \"dra\""});
}

TEST_CASE("generator input error: claimTemplate without a deviceClass") {
  CHECK(errors_of("  - workload: {name: w, count: 1, requestStyle: claimTemplate}\n")
        == std::vector<std::string>{
            "t.yaml:6:15: error: spec.generate[0].workload.deviceClass: a DeviceClass name "
            "(requestStyle claimTemplate needs one), got nothing"});
}

TEST_CASE("generator input error: an unknown nodePool field") {
  CHECK(errors_of("  - nodePool: {name: p, count: 1, gpu: 8}\n")
        == std::vector<std::string>{"t.yaml:6:40: error: spec.generate[0].nodePool.gpu: a nodePool "
                                    "field (one of name, count, namePattern, at, labels, taints, "
                                    "topology, resources, gpus, shape, driver), got \"gpu\""});
}

TEST_CASE("generator input error: an unknown workload field") {
  CHECK(errors_of("  - workload: {name: w, count: 1, gangsize: 2}\n")
        == std::vector<std::string>{
            "t.yaml:6:45: error: spec.generate[0].workload.gangsize: a workload field (one of "
            "name, namespace, count, until, arrivals, runtime, gangSize, gpusPerPod, cpu, memory, "
            "queues, priorityClasses, requestStyle, deviceClass, resource, preemptible, "
            "tolerations, nodeSelector), got \"gangsize\""});
}

TEST_CASE("generator input error: a Poisson stream without an end") {
  CHECK(
      errors_of("  - workload: {name: w, arrivals: {poisson: {ratePerHour: 5}}}\n")
      == std::vector<std::string>{"t.yaml:6:15: error: spec.generate[0].workload: count or until "
                                  "to end the poisson stream (or spec.horizon), got none of them"});
}

TEST_CASE("generator input error: two generator kinds in one entry") {
  CHECK(errors_of("  - {nodePool: {name: p, count: 1}, workload: {name: w, count: 1}}\n")
        == std::vector<std::string>{"t.yaml:6:5: error: spec.generate[0]: exactly one of nodePool, "
                                    "workload, trace, got 2 keys"});
}

TEST_CASE("generator input error: an unknown generator kind") {
  CHECK(errors_of("  - jobSet: {name: p}\n")
        == std::vector<std::string>{"t.yaml:6:13: error: spec.generate[0].jobSet: exactly one of "
                                    "nodePool, workload, trace, got \"jobSet\""});
}

TEST_CASE("generator input error: more generated pods than the limit") {
  CHECK(errors_of("  - workload: {name: w, count: 201, gangSize: 10000}\n")
        == std::vector<std::string>{
            "t.yaml:6:15: error: spec.generate[0].workload: at most 2000000 generated pods in a "
            "scenario (drasim's memory limit), got more with this workload (at its job 200)"});
}

TEST_CASE("generator input error: more generated nodes than the limit") {
  CHECK(errors_of("  - nodePool: {name: a, count: 60000}\n  - nodePool: {name: b, count: 60000}\n")
        == std::vector<std::string>{
            "t.yaml:7:15: error: spec.generate[1].nodePool: at most 100000 generated nodes in a "
            "scenario (drasim's memory limit), got 120000 with this pool"});
}

TEST_CASE("generator input error: an empty empirical runtime list") {
  CHECK(errors_of("  - workload: {name: w, count: 1, runtime: {empirical: []}}\n")
        == std::vector<std::string>{
            "t.yaml:6:56: error: spec.generate[0].workload.runtime.empirical: at least one "
            "duration, got an empty list"});
}

TEST_CASE("generator input error: two runtime distributions") {
  CHECK(errors_of(
            "  - workload: {name: w, count: 1, runtime: {fixed: 1m, exponential: {mean: 1m}}}\n")
        == std::vector<std::string>{
            "t.yaml:6:44: error: spec.generate[0].workload.runtime: exactly one of fixed, "
            "exponential, lognormal, uniform, empirical (a runtime distribution), got 2 of them"});
}

TEST_CASE("generator input error: too many GPUs per pod") {
  CHECK(errors_of("  - workload: {name: w, count: 1, gpusPerPod: 65}\n")
        == std::vector<std::string>{"t.yaml:6:47: error: spec.generate[0].workload.gpusPerPod: a "
                                    "GPU count from 0 to 64, got 65"});
}

TEST_CASE("generator input error: a topology label without values or pattern") {
  CHECK(errors_of("  - nodePool: {name: p, count: 4, topology: {zone: {blockSize: 2}}}\n")
        == std::vector<std::string>{"t.yaml:6:52: error: spec.generate[0].nodePool.topology.zone: "
                                    "exactly one of values and pattern, got neither"});
}

TEST_CASE("generator input error: a dra pool without GPUs") {
  CHECK(errors_of("  - nodePool: {name: p, count: 1, shape: dra}\n")
        == std::vector<std::string>{"t.yaml:6:15: error: spec.generate[0].nodePool.gpus: at least "
                                    "one GPU for shape dra (or driver.devices), got nothing"});
}

TEST_CASE("generator input error: two workloads with one name") {
  CHECK(errors_of("  - workload: {name: w, count: 1}\n  - workload: {name: w, count: 1}\n")
        == std::vector<std::string>{"t.yaml:7:22: error: spec.generate[1].workload.name: a name no "
                                    "other generator of this kind has, got \"w\""});
}

TEST_CASE("generator input error: a name pattern without {i}") {
  CHECK(errors_of("  - nodePool: {name: p, count: 2, namePattern: node}\n")
        == std::vector<std::string>{
            "t.yaml:6:48: error: spec.generate[0].nodePool.namePattern: a name pattern with one "
            "{i} or {i:N} (N digits, zero-padded) and otherwise lower-case letters, digits, '-' "
            "and '.', such as dp-{i:3}, got \"node\""});
}

TEST_CASE("generator input error: a zero burst period and size") {
  CHECK(errors_of("  - workload: {name: w, count: 1, arrivals: {burst: {every: 0s, size: 0}}}\n")
        == std::vector<std::string>{
            "t.yaml:6:61: error: spec.generate[0].workload.arrivals.burst.every: a duration longer "
            "than zero such as 30m, got 0s",
            "t.yaml:6:71: error: spec.generate[0].workload.arrivals.burst.size: a burst size from "
            "1 to 100000, got 0"});
}

TEST_CASE("generator input error: a trace file named by an in-memory text") {
  // An in-memory text has no directory and no input roots, so it may name no file
  // (InputFiles; the on-disk cases are in input_files_test.cpp).
  CHECK(errors_of("  - trace: {file: no-such-trace.csv}\n")
        == std::vector<std::string>{
            "t.yaml:6:19: error: spec.generate[0].trace.file: a file reference in a scenario read "
            "from disk, got \"no-such-trace.csv\" in an in-memory text"});
}

}  // namespace
}  // namespace drasim::sim
