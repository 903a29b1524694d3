// KAI-Scheduler's podgrouper unit tests, ported to drasim's model::group_pod
// (model/kai/api/workload_grouper.cpp) for the plugins drasim models: job, jobset, kubeflow
// pytorch and mpi, deployment and the default grouper. Every test case names the upstream test
// (and table case) it reproduces, under pkg/podgrouper/podgrouper/plugins/ of
// github.com/kai-scheduler/KAI-Scheduler. Only facts the upstream test asserts are checked, on
// the same inputs, translated to drasim's types: an owner is a model::Workload (its labels and
// uid in `meta`, the podgrouper annotations decoded into `hints`), a replica spec or
// replicatedJob is a WorkloadRole, and the pod's own annotations are the `pod_hints` argument.
// Upstream cases drasim does not model (legacy PodGroup names, the defaults ConfigMap, segment
// sizes, the MPI delayed launcher, errors for malformed annotations, which drasim's loader
// rejects before grouping) are not ported.
#include "model/k8s/kai_objects.h"
#include "model/k8s/object_set.h"
#include "model/k8s/pod.h"
#include "model/k8s/workload.h"
#include "model/kai/api/workload_grouper.h"

#include <doctest/doctest.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace drasim::model {
namespace {

constexpr int64_t kSecondUs = 1'000'000;

Pod make_pod(std::string name, std::string ns, std::string uid, StringMap labels = {}) {
  Pod p;
  p.meta.name = std::move(name);
  p.meta.namespace_name = std::move(ns);
  p.meta.uid = std::move(uid);
  p.meta.labels = std::move(labels);
  return p;
}

Workload make_owner(WorkloadKind kind, std::string name, std::string ns, std::string uid,
                    StringMap labels = {}) {
  Workload w;
  w.kind = kind;
  w.meta.name = std::move(name);
  w.meta.namespace_name = std::move(ns);
  w.meta.uid = std::move(uid);
  w.meta.labels = std::move(labels);
  return w;
}

WorkloadRole make_role(std::string name, int64_t replicas, int64_t parallelism = 1) {
  WorkloadRole r;
  r.name = std::move(name);
  r.replicas = replicas;
  r.parallelism = parallelism;
  return r;
}

/// What KAI's hub does for a pod whose top owner is `owner`: the plugin of the owner's kind.
PodGrouping group(const Pod& pod, const Workload& owner, const ObjectSet& objects = {},
                  const GrouperHints& pod_hints = {}) {
  return group_pod(pod, GroupingOwner{&owner, kind_name(owner.kind)}, pod_hints, objects);
}

const SubGroup* find_sub_group(const PodGroup& pg, std::string_view name) {
  for (const SubGroup& sg : pg.sub_groups) {
    if (sg.name == name) {
      return &sg;
    }
  }
  return nullptr;
}

ObjectSet with_priority_class(const std::string& name) {
  ObjectSet objects;
  PriorityClass pc;
  pc.meta.name = name;
  pc.value = 1000;
  objects.priority_classes.push_back(pc);
  return objects;
}

// ---------------------------------------------------------------------------------------------
// plugins/job/job_grouper_test.go
// ---------------------------------------------------------------------------------------------

/// The Job of job_grouper_test.go's metadata tests: `test_name`, uid 1234-5678, one label and
/// one annotation.
Workload test_job() {
  Workload job = make_owner(WorkloadKind::kJob, "test_name", "test_namespace", "1234-5678",
                            {{"test_label", "test_value"}});
  job.meta.annotations = {{"test_annotation", "test_value"}};
  job.roles.push_back(make_role("test_name", 1));
  return job;
}

TEST_CASE("upstream job_grouper_test TestGetPodGroupMetadata_MultiPodJobSharesPodGroup") {
  // plugins/job/job_grouper_test.go, TestGetPodGroupMetadata_MultiPodJobSharesPodGroup: two pods
  // of a Job with parallelism 2 share the Job's PodGroup `pg-<job>-<job uid>`; the owner's one
  // label is copied, no queue label gives default-queue, no priority gives `train`. (Upstream
  // calls the Job grouper directly on an owner of kind `test_kind`; here the owner is a Job.)
  Workload job = test_job();
  job.roles[0].parallelism = 2;
  const Pod pod1 = make_pod("test_name-4kgrb", "", "", {{"random", "abcd"}});
  const Pod pod2 = make_pod("test_name-77t4m", "", "", {{"random", "abcd"}});
  const PodGrouping g1 = group(pod1, job);
  const PodGrouping g2 = group(pod2, job);
  CHECK(g1.group.meta.name == "pg-test_name-1234-5678");
  CHECK(g2.group.meta.name == g1.group.meta.name);
  CHECK(g1.group.meta.labels.size() == 1);
  CHECK(g1.group.queue == "default-queue");
  CHECK(g1.group.priority_class_name == "train");
  // Not asserted by the test but what job_grouper.go's calcMinMember returns without the
  // batch-min-member annotation: one pod.
  CHECK(g1.group.min_member == 1);
}

TEST_CASE("upstream job_grouper_test TestGetPodGroupMetadata_LegacyDisabledPodGroup") {
  // plugins/job/job_grouper_test.go, TestGetPodGroupMetadata_LegacyDisabledPodGroup: with the
  // search for legacy per-pod PodGroups off (drasim never searches), an existing
  // `pg-<pod>-<uid>` PodGroup is ignored and the pod joins `pg-<job>-<job uid>`.
  const Workload job = test_job();
  const Pod pod = make_pod("test_name-4kgrb", "test_namespace", "", {{"random", "abcd"}});
  ObjectSet objects;
  PodGroup legacy;
  legacy.meta.name = "pg-test_name-4kgrb-1234-5678";
  legacy.meta.namespace_name = "test_namespace";
  legacy.meta.labels = job.meta.labels;
  objects.pod_groups.push_back(legacy);
  const PodGrouping g = group(pod, job, objects);
  CHECK(g.group.meta.name == "pg-test_name-1234-5678");
  CHECK(g.group.meta.labels.size() == 1);
  CHECK(g.group.queue == "default-queue");
  CHECK(g.group.priority_class_name == "train");
}

TEST_CASE("upstream job_grouper_test TestGetPodGroupMetadata_LegacyNotFound") {
  // plugins/job/job_grouper_test.go, TestGetPodGroupMetadata_LegacyNotFound: no legacy PodGroup
  // exists, so even with the legacy search on the name is `pg-<job>-<job uid>`.
  const Workload job = test_job();
  const Pod pod = make_pod("test_name-4kgrb", "test_namespace", "", {{"random", "abcd"}});
  const PodGrouping g = group(pod, job);
  CHECK(g.group.meta.name == "pg-test_name-1234-5678");
  CHECK(g.group.meta.labels.size() == 1);
  CHECK(g.group.queue == "default-queue");
  CHECK(g.group.priority_class_name == "train");
}

TEST_CASE("upstream job_grouper_test TestGetPodGroupMetadata_MinMemberOverride") {
  // plugins/job/job_grouper_test.go, TestGetPodGroupMetadata_MinMemberOverride: the Job's
  // kai.scheduler/batch-min-member "3" is the minMember, not its parallelism 5.
  Workload job = make_owner(WorkloadKind::kJob, "test_job", "test_namespace", "1234-5678");
  job.meta.annotations = {{"kai.scheduler/batch-min-member", "3"}};
  job.hints.min_member = 3;
  job.roles.push_back(make_role("test_job", 1, 5));
  const Pod pod = make_pod("test_job-abc", "test_namespace", "");
  CHECK(group(pod, job).group.min_member == 3);
}

TEST_CASE(
    "upstream job_grouper_test "
    "TestGetPodGroupMetadata_LegacySearchDisabledIgnoresLegacyPodGroup") {
  // plugins/job/job_grouper_test.go,
  // TestGetPodGroupMetadata_LegacySearchDisabledIgnoresLegacyPodGroup: a PodGroup named after
  // the pod exists, the legacy search is off, the pod joins `pg-<job>-<job uid>`.
  Workload job = make_owner(WorkloadKind::kJob, "test_job", "test_namespace", "1234-5678");
  job.roles.push_back(make_role("test_job", 1, 2));
  ObjectSet objects;
  PodGroup legacy;
  legacy.meta.name = "pg-test_job-aaaaa-1234-5678";
  legacy.meta.namespace_name = "test_namespace";
  objects.pod_groups.push_back(legacy);
  const Pod pod = make_pod("test_job-aaaaa", "test_namespace", "");
  CHECK(group(pod, job, objects).group.meta.name == "pg-test_job-1234-5678");
}

TEST_CASE("upstream job_grouper_test TestGetPodGroupMetadata_RegularPodGroup") {
  // plugins/job/job_grouper_test.go, TestGetPodGroupMetadata_RegularPodGroup: the Job's
  // PodGroup `pg-<job>-<job uid>` with the owner's label, default-queue and `train`.
  const Workload job = test_job();
  const Pod pod = make_pod("test_name-4kgrb", "test_namespace", "", {{"random", "abcd"}});
  const PodGrouping g = group(pod, job);
  CHECK(g.group.meta.name == "pg-test_name-1234-5678");
  CHECK(g.group.meta.labels.size() == 1);
  CHECK(g.group.queue == "default-queue");
  CHECK(g.group.priority_class_name == "train");
}

// ---------------------------------------------------------------------------------------------
// plugins/jobset/jobset_grouper_test.go
// ---------------------------------------------------------------------------------------------

/// The JobSet of jobset_grouper_test.go: `js` in `default`, uid `uid`, AnyOrder by default.
Workload test_jobset(std::vector<WorkloadRole> replicated_jobs) {
  Workload js = make_owner(WorkloadKind::kJobSet, "js", "default", "uid");
  js.roles = std::move(replicated_jobs);
  return js;
}

/// A pod of Job `index` of replicatedJob `rj`, with the labels the JobSet controller writes and
/// the queue label the upstream helper adds.
Pod jobset_pod(std::string name, const std::string& rj, const std::string& index) {
  return make_pod(std::move(name), "default", "",
                  {{std::string(kJobSetReplicatedJobLabel), rj},
                   {std::string(kJobSetJobIndexLabel), index},
                   {"kai.scheduler/queue", "test-queue"}});
}

/// A replicatedJob whose Job template carries kai.scheduler/batch-min-member `min_member`.
WorkloadRole rj_with_min_member(std::string name, int64_t replicas, int64_t parallelism,
                                int64_t min_member) {
  WorkloadRole r = make_role(std::move(name), replicas, parallelism);
  r.job_hints.min_member = min_member;
  return r;
}

TEST_CASE("upstream jobset_grouper_test TestSingleReplicatedJobSingleReplica") {
  // plugins/jobset/jobset_grouper_test.go, TestSingleReplicatedJobSingleReplica: one
  // replicatedJob `worker` (1 Job of parallelism 4). The PodGroup is `pg-<jobset>-<uid>`; AnyOrder
  // needs every replicatedJob (1); the parent `worker` needs its one Job and has no parent; the
  // leaf `worker-replica-0` under it needs the parallelism, 4 pods, and holds the pod.
  const Workload js = test_jobset({make_role("worker", 1, 4)});
  const PodGrouping g = group(jobset_pod("p", "worker", "0"), js);
  CHECK(g.group.meta.name == "pg-js-uid");
  CHECK(g.group.min_sub_group == 1);
  REQUIRE(g.group.sub_groups.size() == 2);
  const SubGroup* parent = find_sub_group(g.group, "worker");
  REQUIRE(parent != nullptr);
  CHECK(parent->min_sub_group == 1);
  CHECK(parent->parent.empty());
  const SubGroup* leaf = find_sub_group(g.group, "worker-replica-0");
  REQUIRE(leaf != nullptr);
  CHECK(leaf->parent == "worker");
  CHECK(leaf->min_member == 4);
  CHECK(g.subgroup == "worker-replica-0");
}

TEST_CASE("upstream jobset_grouper_test TestSingleReplicatedJobMultipleReplicas") {
  // plugins/jobset/jobset_grouper_test.go, TestSingleReplicatedJobMultipleReplicas: 3 Jobs of
  // `worker` make one parent needing 3 leaves and 3 leaves `worker-replica-<i>` of 4 pods each;
  // the pod of Job 2 joins `worker-replica-2`.
  const Workload js = test_jobset({make_role("worker", 3, 4)});
  const PodGrouping g = group(jobset_pod("p", "worker", "2"), js);
  REQUIRE(g.group.sub_groups.size() == 4);
  const SubGroup* parent = find_sub_group(g.group, "worker");
  REQUIRE(parent != nullptr);
  CHECK(parent->min_sub_group == 3);
  for (const char* name : {"worker-replica-0", "worker-replica-1", "worker-replica-2"}) {
    CAPTURE(name);
    const SubGroup* leaf = find_sub_group(g.group, name);
    REQUIRE(leaf != nullptr);
    CHECK(leaf->min_member == 4);
    CHECK(leaf->parent == "worker");
  }
  CHECK(g.subgroup == "worker-replica-2");
}

TEST_CASE("upstream jobset_grouper_test TestMultipleReplicatedJobsAnyOrder") {
  // plugins/jobset/jobset_grouper_test.go, TestMultipleReplicatedJobsAnyOrder: startupPolicyOrder
  // AnyOrder needs both replicatedJobs.
  Workload js = test_jobset({make_role("leader", 1, 1), make_role("worker", 2, 4)});
  js.in_order = false;
  CHECK(group(jobset_pod("p", "worker", "0"), js).group.min_sub_group == 2);
}

TEST_CASE("upstream jobset_grouper_test TestStartupPolicyInOrderRootMinSubGroup") {
  // plugins/jobset/jobset_grouper_test.go, TestStartupPolicyInOrderRootMinSubGroup: InOrder
  // starts one replicatedJob at a time, so the PodGroup needs one.
  Workload js = test_jobset({make_role("leader", 1, 1), make_role("worker", 2, 4)});
  js.in_order = true;
  CHECK(group(jobset_pod("p", "leader", "0"), js).group.min_sub_group == 1);
}

TEST_CASE("upstream jobset_grouper_test TestJobSetAnnotationOverridesRoot") {
  // plugins/jobset/jobset_grouper_test.go, TestJobSetAnnotationOverridesRoot: the JobSet's
  // batch-min-member "2" of three replicatedJobs replaces the AnyOrder count 3.
  Workload js = test_jobset({make_role("a", 1, 1), make_role("b", 1, 1), make_role("c", 1, 1)});
  js.meta.annotations = {{"kai.scheduler/batch-min-member", "2"}};
  js.hints.min_member = 2;
  CHECK(group(jobset_pod("p", "a", "0"), js).group.min_sub_group == 2);
}

TEST_CASE("upstream jobset_grouper_test TestJobSetAnnotationClampedToReplicatedJobCount") {
  // plugins/jobset/jobset_grouper_test.go, TestJobSetAnnotationClampedToReplicatedJobCount: a
  // batch-min-member of 9 with two replicatedJobs is capped at 2.
  Workload js = test_jobset({make_role("a", 1, 1), make_role("b", 1, 1)});
  js.meta.annotations = {{"kai.scheduler/batch-min-member", "9"}};
  js.hints.min_member = 9;
  CHECK(group(jobset_pod("p", "a", "0"), js).group.min_sub_group == 2);
}

TEST_CASE("upstream jobset_grouper_test TestJobSetAnnotationWinsOverInOrder") {
  // plugins/jobset/jobset_grouper_test.go, TestJobSetAnnotationWinsOverInOrder: the annotation
  // is read before the startup policy, so InOrder's 1 does not apply.
  Workload js = test_jobset({make_role("a", 1, 1), make_role("b", 1, 1)});
  js.in_order = true;
  js.meta.annotations = {{"kai.scheduler/batch-min-member", "2"}};
  js.hints.min_member = 2;
  CHECK(group(jobset_pod("p", "a", "0"), js).group.min_sub_group == 2);
}

TEST_CASE("upstream jobset_grouper_test TestTemplateAnnotationOverridesLeafMinMember") {
  // plugins/jobset/jobset_grouper_test.go, TestTemplateAnnotationOverridesLeafMinMember: the Job
  // template's batch-min-member "5" replaces the parallelism 8 as the leaf's minMember.
  const Workload js = test_jobset({rj_with_min_member("worker", 2, 8, 5)});
  const PodGrouping g = group(jobset_pod("p", "worker", "0"), js);
  const SubGroup* leaf = find_sub_group(g.group, "worker-replica-0");
  REQUIRE(leaf != nullptr);
  CHECK(leaf->min_member == 5);
}

TEST_CASE("upstream jobset_grouper_test TestTemplateAnnotationGreaterThanParallelismAccepted") {
  // plugins/jobset/jobset_grouper_test.go, TestTemplateAnnotationGreaterThanParallelismAccepted:
  // a template batch-min-member above the parallelism (10 > 2) is kept as given.
  const Workload js = test_jobset({rj_with_min_member("worker", 1, 2, 10)});
  const PodGrouping g = group(jobset_pod("p", "worker", "0"), js);
  const SubGroup* leaf = find_sub_group(g.group, "worker-replica-0");
  REQUIRE(leaf != nullptr);
  CHECK(leaf->min_member == 10);
}

TEST_CASE("upstream jobset_grouper_test TestPodRoutingFindsCorrectLeaf") {
  // plugins/jobset/jobset_grouper_test.go, TestPodRoutingFindsCorrectLeaf: the leader's pod joins
  // `leader-replica-0` (and not `worker-replica-1`, which exists), a pod of worker Job 1 joins
  // `worker-replica-1`.
  const Workload js = test_jobset({make_role("leader", 1, 1), make_role("worker", 3, 4)});
  const PodGrouping leader = group(jobset_pod("leader-pod", "leader", "0"), js);
  REQUIRE(find_sub_group(leader.group, "leader-replica-0") != nullptr);
  REQUIRE(find_sub_group(leader.group, "worker-replica-1") != nullptr);
  CHECK(leader.subgroup == "leader-replica-0");
  const PodGrouping worker = group(jobset_pod("worker-pod", "worker", "1"), js);
  REQUIRE(find_sub_group(worker.group, "worker-replica-1") != nullptr);
  CHECK(worker.subgroup == "worker-replica-1");
}

TEST_CASE("upstream jobset_grouper_test TestRootMinSubGroupNotMinAvailable") {
  // plugins/jobset/jobset_grouper_test.go, TestRootMinSubGroupNotMinAvailable: the PodGroup's
  // gang is its minSubGroup; its own minMember is left unset (KAI's 0, drasim's nullopt).
  const Workload js = test_jobset({make_role("worker", 1, 1)});
  const PodGrouping g = group(jobset_pod("p", "worker", "0"), js);
  CHECK_FALSE(g.group.min_member.has_value());
  CHECK(g.group.min_sub_group.has_value());
}

TEST_CASE("upstream jobset_grouper_test TestDistinctTopologiesAtJobSetAndReplicatedJobLevels") {
  // plugins/jobset/jobset_grouper_test.go, TestDistinctTopologiesAtJobSetAndReplicatedJobLevels:
  // the JobSet's topology annotations go to the PodGroup, the replicatedJob template's to each
  // of its leaves, none to the parent.
  WorkloadRole rj = make_role("worker", 2, 4);
  rj.job_hints.topology.topology = "leaf-topology";
  rj.job_hints.topology.required_level = "rack";
  rj.job_hints.topology.preferred_level = "zone";
  Workload js = test_jobset({rj});
  js.hints.topology.topology = "root-topology";
  js.hints.topology.required_level = "datacenter";
  const PodGrouping g = group(jobset_pod("p", "worker", "0"), js);
  CHECK(g.group.topology_constraint.topology == "root-topology");
  CHECK(g.group.topology_constraint.required_level == "datacenter");
  CHECK(g.group.topology_constraint.preferred_level.empty());
  const SubGroup* parent = find_sub_group(g.group, "worker");
  REQUIRE(parent != nullptr);
  CHECK(parent->topology_constraint == TopologyConstraint{});
  for (const char* name : {"worker-replica-0", "worker-replica-1"}) {
    CAPTURE(name);
    const SubGroup* leaf = find_sub_group(g.group, name);
    REQUIRE(leaf != nullptr);
    CHECK(leaf->topology_constraint.topology == "leaf-topology");
    CHECK(leaf->topology_constraint.required_level == "rack");
    CHECK(leaf->topology_constraint.preferred_level == "zone");
  }
}

TEST_CASE("upstream jobset_grouper_test TestReplicasDefaultsToOne") {
  // plugins/jobset/jobset_grouper_test.go, TestReplicasDefaultsToOne: a replicatedJob without
  // `replicas` is one Job (drasim's loader defaults WorkloadRole::replicas to 1 likewise), so
  // its parent needs one leaf.
  WorkloadRole rj;
  rj.name = "worker";
  rj.parallelism = 2;
  const Workload js = test_jobset({rj});
  const PodGrouping g = group(jobset_pod("p", "worker", "0"), js);
  const SubGroup* parent = find_sub_group(g.group, "worker");
  REQUIRE(parent != nullptr);
  CHECK(parent->min_sub_group == 1);
}

// ---------------------------------------------------------------------------------------------
// plugins/kubeflow/pytorch/pytorch_grouper_test.go
// ---------------------------------------------------------------------------------------------

constexpr int64_t kMinReplicas = 66;
constexpr int64_t kMinAvailable = 33;
constexpr int64_t kWorkers = 4;
constexpr int64_t kMasters = 2;

/// getBasicPytorchJob and its Master-only and Worker-only variants.
Workload pytorch_job(bool master, bool worker) {
  const char* name =
      master && worker ? "test_job" : (master ? "test_job_master_only" : "test_job_worker_only");
  const char* uid = master && worker ? "1" : (master ? "2" : "3");
  Workload job = make_owner(WorkloadKind::kPyTorchJob, name, "test_namespace", uid);
  if (master) {
    job.roles.push_back(make_role("Master", kMasters));
  }
  if (worker) {
    job.roles.push_back(make_role("Worker", kWorkers));
  }
  return job;
}

Pod pytorch_pod(std::string name, const std::string& replica_type) {
  StringMap labels;
  if (!replica_type.empty()) {
    labels[std::string(kKubeflowReplicaTypeLabel)] = replica_type;
  }
  return make_pod(std::move(name), "test_namespace", "", std::move(labels));
}

TEST_CASE("upstream pytorch_grouper_test TestGetPodGroupMetadata_OnlyReplicas") {
  // plugins/kubeflow/pytorch/pytorch_grouper_test.go, TestGetPodGroupMetadata_OnlyReplicas:
  // without minAvailable or minReplicas the gang is every replica, 2 masters + 4 workers.
  CHECK(group(Pod{}, pytorch_job(true, true)).group.min_member == kWorkers + kMasters);
}

TEST_CASE("upstream pytorch_grouper_test TestGetPodGroupMetadata_OnlyMinReplicas") {
  // pytorch_grouper_test.go, TestGetPodGroupMetadata_OnlyMinReplicas: elasticPolicy.minReplicas
  // replaces the replica sum.
  Workload job = pytorch_job(true, true);
  job.elastic_min_replicas = kMinReplicas;
  CHECK(group(Pod{}, job).group.min_member == kMinReplicas);
}

TEST_CASE("upstream pytorch_grouper_test TestGetPodGroupMetadata_OnlyMinAvailable") {
  // pytorch_grouper_test.go, TestGetPodGroupMetadata_OnlyMinAvailable:
  // runPolicy.schedulingPolicy.minAvailable replaces the replica sum.
  Workload job = pytorch_job(true, true);
  job.min_available = kMinAvailable;
  CHECK(group(Pod{}, job).group.min_member == kMinAvailable);
}

TEST_CASE("upstream pytorch_grouper_test TestGetPodGroupMetadata_MinAvailableAndMinReplicas") {
  // pytorch_grouper_test.go, TestGetPodGroupMetadata_MinAvailableAndMinReplicas: with both set,
  // minAvailable wins over minReplicas.
  Workload job = pytorch_job(true, true);
  job.elastic_min_replicas = kMinReplicas;
  job.min_available = kMinAvailable;
  CHECK(group(Pod{}, job).group.min_member == kMinAvailable);
}

TEST_CASE("upstream pytorch_grouper_test TestGetPodGroupMetadata_OnlyMasterReplicas") {
  // pytorch_grouper_test.go, TestGetPodGroupMetadata_OnlyMasterReplicas: the sum of the only
  // replica spec, 2 masters.
  CHECK(group(Pod{}, pytorch_job(true, false)).group.min_member == kMasters);
}

TEST_CASE("upstream pytorch_grouper_test TestGetPodGroupMetadata_OnlyWorkerReplicas") {
  // pytorch_grouper_test.go, TestGetPodGroupMetadata_OnlyWorkerReplicas: 4 workers.
  CHECK(group(Pod{}, pytorch_job(false, true)).group.min_member == kWorkers);
}

TEST_CASE("upstream pytorch_grouper_test TestGetPodGroupMetadata_OnlyMasterWithMinReplicas") {
  // pytorch_grouper_test.go, TestGetPodGroupMetadata_OnlyMasterWithMinReplicas: minReplicas is
  // taken as given, even above the 2 masters.
  Workload job = pytorch_job(true, false);
  job.elastic_min_replicas = kMinReplicas;
  CHECK(group(Pod{}, job).group.min_member == kMinReplicas);
}

TEST_CASE("upstream pytorch_grouper_test TestGetPodGroupMetadata_OnlyWorkerWithMinReplicas") {
  // pytorch_grouper_test.go, TestGetPodGroupMetadata_OnlyWorkerWithMinReplicas.
  Workload job = pytorch_job(false, true);
  job.elastic_min_replicas = kMinReplicas;
  CHECK(group(Pod{}, job).group.min_member == kMinReplicas);
}

TEST_CASE("upstream pytorch_grouper_test TestGetPodGroupMetadata_OnlyMasterWithMinAvailable") {
  // pytorch_grouper_test.go, TestGetPodGroupMetadata_OnlyMasterWithMinAvailable.
  Workload job = pytorch_job(true, false);
  job.min_available = kMinAvailable;
  CHECK(group(Pod{}, job).group.min_member == kMinAvailable);
}

TEST_CASE("upstream pytorch_grouper_test TestGetPodGroupMetadata_OnlyWorkerWithMinAvailable") {
  // pytorch_grouper_test.go, TestGetPodGroupMetadata_OnlyWorkerWithMinAvailable.
  Workload job = pytorch_job(false, true);
  job.min_available = kMinAvailable;
  CHECK(group(Pod{}, job).group.min_member == kMinAvailable);
}

TEST_CASE("upstream pytorch_grouper_test TestGetPodGroupMetadata_SubGroups_MasterAndWorker") {
  // pytorch_grouper_test.go, TestGetPodGroupMetadata_SubGroups_MasterAndWorker: subgroups
  // `master` and `worker`; a pod labelled replica-type master joins `master`.
  const PodGrouping g = group(pytorch_pod("test-pod-master-0", "master"), pytorch_job(true, true));
  CHECK(g.group.sub_groups.size() == 2);
  CHECK(find_sub_group(g.group, "master") != nullptr);
  CHECK(find_sub_group(g.group, "worker") != nullptr);
  CHECK(g.subgroup == "master");
}

TEST_CASE("upstream pytorch_grouper_test TestGetPodGroupMetadata_SubGroups_WorkerPod") {
  // pytorch_grouper_test.go, TestGetPodGroupMetadata_SubGroups_WorkerPod: a worker pod joins
  // `worker`, not `master`.
  const PodGrouping g = group(pytorch_pod("test-pod-worker-0", "worker"), pytorch_job(true, true));
  CHECK(g.group.sub_groups.size() == 2);
  CHECK(find_sub_group(g.group, "master") != nullptr);
  CHECK(find_sub_group(g.group, "worker") != nullptr);
  CHECK(g.subgroup == "worker");
}

TEST_CASE("upstream pytorch_grouper_test TestGetPodGroupMetadata_SubGroups_OnlyMaster") {
  // pytorch_grouper_test.go, TestGetPodGroupMetadata_SubGroups_OnlyMaster: no Worker spec, so
  // only `master`, which holds the master pod.
  const PodGrouping g = group(pytorch_pod("test-pod-master-0", "master"), pytorch_job(true, false));
  CHECK(g.group.sub_groups.size() == 1);
  CHECK(find_sub_group(g.group, "master") != nullptr);
  CHECK(g.subgroup == "master");
}

TEST_CASE("upstream pytorch_grouper_test TestGetPodGroupMetadata_SubGroups_OnlyWorker") {
  // pytorch_grouper_test.go, TestGetPodGroupMetadata_SubGroups_OnlyWorker: no Master spec, so
  // only `worker`, which holds the worker pod.
  const PodGrouping g = group(pytorch_pod("test-pod-worker-0", "worker"), pytorch_job(false, true));
  CHECK(g.group.sub_groups.size() == 1);
  CHECK(find_sub_group(g.group, "worker") != nullptr);
  CHECK(g.subgroup == "worker");
}

TEST_CASE(
    "upstream pytorch_grouper_test TestGetPodGroupMetadata_SubGroups_PodWithoutReplicaTypeLabel") {
  // pytorch_grouper_test.go, TestGetPodGroupMetadata_SubGroups_PodWithoutReplicaTypeLabel: both
  // subgroups exist, and a pod without the replica-type label is in neither.
  const PodGrouping g = group(pytorch_pod("test-pod-0", ""), pytorch_job(true, true));
  CHECK(g.group.sub_groups.size() == 2);
  CHECK(g.subgroup.empty());
}

// ---------------------------------------------------------------------------------------------
// plugins/kubeflow/mpi/mpi-grouper_test.go
// ---------------------------------------------------------------------------------------------

TEST_CASE("upstream mpi-grouper_test TestGetPodGroupMetadata/Basic pod group metadata") {
  // plugins/kubeflow/mpi/mpi-grouper_test.go, TestGetPodGroupMetadata, case "Basic pod group
  // metadata": without minAvailable the gang is 1 launcher + 2 workers.
  Workload job = make_owner(WorkloadKind::kMPIJob, "test-job", "test-ns", "");
  job.roles.push_back(make_role("Launcher", 1));
  job.roles.push_back(make_role("Worker", 2));
  const Pod pod = make_pod("worker-1", "test-ns", "",
                           {{"training.kubeflow.org/job-name", "test-job"},
                            {"training.kubeflow.org/job-role", "worker"}});
  CHECK(group(pod, job).group.min_member == 3);
}

// ---------------------------------------------------------------------------------------------
// plugins/deployment/deployment_test.go
// ---------------------------------------------------------------------------------------------

TEST_CASE("upstream deployment_test TestGetPodGroupMetadata") {
  // plugins/deployment/deployment_test.go, TestGetPodGroupMetadata: each pod of a Deployment gets
  // its own PodGroup `pg-<pod>-<pod uid>`, the `inference` class by default, and the queue of the
  // pod's label (the Deployment itself has none).
  Workload deployment = make_owner(WorkloadKind::kDeployment, "test_deployment", "test_namespace",
                                   "1", {{"test_label", "test_value"}});
  deployment.meta.annotations = {{"test_annotation", "test_value"}};
  WorkloadRole role = make_role("test_deployment", 1);
  role.pod.meta.labels = {{"kai.scheduler/queue", "test_queue"}};
  role.pod.spec.scheduler_name = "kai-scheduler";
  deployment.roles.push_back(role);

  const Pod pod1 =
      make_pod("pod-1", "test_namespace", "3", {{"kai.scheduler/queue", "test_queue"}});
  const Pod pod2 =
      make_pod("pod-2", "test_namespace", "4", {{"kai.scheduler/queue", "test_queue"}});
  const PodGrouping g1 = group(pod1, deployment);
  CHECK(g1.group.meta.name == "pg-pod-1-3");
  CHECK(g1.group.priority_class_name == "inference");
  CHECK(g1.group.queue == "test_queue");
  const PodGrouping g2 = group(pod2, deployment);
  CHECK(g2.group.meta.name == "pg-pod-2-4");
  CHECK(g2.group.priority_class_name == "inference");
  CHECK(g2.group.queue == "test_queue");
}

// ---------------------------------------------------------------------------------------------
// plugins/defaultgrouper/default_grouper_test.go
//
// The upstream owner is of a kind no plugin claims (`test_kind`, `TestKind`), which the hub
// hands to the default grouper. drasim's kinds that go to the default grouper are ReplicaSet and
// StatefulSet; the owner here is a StatefulSet.
// ---------------------------------------------------------------------------------------------

Workload default_owner(StringMap labels = {}) {
  Workload w =
      make_owner(WorkloadKind::kStatefulSet, "test_name", "test_namespace", "1", std::move(labels));
  w.roles.push_back(make_role("test_name", 1));
  return w;
}

TEST_CASE("upstream default_grouper_test TestGetPodGroupMetadata") {
  // plugins/defaultgrouper/default_grouper_test.go, TestGetPodGroupMetadata: the owner's one
  // label is copied; no queue label gives default-queue; no priority gives `train`; no
  // preemptibility label and no topology annotations leave those empty.
  Workload owner = default_owner({{"test_label", "test_value"}});
  owner.meta.annotations = {{"test_annotation", "test_value"}};
  const PodGrouping g = group(Pod{}, owner);
  CHECK(g.group.meta.labels.size() == 1);
  CHECK(g.group.queue == "default-queue");
  CHECK(g.group.priority_class_name == "train");
  CHECK(g.group.preemptibility == Preemptibility::kUnset);
  CHECK(g.group.topology_constraint.preferred_level.empty());
  CHECK(g.group.topology_constraint.required_level.empty());
  CHECK(g.group.topology_constraint.topology.empty());
}

TEST_CASE("upstream default_grouper_test TestGetPodGroupMetadataOnQueueFromOwner") {
  // default_grouper_test.go, TestGetPodGroupMetadataOnQueueFromOwner: the owner's
  // kai.scheduler/queue label is the queue (the `project` label beside it is not used).
  const Workload owner = default_owner({{"test_label", "test_value"},
                                        {"project", "my-proj"},
                                        {"kai.scheduler/queue", "my-proj-np-1"}});
  CHECK(group(Pod{}, owner).group.queue == "my-proj-np-1");
}

TEST_CASE("upstream default_grouper_test TestGetPodGroupMetadataOnQueueFromPod") {
  // default_grouper_test.go, TestGetPodGroupMetadataOnQueueFromPod: with no queue label on the
  // owner, the pod's is used.
  const Workload owner = default_owner({{"test_label", "test_value"}});
  const Pod pod = make_pod("", "", "", {{"kai.scheduler/queue", "my-queue"}});
  CHECK(group(pod, owner).group.queue == "my-queue");
}

TEST_CASE("upstream default_grouper_test TestGetPodGroupMetadataOnPriorityClassFromOwner") {
  // default_grouper_test.go, TestGetPodGroupMetadataOnPriorityClassFromOwner: the owner's
  // priorityClassName label names an existing class.
  const Workload owner =
      default_owner({{"test_label", "test_value"}, {"priorityClassName", "my-priority"}});
  CHECK(group(Pod{}, owner, with_priority_class("my-priority")).group.priority_class_name
        == "my-priority");
}

TEST_CASE("upstream default_grouper_test TestGetPodGroupMetadataOnPriorityClassFromPod") {
  // default_grouper_test.go, TestGetPodGroupMetadataOnPriorityClassFromPod: no label on the
  // owner, the pod's priorityClassName label names an existing class.
  const Workload owner = default_owner({{"test_label", "test_value"}});
  const Pod pod = make_pod("", "", "", {{"priorityClassName", "my-priority"}});
  CHECK(group(pod, owner, with_priority_class("my-priority")).group.priority_class_name
        == "my-priority");
}

TEST_CASE("upstream default_grouper_test TestGetPodGroupMetadataOnPriorityClassFromPodSpec") {
  // default_grouper_test.go, TestGetPodGroupMetadataOnPriorityClassFromPodSpec: no labels, the
  // pod's spec.priorityClassName names an existing class.
  const Workload owner = default_owner({{"test_label", "test_value"}});
  Pod pod;
  pod.spec.priority_class_name = "my-priority";
  CHECK(group(pod, owner, with_priority_class("my-priority")).group.priority_class_name
        == "my-priority");
}

TEST_CASE(
    "upstream default_grouper_test "
    "TestGetPodGroupMetadataOnPriorityClassDefaultsConfigMapOverrideFromPodSpec") {
  // default_grouper_test.go,
  // TestGetPodGroupMetadataOnPriorityClassDefaultsConfigMapOverrideFromPodSpec: the pod's
  // spec.priorityClassName names an existing class, which KAI takes before it reads the defaults
  // ConfigMap; drasim has no such ConfigMap, and none is needed to reach the same answer.
  const Workload owner = default_owner({{"test_label", "test_value"}});
  Pod pod;
  pod.spec.priority_class_name = "my-priority";
  CHECK(group(pod, owner, with_priority_class("my-priority")).group.priority_class_name
        == "my-priority");
}

TEST_CASE(
    "upstream default_grouper_test "
    "TestGetPodGroupMetadataOnPriorityClassDefaultsConfigMapOverrideFromLabel") {
  // default_grouper_test.go,
  // TestGetPodGroupMetadataOnPriorityClassDefaultsConfigMapOverrideFromLabel: the owner's
  // priorityClassName label (my-priority-2, existing) comes before the pod's
  // spec.priorityClassName (my-priority); the ConfigMap is not reached.
  const Workload owner =
      default_owner({{"test_label", "test_value"}, {"priorityClassName", "my-priority-2"}});
  Pod pod;
  pod.spec.priority_class_name = "my-priority";
  CHECK(group(pod, owner, with_priority_class("my-priority-2")).group.priority_class_name
        == "my-priority-2");
}

TEST_CASE(
    "upstream default_grouper_test "
    "TestCalcPodGroupPriorityClass_ValidPriorityClassOverridesInvalidDefault") {
  // default_grouper_test.go,
  // TestCalcPodGroupPriorityClass_ValidPriorityClassOverridesInvalidDefault: the owner's label
  // names an existing class, taken before the ConfigMap's (missing) default.
  const Workload owner = default_owner({{"priorityClassName", "valid-priority"}});
  CHECK(group(Pod{}, owner, with_priority_class("valid-priority")).group.priority_class_name
        == "valid-priority");
}

TEST_CASE("upstream default_grouper_test TestCalcPodGroupPriorityClass_WrapperFallbackTrain") {
  // default_grouper_test.go, TestCalcPodGroupPriorityClass_WrapperFallbackTrain: no priority
  // anywhere falls back to `train`.
  Workload owner = make_owner(WorkloadKind::kStatefulSet, "n", "ns", "1");
  owner.roles.push_back(make_role("n", 1));
  CHECK(group(Pod{}, owner).group.priority_class_name == "train");
}

TEST_CASE("upstream default_grouper_test TestGetPodGroupMetadata_OwnerUserOverridePodUser") {
  // default_grouper_test.go, TestGetPodGroupMetadata_OwnerUserOverridePodUser: the PodGroup's
  // `user` label is the owner's, not the pod's.
  Workload owner = default_owner({{"test_label", "test_value"}, {"user", "ownerUser"}});
  owner.meta.annotations = {{"test_annotation", "test_value"}};
  const Pod pod = make_pod("", "", "", {{"user", "podUser"}});
  const PodGrouping g = group(pod, owner);
  REQUIRE(g.group.meta.labels.count("user") == 1);
  CHECK(g.group.meta.labels.at("user") == "ownerUser");
}

TEST_CASE("upstream default_grouper_test TestGetPodGroupMetadataWithTopology") {
  // default_grouper_test.go, TestGetPodGroupMetadataWithTopology: the owner's topology
  // annotations become the PodGroup's topology constraint.
  Workload owner = default_owner({{"test_label", "test_value"}});
  owner.meta.annotations = {{"test_annotation", "test_value"},
                            {"kai.scheduler/topology-preferred-placement", "rack"},
                            {"kai.scheduler/topology-required-placement", "zone"},
                            {"kai.scheduler/topology", "network"}};
  owner.hints.topology.preferred_level = "rack";
  owner.hints.topology.required_level = "zone";
  owner.hints.topology.topology = "network";
  const PodGrouping g = group(Pod{}, owner);
  CHECK(g.group.topology_constraint.preferred_level == "rack");
  CHECK(g.group.topology_constraint.required_level == "zone");
  CHECK(g.group.topology_constraint.topology == "network");
}

/// TestCalcPodGroupPreemptibility: the preemptibility of a PodGroup whose owner and pod carry
/// the given kai.scheduler/preemptibility labels (empty: no label).
Preemptibility preemptibility_of(const std::string& owner_label, const std::string& pod_label) {
  StringMap owner_labels;
  if (!owner_label.empty()) {
    owner_labels["kai.scheduler/preemptibility"] = owner_label;
  }
  Pod pod;
  if (!pod_label.empty()) {
    pod.meta.labels["kai.scheduler/preemptibility"] = pod_label;
  }
  return group(pod, default_owner(std::move(owner_labels))).group.preemptibility;
}

// default_grouper_test.go, TestCalcPodGroupPreemptibility: the owner's valid label, else the
// pod's valid label; a value that is neither `preemptible` nor `non-preemptible` is skipped.

TEST_CASE(
    "upstream default_grouper_test TestCalcPodGroupPreemptibility/valid preemptible "
    "from owner") {
  CHECK(preemptibility_of("preemptible", "") == Preemptibility::kPreemptible);
}

TEST_CASE(
    "upstream default_grouper_test TestCalcPodGroupPreemptibility/valid non-preemptible "
    "from owner") {
  CHECK(preemptibility_of("non-preemptible", "") == Preemptibility::kNonPreemptible);
}

TEST_CASE(
    "upstream default_grouper_test TestCalcPodGroupPreemptibility/valid preemptible "
    "from pod") {
  CHECK(preemptibility_of("", "preemptible") == Preemptibility::kPreemptible);
}

TEST_CASE(
    "upstream default_grouper_test TestCalcPodGroupPreemptibility/valid non-preemptible "
    "from pod") {
  CHECK(preemptibility_of("", "non-preemptible") == Preemptibility::kNonPreemptible);
}

TEST_CASE(
    "upstream default_grouper_test TestCalcPodGroupPreemptibility/invalid value from "
    "owner") {
  CHECK(preemptibility_of("invalid-value", "") == Preemptibility::kUnset);
}

TEST_CASE("upstream default_grouper_test TestCalcPodGroupPreemptibility/invalid value from pod") {
  CHECK(preemptibility_of("", "invalid-value") == Preemptibility::kUnset);
}

TEST_CASE("upstream default_grouper_test TestCalcPodGroupPreemptibility/no labels") {
  CHECK(preemptibility_of("", "") == Preemptibility::kUnset);
}

TEST_CASE("upstream default_grouper_test TestCalcPodGroupPreemptibility/owner overrides pod") {
  CHECK(preemptibility_of("non-preemptible", "preemptible") == Preemptibility::kNonPreemptible);
}

TEST_CASE(
    "upstream default_grouper_test TestCalcPodGroupPreemptibility/owner invalid pod "
    "valid") {
  CHECK(preemptibility_of("invalid-value", "preemptible") == Preemptibility::kPreemptible);
}

/// TestCalcPodGroupPreemptionDelay: the PodGroup's preemption delay when the owner's and the
/// pod's kai.scheduler/preemption-delay annotations decode to the given durations.
std::optional<int64_t> preemption_delay_of(std::optional<int64_t> owner_us,
                                           std::optional<int64_t> pod_us) {
  Workload owner = make_owner(WorkloadKind::kStatefulSet, "test_name", "test_namespace", "1");
  owner.roles.push_back(make_role("test_name", 1));
  owner.hints.preemption_delay_us = owner_us;
  GrouperHints pod_hints;
  pod_hints.preemption_delay_us = pod_us;
  return group(Pod{}, owner, {}, pod_hints).group.preemption_delay_us;
}

// default_grouper_test.go, TestCalcPodGroupPreemptionDelay: the owner's annotation, else the
// pod's.

TEST_CASE(
    "upstream default_grouper_test TestCalcPodGroupPreemptionDelay/valid delay from "
    "owner") {
  // "5m" on the owner.
  CHECK(preemption_delay_of(300 * kSecondUs, std::nullopt) == 300 * kSecondUs);
}

TEST_CASE("upstream default_grouper_test TestCalcPodGroupPreemptionDelay/valid delay from pod") {
  // "90s" on the pod.
  CHECK(preemption_delay_of(std::nullopt, 90 * kSecondUs) == 90 * kSecondUs);
}

TEST_CASE("upstream default_grouper_test TestCalcPodGroupPreemptionDelay/owner overrides pod") {
  // "1h" on the owner, "5m" on the pod.
  CHECK(preemption_delay_of(3600 * kSecondUs, 300 * kSecondUs) == 3600 * kSecondUs);
}

TEST_CASE("upstream default_grouper_test TestCalcPodGroupPreemptionDelay/no labels") {
  CHECK_FALSE(preemption_delay_of(std::nullopt, std::nullopt).has_value());
}

}  // namespace
}  // namespace drasim::model
