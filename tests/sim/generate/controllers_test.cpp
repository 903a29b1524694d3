// Tests of the workload controllers (sim/generate/controllers.cpp) and KAI's podgrouper rules for
// their pods (model/kai/api/workload_grouper.cpp): the pods each controller makes, their names,
// owners and labels, the PodGroup each pod joins, and pods of a dump that are not made twice.
#include "sim/generate/controllers.h"

#include "sim/engine/engine.h"
#include "sim/scenario_loader.h"

#include <doctest/doctest.h>

#include "tests/sim/run_helpers.h"
#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

namespace drasim::sim {
namespace {

const model::Pod& pod_named(const Scenario& s, const std::string& name) {
  for (const model::Pod& p : s.objects.pods) {
    if (p.meta.name == name) {
      return p;
    }
  }
  FAIL("no pod " << name);
  return s.objects.pods.front();
}

const model::PodGroup& group_of(const Scenario& s, const model::Pod& pod) {
  const std::string& name = pod.meta.annotations.at("pod-group-name");
  for (const model::PodGroup& g : s.objects.pod_groups) {
    if (g.meta.name == name && g.meta.namespace_name == pod.meta.namespace_name) {
      return g;
    }
  }
  FAIL("no PodGroup " << name);
  return s.objects.pod_groups.front();
}

/// `<prefix>` then five characters of the API server's random alphabet.
bool generated_from(const std::string& name, const std::string& prefix) {
  constexpr std::string_view kAlphabet = "bcdfghjklmnpqrstvwxz2456789";
  return name.size() == prefix.size() + 5 && name.rfind(prefix, 0) == 0
         && std::all_of(name.begin() + static_cast<std::ptrdiff_t>(prefix.size()), name.end(),
                        [&](char c) { return kAlphabet.find(c) != std::string_view::npos; });
}

constexpr std::string_view kContainer =
    "      containers: [{name: c, resources: {limits: {nvidia.com/gpu: \"1\"}}}]\n";

std::string deployment(int replicas, std::string_view labels = "") {
  return "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web, uid: d-1"
         + std::string(labels) + "}\nspec:\n  replicas: " + std::to_string(replicas)
         + "\n  template:\n    metadata: {labels: {app: web}}\n    spec:\n"
         + std::string(kContainer);
}

TEST_CASE("a Deployment: one pod per replica in a ReplicaSet, each pod its own PodGroup") {
  const Scenario s = load_ok(deployment(2, ", labels: {kai.scheduler/queue: team-a}")
                             + "---\napiVersion: scheduling.run.ai/v2\nkind: Queue\n"
                               "metadata: {name: team-a}\nspec: {resources: {gpu: {quota: -1}}}\n");
  REQUIRE(s.objects.pods.size() == 2);
  for (const model::Pod& p : s.objects.pods) {
    // The ReplicaSet is `<deployment>-<10 characters>`, its pods `<replicaset>-<5>`, and the
    // pods carry the ReplicaSet's hash as pod-template-hash (the Deployment controller's way).
    const std::string& hash = p.meta.labels.at("pod-template-hash");
    CHECK(hash.size() == 10);
    CHECK(generated_from(p.meta.name, "web-" + hash + "-"));
    REQUIRE(p.meta.owner_references.size() == 1);
    CHECK(p.meta.owner_references[0].kind == "ReplicaSet");
    CHECK(p.meta.owner_references[0].name == "web-" + hash);
    CHECK(p.meta.owner_references[0].controller);
    CHECK(p.meta.labels.at("app") == "web");
    // plugins/deployment: a PodGroup per pod named pg-<pod>-<pod uid>, minMember 1, priority
    // `inference`; the queue is the Deployment's label.
    const model::PodGroup& g = group_of(s, p);
    CHECK(g.meta.name == "pg-" + p.meta.name + "-" + p.meta.uid);
    CHECK(g.min_member == 1);
    CHECK(g.priority_class_name == "inference");
    CHECK(g.queue == "team-a");
  }
  CHECK(s.objects.pod_groups.size() == 2);
  CHECK(s.objects.pods[0].meta.name != s.objects.pods[1].meta.name);
}

TEST_CASE("names and uids of made pods follow the seed, and only the seed") {
  const std::string text = deployment(3);
  const Scenario a = load_ok(text);
  const Scenario b = load_ok(text);
  const Scenario c = load_ok(text
                             + "---\napiVersion: drasim.dev/v1alpha1\nkind: Scenario\n"
                               "metadata: {name: s}\nspec: {seed: 2}\n");
  REQUIRE(a.objects.pods.size() == 3);
  for (size_t i = 0; i < 3; ++i) {
    CHECK(a.objects.pods[i].meta.name == b.objects.pods[i].meta.name);
    CHECK(a.objects.pods[i].meta.uid == b.objects.pods[i].meta.uid);
    CHECK(a.objects.pods[i].meta.name != c.objects.pods[i].meta.name);
  }
}

TEST_CASE("a StatefulSet: ordinals, one PodGroup for the set with minMember 1") {
  const Scenario s = load_ok(
      "apiVersion: apps/v1\nkind: StatefulSet\nmetadata: {name: db, uid: s-1}\nspec:\n"
      "  replicas: 3\n  template:\n    spec:\n"
      + std::string(kContainer));
  REQUIRE(s.objects.pods.size() == 3);
  for (int i = 0; i < 3; ++i) {
    const model::Pod& p = pod_named(s, "db-" + std::to_string(i));
    CHECK(p.meta.labels.at("apps.kubernetes.io/pod-index") == std::to_string(i));
    CHECK(p.meta.owner_references[0].kind == "StatefulSet");
    CHECK(p.meta.owner_references[0].uid == "s-1");
    // hub.go maps StatefulSet to the default grouper: pg-<owner>-<owner uid>, minMember 1,
    // priority `train`.
    const model::PodGroup& g = group_of(s, p);
    CHECK(g.meta.name == "pg-db-s-1");
    CHECK(g.min_member == 1);
    CHECK(g.priority_class_name == "train");
  }
  CHECK(s.objects.pod_groups.size() == 1);
}

TEST_CASE("a Job keeps parallelism pods running until completions succeed") {
  const Scenario s = load_ok(
      "apiVersion: batch/v1\nkind: Job\nmetadata: {name: train, uid: j-1, annotations: "
      "{kai.scheduler/batch-min-member: \"2\"}}\nspec:\n  parallelism: 2\n  completions: 5\n"
      "  template:\n    spec:\n"
      + std::string(kContainer));
  REQUIRE(s.objects.pods.size() == 5);
  const auto& pods = s.objects.pods;
  for (const model::Pod& p : pods) {
    CHECK(generated_from(p.meta.name, "train-"));
    CHECK(p.meta.labels.at("batch.kubernetes.io/job-name") == "train");
    // plugins/job: one PodGroup for the Job, minMember from kai.scheduler/batch-min-member.
    CHECK(group_of(s, p).meta.name == "pg-train-j-1");
    CHECK(group_of(s, p).min_member == 2);
  }
  // Two lanes: pods 0 and 1 start at once, pod 2 follows 0, pod 3 follows 1, pod 4 follows 2.
  CHECK(pods[0].follows.empty());
  CHECK(pods[1].follows.empty());
  CHECK(pods[2].follows == pods[0].meta.name);
  CHECK(pods[3].follows == pods[1].meta.name);
  CHECK(pods[4].follows == pods[2].meta.name);
}

TEST_CASE("the pods of a Job past its parallelism start as earlier ones succeed") {
  // One GPU node with room for all; parallelism 2 and 5 completions of 10 minutes: pods start at
  // 0 s, 0 s, then when the first two succeed (600 s after binding, the first cycle binds at
  // 0.2 s), then when those succeed.
  const RunResult r =
      run_scenario(load_ok(
          "apiVersion: v1\nkind: Node\nmetadata: {name: n1}\nstatus: {allocatable: {cpu: \"8\", "
          "memory: 32Gi, pods: \"110\", nvidia.com/gpu: \"8\"}}\n---\n"
          "apiVersion: batch/v1\nkind: Job\nmetadata: {name: train}\nspec:\n  parallelism: 2\n"
          "  completions: 5\n  template:\n    metadata: {annotations: {drasim.dev/runtime: 10m}}\n"
          "    spec:\n"
          + std::string(kContainer)
          + "---\napiVersion: drasim.dev/v1alpha1\nkind: Scenario\nmetadata: {name: s}\n"
            "spec: {horizon: 1h}\n"));
  std::vector<int64_t> submitted;
  for (const model::PodInfo& p : r.state.pods) {
    CHECK(p.phase == model::PodPhase::kSucceeded);
    submitted.push_back(p.submitted_us / 100'000);  // tenths of a second
  }
  std::sort(submitted.begin(), submitted.end());
  // 600.2 s = 0.2 s bind + 600 s; the next wave binds one second later (the cycle after a
  // finish) and ends at 1201.2 s.
  CHECK(submitted == std::vector<int64_t>{0, 0, 6002, 6002, 12012});
}

TEST_CASE("an Indexed Job: a pod per completion index, named after it") {
  const Scenario s = load_ok(
      "apiVersion: batch/v1\nkind: Job\nmetadata: {name: ix}\nspec:\n  completionMode: Indexed\n"
      "  parallelism: 3\n  completions: 3\n  template:\n    spec:\n"
      + std::string(kContainer));
  REQUIRE(s.objects.pods.size() == 3);
  for (int i = 0; i < 3; ++i) {
    const model::Pod& p = s.objects.pods[static_cast<size_t>(i)];
    CHECK(generated_from(p.meta.name, "ix-" + std::to_string(i) + "-"));
    CHECK(p.meta.labels.at("batch.kubernetes.io/job-completion-index") == std::to_string(i));
    CHECK(p.follows.empty());
  }
}

std::string pytorch(std::string_view extra_spec) {
  return "apiVersion: kubeflow.org/v1\nkind: PyTorchJob\nmetadata: {name: pt, uid: p-1}\nspec:\n"
         + std::string(extra_spec)
         + "  pytorchReplicaSpecs:\n    Worker:\n      replicas: 3\n      template:\n"
           "        spec:\n          containers: [{name: pytorch}]\n    Master:\n"
           "      replicas: 1\n      template:\n        spec:\n"
           "          containers: [{name: pytorch}]\n";
}

TEST_CASE("a PyTorchJob: master and workers, a gang with master and worker subgroups") {
  const Scenario s = load_ok(pytorch(""));
  REQUIRE(s.objects.pods.size() == 4);
  // Masters first, whatever order the replica specs are written in.
  CHECK(s.objects.pods[0].meta.name == "pt-master-0");
  CHECK(s.objects.pods[3].meta.name == "pt-worker-2");
  const model::Pod& master = pod_named(s, "pt-master-0");
  const model::Pod& worker = pod_named(s, "pt-worker-1");
  CHECK(master.meta.labels.at("kai.scheduler/subgroup-name") == "master");
  CHECK(worker.meta.labels.at("kai.scheduler/subgroup-name") == "worker");
  CHECK(worker.meta.labels.at("training.kubeflow.org/replica-index") == "1");
  // distributed_common.go: minAvailable = 1 master + 3 workers; pytorch_grouper.go: a `master`
  // leaf needing 1 and a `worker` leaf needing 4 - 1 = 3.
  const model::PodGroup& g = group_of(s, master);
  CHECK(g.meta.name == "pg-pt-p-1");
  CHECK(g.min_member == 4);
  REQUIRE(g.sub_groups.size() == 2);
  CHECK(g.sub_groups[0].name == "master");
  CHECK(g.sub_groups[0].min_member == 1);
  CHECK(g.sub_groups[1].name == "worker");
  CHECK(g.sub_groups[1].min_member == 3);
}

TEST_CASE("a PyTorchJob pod whose replica type is not exactly a subgroup's name joins none") {
  // pytorch_grouper.go lists a pod in the `master` subgroup only when its replica-type label is
  // exactly "master" (the training operator writes it lower-case). A dump pod labelled "Master"
  // still fills the master slot (no second master is made) but joins no subgroup.
  const Scenario s = load_ok(pytorch("") + R"(---
apiVersion: v1
kind: Pod
metadata:
  name: pt-master-0
  labels: {training.kubeflow.org/replica-type: Master, training.kubeflow.org/replica-index: "0"}
  ownerReferences: [{apiVersion: kubeflow.org/v1, kind: PyTorchJob, name: pt, uid: p-1, controller: true}]
spec: {containers: [{name: pytorch}]}
)");
  CHECK(s.objects.pods.size() == 4);
  CHECK(pod_named(s, "pt-master-0").meta.labels.count("kai.scheduler/subgroup-name") == 0);
  CHECK(pod_named(s, "pt-worker-0").meta.labels.at("kai.scheduler/subgroup-name") == "worker");
}

TEST_CASE("a PyTorchJob's minimum: runPolicy's minAvailable before elasticPolicy's minReplicas") {
  // elasticPolicy.minReplicas 3: workers need 3 - 1 = 2.
  const Scenario elastic = load_ok(pytorch("  elasticPolicy: {minReplicas: 3}\n"));
  CHECK(elastic.objects.pod_groups[0].min_member == 3);
  CHECK(elastic.objects.pod_groups[0].sub_groups[1].min_member == 2);
  // runPolicy.schedulingPolicy.minAvailable 1 wins over it: workers need max(0, 1 - 1) = 0.
  const Scenario both = load_ok(pytorch(
      "  elasticPolicy: {minReplicas: 3}\n  runPolicy: {schedulingPolicy: {minAvailable: 1}}\n"));
  CHECK(both.objects.pod_groups[0].min_member == 1);
  CHECK(both.objects.pod_groups[0].sub_groups[1].min_member == 0);
}

TEST_CASE("an MPIJob: a launcher Job's pod and workers, minMember of them all") {
  const Scenario s = load_ok(
      "apiVersion: kubeflow.org/v2beta1\nkind: MPIJob\nmetadata: {name: mpi, uid: m-1}\nspec:\n"
      "  mpiReplicaSpecs:\n    Launcher:\n      replicas: 1\n      template:\n        spec:\n"
      "          containers: [{name: l}]\n    Worker:\n      replicas: 2\n      template:\n"
      "        spec:\n          containers: [{name: w}]\n");
  REQUIRE(s.objects.pods.size() == 3);
  CHECK(generated_from(s.objects.pods[0].meta.name, "mpi-launcher-"));
  CHECK(s.objects.pods[0].meta.owner_references[0].kind == "Job");
  CHECK(s.objects.pods[0].meta.owner_references[0].name == "mpi-launcher");
  CHECK(s.objects.pods[1].meta.name == "mpi-worker-0");
  CHECK(s.objects.pods[1].meta.owner_references[0].kind == "MPIJob");
  // mpi-grouper.go through distributed_common.go: minAvailable = 1 launcher + 2 workers.
  REQUIRE(s.objects.pod_groups.size() == 1);
  CHECK(s.objects.pod_groups[0].meta.name == "pg-mpi-m-1");
  CHECK(s.objects.pod_groups[0].min_member == 3);
  CHECK(s.objects.pod_groups[0].sub_groups.empty());
}

std::string jobset(std::string_view annotations, std::string_view spec) {
  return "apiVersion: jobset.x-k8s.io/v1alpha2\nkind: JobSet\nmetadata: {name: js, uid: js-1"
         + std::string(annotations) + "}\nspec:\n" + std::string(spec)
         + "  replicatedJobs:\n  - name: driver\n    template:\n      spec:\n"
           "        template: {spec: {containers: [{name: d}]}}\n"
           "  - name: workers\n    replicas: 2\n    template:\n"
           "      metadata: {annotations: {kai.scheduler/batch-min-member: \"1\"}}\n"
           "      spec:\n        parallelism: 2\n        completions: 2\n"
           "        template: {spec: {containers: [{name: w}]}}\n";
}

TEST_CASE("a JobSet: a subgroup per replicatedJob, a leaf per Job") {
  const Scenario s = load_ok(jobset("", ""));
  // driver: 1 Job of 1 pod; workers: 2 Jobs of 2 pods.
  REQUIRE(s.objects.pods.size() == 5);
  const model::Pod& w = s.objects.pods[3];
  CHECK(generated_from(w.meta.name, "js-workers-1-"));
  CHECK(w.meta.owner_references[0].kind == "Job");
  CHECK(w.meta.owner_references[0].name == "js-workers-1");
  CHECK(w.meta.labels.at("kai.scheduler/subgroup-name") == "workers-replica-1");
  // jobset_grouper.go: parents `driver` (minSubGroup 1) and `workers` (minSubGroup 2); leaves
  // need the Job template's batch-min-member (1) or its parallelism (1 for the driver); the
  // PodGroup needs both replicatedJobs.
  const model::PodGroup& g = group_of(s, w);
  CHECK(g.meta.name == "pg-js-js-1");
  CHECK(g.min_sub_group == 2);
  CHECK(!g.min_member.has_value());
  REQUIRE(g.sub_groups.size() == 5);
  CHECK(g.sub_groups[0].name == "driver");
  CHECK(g.sub_groups[0].min_sub_group == 1);
  CHECK(g.sub_groups[1].name == "driver-replica-0");
  CHECK(g.sub_groups[1].parent == "driver");
  CHECK(g.sub_groups[1].min_member == 1);
  CHECK(g.sub_groups[2].name == "workers");
  CHECK(g.sub_groups[2].min_sub_group == 2);
  CHECK(g.sub_groups[4].name == "workers-replica-1");
  CHECK(g.sub_groups[4].min_member == 1);
}

TEST_CASE("a JobSet's minSubGroup: InOrder needs one, batch-min-member caps it") {
  CHECK(load_ok(jobset("", "  startupPolicy: {startupPolicyOrder: InOrder}\n"))
            .objects.pod_groups[0]
            .min_sub_group
        == 1);
  // An override of 5 with 2 replicatedJobs is capped at 2; 1 stays 1.
  CHECK(load_ok(jobset(", annotations: {kai.scheduler/batch-min-member: \"5\"}", ""))
            .objects.pod_groups[0]
            .min_sub_group
        == 2);
  CHECK(load_ok(jobset(", annotations: {kai.scheduler/batch-min-member: \"1\"}", ""))
            .objects.pod_groups[0]
            .min_sub_group
        == 1);
}

TEST_CASE("a dump: pods the controllers made already are not made twice") {
  // Deployment of 3 with its ReplicaSet web-abc12: one running pod whose PodGroup is in the
  // dump, one running pod without a PodGroup, one failed pod (replaced). StatefulSet of 2 whose
  // pod db-1 exists. Expected: one more web pod under web-abc12 (3 replicas, 2 running), and
  // db-0 only.
  const std::string text = deployment(3) + R"(---
apiVersion: apps/v1
kind: ReplicaSet
metadata:
  name: web-abc12
  uid: rs-1
  annotations: {deployment.kubernetes.io/revision: "2"}
  ownerReferences: [{apiVersion: apps/v1, kind: Deployment, name: web, uid: d-1, controller: true}]
spec:
  replicas: 3
  template: {spec: {containers: [{name: c}]}}
---
apiVersion: v1
kind: Pod
metadata:
  name: web-abc12-aaaaa
  labels: {pod-template-hash: abc12}
  annotations: {pod-group-name: pg-kept}
  ownerReferences: [{apiVersion: apps/v1, kind: ReplicaSet, name: web-abc12, uid: rs-1, controller: true}]
spec: {containers: [{name: c}]}
---
apiVersion: scheduling.run.ai/v2alpha2
kind: PodGroup
metadata: {name: pg-kept}
spec: {minMember: 1}
---
apiVersion: v1
kind: Pod
metadata:
  name: web-abc12-bbbbb
  uid: u-b
  labels: {pod-template-hash: abc12}
  ownerReferences: [{apiVersion: apps/v1, kind: ReplicaSet, name: web-abc12, controller: true}]
spec: {containers: [{name: c}]}
---
apiVersion: v1
kind: Pod
metadata:
  name: web-abc12-ccccc
  labels: {pod-template-hash: abc12}
  ownerReferences: [{apiVersion: apps/v1, kind: ReplicaSet, name: web-abc12, controller: true}]
spec: {containers: [{name: c}]}
status: {phase: Failed}
---
apiVersion: apps/v1
kind: StatefulSet
metadata: {name: db}
spec:
  replicas: 2
  template: {spec: {containers: [{name: c}]}}
---
apiVersion: v1
kind: Pod
metadata:
  name: db-1
  ownerReferences: [{apiVersion: apps/v1, kind: StatefulSet, name: db, controller: true}]
spec: {containers: [{name: c}]}
)";
  const Scenario s = load_ok(text);
  std::vector<std::string> made;
  for (size_t i = 4; i < s.objects.pods.size(); ++i) {  // after the 4 input pods
    made.push_back(s.objects.pods[i].meta.name);
  }
  REQUIRE(made.size() == 2);
  CHECK(generated_from(made[0], "web-abc12-"));
  CHECK(made[1] == "db-0");
  CHECK(pod_named(s, made[0]).meta.owner_references[0].uid == "rs-1");
  // The pod with a PodGroup keeps it; the other gets the Deployment grouper's.
  CHECK(pod_named(s, "web-abc12-aaaaa").meta.annotations.at("pod-group-name") == "pg-kept");
  CHECK(pod_named(s, "web-abc12-bbbbb").meta.annotations.at("pod-group-name")
        == "pg-web-abc12-bbbbb-u-b");
}

TEST_CASE("a Deployment's pod whose ReplicaSet the dump lacks is found by pod-template-hash") {
  const Scenario s = load_ok(deployment(2) + R"(---
apiVersion: v1
kind: Pod
metadata:
  name: web-7d9f8-xxxxx
  labels: {pod-template-hash: 7d9f8}
  ownerReferences: [{apiVersion: apps/v1, kind: ReplicaSet, name: web-7d9f8, controller: true}]
spec: {containers: [{name: c}]}
)");
  // One of the two replicas exists: one more is made.
  CHECK(s.objects.pods.size() == 2);
}

TEST_CASE("a Job a CronJob made: the default grouper on the Job, minMember 1") {
  // plugins/cronjobs: the CronJob grouper hands the Job to the default grouper, which reads no
  // batch-min-member.
  const Scenario s = load_ok(
      "apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: nightly-1\n  uid: j-9\n"
      "  annotations: {kai.scheduler/batch-min-member: \"3\"}\n"
      "  ownerReferences: [{apiVersion: batch/v1, kind: CronJob, name: nightly, controller: "
      "true}]\nspec:\n  parallelism: 3\n  template: {spec: {containers: [{name: c}]}}\n");
  REQUIRE(s.objects.pods.size() == 3);
  CHECK(s.objects.pod_groups[0].meta.name == "pg-nightly-1-j-9");
  CHECK(s.objects.pod_groups[0].min_member == 1);
}

TEST_CASE("kai.scheduler/skip-podgrouper on the owner: pods get no PodGroup from drasim") {
  // pod_controller.go returns before grouping when the pod or an owner has the annotation; the
  // pods are then bare pods, each its own job (cluster_builder), as without a podgrouper.
  const Scenario s = load_ok(
      "apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: j\n"
      "  annotations: {kai.scheduler/skip-podgrouper: \"true\"}\nspec:\n  parallelism: 2\n"
      "  template: {spec: {containers: [{name: c}]}}\n");
  REQUIRE(s.objects.pods.size() == 2);
  CHECK(s.objects.pod_groups.empty());
  CHECK(s.objects.pods[0].meta.annotations.count("pod-group-name") == 0);
}

TEST_CASE("controller input errors name the field") {
  CHECK(input_errors("apiVersion: batch/v1\nkind: Job\nmetadata: {name: j}\nspec:\n"
                     "  completionMode: Indexed\n  template: {spec: {containers: [{name: c}]}}\n")
        == std::vector<std::string>{"t.yaml:5:3: error: spec.completions: a completion count "
                                    "(completionMode Indexed needs one), got nothing"});
  CHECK(input_errors("apiVersion: kubeflow.org/v1\nkind: PyTorchJob\nmetadata: {name: p}\n"
                     "spec:\n  pytorchReplicaSpecs:\n    Chief: {replicas: 1}\n")
        == std::vector<std::string>{"t.yaml:6:12: error: spec.pytorchReplicaSpecs.Chief: a "
                                    "replica type (Master or Worker), got \"Chief\""});
  CHECK(input_errors("apiVersion: kubeflow.org/v2beta1\nkind: MPIJob\nmetadata: {name: m}\n"
                     "spec:\n  mpiReplicaSpecs:\n    Worker:\n      replicas: 0\n"
                     "      template: {spec: {containers: [{name: c}]}}\n")
        == std::vector<std::string>{
            "t.yaml:6:5: error: spec.mpiReplicaSpecs: a Launcher replica spec, got none",
            "t.yaml:7:17: error: spec.mpiReplicaSpecs.Worker.replicas: a replica count from 1 to "
            "100000, got 0"});
  CHECK(input_errors("apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: d}\nspec:\n"
                     "  replicas: 1\n")
        == std::vector<std::string>{
            "t.yaml:5:3: error: spec.template: a pod template {metadata, spec}, got nothing"});
}

}  // namespace
}  // namespace drasim::sim
