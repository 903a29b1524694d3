// KAI's eviction actions end to end (kai-scheduler-behavior.md 3.2, 3.7, 4.8, 4.9; behaviours
// 49 to 57): reclaim between queues by fair share, minruntime and preemption delay, preempt
// inside a queue, consolidation and stale gang eviction. Scenarios are loaded from YAML and run
// by the engine; an evicted pod terminates for its grace period (30 s by default) and then
// leaves its node: a bare pod is gone (kEvicted), one with an owner comes back pending.
// The cases that scenario expectations can state fully are YAML files in tests/cases/reclaim/;
// the tests here check what they cannot (eviction messages, submit and finish times).
#include "sim/engine/engine.h"
#include "sim/scenario_loader.h"

#include <doctest/doctest.h>

#include "tests/sim/run_helpers.h"
#include <string>
#include <vector>

namespace drasim::sim {
namespace {

RunResult run_text(const std::string& text) {
  return run_scenario(load_scenario_texts({{"t.yaml", text}}));
}

std::string node(const std::string& name, int gpus) {
  return "---\napiVersion: v1\nkind: Node\nmetadata: {name: " + name
         + "}\nstatus:\n  allocatable: {cpu: \"16\", memory: 64Gi, pods: \"110\", nvidia.com/gpu: "
           "\""
         + std::to_string(gpus) + "\"}\n";
}

/// A queue with the given GPU resource line and unlimited CPU and memory; `extra` adds spec
/// lines (parentQueue, minimum runtimes).
std::string queue(const std::string& name, const std::string& gpu, const std::string& extra = "") {
  return "---\napiVersion: scheduling.run.ai/v2\nkind: Queue\nmetadata: {name: " + name
         + "}\nspec:\n" + extra + "  resources:\n    gpu: " + gpu
         + "\n    cpu: {quota: -1, limit: -1}\n    memory: {quota: -1, limit: -1}\n";
}

/// A bare pod in `queue` asking for `gpus` whole GPUs; `meta` adds metadata lines, `spec` spec
/// lines.
std::string gpu_pod(const std::string& name, const std::string& queue, int gpus,
                    const std::string& meta = "", const std::string& spec = "") {
  return "---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: " + name
         + "\n  labels: {kai.scheduler/queue: " + queue + "}\n" + meta + "spec:\n" + spec
         + "  containers: [{name: c, resources: {limits: {nvidia.com/gpu: \"" + std::to_string(gpus)
         + "\"}}}]\n";
}

std::string at(const std::string& when) {
  return "  annotations: {drasim.dev/at: " + when + "}\n";
}

const char* const kHorizon2m = R"(
---
apiVersion: drasim.dev/v1alpha1
kind: Scenario
metadata: {name: t}
spec: {horizon: 2m}
)";

void check_untouched(const RunResult& r, std::initializer_list<const char*> names) {
  for (const char* name : names) {
    CAPTURE(name);
    CHECK(pod(r, name).evictions == 0);
    CHECK(pod(r, name).phase == model::PodPhase::kRunning);
  }
}

TEST_CASE("a reclaimed bare pod names its preemptor and is gone when its grace period ends") {
  // tests/cases/reclaim/takes-one-gpu-from-queue-over-fair-share.yaml states the rest of this
  // run (victim, phases, counts, b1's bind time); here what expectations cannot say.
  const RunResult r =
      run_text(node("n1", 4) + queue("a", "{quota: 2, overQuotaWeight: 1, limit: -1}")
               + queue("b", "{quota: 2, overQuotaWeight: 1, limit: -1}") + gpu_pod("a1", "a", 1)
               + gpu_pod("a2", "a", 1, at("1s")) + gpu_pod("a3", "a", 1, at("2s"))
               + gpu_pod("a4", "a", 1, at("3s")) + gpu_pod("b1", "b", 1, at("10s")));
  CHECK(pod(r, "a4").eviction_message == "Pod default/a4 was preempted by workload default/b1.");
  // Evicted at 10 s with the default 30 s grace period: it leaves its node at 40 s.
  CHECK(pod(r, "a4").finished_us == 40'000'000);
}

TEST_CASE("a reclaimed pod with an owner is recreated and waits while its queue is at fair share") {
  const std::string owner =
      "  annotations: {drasim.dev/at: 3s}\n"
      "  ownerReferences: [{apiVersion: batch/v1, kind: Job, name: a4-job, uid: u4, controller: "
      "true}]\n";
  const RunResult r =
      run_text(node("n1", 4) + queue("a", "{quota: 2, overQuotaWeight: 1, limit: -1}")
               + queue("b", "{quota: 2, overQuotaWeight: 1, limit: -1}") + gpu_pod("a1", "a", 1)
               + gpu_pod("a2", "a", 1, at("1s")) + gpu_pod("a3", "a", 1, at("2s"))
               + gpu_pod("a4", "a", 1, owner) + gpu_pod("b1", "b", 1, at("10s")) + kHorizon2m);
  // As in tests/cases/reclaim/takes-one-gpu-from-queue-over-fair-share.yaml, a4 is reclaimed
  // at 10 s; its controller recreates it at 40 s. Now a holds 3 = its fair share (request 4:
  // a = 3, b = 1), so a4 cannot reclaim back (3 + 1 > 3), and b1 (1 of fair share 1) is not a
  // victim.
  CHECK(pod(r, "a4").evictions == 1);
  CHECK(pod(r, "a4").phase == model::PodPhase::kPending);
  CHECK(pod(r, "a4").submitted_us == 40'000'000);
  CHECK(pod(r, "b1").bound_us == 40'200'000);
  CHECK(pod(r, "b1").evictions == 0);
  CHECK(r.stats.evictions == 1);
}

TEST_CASE("reclaim takes victims from the queue that would be scheduled last, not the newest job") {
  const RunResult r =
      run_text(node("n1", 4) + queue("a", "{quota: 1, overQuotaWeight: 1, limit: -1}")
               + queue("c", "{quota: 1, overQuotaWeight: 1, limit: -1}")
               + queue("b", "{quota: 2, overQuotaWeight: 1, limit: -1}") + gpu_pod("c1", "c", 1)
               + gpu_pod("c2", "c", 1, at("1s")) + gpu_pod("a1", "a", 1, at("2s"))
               + gpu_pod("a2", "a", 1, at("3s")) + gpu_pod("b1", "b", 1, at("10s")));
  // At 10 s: a and c request 2 each, b 1. Deserved pass: 1 each, 1 GPU left; over-quota pass:
  // a and c (weight 1 each) get floor(0.5) = 0 and remember 0.5; the leftover unit goes to the
  // older queue, a. Fair shares a = 2, c = 1, b = 1. Both a and c are above their deserved 1
  // and pass the victim filter. Victim queues come in reverse queue order: neither is starved
  // or over-utilised (no CPU or memory in use), so the dominant share decides: a 2 / 2 = 1,
  // c 2 / 1 = 2; c would be scheduled last and gives the victim, its newest job c2, although
  // a's jobs are newer. c's remaining 2 exceeds its allocatable share 1, so the chunk is valid.
  CHECK(pod(r, "c2").evictions == 1);
  CHECK(pod(r, "c2").eviction_message == "Pod default/c2 was preempted by workload default/b1.");
  CHECK(pod(r, "c2").finished_us == 40'000'000);
  check_untouched(r, {"c1", "a1", "a2"});
  CHECK(pod(r, "b1").bound_us == 40'200'000);
}

/// Queue a runs PodGroup pg-a (four 1-GPU pods a-0..a-3, minMember `min`) on the 4-GPU node;
/// b1 in queue b arrives at 10 s. Quotas as in
/// tests/cases/reclaim/takes-one-gpu-from-queue-over-fair-share.yaml.
std::string group_victim(int min) {
  return node("n1", 4) + queue("a", "{quota: 2, overQuotaWeight: 1, limit: -1}")
         + queue("b", "{quota: 2, overQuotaWeight: 1, limit: -1}")
         + "---\napiVersion: scheduling.run.ai/v2alpha2\nkind: PodGroup\nmetadata: {name: pg-a}\n"
         + "spec: {queue: a, minMember: " + std::to_string(min) + "}\n" + R"(---
apiVersion: v1
kind: Pod
metadata:
  name: a
  annotations: {pod-group-name: pg-a, drasim.dev/replicas: "4"}
spec:
  containers: [{name: c, resources: {limits: {nvidia.com/gpu: "1"}}}]
)" + gpu_pod("b1", "b", 1, at("10s"))
         + kHorizon2m;
}

TEST_CASE("reclaim takes one surplus pod of an elastic job, the last in task order") {
  const RunResult r = run_text(group_victim(1));
  // Fair shares a = 3, b = 1 as in
  // tests/cases/reclaim/takes-one-gpu-from-queue-over-fair-share.yaml. pg-a runs 3 pods above
  // its minMember 1, so its victim chunks are single surplus pods in reverse task order (equal
  // age, so by name: a-3 first); one is enough. The PodGroup's workload recreates a-3 at 40 s;
  // a then holds its fair share 3 and cannot reclaim it back (3 + 1 > 3).
  CHECK(pod(r, "a-3").evictions == 1);
  CHECK(pod(r, "a-3").eviction_message == "Pod default/a-3 was preempted by workload default/b1.");
  CHECK(pod(r, "a-3").phase == model::PodPhase::kPending);
  CHECK(pod(r, "a-3").submitted_us == 40'000'000);
  check_untouched(r, {"a-0", "a-1", "a-2"});
  CHECK(pod(r, "b1").bound_us == 40'200'000);
  CHECK(r.stats.evictions == 1);
}

TEST_CASE("reclaimMinRuntime of the victim's top-level queue protects recently started jobs") {
  const RunResult r = run_text(
      node("n1", 4)
      + queue("org", "{quota: 2, overQuotaWeight: 1, limit: -1}", "  reclaimMinRuntime: 10m\n")
      + queue("a", "{quota: 2, overQuotaWeight: 1, limit: -1}", "  parentQueue: org\n")
      + queue("b", "{quota: 2, overQuotaWeight: 1, limit: -1}") + gpu_pod("a1", "a", 1)
      + gpu_pod("a2", "a", 1, at("1s")) + gpu_pod("a3", "a", 1, at("2s"))
      + gpu_pod("a4", "a", 1, at("3s")) + gpu_pod("b1", "b", 1, at("5m")));
  // Fair shares as in tests/cases/reclaim/takes-one-gpu-from-queue-over-fair-share.yaml, one
  // level up: org = 3, b = 1, and a gets all of org's 3. b and a sit in different top-level
  // trees, so with the `lca` method org's reclaimMinRuntime (10 m) applies to a's jobs (a
  // itself sets none). The jobs started at 0.2 s, 1.2 s, 2.2 s and 3.2 s (bind latency), so at
  // 5 m every one of them is protected and nothing happens. The engine wakes up when the first
  // protection ends (600.2 s); the cycle at 601 s finds only a1 past its minimum runtime (a2 is
  // protected until 601.2 s), so a1 is evicted even though a4 is newer.
  CHECK(pod(r, "a1").evictions == 1);
  CHECK(pod(r, "a1").eviction_message == "Pod default/a1 was preempted by workload default/b1.");
  CHECK(pod(r, "a1").finished_us == 631'000'000);
  check_untouched(r, {"a2", "a3", "a4"});
  CHECK(pod(r, "b1").bound_us == 631'200'000);
}

TEST_CASE("inside one tree reclaimMinRuntime is looked up from the child of the common ancestor") {
  const RunResult r = run_text(
      node("n1", 4)
      + queue("org", "{quota: 4, overQuotaWeight: 1, limit: -1}", "  reclaimMinRuntime: 10m\n")
      + queue("a", "{quota: 2, overQuotaWeight: 1, limit: -1}", "  parentQueue: org\n")
      + queue("b", "{quota: 2, overQuotaWeight: 1, limit: -1}", "  parentQueue: org\n")
      + gpu_pod("a1", "a", 1) + gpu_pod("a2", "a", 1, at("1s")) + gpu_pod("a3", "a", 1, at("2s"))
      + gpu_pod("a4", "a", 1, at("3s")) + gpu_pod("b1", "b", 1, at("5m")));
  // a and b are siblings under org: org gets the whole cluster (4), divided a = 3, b = 1 as
  // in tests/cases/reclaim/takes-one-gpu-from-queue-over-fair-share.yaml. With the `lca`
  // method the lookup starts at the child of the lowest common ancestor (org) on the victim's
  // side, a, which sets nothing, and then walks up towards the root: org's 10 m applies
  // (plugins/minruntime/resolver.go, resolveReclaimMinRuntimeLCA). So the outcome is the one
  // of the different-trees test: a1, the first job past its protection, is evicted at 601 s.
  CHECK(pod(r, "a1").evictions == 1);
  CHECK(pod(r, "a1").finished_us == 631'000'000);
  check_untouched(r, {"a2", "a3", "a4"});
  CHECK(pod(r, "b1").bound_us == 631'200'000);
}

TEST_CASE("inside one tree a reclaimMinRuntime below the common ancestor's child is ignored") {
  const RunResult r = run_text(
      node("n1", 4) + queue("org", "{quota: 4, overQuotaWeight: 1, limit: -1}")
      + queue("team", "{quota: 2, overQuotaWeight: 1, limit: -1}", "  parentQueue: org\n")
      + queue("a", "{quota: 2, overQuotaWeight: 1, limit: -1}",
              "  parentQueue: team\n  reclaimMinRuntime: 10m\n")
      + queue("b", "{quota: 2, overQuotaWeight: 1, limit: -1}", "  parentQueue: org\n")
      + gpu_pod("a1", "a", 1) + gpu_pod("a2", "a", 1, at("1s")) + gpu_pod("a3", "a", 1, at("2s"))
      + gpu_pod("a4", "a", 1, at("3s")) + gpu_pod("b1", "b", 1, at("10s")));
  // The common ancestor of b and a is org; its child on a's side is team, which sets nothing,
  // nor does org: a's own 10 m is below the starting point and does not count. Fair shares:
  // org 4, team 3 (a gets all 3), b 1; b1 reclaims at 10 s and takes the newest job, a4.
  CHECK(pod(r, "a4").evictions == 1);
  CHECK(pod(r, "a4").finished_us == 40'000'000);
  check_untouched(r, {"a1", "a2", "a3"});
  CHECK(pod(r, "b1").bound_us == 40'200'000);
}

TEST_CASE("preemptMinRuntime delays a same-queue preemption until the victim ran long enough") {
  const RunResult r = run_text(
      node("n1", 2)
      + queue("q", "{quota: 2, overQuotaWeight: 1, limit: -1}", "  preemptMinRuntime: 1m\n")
      + gpu_pod("t1", "q", 2) + gpu_pod("b1", "q", 2, at("10s"), "  priorityClassName: build\n"));
  // t1 (train) started at 0.2 s. b1 (build, 100, non-preemptible, 2 <= quota 2) may preempt it
  // but the queue's preemptMinRuntime protects t1 until 60.2 s; the cycle at 61 s evicts it,
  // the grace period ends at 91 s and b1 binds at 91.2 s.
  CHECK(pod(r, "t1").evictions == 1);
  CHECK(pod(r, "t1").eviction_message
        == "Pod default/t1 was preempted by higher priority workload default/b1");
  CHECK(pod(r, "t1").finished_us == 91'000'000);
  CHECK(pod(r, "b1").bound_us == 91'200'000);
}

TEST_CASE("a preemption delay keeps a job from evicting but not from using free capacity") {
  const RunResult r = run_text(
      node("n1", 4) + node("n2", 1) + queue("a", "{quota: 2, overQuotaWeight: 1, limit: -1}")
      + queue("b", "{quota: 2, overQuotaWeight: 1, limit: -1}") + gpu_pod("a1", "a", 1)
      + gpu_pod("a2", "a", 1, at("1s")) + gpu_pod("a3", "a", 1, at("2s"))
      + gpu_pod("a4", "a", 1, at("3s")) + R"(---
apiVersion: scheduling.run.ai/v2alpha2
kind: PodGroup
metadata: {name: pg-b, annotations: {drasim.dev/at: 1m}}
spec: {queue: b, minMember: 1, preemptionDelay: 10m}
---
apiVersion: v1
kind: Pod
metadata:
  name: b
  annotations: {pod-group-name: pg-b, drasim.dev/replicas: "2", drasim.dev/at: 1m}
spec:
  containers: [{name: c, resources: {limits: {nvidia.com/gpu: "1"}}}]
)");
  // 5 GPUs. Binpack puts a1 on n2 (fewest free), a2..a4 on n1, leaving one GPU free on n1.
  // At 60 s b-0 takes that GPU; b-1 fits nowhere. The delay window runs to creation + 10 m =
  // 660 s, so no eviction before. At 660 s: a requests 4, b 2 (1 running + 1 pending); deserved
  // 2 each leaves 1, which goes to a: fair shares a = 3, b = 2. b: 1 + 1 <= 2, a holds 4 > 2,
  // and a's remaining 4 exceeds its allocatable share 3: the newest job of a, a4, is reclaimed.
  CHECK(bound_node(r, "a1") == "n2");
  CHECK(pod(r, "b-0").bound_us == 60'200'000);
  CHECK(bound_node(r, "b-0") == "n1");
  CHECK(pod(r, "a4").evictions == 1);
  CHECK(pod(r, "a4").eviction_message == "Pod default/a4 was preempted by workload default/pg-b.");
  CHECK(pod(r, "a4").finished_us == 690'000'000);
  check_untouched(r, {"a1", "a2", "a3"});
  CHECK(pod(r, "b-1").bound_us == 690'200'000);
  CHECK(bound_node(r, "b-1") == "n1");
}

TEST_CASE("preempt evicts a lower-priority job of the same queue for a build job within quota") {
  const RunResult r = run_text(
      node("n1", 2) + queue("q", "{quota: 2, overQuotaWeight: 1, limit: -1}")
      + gpu_pod("t1", "q", 2) + gpu_pod("b1", "q", 2, at("10s"), "  priorityClassName: build\n"));
  // Same leaf queue, t1 train (50, preemptible) below b1 build (100); b1 is non-preemptible and
  // fits its quota (0 + 2 <= 2), so preempt may act. Reclaim never looks at the own queue and
  // consolidation never moves for a non-preemptible job.
  CHECK(pod(r, "t1").evictions == 1);
  CHECK(pod(r, "t1").eviction_message
        == "Pod default/t1 was preempted by higher priority workload default/b1");
  CHECK(pod(r, "t1").phase == model::PodPhase::kEvicted);
  CHECK(pod(r, "t1").finished_us == 40'000'000);
  CHECK(pod(r, "b1").bound_us == 40'200'000);
}

/// Two 4-GPU nodes, each running one 2-GPU job bound in the input (v2 newer); a 4-GPU job
/// arrives at 5 s.
std::string consolidation_case(const std::string& big_spec, const std::string& v1_spec = "",
                               const std::string& v2_spec = "",
                               const std::string& v_queue = "default-queue",
                               const std::string& big_queue = "default-queue") {
  const std::string owner =
      "  ownerReferences: [{apiVersion: batch/v1, kind: Job, name: v, uid: u, controller: "
      "true}]\n";
  return R"(---
apiVersion: v1
kind: Node
metadata: {name: n1, labels: {slot: one}}
status:
  allocatable: {cpu: "16", memory: 64Gi, pods: "110", nvidia.com/gpu: "4"}
---
apiVersion: v1
kind: Node
metadata: {name: n2, labels: {slot: two}}
status:
  allocatable: {cpu: "16", memory: 64Gi, pods: "110", nvidia.com/gpu: "4"}
)" + gpu_pod("v1", v_queue, 2, owner, "  nodeName: n1\n" + v1_spec)
         + gpu_pod("v2", v_queue, 2, "  annotations: {drasim.dev/at: 1s}\n" + owner,
                   "  nodeName: n2\n" + v2_spec)
         + gpu_pod("big", big_queue, 4, at("5s"), big_spec);
}

TEST_CASE("consolidation moves one job to make room for a preemptible 4-GPU job") {
  const RunResult r = run_text(consolidation_case(""));
  // No node has 4 free GPUs but the cluster has 2 + 2. The victims (preemptible, any queue) are
  // taken newest first: v2 frees n2, big fits there, and v2 can be re-placed on n1's 2 idle
  // GPUs, so the scenario is valid (no victim ends up without a place). v2 is deleted; its
  // owner recreates it at 35 s and the cycle then places v2 (older job first) on n1 and big on
  // n2.
  CHECK(pod(r, "v2").evictions == 1);
  CHECK(pod(r, "v2").eviction_message
        == "Pod default/v2 was preempted and rescheduled due to bin packing (resource "
           "consolidation) procedure");
  CHECK(pod(r, "v2").bound_us == 35'200'000);
  CHECK(bound_node(r, "v2") == "n1");
  CHECK(pod(r, "big").bound_us == 35'200'000);
  CHECK(bound_node(r, "big") == "n2");
  check_untouched(r, {"v1"});
  CHECK(r.stats.evictions == 1);
}

TEST_CASE("consolidation moves a gpu-fraction pod into another node's shared GPU group") {
  const auto half = [](const std::string& name, const std::string& node,
                       const std::string& annotations = "", const std::string& meta = "") {
    return "---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: " + name
           + "\n  annotations: {gpu-fraction: \"0.5\"" + annotations + "}\n" + meta
           + "spec:\n  nodeName: " + node + "\n  containers: [{name: c}]\n";
  };
  const RunResult r = run_text(
      node("n1", 2) + node("n2", 1) + half("p1", "n1") + half("p2", "n1") + half("p3", "n1")
      + half("v", "n2", ", drasim.dev/at: 1s",
             "  ownerReferences: [{apiVersion: batch/v1, kind: Job, name: v, uid: u, "
             "controller: true}]\n")
      + gpu_pod("big", "default-queue", 1, at("5s")));
  // Bound in the input, the halves take the groups gpupack chooses: p1 and p2 fill n1's group
  // 1, p3 opens n1's group 2, v opens n2's group 1. No GPU is whole and idle; the shared
  // remainders add up to 0.5 + 0.5 = 1 GPU, so consolidation may try for big. Newest victim
  // first: v; without it n2's GPU is releasing and big fits there, and v fits the half left in
  // n1's group 2, so every victim moves. v is recreated at 35 s and, older than big, is placed
  // first: into n1's group 2 (gpusharingorder prefers an existing group); big takes n2.
  CHECK(pod(r, "v").evictions == 1);
  CHECK(pod(r, "v").eviction_message
        == "Pod default/v was preempted and rescheduled due to bin packing (resource "
           "consolidation) procedure");
  CHECK(pod(r, "v").bound_us == 35'200'000);
  CHECK(bound_node(r, "v") == "n1");
  CHECK(pod(r, "v").gpu_groups == std::vector<uint32_t>{2});
  CHECK(pod(r, "big").bound_us == 35'200'000);
  CHECK(bound_node(r, "big") == "n2");
  check_untouched(r, {"p1", "p2", "p3"});
}

/// A gang of two of which only `m-0` (bound in the input) is alive; `m-1` failed.
std::string stale_gang(const std::string& pg_spec) {
  return node("n1", 2) + "---\napiVersion: scheduling.run.ai/v2alpha2\nkind: PodGroup\n"
         + "metadata: {name: g}\nspec: {minMember: 2" + pg_spec + "}\n" + R"(---
apiVersion: v1
kind: Pod
metadata: {name: m-0, annotations: {pod-group-name: g}}
spec:
  nodeName: n1
  containers: [{name: c, resources: {limits: {nvidia.com/gpu: "1"}}}]
---
apiVersion: v1
kind: Pod
metadata: {name: m-1, annotations: {pod-group-name: g}}
spec:
  containers: [{name: c, resources: {limits: {nvidia.com/gpu: "1"}}}]
status: {phase: Failed}
---
apiVersion: drasim.dev/v1alpha1
kind: Scenario
metadata: {name: t}
spec: {horizon: 5m}
)";
}

TEST_CASE("a gang below its minimum is evicted after the default 60 s staleness grace period") {
  const RunResult r = run_text(stale_gang(""));
  // One running pod of a minMember-2 gang, none succeeded: stale from the first cycle (0 s).
  // After 60 s stalegangeviction evicts it; it terminates for 30 s and the PodGroup's workload
  // recreates it at 90 s. Alone it cannot satisfy the gang, so it stays pending.
  CHECK(pod(r, "m-0").evictions == 1);
  CHECK(pod(r, "m-0").eviction_message
        == "Workload doesn't have the minimum required number of pods (2), evicting remaining "
           "pod: default/m-0");
  CHECK(pod(r, "m-0").phase == model::PodPhase::kPending);
  CHECK(pod(r, "m-0").submitted_us == 90'000'000);
  CHECK(r.stats.evictions == 1);
}

TEST_CASE("the staleness grace period of the PodGroup replaces the default") {
  const RunResult r = run_text(stale_gang(", stalenessGracePeriod: 20s"));
  CHECK(pod(r, "m-0").evictions == 1);
  CHECK(pod(r, "m-0").submitted_us == 50'000'000);
}

}  // namespace
}  // namespace drasim::sim
