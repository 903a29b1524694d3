// `drasim explain` (cli/explain_command.cpp, model/kai/actions/task_probe.cpp,
// sim/observe/pod_watch.cpp, reports/explain/): the key lines of each section on small
// scenarios whose outcome follows from KAI's rules, the exit codes, and that following a pod
// changes nothing in the run.
#include "reports/json_report.h"
#include "reports/pod_rows.h"
#include "sim/engine/engine.h"
#include "sim/scenario_loader.h"

#include <doctest/doctest.h>

#include "tests/cli/cli_run.h"
#include "tests/temp_dir.h"
#include <string>

namespace drasim::cli {
namespace {

const std::string kGpuNodes = R"(apiVersion: v1
kind: Node
metadata: {name: n1}
status: {allocatable: {cpu: "8", memory: 32Gi, pods: "110", nvidia.com/gpu: "2"}}
---
apiVersion: v1
kind: Node
metadata: {name: n2, labels: {pool: other}}
spec:
  taints: [{key: pool, value: other, effect: NoSchedule}]
status: {allocatable: {cpu: "8", memory: 32Gi, pods: "110", nvidia.com/gpu: "4"}}
---
)";

/// A pod asking `gpus` GPUs in queue q (limit 2 GPUs), named `name`.
std::string gpu_pod(const std::string& name, const std::string& gpus) {
  return R"(apiVersion: v1
kind: Pod
metadata: {name: )"
         + name + R"(, labels: {kai.scheduler/queue: q}}
spec:
  containers: [{name: c, resources: {requests: {cpu: "1"}, limits: {nvidia.com/gpu: ")"
         + gpus + R"("}}}]
---
)";
}

const std::string kQueue = R"(apiVersion: scheduling.run.ai/v2
kind: Queue
metadata: {name: q}
spec:
  resources:
    gpu: {quota: 2, limit: 2, overQuotaWeight: 1}
    cpu: {quota: -1, limit: -1, overQuotaWeight: 1}
    memory: {quota: -1, limit: -1, overQuotaWeight: 1}
---
)";

/// The JSON writer's indented output on one line: each line break and the indentation after it
/// go (a space stays after a comma), so that a test can name a whole object.
std::string one_line(const std::string& json) {
  std::string out;
  for (size_t i = 0; i < json.size(); ++i) {
    if (json[i] != '\n') {
      out += json[i];
      continue;
    }
    while (i + 1 < json.size() && json[i + 1] == ' ') {
      ++i;
    }
    if (!out.empty() && out.back() == ',') {
      out += ' ';
    }
  }
  return out;
}

/// A DeviceClass taking every gpu.nvidia.com device, and dra-1, a node without GPUs of its own.
const std::string kDraNode = R"(apiVersion: resource.k8s.io/v1
kind: DeviceClass
metadata: {name: gpu.nvidia.com}
spec:
  selectors:
  - cel: {expression: 'device.driver == "gpu.nvidia.com"'}
---
apiVersion: v1
kind: Node
metadata: {name: dra-1}
status: {allocatable: {cpu: "8", memory: 32Gi, pods: "110"}}
---
)";

const std::string kScenario = R"(apiVersion: drasim.dev/v1alpha1
kind: Scenario
metadata: {name: explained}
spec:
  horizon: 1m
)";

TEST_CASE("explain: a pod that fits nowhere gets a verdict per node group and filter") {
  // small asks 1 GPU: n1 has 2 and no taint; n2 has 4 behind a taint small does not tolerate.
  const TempDir dir;
  const std::string file =
      dir.write("s.yaml", kGpuNodes + kQueue + gpu_pod("small", "1") + kScenario);
  const Run r = drasim({"explain", file, "--pod", "default/small"});
  CHECK(r.code == 0);
  CHECK(starts_with(r.out,
                    "drasim explain default/small (scenario explained, profile kai)\n"
                    "Running on n1 at 60.0s\n"));
  CHECK(contains(r.out, "  0.0s           bound to n1\n"));
  // The proportion plugin never gives a queue more fair share than it requests (1 GPU).
  CHECK(
      contains(r.out, "    gpu    deserved 2, fair share 1, allocated 0, requested 1, limit 2\n"));
  // n2 has room but a taint the pod does not tolerate; only n1 passes.
  CHECK(contains(r.out,
                 "Filters (2 nodes, 1 passed every filter)\n  1 node: passed\n    n1\n"
                 "  1 node: TaintToleration: node(s) had untolerated taint {pool: other}\n"
                 "    n2\n"));
  // binpack: n1 is the only candidate; it fits on idle GPUs (nodeavailability 1000 points).
  CHECK(contains(r.out, "  n1  1009 (nodeavailability 1000, nodeplacement 9)  <- chosen\n"));
}

TEST_CASE("explain: a queue over its limit, with the capacity policy's words") {
  // big asks 3 GPUs; its queue's gpu limit is 2 (KAI IsJobOverQueueCapacity: OverLimit).
  const TempDir dir;
  const std::string file =
      dir.write("s.yaml", kGpuNodes + kQueue + gpu_pod("big", "3") + kScenario);
  const Run r = drasim({"explain", file, "--pod", "big"});  // a bare name is in default
  CHECK(r.code == 0);
  CHECK(contains(r.out, "Pending at 60.0s: "));
  const std::string capacity = "  capacity: ";
  const size_t at = r.out.find(capacity);
  REQUIRE(at != std::string::npos);
  const std::string line = r.out.substr(at, r.out.find('\n', at) - at);
  CHECK_MESSAGE(contains(line, "limit"), line);
  CHECK_FALSE(contains(line, "within every limit"));
  CHECK(contains(r.out, "  queue q (priority 100)\n"));
}

TEST_CASE("explain: a gang short of minMember is not ready, and no node is tried") {
  // The PodGroup wants 3 pods and has 2 (KAI IsReadyForScheduling).
  const TempDir dir;
  const std::string group = R"(apiVersion: scheduling.run.ai/v2alpha2
kind: PodGroup
metadata: {name: gang}
spec: {queue: q, minMember: 3}
---
)";
  const std::string pods = R"(apiVersion: v1
kind: Pod
metadata: {name: g-0, annotations: {pod-group-name: gang}, labels: {kai.scheduler/queue: q}}
spec: {containers: [{name: c, resources: {requests: {cpu: "1"}}}]}
---
apiVersion: v1
kind: Pod
metadata: {name: g-1, annotations: {pod-group-name: gang}, labels: {kai.scheduler/queue: q}}
spec: {containers: [{name: c, resources: {requests: {cpu: "1"}}}]}
---
)";
  const std::string file = dir.write("s.yaml", kGpuNodes + kQueue + group + pods + kScenario);
  const Run r = drasim({"explain", file, "--pod", "default/g-0"});
  CHECK(r.code == 0);
  CHECK(contains(r.out,
                 "Pending at 60.0s: pod group gang is not ready: 2 of 3 required pods "
                 "exist\n"));
  CHECK(contains(r.out,
                 "  gang default/gang: 2 alive of minMember 3: not ready, no node is "
                 "tried\n"));
  CHECK(contains(r.out,
                 "  0.0s           attempt: pod group gang is not ready: 2 of 3 required "
                 "pods exist\n"));
}

TEST_CASE("explain: a gang with subgroups is judged per subgroup, and minMember is ignored") {
  // KAI IsReadyForScheduling with subgroups: every leaf needs minMember alive pods, a set its
  // minSubGroup of ready members. workers has 2 of its 3 pods, ps 1 of 1; the root set needs
  // both, so the job is not ready though 3 pods exist against the PodGroup's minMember 1.
  const TempDir dir;
  const std::string group = R"(apiVersion: scheduling.run.ai/v2alpha2
kind: PodGroup
metadata: {name: train}
spec:
  queue: q
  minMember: 1
  subGroups:
  - {name: workers, minMember: 3}
  - {name: ps, minMember: 1}
---
)";
  std::string pods;
  for (const auto& [name, sub] :
       {std::pair{"w-0", "workers"}, std::pair{"w-1", "workers"}, std::pair{"ps-0", "ps"}}) {
    pods += std::string(R"(apiVersion: v1
kind: Pod
metadata:
  name: )") + name
            + R"(
  annotations: {pod-group-name: train}
  labels: {kai.scheduler/queue: q, kai.scheduler/subgroup-name: )"
            + sub + R"(}
spec: {containers: [{name: c, resources: {requests: {cpu: "1"}}}]}
---
)";
  }
  const std::string file = dir.write("s.yaml", kGpuNodes + kQueue + group + pods + kScenario);
  const Run r = drasim({"explain", file, "--pod", "default/ps-0"});
  CHECK(r.code == 0);
  CHECK(contains(r.out,
                 "  gang default/train: by subgroup (the PodGroup's minMember is ignored): "
                 "not ready, no node is tried\n"
                 "    workers: 2 alive pods of 3 minMember: not ready\n"
                 "    ps: 1 alive pods of 1 minMember: ready\n"));
  const Run json = drasim({"explain", file, "--pod", "default/ps-0", "--format", "json"});
  CHECK(contains(one_line(json.out),
                 R"("subgroups": [{"name": "workers", "parent": null, "leaf": true, "alive": 2, )"
                 R"("threshold": 3, "ready": false}, {"name": "ps")"));
}

TEST_CASE("explain: the queue's place in queue order, and the rule at each level of the tree") {
  // Departments d1 (priority 200) and d2 (100), GPU quota 2 each; d1 holds qa (quota 1) and
  // qb (quota 0), d2 holds qc (quota 2). One 1-GPU pod per leaf queue, n1 has 2 free GPUs.
  // Turn 1: at the top both departments are starved (0 + 1 <= 2), so priority decides: d1.
  // Under d1, qa's 0 + 1 <= 1 is within its quota and qb's 0 + 1 > 0 is not: qa is starved,
  // qb is not (queue order rule 2), so qa goes first.
  const TempDir dir;
  const auto queue = [](const std::string& name, const std::string& parent, int quota,
                        int priority) {
    return R"(apiVersion: scheduling.run.ai/v2
kind: Queue
metadata: {name: )"
           + name + "}\nspec:\n" + (parent.empty() ? "" : "  parentQueue: " + parent + "\n")
           + "  priority: " + std::to_string(priority) + R"(
  resources:
    gpu: {quota: )"
           + std::to_string(quota) + R"(, limit: -1, overQuotaWeight: 1}
    cpu: {quota: -1, limit: -1, overQuotaWeight: 1}
    memory: {quota: -1, limit: -1, overQuotaWeight: 1}
---
)";
  };
  const auto pod = [](const std::string& name, const std::string& q) {
    return R"(apiVersion: v1
kind: Pod
metadata: {name: )"
           + name + ", labels: {kai.scheduler/queue: " + q + R"(}}
spec:
  containers: [{name: c, resources: {requests: {cpu: "1"}, limits: {nvidia.com/gpu: "1"}}}]
---
)";
  };
  const std::string file =
      dir.write("s.yaml", kGpuNodes + queue("d1", "", 2, 200) + queue("d2", "", 2, 100)
                              + queue("qa", "d1", 1, 100) + queue("qb", "d1", 0, 100)
                              + queue("qc", "d2", 2, 100) + pod("pa", "qa") + pod("pb", "qb")
                              + pod("pc", "qc") + kScenario);
  const Run a = drasim({"explain", file, "--pod", "default/pa"});
  CHECK(a.code == 0);
  CHECK(contains(a.out,
                 "  queue order: turn 1 of the allocate action (the first)\n"
                 "    qa: first of 2 queues at its level with pending jobs\n"
                 "      before qb: qa stays within its deserved quota with its next job in every "
                 "resource, qb would not\n"
                 "    d1: first of 2 queues at its level with pending jobs\n"
                 "      before d2: priority 200 > 100\n"));
  // Turn 2 goes to d1 again (1 + 1 <= 2 keeps it starved, and its priority is higher): qb.
  // qc's job comes third, alone in d2 and, with d1 empty, alone at the top.
  const Run c = drasim({"explain", file, "--pod", "default/pc"});
  CHECK(contains(c.out,
                 "  queue order: turn 3 of the allocate action; turns before it: qa x1, qb x1\n"
                 "    qc: no other queue at its level had pending jobs\n"
                 "    d2: no other queue at its level had pending jobs\n"));
  const Run json = drasim({"explain", file, "--pod", "default/pa", "--format", "json"});
  CHECK(contains(one_line(json.out),
                 R"("queueOrder": {"turn": 1, "earlierTurns": [], "levels": [{"queue": "qa", )"
                 R"("before": [{"queue": "qb", "rule": "starved", "mine": 0, "theirs": 0}]}, )"
                 R"({"queue": "d1", "before": [{"queue": "d2", "rule": "priority", "mine": 200, )"
                 R"("theirs": 100}]}]}, )"));
}

TEST_CASE("explain: the topology domains a gang's required level offers, in the order tried") {
  // tests/cases/topology/gang-requiring-a-rack-...: two 2-GPU members must share a rack. At 0 s
  // r1 (r1-a, 2 GPUs) has room for 1 member and r2 (r2-a free, r2-b held by `first`) for 1 too:
  // no rack is offered, so no node is chosen although r1-a and r2-a pass every filter. At 30 s
  // `first` ends and r2 holds 2: it is the only domain, so the member goes to r2-a, not to r1-a
  // (which sorts first and scores the same).
  const std::string file =
      std::string(DRASIM_SOURCE_DIR)
      + "/tests/cases/topology/gang-requiring-a-rack-waits-until-one-rack-has-room-for-all-of-it.yaml";
  const Run early = drasim({"explain", file, "--pod", "default/member-0", "--at", "10s"});
  CHECK(early.code == 0);
  CHECK(contains(early.out,
                 "Topology (topology net, required level example.com/rack; domains in the order "
                 "allocate tries them)\n"
                 "  r1 (example.com/rack, 1 node): room for 1 of the job's 2 pods\n"
                 "  r2 (example.com/rack, 2 nodes): room for 1 of the job's 2 pods\n"
                 "  no domain offered: topology net, required level example.com/rack: no domain "
                 "at the relevant levels can host the job's 2 pods\n"));
  CHECK_FALSE(contains(early.out, "KAI places the pod on"));
  const Run last = drasim({"explain", file, "--pod", "default/member-0"});
  CHECK(contains(last.out, "  r2 (example.com/rack, 2 nodes): offered, try 1\n"));
  CHECK(contains(last.out, "KAI places the pod on r2-a\n"));
}

TEST_CASE("explain: a DRA pod whose claim's CEL selector no device of the node matches") {
  // The class takes every gpu.nvidia.com device; the claim asks productName H100 and the only
  // node publishes two L4s, so the allocator finds nothing (upstream Filter: cannot allocate
  // all claims) although the node passes every other filter. (KAI refuses a shared claim
  // without a queue label before any node: the claim carries its pod's queue.)
  const TempDir dir;
  const std::string dra = kDraNode + R"(apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata: {name: dra-1-gpus}
spec:
  driver: gpu.nvidia.com
  nodeName: dra-1
  pool: {name: dra-1, generation: 1, resourceSliceCount: 1}
  devices:
  - {name: gpu-0, attributes: {productName: {string: L4}}}
  - {name: gpu-1, attributes: {productName: {string: L4}}}
---
apiVersion: resource.k8s.io/v1
kind: ResourceClaim
metadata: {name: want-h100, labels: {kai.scheduler/queue: default-queue}}
spec:
  devices:
    requests:
    - name: gpu
      exactly:
        deviceClassName: gpu.nvidia.com
        selectors:
        - cel: {expression: 'device.attributes["gpu.nvidia.com"].productName == "H100"'}
---
apiVersion: v1
kind: Pod
metadata: {name: h100-job}
spec:
  resourceClaims: [{name: gpu, resourceClaimName: want-h100}]
  containers: [{name: c, resources: {requests: {cpu: "1"}, claims: [{name: gpu}]}}]
---
)";
  const std::string file = dir.write("s.yaml", dra + kScenario);
  const Run r = drasim({"explain", file, "--pod", "default/h100-job"});
  CHECK(r.code == 0);
  CHECK(contains(r.out,
                 "Filters (1 node, 0 passed every filter)\n"
                 "  1 node: DynamicResources: cannot allocate all claims\n    dra-1\n"));
  // The detail neither scheduler prints: each L4 fails the request's own selector (the class's
  // `device.driver` selector accepts both).
  CHECK(contains(r.out,
                 "  dra-1: claim default/want-h100, request gpu: needs 1, 0 passed\n"
                 "    gpu.nvidia.com/dra-1/gpu-0  request selector: "
                 "device.attributes[\"gpu.nvidia.com\"].productName == \"H100\" is false\n"
                 "    gpu.nvidia.com/dra-1/gpu-1  request selector: "));
  const Run json = drasim({"explain", file, "--pod", "default/h100-job", "--format", "json"});
  CHECK(json.code == 0);
  CHECK(contains(json.out, "\"DynamicResources\": \"cannot allocate all claims\""));
  CHECK(contains(json.out, "\"chosen\": null"));
}

TEST_CASE(
    "explain: DRA devices refused by counters, taints, holders and capacity, and "
    "a matchAttribute no pair satisfies") {
  // One pool on dra-1 (1.36 with partitionable devices, device taints and consumable capacity
  // on; KAI enables them only when the gates say so). `holder` runs with claim `held`: the MIG
  // slice gpu-0-mig-a (10Gi of counter set gpu-0's 40Gi) and 16Gi of shared-0's 32Gi.
  // pair-job asks 2 devices of one productName. Each device alone, in the allocator's order:
  // - gpu-0 consumes 40Gi of gpu-0's counters, 40 - 10 = 30Gi are left;
  // - gpu-0-mig-a is held exclusively by `held`;
  // - gpu-1 has a NoSchedule taint the request does not tolerate (1.35+: NoSchedule blocks);
  // - shared-0 would give the whole 32Gi (no capacity request consumes the full value), 16 left;
  // - gpu-2 (H100) and gpu-3 (L4) pass, but matchAttribute needs both of one value.
  // vram-job asks 20Gi of an L40S: only shared-0 passes its selector, and 32 - 16 = 16Gi < 20.
  // examples/why-pending/dra-node.yaml, whose walkthrough quotes these lines.
  const std::string file = std::string(DRASIM_SOURCE_DIR) + "/examples/why-pending/dra-node.yaml";
  const Run pair = drasim({"explain", file, "--pod", "default/pair-job"});
  CHECK(pair.code == 0);
  CHECK(
      contains(pair.out,
               "  dra-1: claim default/pair, request gpus: needs 2, 2 passed\n"
               "    gpu.nvidia.com/dra-1/gpu-0  counter set gpu-0: memory needs 40Gi, 30Gi left\n"
               "    gpu.nvidia.com/dra-1/gpu-0-mig-a  allocated to another claim\n"
               "    gpu.nvidia.com/dra-1/gpu-1  taint maintenance=true:NoSchedule not tolerated\n"
               "    gpu.nvidia.com/dra-1/gpu-2  passed\n"
               "    gpu.nvidia.com/dra-1/gpu-3  passed\n"
               "    gpu.nvidia.com/dra-1/shared-0  capacity memory: asks 32Gi, 16Gi left of 32Gi\n"
               "  dra-1: claim default/pair, matchAttribute gpu.nvidia.com/productName over gpus: "
               "H100 x1, L4 x1\n"));
  const Run json = drasim({"explain", file, "--pod", "default/pair-job", "--format", "json"});
  CHECK(contains(one_line(json.out),
                 R"("deviceConstraints": [{"claim": "default/pair", )"
                 R"("matchAttribute": "gpu.nvidia.com/productName", "requests": ["gpus"], )"
                 R"("values": {"H100": 1, "L4": 1}, "withoutAttribute": 0}])"));
  const Run vram = drasim({"explain", file, "--pod", "default/vram-job"});
  CHECK(contains(vram.out, "  dra-1: claim default/vram, request mem: needs 1, 0 passed\n"));
  CHECK(contains(vram.out,
                 "    gpu.nvidia.com/dra-1/shared-0  capacity memory: asks 20Gi, 16Gi left of "
                 "32Gi\n"));
}

TEST_CASE("explain: the victim of a reclaim, with who took its place") {
  // scenarios/reclaim.yaml: team-b's b-1 reclaims its fair share from team-a at 10 s.
  const std::string file = std::string(DRASIM_SOURCE_DIR) + "/scenarios/reclaim.yaml";
  const Run r = drasim({"explain", file, "--pod", "default/a-2"});
  CHECK(r.code == 0);
  CHECK(contains(r.out,
                 "  10.0s          evicted from gpu-a: Pod default/a-2 was preempted by "
                 "workload default/b-1.\n"));
  // b-0 at 10 s: the allocate action found no free GPU; reclaim then freed a-2's and a-3's and
  // b-0 was pipelined onto them; it was bound when they had left, at 40 s.
  const Run b = drasim({"explain", file, "--pod", "default/b-0", "--at", "15s"});
  CHECK(contains(b.out, "Attempt at 10.0s (the last at or before --at)\n"));
  CHECK(contains(b.out, "  1 node: NodeResourcesFit: Insufficient nvidia.com/gpu\n"));
  CHECK(contains(b.out, "  10.0s          pipelined: pipelined onto node gpu-a"));
  CHECK(contains(b.out, "  40.0s          bound to gpu-a\n"));
}

TEST_CASE("explain: why each eviction action found no victims, with the gate's arithmetic") {
  // holder (qb) runs on n1's 2 GPUs; wants-two (qa) asks 2. Both queues have a GPU quota of 1
  // and the cluster has 2 GPUs, so qa's fair share is 1 (its quota; nothing is left over).
  const TempDir dir;
  const auto queue = [](const std::string& name) {
    return R"(apiVersion: scheduling.run.ai/v2
kind: Queue
metadata: {name: )"
           + name + R"(}
spec:
  resources:
    gpu: {quota: 1, limit: -1, overQuotaWeight: 1}
    cpu: {quota: -1, limit: -1, overQuotaWeight: 1}
    memory: {quota: -1, limit: -1, overQuotaWeight: 1}
)";
  };
  const std::string queues = queue("qa") + "---\n" + queue("qb") + R"(---
apiVersion: v1
kind: Pod
metadata: {name: holder, labels: {kai.scheduler/queue: qb}}
status: {phase: Running}
spec:
  nodeName: n1
  containers: [{name: c, resources: {requests: {cpu: "1"}, limits: {nvidia.com/gpu: "2"}}}]
---
apiVersion: v1
kind: Pod
metadata: {name: wants-two, labels: {kai.scheduler/queue: qa}}
spec:
  containers: [{name: c, resources: {requests: {cpu: "1"}, limits: {nvidia.com/gpu: "2"}}}]
---
)";
  const std::string node = R"(apiVersion: v1
kind: Node
metadata: {name: n1}
status: {allocatable: {cpu: "8", memory: 32Gi, pods: "110", nvidia.com/gpu: "2"}}
---
)";
  const std::string file = dir.write("s.yaml", node + queues + kScenario);
  const Run r = drasim({"explain", file, "--pod", "wants-two"});
  CHECK(r.code == 0);
  CHECK(contains(r.out, "Eviction actions (same cycle, in the order they ran)\n"));
  // Consolidation needs the cluster's free GPUs to cover the job already: none are free.
  CHECK(contains(r.out,
                 "  consolidation not tried: the cluster's idle and releasing GPUs (0 GPU, 0 "
                 "MiB) do not cover the job (2 GPU, 0 MiB of GPU memory)"));
  // CanReclaimResources: allocated 0 + request 2 > fair share 1.
  CHECK(contains(r.out,
                 "  reclaim       not tried: CanReclaimResources: queue qa would hold 2 GPUs "
                 "(allocated 0 + request 2), above its fair share of 1 GPUs (gpu)\n"));
  // Preempt takes victims from the job's own queue only, and qa runs nothing.
  CHECK(contains(r.out, "  preempt       not tried: its queue runs no preemptible job\n"));
  const Run json = drasim({"explain", file, "--pod", "wants-two", "--format", "json"});
  CHECK(contains(json.out, "\"action\": \"reclaim\",\n"));
  CHECK(contains(json.out, "\"step\": \"gateClosed\",\n"));
}

TEST_CASE("explain: a reclaim that succeeded, and the KEP-5004 bridge's class and nodes") {
  // scenarios/reclaim.yaml: b-0's own reclaim at 10 s evicted one of team-a's pods.
  const Run b = drasim({"explain", std::string(DRASIM_SOURCE_DIR) + "/scenarios/reclaim.yaml",
                        "--pod", "default/b-0", "--at", "15s"});
  CHECK(contains(b.out, "  reclaim       succeeded: 1 pod evicted (1 victim job considered)\n"));
  // scenarios/mixed.yaml: h100.nvidia.com, created after gpu.nvidia.com, declares the same
  // extendedResourceName and wins it (newest class wins); 16 dp nodes advertise
  // nvidia.com/gpu, the 16 DRA nodes do not.
  const Run m = drasim({"explain", std::string(DRASIM_SOURCE_DIR) + "/scenarios/mixed.yaml",
                        "--pod", "team-b/finetune-0"});
  CHECK(m.code == 0);
  CHECK(contains(m.out,
                 "  nvidia.com/gpu -> DeviceClass h100.nvidia.com (its spec.extendedResourceName)\n"
                 "    newest class wins the name; shadowed: gpu.nvidia.com\n"
                 "    served by the device plugin on 16 nodes, by DRA on 16 (the node does not "
                 "advertise it)\n"));
  CHECK(contains(m.out, "KAI places the pod on dra-0\n"));
}

TEST_CASE("explain: the scenarios the reclaim solver tried, in order, and how each ended") {
  // qa (GPU quota 3) runs a-0 and a-1 on n1 and a-2 and a-3 on n2, 1 GPU and 12Gi each; both
  // nodes are full (2 GPUs) with 8Gi free. big (qb, GPU quota 1; 1 GPU and 24Gi, only on
  // pool=one, n1) is within qb's fair share of 1 GPU, so reclaim's gate is open; qa's fair
  // share is 3. Victims are equal in every other key, so the name that sorts last goes first
  // (a-3, a-2, a-1, a-0), and each scenario evicts what reaches the node of the latest victim:
  // 1. a-3 around n2: 1 GPU and 8 + 12 = 20Gi < 24Gi, no room;
  // 2. a-3 and a-2 around n2: n2 has room, but big may only go to n1 (its nodeSelector);
  // 3. a-1 around n1: 20Gi again, no room (a-2 and a-3 do not reach n1, so they stay);
  // 4. a-1 and a-0 around n1: big fits, but Reclaimable takes a-1 from qa's 4 GPUs (above its
  //    allocatable share of 3), then a-0 from 3: above neither its share 3 nor its quota 3.
  // examples/why-pending/reclaim.yaml, whose walkthrough quotes these lines.
  const std::string file = std::string(DRASIM_SOURCE_DIR) + "/examples/why-pending/reclaim.yaml";
  const Run r = drasim({"explain", file, "--pod", "default/big"});
  CHECK(r.code == 0);
  CHECK(contains(r.out,
                 "  reclaim       tried: no valid scenario among the pods of 4 victim jobs (none "
                 "freed room the job fits, or the action's rules rejected each)\n"
                 "    scenario 1: evict default/a-3 (1 pod) around node n2: no node of the latest "
                 "victims gains room for the job's task\n"
                 "    scenario 2: evict default/a-3, default/a-2 (2 pods) around node n2: the job "
                 "does not fit even with them gone\n"
                 "    scenario 3: evict default/a-1 (1 pod) around node n1: no node of the latest "
                 "victims gains room for the job's task\n"
                 "    scenario 4: evict default/a-1, default/a-0 (2 pods) around node n1: rejected "
                 "by the proportion plugin's Reclaimable check: queue qa holds gpu 3 GPUs, not "
                 "above its allocatable share of gpu 3 GPUs (MaintainFairShare) nor its quota of "
                 "gpu 3 GPUs (GuaranteeDeservedQuota)\n"));
  const Run json = drasim({"explain", file, "--pod", "default/big", "--format", "json"});
  CHECK(contains(one_line(json.out),
                 R"("scenariosTried": 4, "scenarios": [{"victimJobs": ["default/a-3"], "pods": 1, )"
                 R"("node": "n2", "outcome": "noRoom", )"));
  CHECK(contains(one_line(json.out), R"("node": "n2", "outcome": "noFit", )"));
  CHECK(contains(one_line(json.out),
                 R"("node": "n1", "outcome": "rejected", "detail": "queue qa holds gpu 3 GPUs, )"));
}

TEST_CASE("explain: an unknown pod, a bad --at, or one past the horizon exits 2") {
  const TempDir dir;
  const std::string file =
      dir.write("s.yaml", kGpuNodes + kQueue + gpu_pod("small", "1") + kScenario);
  const Run unknown = drasim({"explain", file, "--pod", "default/nope"});
  CHECK(unknown.code == 2);
  CHECK(unknown.err == "drasim: error: --pod \"default/nope\": no such pod in the scenario\n");
  const Run bad = drasim({"explain", file, "--pod", "small", "--at", "soon"});
  CHECK(bad.code == 2);
  CHECK(bad.err == "drasim: error: --at \"soon\": not a duration (90s, 1h30m, 0)\n");
  const Run late = drasim({"explain", file, "--pod", "small", "--at", "2m"});
  CHECK(late.code == 2);
  CHECK(late.err == "drasim: error: --at \"2m\": past the scenario's horizon (60.0)\n");
  const Run help = drasim({"explain", "--help"});
  CHECK(help.code == 0);
  CHECK(contains(help.out, "Example: drasim explain scenarios/reclaim.yaml --pod default/b-0"));
}

TEST_CASE("following a pod changes nothing in the run: the JSON report is byte-identical") {
  // The probe runs filters beside the scheduler (their caches are exact); the report must not
  // move, on every scenario of the library and every pod kind they hold.
  for (const char* name : {"reclaim", "pure-dra", "mixed", "gpu-sharing", "quota-fairshare"}) {
    const sim::Scenario s =
        sim::load_scenario({std::string(DRASIM_SOURCE_DIR) + "/scenarios/" + name + ".yaml"});
    const sim::RunResult result = sim::run_scenario(s);
    const std::string plain = reports::json_report(result);
    const std::vector<reports::PodRow> rows = reports::pod_rows(result);
    REQUIRE(!rows.empty());
    for (const size_t i : {size_t{0}, rows.size() / 2, rows.size() - 1}) {
      sim::PodWatch watch(rows[i].namespace_name + "/" + rows[i].name, std::nullopt);
      sim::EngineOptions options;
      options.watch = &watch;
      CHECK_MESSAGE(reports::json_report(sim::run_scenario(s, options)) == plain,
                    name << " following " << watch.key());
      CHECK(watch.pod().valid());
      CHECK_FALSE(watch.history().empty());
    }
  }
}

}  // namespace
}  // namespace drasim::cli
