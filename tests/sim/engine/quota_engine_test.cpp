// Queue capacity end to end (kai-scheduler-behavior.md 4.6, behaviours 44 to 47): limits and
// the non-preemptible quota stop a job before it is placed, with KAI's messages; fair share
// never does. Scenarios are loaded from YAML and run by the engine.
#include "model/kai/framework/session.h"
#include "sim/engine/engine.h"
#include "sim/scenario_loader.h"

#include <doctest/doctest.h>

#include "tests/sim/run_helpers.h"
#include <string>

namespace drasim::sim {
namespace {

/// One 4-GPU node with plenty of CPU and memory.
const char* const kNode = R"(
apiVersion: v1
kind: Node
metadata: {name: n1}
status:
  allocatable: {cpu: "16", memory: 64Gi, pods: "110", nvidia.com/gpu: "4"}
)";

RunResult run_text(const std::string& text) {
  return run_scenario(load_scenario_texts({{"t.yaml", std::string(kNode) + text}}));
}

/// A bare pod in `queue` asking for `gpus` whole GPUs, with optional extra spec lines.
std::string gpu_pod(const std::string& name, const std::string& queue, int gpus,
                    const std::string& spec_extra = "") {
  return "---\napiVersion: v1\nkind: Pod\nmetadata: {name: " + name
         + ", labels: {kai.scheduler/queue: " + queue + "}}\nspec:\n" + spec_extra
         + "  containers: [{name: c, resources: {limits: {nvidia.com/gpu: \"" + std::to_string(gpus)
         + "\"}}}]\n";
}

TEST_CASE("a queue at its GPU limit turns the next GPU job away with OverLimit") {
  const RunResult r = run_text(R"(
---
apiVersion: scheduling.run.ai/v2
kind: Queue
metadata: {name: q}
spec:
  resources:
    gpu: {quota: 2, overQuotaWeight: 1, limit: 2}
    cpu: {quota: -1, limit: -1}
    memory: {quota: -1, limit: -1}
)" + gpu_pod("a1", "q", 1) + gpu_pod("a2", "q", 1)
                               + gpu_pod("a3", "q", 1));
  // One job per bare pod, equal priority and age, so the names order them. a1 and a2 take the
  // queue to its limit (0 + 1 <= 2, 1 + 1 <= 2); for a3 Allocated + request = 3 > MaxAllowed 2
  // (capacity_policy/max_allowed_check.go), so it is never placed although the node has 2
  // free GPUs. Consolidation does not get it in either: its scenarios are simulated through
  // AllocateJob, which checks the limit again, so an evicted a1 or a2 could not be re-placed
  // once a3 took its place in the queue's allocation, and the scenario is rejected.
  CHECK(pod(r, "a1").bound_us == 200'000);
  CHECK(pod(r, "a2").bound_us == 200'000);
  CHECK(pod(r, "a3").phase == model::PodPhase::kPending);
  CHECK(pending_reason(r, "a3")
        == "OverLimit: q quota has reached the allowable limit of GPUs. Limit is 2 GPUs, "
           "currently 2 GPUs allocated and workload requested 1 GPUs");
  CHECK(r.stats.evictions == 0);
}

TEST_CASE("an omitted GPU limit allows no GPU at all, but CPU-only jobs still run") {
  const RunResult r = run_text(R"(
---
apiVersion: scheduling.run.ai/v2
kind: Queue
metadata: {name: q}
spec:
  resources:
    gpu: {quota: 2, overQuotaWeight: 1}
    cpu: {quota: -1, limit: -1}
    memory: {quota: -1, limit: -1}
---
apiVersion: v1
kind: Pod
metadata: {name: cpu-only, labels: {kai.scheduler/queue: q}}
spec:
  containers: [{name: c, resources: {requests: {cpu: 500m}}}]
)" + gpu_pod("gpu", "q", 1));
  // An omitted limit is 0, not unlimited: 0 + 1 > 0 for the GPU job. The CPU-only job asks for
  // no GPU, and resources with a zero request are not checked, so its unlimited CPU lets it in.
  CHECK(pod(r, "gpu").phase == model::PodPhase::kPending);
  CHECK(pending_reason(r, "gpu")
        == "OverLimit: q quota has reached the allowable limit of GPUs. Limit is 0 GPUs, "
           "currently 0 GPUs allocated and workload requested 1 GPUs");
  CHECK(pod(r, "cpu-only").bound_us == 200'000);
}

TEST_CASE("the limit check walks up to the parent queue and names it by its display name") {
  const RunResult r = run_text(R"(
---
apiVersion: scheduling.run.ai/v2
kind: Queue
metadata: {name: research}
spec:
  displayName: Research
  resources:
    gpu: {quota: -1, limit: -1}
    cpu: {quota: 1000}
    memory: {quota: -1, limit: -1}
---
apiVersion: scheduling.run.ai/v2
kind: Queue
metadata: {name: vision}
spec:
  parentQueue: research
  resources:
    gpu: {quota: -1, limit: -1}
    cpu: {quota: -1, limit: -1}
    memory: {quota: -1, limit: -1}
---
apiVersion: v1
kind: Pod
metadata: {name: with-cpu, labels: {kai.scheduler/queue: vision}}
spec:
  containers: [{name: c, resources: {requests: {cpu: 500m}, limits: {nvidia.com/gpu: "1"}}}]
)" + gpu_pod("gpu-only", "vision", 1));
  // The leaf `vision` is unlimited, but its parent's CPU limit is omitted (0): a job asking
  // for 0.5 cores fails at the parent. The check goes leaf first, then ancestors, and inside a
  // queue CPU, memory, GPU; the message names the queue by displayName. A job requesting no
  // CPU skips the CPU check everywhere and is placed.
  CHECK(pod(r, "with-cpu").phase == model::PodPhase::kPending);
  CHECK(pending_reason(r, "with-cpu")
        == "OverLimit: Research quota has reached the allowable limit of CPU cores. Limit is 0 "
           "cores, currently 0 cores allocated and workload requested 0.5 cores");
  CHECK(pod(r, "gpu-only").bound_us == 200'000);
}

TEST_CASE("non-preemptible jobs stay within quota, a preemptible job in the same queue does not") {
  const RunResult r = run_text(R"(
---
apiVersion: scheduling.run.ai/v2
kind: Queue
metadata: {name: q}
spec:
  resources:
    gpu: {quota: 2, overQuotaWeight: 1, limit: -1}
    cpu: {quota: -1, limit: -1}
    memory: {quota: -1, limit: -1}
)" + gpu_pod("b1", "q", 1, "  priorityClassName: build\n")
                               + gpu_pod("b2", "q", 1, "  priorityClassName: build\n")
                               + gpu_pod("b3", "q", 1, "  priorityClassName: build\n")
                               + gpu_pod("t1", "q", 1, "  priorityClassName: train\n"));
  // build (100) is non-preemptible and goes first in job order (higher priority). b1 and b2
  // fill the quota (AllocatedNotPreemptible 0 + 1, 1 + 1 <= Deserved 2); b3 would make it 3.
  // The node still has 2 idle GPUs and the limit is unlimited: only the quota stops it
  // (capacity_policy/quota_check.go). t1 (train, 50) is preemptible and is not checked
  // against the quota, so it takes one of the idle GPUs. b3 cannot preempt t1 either: preempt
  // requires a non-preemptible preemptor to fit its quota first.
  CHECK(pod(r, "b1").bound_us == 200'000);
  CHECK(pod(r, "b2").bound_us == 200'000);
  CHECK(pod(r, "t1").bound_us == 200'000);
  CHECK(pod(r, "b3").phase == model::PodPhase::kPending);
  CHECK(pending_reason(r, "b3")
        == "NonPreemptibleOverQuota: Non-preemptible workload is over quota. Workload requested "
           "1 GPUs, but q quota is 2 GPUs, while 2 GPUs are already allocated for "
           "non-preemptible pods. Use a preemptible workload to go over quota.");
  CHECK(pod(r, "t1").evictions == 0);
  CHECK(r.stats.evictions == 0);
}

TEST_CASE("the non-preemptible quota check walks up to the parent queue") {
  const RunResult r = run_text(R"(
---
apiVersion: scheduling.run.ai/v2
kind: Queue
metadata: {name: parent}
spec:
  resources:
    gpu: {quota: 2, overQuotaWeight: 1, limit: -1}
    cpu: {quota: -1, limit: -1}
    memory: {quota: -1, limit: -1}
---
apiVersion: scheduling.run.ai/v2
kind: Queue
metadata: {name: child}
spec:
  parentQueue: parent
  resources:
    gpu: {quota: 4, overQuotaWeight: 1, limit: -1}
    cpu: {quota: -1, limit: -1}
    memory: {quota: -1, limit: -1}
)" + gpu_pod("build3", "child", 3, "  priorityClassName: build\n")
                               + gpu_pod("train3", "child", 3));
  // The child's quota of 4 admits 3 non-preemptible GPUs, its parent's quota of 2 does not
  // (0 + 3 > 2), so the job is rejected at the parent. The same 3 GPUs as a preemptible job
  // are placed on the 4-GPU node.
  CHECK(pod(r, "build3").phase == model::PodPhase::kPending);
  CHECK(pending_reason(r, "build3")
        == "NonPreemptibleOverQuota: Non-preemptible workload is over quota. Workload requested "
           "3 GPUs, but parent quota is 2 GPUs, while 0 GPUs are already allocated for "
           "non-preemptible pods. Use a preemptible workload to go over quota.");
  CHECK(pod(r, "train3").bound_us == 200'000);
}

TEST_CASE("preemptible jobs are placed beyond their queue's fair share when capacity is idle") {
  const RunResult r = run_text(R"(
---
apiVersion: scheduling.run.ai/v2
kind: Queue
metadata: {name: a}
spec:
  resources:
    gpu: {quota: 1, overQuotaWeight: 0, limit: -1}
    cpu: {quota: -1, limit: -1}
    memory: {quota: -1, limit: -1}
---
apiVersion: scheduling.run.ai/v2
kind: Queue
metadata: {name: b}
spec:
  resources:
    gpu: {quota: 3, overQuotaWeight: 1, limit: -1}
    cpu: {quota: -1, limit: -1}
    memory: {quota: -1, limit: -1}
)" + gpu_pod("a1", "a", 1) + gpu_pod("a2", "a", 1)
                               + gpu_pod("a3", "a", 1) + gpu_pod("a4", "a", 1));
  // Queue a deserves 1 GPU and has no over-quota weight, so its fair share stays 1 GPU
  // (deserved pass: min(1, request 4) = 1; the over-quota pass gives nothing to weight 0).
  // Allocation never looks at fair share: all four pods run on the otherwise idle node.
  for (const char* name : {"a1", "a2", "a3", "a4"}) {
    CAPTURE(name);
    CHECK(pod(r, name).bound_us == 200'000);
    CHECK(pod(r, name).phase == model::PodPhase::kRunning);
  }
  model::ClusterState state = r.state;
  const model::Session session(state, 0);
  const auto a = model::QueueId::from_index(0);
  REQUIRE(state.queues[a.index()].spec.meta.name == "a");
  CHECK(session.shares[a.index()].r[model::proportion::kGpu].fair_share == 1);
  CHECK(session.shares[a.index()].r[model::proportion::kGpu].allocated == 4);
}

}  // namespace
}  // namespace drasim::sim
