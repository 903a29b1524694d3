// The quota series the engine records (sim/observe/quota_recorder.cpp) and the fairShare and
// evictionsAtMost expectations (sim/observe/expectations.cpp), on a reclaim: team-a fills a 4-GPU
// node beyond its quota of 2, team-b arrives at 10 s and reclaims its 2 GPUs.
#include "sim/engine/engine.h"
#include "sim/scenario_loader.h"

#include <doctest/doctest.h>

#include "tests/sim/run_helpers.h"
#include <string>

namespace drasim::sim {
namespace {

const char* const kReclaim = R"(
apiVersion: v1
kind: Node
metadata: {name: gpu-a}
status:
  allocatable: {cpu: "16", memory: 64Gi, pods: "110", nvidia.com/gpu: "4"}
---
apiVersion: scheduling.run.ai/v2
kind: Queue
metadata: {name: team-a}
spec:
  resources:
    gpu: {quota: 2, limit: -1, overQuotaWeight: 1}
    cpu: {quota: -1, limit: -1, overQuotaWeight: 1}
    memory: {quota: -1, limit: -1, overQuotaWeight: 1}
---
apiVersion: scheduling.run.ai/v2
kind: Queue
metadata: {name: team-b}
spec:
  resources:
    gpu: {quota: 2, limit: 4, overQuotaWeight: 1}
    cpu: {quota: 8000, limit: -1, overQuotaWeight: 1}
    memory: {quota: -1, limit: -1, overQuotaWeight: 1}
---
apiVersion: v1
kind: Pod
metadata:
  name: a
  labels: {kai.scheduler/queue: team-a}
  annotations: {drasim.dev/replicas: "4"}
spec:
  containers: [{name: c, resources: {requests: {cpu: "1"}, limits: {nvidia.com/gpu: "1"}}}]
---
apiVersion: v1
kind: Pod
metadata:
  name: b
  labels: {kai.scheduler/queue: team-b}
  annotations: {drasim.dev/at: 10s, drasim.dev/replicas: "2", drasim.dev/runtime: 1m}
spec:
  containers: [{name: c, resources: {requests: {cpu: "1"}, limits: {nvidia.com/gpu: "1"}}}]
---
apiVersion: drasim.dev/v1alpha1
kind: Scenario
metadata: {name: reclaim}
spec:
  expect:
)";

RunResult run_with(const std::string& expect_items) {
  return run_scenario(load_scenario_texts({{"t.yaml", kReclaim + expect_items}}));
}

constexpr size_t kCpu = 0;
constexpr size_t kGpu = 2;

TEST_CASE("a queue's accounted usage and fair share are sampled when either changes") {
  const RunResult r = run_with("  - {evictionsAtMost: 2}\n");
  REQUIRE(r.quota.size() == 2);  // team-a, team-b in load order
  // team-a, gpu (devices): at 0 s the cycle binds all four pods; nobody else asks, so its fair
  // share is the whole node. At 10 s team-b asks for 2: the session divides 2 and 2, and reclaim
  // evicts two team-a pods, which stop counting as they start terminating. Nothing changes for
  // team-a when the evictions complete at 40 s.
  const QuotaSeries& a_gpu = r.quota[0][kGpu];
  REQUIRE(a_gpu.size() == 2);
  CHECK(a_gpu[0].at == SimTime{0});
  CHECK(a_gpu[0].accounted == 4);
  CHECK(a_gpu[0].fair_share == 4);
  CHECK(a_gpu[1].at == SimTime{10'000'000});
  CHECK(a_gpu[1].accounted == 2);
  CHECK(a_gpu[1].fair_share == 2);
  // team-a, cpu (millicores): 1 core a pod. At 10 s its fair share is still its request (4 cores:
  // cpu is plentiful); at 40 s the cycle that binds team-b divides again without the two evicted
  // pods' requests.
  const QuotaSeries& a_cpu = r.quota[0][kCpu];
  REQUIRE(a_cpu.size() == 3);
  CHECK(a_cpu[1].at == SimTime{10'000'000});
  CHECK(a_cpu[1].accounted == 2000);
  CHECK(a_cpu[1].fair_share == 4000);
  CHECK(a_cpu[2].at == SimTime{40'000'000});
  CHECK(a_cpu[2].fair_share == 2000);
  // team-b, gpu: its fair share appears at 10 s; its pods bind at 40 s, once the victims' 30 s
  // grace period is over, and finish 60 s after running (40.2 s), at 100.2 s: a sample outside a
  // cycle, with the fair share of the last cycle kept.
  const QuotaSeries& b_gpu = r.quota[1][kGpu];
  REQUIRE(b_gpu.size() == 3);
  CHECK(b_gpu[0].at == SimTime{10'000'000});
  CHECK(b_gpu[0].accounted == 0);
  CHECK(b_gpu[0].fair_share == 2);
  CHECK(b_gpu[1].at == SimTime{40'000'000});
  CHECK(b_gpu[1].accounted == 2);
  CHECK(b_gpu[2].at == SimTime{100'200'000});
  CHECK(b_gpu[2].accounted == 0);
  CHECK(b_gpu[2].fair_share == 2);
  // Memory was never requested: no sample.
  CHECK(r.quota[1][1].empty());
  CHECK(r.stats.evictions == 2);
}

TEST_CASE("fairShare compares the accounted usage with the fair share at its time") {
  const RunResult r =
      run_with(R"(  - {at: 5s, fairShare: {queue: team-a, resource: gpu, within: 0%}}
  - {at: 20s, fairShare: {queue: team-b, resource: gpu, within: 50%}}
  - {fairShare: {queue: team-a, resource: cpu, within: 10%}}
)");
  REQUIRE(r.expectations.size() == 3);
  // At 5 s team-a holds the 4 GPUs it may have, exactly its fair share.
  CHECK(r.expectations[0].passed);
  CHECK(r.expectations[0].message
        == "team-a gpu: accounted 4, fair share 4 at 5.0s, expected within 0% (at most 0 apart)");
  // At 20 s team-b's pods wait for the victims to terminate: 0 held of a share of 2.
  CHECK_FALSE(r.expectations[1].passed);
  CHECK(r.expectations[1].message
        == "team-b gpu: accounted 0, fair share 2 at 20.0s, expected within 50% (at most 1 "
           "apart)");
  // At the end team-a runs its 2 remaining pods, 2 cores, its share since 40 s.
  CHECK(r.expectations[2].passed);
  CHECK(r.expectations[2].name == "team-a cpu within 10% of its fair share");
  CHECK(r.expectations[2].message
        == "team-a cpu: accounted 2, fair share 2 at 100.2s, expected within 10% (at most 0.2 "
           "apart)");
}

TEST_CASE("evictionsAtMost counts the scheduler's evictions up to its time") {
  const RunResult r = run_with(R"(  - {at: 5s, evictionsAtMost: 0}
  - {evictionsAtMost: 1}
  - {evictionsAtMost: 2}
)");
  REQUIRE(r.expectations.size() == 3);
  // Reclaim evicts two team-a pods at 10 s: none before, two at the end.
  CHECK(r.expectations[0].passed);
  CHECK(r.expectations[0].message == "0 evictions by 5.0s, expected at most 0");
  CHECK_FALSE(r.expectations[1].passed);
  CHECK(r.expectations[1].message == "2 evictions by 100.2s, expected at most 1");
  CHECK(r.expectations[2].passed);
  CHECK(pod(r, "a-2").evictions == 1);
}

}  // namespace
}  // namespace drasim::sim
