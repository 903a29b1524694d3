// The subgroup tree rules of model/cluster/subgroups.h checked against KAI-Scheduler's own unit
// tests, ported case by case (the facts of each case, not its code) from:
//   pkg/scheduler/api/podgroup_info/allocation_info_test.go  (GetTasksToAllocate and helpers)
//   pkg/scheduler/api/podgroup_info/eviction_info_test.go    (GetTasksToEvict)
//   pkg/scheduler/plugins/subgrouporder/subgroup_order_test.go (SubGroupOrderFn, seen through
//     the allocation it steers)
//   pkg/scheduler/api/podgroup_info/job_info_test.go         (IsReadyForScheduling, IsStale)
//
// How the cases map onto the API:
// - Every upstream task becomes a pod with upstream's name. Pending goes in `pending`; Allocated
//   and Running (active allocated) go in `active`; Releasing only counts in `releasing`; a Gated
//   pod goes nowhere, since upstream neither allocates it nor counts it towards readiness.
// - Upstream's test task order is by UID (namespace/name), so each leaf's lists are kept in
//   ascending name order, and results are compared as names.
// - A job without subgroups is, upstream, a root holding the single PodSet "default"; such cases
//   build a PodGroup with one leaf named "default".
// - Upstream's podgroup_info tests order subgroup members by name alone, while drasim always
//   applies the subgrouporder rules (with the name only at a tie); each case says why both orders
//   lead to the same result.
// - GetTasksToEvict's second result ("the job keeps pods") is upstream's own formula: fewer pods
//   evicted than the job has active allocated.
// - Results are compared in order when upstream's order is defined (one PodSet, or members
//   sorted by name); when upstream gathers pods from several PodSets through a Go map, the order
//   is unspecified and the comparison is of sorted names. Each case says which.
//
// Not ported:
// - Test_HasTasksToAllocate, Test_GetTasksToAllocateRequestedGPUs,
//   Test_GetTasksToAllocateInitResourceVector, Test_getNumOfAllocatedTasks: job-wide status
//   counts and resource sums, which this API does not compute.
// - Test_getTasksFromQueue: a priority-queue helper with no subgroup in it.
// - Test_getNumAllocatableTasks: a count of a PodSet's allocatable pods; the API never returns
//   more than one pod of a satisfied leaf, so the counts (up to 2) cannot be observed.
// - Test_getTasksPriorityQueue: only the queue's head is observable (the pod taken from a leaf
//   one short of minMember 1), not its length; the head is ported below.
// - TestSubGroupOrderFn "left optional (minSubGroup=0), right required and satisfied": the left
//   member is a SubGroupSet with no members, and a subgroup that no other subgroup names as its
//   parent is a leaf here, so that shape cannot be built (the next case covers the same rule
//   with members).
// - TestPodGroupInfo_IsStale "empty PodGroupInfo, not stale", "no active used tasks, not
//   stale", "job has succeeded tasks, not stale": decided by job-wide guards (no active used
//   pod at all, a succeeded pod) that ClusterState applies around subgroups_below_min, not by
//   the tree.
#include "model/cluster/subgroups.h"

#include "model/k8s/ids.h"
#include "model/k8s/kai_objects.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

namespace drasim::model {
namespace {

/// Pod names as a rule returned them; prints as a list when a CHECK fails.
struct Names {
  std::vector<std::string> list;

  Names() = default;

  Names(std::initializer_list<std::string> names) : list(names) {}

  /// The same names ascending, for upstream checks that ignore the order.
  [[nodiscard]] Names sorted() const {
    Names out = *this;
    std::sort(out.list.begin(), out.list.end());
    return out;
  }

  friend bool operator==(const Names&, const Names&) = default;

  friend std::ostream& operator<<(std::ostream& os, const Names& n) {
    os << "[";
    for (size_t i = 0; i < n.list.size(); ++i) {
      os << (i == 0 ? "" : ", ") << n.list[i];
    }
    return os << "]";
  }
};

/// The upstream pod statuses the cases use.
enum class Status { kPending, kGated, kAllocated, kRunning, kReleasing };

/// A leaf subgroup (upstream PodSet).
SubGroup leaf(std::string name, int64_t min_member, std::string parent = "") {
  SubGroup s;
  s.name = std::move(name);
  s.parent = std::move(parent);
  s.min_member = min_member;
  return s;
}

/// A subgroup that others name as parent (upstream SubGroupSet); nullopt needs every member.
SubGroup group(std::string name, std::optional<int64_t> min_sub_group, std::string parent = "") {
  SubGroup s;
  s.name = std::move(name);
  s.parent = std::move(parent);
  s.min_sub_group = min_sub_group;
  return s;
}

PodGroup pod_group(std::vector<SubGroup> subs, std::optional<int64_t> root_min = std::nullopt) {
  PodGroup pg;
  pg.sub_groups = std::move(subs);
  pg.min_sub_group = root_min;
  return pg;
}

/// One job: its subgroup tree and its pods by leaf, each pod known by its upstream name.
class Job {
 public:
  explicit Job(const PodGroup& pg) : tree_(build_tree(pg)), pods_(tree_.nodes().size()) {}

  /// The tree index of the subgroup `name`, found by name so no case depends on the numbering.
  [[nodiscard]] size_t at(const std::string& name) const {
    for (size_t i = 1; i < tree_.nodes().size(); ++i) {
      if (tree_.node(i).name == name) {
        return i;
      }
    }
    FAIL("no subgroup named " << name);
    return 0;
  }

  void add(const std::string& subgroup, const std::string& pod, Status status) {
    const size_t i = at(subgroup);
    REQUIRE(tree_.node(i).leaf);
    const PodId id = PodId::from_index(names_.size());
    names_.push_back(pod);
    switch (status) {
      case Status::kPending:
        insert(pods_.pending[i], id);
        break;
      case Status::kGated:
        break;
      case Status::kAllocated:
      case Status::kRunning:
        insert(pods_.active[i], id);
        break;
      case Status::kReleasing:
        ++pods_.releasing[i];
        break;
    }
  }

  [[nodiscard]] Names names(const std::vector<PodId>& ids) const {
    Names out;
    for (const PodId id : ids) {
      out.list.push_back(names_.at(id.index()));
    }
    return out;
  }

  [[nodiscard]] Names to_allocate() const {
    return names(subgroup_tasks_to_allocate(tree_, pods_));
  }

  [[nodiscard]] Names to_evict() const { return names(subgroup_tasks_to_evict(tree_, pods_)); }

  [[nodiscard]] bool ready() const { return subgroups_ready(tree_, pods_); }

  [[nodiscard]] int32_t first_unready() const { return first_unready_leaf(tree_, pods_); }

  [[nodiscard]] bool below_min() const { return subgroups_below_min(tree_, pods_); }

  /// GetTasksToEvict's second result: the job still has active allocated pods afterwards.
  [[nodiscard]] bool keeps_pods_after(const Names& evicted) const {
    size_t active = 0;
    for (const std::vector<PodId>& a : pods_.active) {
      active += a.size();
    }
    return evicted.list.size() < active;
  }

 private:
  static SubGroupTree build_tree(const PodGroup& pg) {
    std::string error;
    std::optional<SubGroupTree> tree = SubGroupTree::build(pg, error);
    REQUIRE_MESSAGE(tree.has_value(), error);
    return std::move(*tree);
  }

  /// Keeps a leaf's list in upstream's task order (ascending name).
  void insert(std::vector<PodId>& list, PodId id) const {
    const auto by_name = [this](PodId a, PodId b) {
      return names_[a.index()] < names_[b.index()];
    };
    list.insert(std::upper_bound(list.begin(), list.end(), id, by_name), id);
  }

  SubGroupTree tree_;
  SubGroupPods pods_;
  std::vector<std::string> names_;  ///< by PodId
};

// ---------------------------------------------------------------------------------------------
// allocation_info_test.go: Test_GetTasksToAllocate. Upstream's root needs all of its members
// (no minSubGroup) and compares the returned names position by position: ordered comparisons.

TEST_CASE("Test_GetTasksToAllocate / single pending task") {
  Job job(pod_group({leaf("subGroup1", 1)}));
  job.add("subGroup1", "task1", Status::kPending);
  // subGroup1 lacks its one pod, so the root is unsatisfied and the gang is that one pod.
  CHECK(job.to_allocate() == Names{"task1"});
}

TEST_CASE("Test_GetTasksToAllocate / multiple pending tasks") {
  Job job(pod_group({leaf("subGroup2", 2)}));
  job.add("subGroup2", "task1", Status::kPending);
  job.add("subGroup2", "task2", Status::kPending);
  // minMember 2 with nothing allocated: the whole shortfall of 2 goes together, in task order.
  CHECK(job.to_allocate() == Names{"task1", "task2"});
}

TEST_CASE("Test_GetTasksToAllocate / one allocated and one pending") {
  Job job(pod_group({leaf("subGroup3", 1)}));
  job.add("subGroup3", "task1", Status::kAllocated);
  job.add("subGroup3", "task2", Status::kPending);
  // task1 already satisfies minMember 1, so the root is satisfied; the elastic phase takes one
  // more pod of the satisfied leaf.
  CHECK(job.to_allocate() == Names{"task2"});
}

TEST_CASE("Test_GetTasksToAllocate / pending in multiple subgroups, subGroups below minAvailable") {
  Job job(pod_group({leaf("subGroup1", 1), leaf("subGroup2", 1)}));
  job.add("subGroup1", "task1", Status::kPending);
  job.add("subGroup2", "task2", Status::kPending);
  // The root needs both members and neither has its pod: the gang is both shortfalls. Both are
  // unsatisfied, so subgrouporder ties and the name decides, as in upstream's name order.
  CHECK(job.to_allocate() == Names{"task1", "task2"});
}

TEST_CASE("Test_GetTasksToAllocate / no allocatable tasks") {
  Job job(pod_group({leaf("subGroup4", 1)}));
  job.add("subGroup4", "task1", Status::kAllocated);
  // Satisfied, and no pending pod anywhere: nothing to allocate.
  CHECK(job.to_allocate() == Names{});
}

TEST_CASE("Test_GetTasksToAllocate / two subgroups, allocation left only in second") {
  Job job(pod_group({leaf("subGroup1", 1), leaf("subGroup2", 1)}));
  job.add("subGroup1", "task1", Status::kRunning);
  job.add("subGroup2", "task2", Status::kRunning);
  job.add("subGroup2", "task3", Status::kPending);
  // Both members are at minMember, so the root is satisfied. The elastic phase serves the first
  // member with a pending pod: subGroup1 (first by name, and tied 1/1 in subgrouporder) has
  // none, so subGroup2 gives one pod.
  CHECK(job.to_allocate() == Names{"task3"});
}

TEST_CASE("Test_GetTasksToAllocate / three subgroups, last two are not gang satisfied") {
  Job job(pod_group({leaf("subGroup1", 1), leaf("subGroup2", 1), leaf("subGroup3", 1)}));
  job.add("subGroup1", "task1", Status::kRunning);
  job.add("subGroup2", "task2", Status::kPending);
  job.add("subGroup3", "task3", Status::kPending);
  // The root needs all three and has one: gang phase over its 3 members, where the satisfied
  // subGroup1 adds nothing and the other two add their shortfalls. subgrouporder puts the two
  // unsatisfied members first, by name, which is the same sequence as upstream's name order.
  CHECK(job.to_allocate() == Names{"task2", "task3"});
}

TEST_CASE(
    "Test_GetTasksToAllocate / three subgroups, all gang satisfied, allocation left in the "
    "last two") {
  Job job(pod_group({leaf("subGroup1", 1), leaf("subGroup2", 1), leaf("subGroup3", 1)}));
  job.add("subGroup1", "task1", Status::kRunning);
  job.add("subGroup2", "task2", Status::kRunning);
  job.add("subGroup2", "task3", Status::kPending);
  job.add("subGroup3", "task4", Status::kRunning);
  job.add("subGroup3", "task5", Status::kPending);
  // Satisfied root, elastic phase: only one member is served. All three are at 1/1, so the name
  // decides: subGroup1 has no pending pod, subGroup2 gives task3 and subGroup3 waits.
  CHECK(job.to_allocate() == Names{"task3"});
}

// Test_GetTasksToAllocate_MinSubGroupZero: the root has minSubGroup 0. Upstream checks only the
// number of tasks; the names are the ones both orders give.

TEST_CASE(
    "Test_GetTasksToAllocate_MinSubGroupZero / root minSubGroup=0, all children "
    "unsatisfied: gang skipped, elastic returns one child's tasks") {
  Job job(pod_group({leaf("sgA", 1), leaf("sgB", 1)}, int64_t{0}));
  job.add("sgA", "taskA1", Status::kPending);
  job.add("sgB", "taskB1", Status::kPending);
  // A root needing 0 members is satisfied with none, so there is no gang: the elastic phase
  // serves one member only, the first (both unsatisfied: by name, sgA) with its shortfall.
  const Names got = job.to_allocate();
  CHECK(got.list.size() == 1);
  CHECK(got == Names{"taskA1"});
}

TEST_CASE(
    "Test_GetTasksToAllocate_MinSubGroupZero / root minSubGroup=0, all children "
    "satisfied: elastic returns no tasks") {
  Job job(pod_group({leaf("sgA", 1), leaf("sgB", 1)}, int64_t{0}));
  job.add("sgA", "taskA1", Status::kRunning);
  job.add("sgB", "taskB1", Status::kRunning);
  // Every member is at minMember and no pod is pending: nothing to allocate.
  CHECK(job.to_allocate().list.empty());
}

TEST_CASE(
    "Test_GetTasksToAllocate_MinSubGroupZero / root minSubGroup=0, one satisfied + one "
    "with elastic surplus: returns one elastic task") {
  Job job(pod_group({leaf("sgA", 1), leaf("sgB", 1)}, int64_t{0}));
  job.add("sgA", "taskA1", Status::kRunning);
  job.add("sgB", "taskB1", Status::kRunning);
  job.add("sgB", "taskB2", Status::kPending);
  // Elastic phase: sgA (first at the 1/1 tie) has nothing pending, sgB gives its one pod.
  const Names got = job.to_allocate();
  CHECK(got.list.size() == 1);
  CHECK(got == Names{"taskB2"});
}

// Test_getNumTasksToAllocate: one PodSet "sg" (here the root's only leaf) with tasks task-0,
// task-1, ... in the statuses listed. Upstream checks how many tasks the PodSet gives; here that
// is the number GetTasksToAllocate returns (the pending pods always suffice), and the names are
// the first pending ones in task order.

TEST_CASE("Test_getNumTasksToAllocate / pending equal to minAvailable") {
  Job job(pod_group({leaf("sg", 3)}));
  job.add("sg", "task-0", Status::kPending);
  job.add("sg", "task-1", Status::kPending);
  job.add("sg", "task-2", Status::kPending);
  // Below minMember 3 with none allocated: the shortfall is 3.
  const Names got = job.to_allocate();
  CHECK(got.list.size() == 3);
  CHECK(got == Names{"task-0", "task-1", "task-2"});
}

TEST_CASE("Test_getNumTasksToAllocate / allocated equal to minAvailable, plus pending") {
  Job job(pod_group({leaf("sg", 2)}));
  job.add("sg", "task-0", Status::kAllocated);
  job.add("sg", "task-1", Status::kAllocated);
  job.add("sg", "task-2", Status::kPending);
  // At minMember: a satisfied leaf gives at most one pod.
  const Names got = job.to_allocate();
  CHECK(got.list.size() == 1);
  CHECK(got == Names{"task-2"});
}

TEST_CASE("Test_getNumTasksToAllocate / allocated above minAvailable, extra allocatable pending") {
  Job job(pod_group({leaf("sg", 2)}));
  job.add("sg", "task-0", Status::kAllocated);
  job.add("sg", "task-1", Status::kAllocated);
  job.add("sg", "task-2", Status::kAllocated);
  job.add("sg", "task-3", Status::kPending);
  // Above minMember: still one pod at a time.
  const Names got = job.to_allocate();
  CHECK(got.list.size() == 1);
  CHECK(got == Names{"task-3"});
}

TEST_CASE("Test_getNumTasksToAllocate / allocated less than minAvailable, rest pending") {
  Job job(pod_group({leaf("sg", 4)}));
  job.add("sg", "task-0", Status::kAllocated);
  job.add("sg", "task-1", Status::kAllocated);
  job.add("sg", "task-2", Status::kPending);
  job.add("sg", "task-3", Status::kPending);
  // 2 of the 4 needed are allocated: the shortfall is 4 - 2 = 2.
  const Names got = job.to_allocate();
  CHECK(got.list.size() == 2);
  CHECK(got == Names{"task-2", "task-3"});
}

TEST_CASE("Test_getNumTasksToAllocate / all allocated, at minAvailable") {
  Job job(pod_group({leaf("sg", 3)}));
  job.add("sg", "task-0", Status::kAllocated);
  job.add("sg", "task-1", Status::kAllocated);
  job.add("sg", "task-2", Status::kAllocated);
  // Satisfied and nothing pending: none.
  CHECK(job.to_allocate().list.empty());
}

// Test_getTasksPriorityQueue: PodSet "subGroup1" with minMember 1. The queue holds the pods the
// PodSet may allocate; its head is what GetTasksToAllocate takes when the leaf is one short (or
// satisfied), and an empty queue means nothing is taken. The queue's length is not observable.

TEST_CASE("Test_getTasksPriorityQueue / one pending task") {
  Job job(pod_group({leaf("subGroup1", 1)}));
  job.add("subGroup1", "task1", Status::kPending);
  // Upstream: length 1, head task1; the leaf is one short and takes the head.
  CHECK(job.to_allocate() == Names{"task1"});
}

TEST_CASE("Test_getTasksPriorityQueue / one allocated and one pending task, only allocatable") {
  Job job(pod_group({leaf("subGroup1", 1)}));
  job.add("subGroup1", "task1", Status::kAllocated);
  job.add("subGroup1", "task2", Status::kPending);
  // Upstream: length 1, head task2 (the allocated pod is not allocatable); the satisfied leaf
  // takes one pod, the head.
  CHECK(job.to_allocate() == Names{"task2"});
}

TEST_CASE("Test_getTasksPriorityQueue / only allocated tasks") {
  Job job(pod_group({leaf("subGroup1", 1)}));
  job.add("subGroup1", "task1", Status::kAllocated);
  job.add("subGroup1", "task2", Status::kAllocated);
  // Upstream: an empty queue, so nothing to allocate.
  CHECK(job.to_allocate().list.empty());
}

TEST_CASE("Test_getTasksPriorityQueue / releasing and pending tasks") {
  Job job(pod_group({leaf("subGroup1", 1)}));
  job.add("subGroup1", "task1", Status::kReleasing);
  job.add("subGroup1", "task2", Status::kPending);
  // A real allocation does not reallocate a releasing pod: upstream's queue is just task2. The
  // releasing pod is not active allocated either, so the leaf is one short and takes task2.
  CHECK(job.to_allocate() == Names{"task2"});
}

TEST_CASE("Test_getTasksPriorityQueue / releasing and pending tasks (virtual allocation)") {
  Job job(pod_group({leaf("subGroup1", 1)}));
  // A virtual (simulated) allocation may allocate the releasing task1 again: in SubGroupPods it
  // is one of the pods that may be allocated, so it goes in `pending`.
  job.add("subGroup1", "task1", Status::kPending);
  job.add("subGroup1", "task2", Status::kPending);
  // Upstream: length 2, head task1; the leaf is one short and takes the head.
  CHECK(job.to_allocate() == Names{"task1"});
}

TEST_CASE("Test_getTasksPriorityQueue / empty queue") {
  Job job(pod_group({leaf("subGroup1", 1)}));
  // No pods at all: upstream's queue is empty, nothing to allocate.
  CHECK(job.to_allocate().list.empty());
}

// ---------------------------------------------------------------------------------------------
// eviction_info_test.go: TestGetTasksToEvict_Table. Upstream checks the number of pods evicted
// and whether the job keeps pods; the names here are what the reverse task order gives.

TEST_CASE("TestGetTasksToEvict_Table / WithoutSubGroups_EvictOne") {
  Job job(pod_group({leaf("default", 1)}));
  job.add("default", "pod-a", Status::kRunning);
  job.add("default", "pod-b", Status::kRunning);
  job.add("default", "pod-c", Status::kRunning);
  // default runs 3 of the 1 it needs: one surplus pod goes, the last in task order.
  const Names evicted = job.to_evict();
  CHECK(evicted == Names{"pod-c"});
  CHECK(job.keeps_pods_after(evicted));
}

TEST_CASE("TestGetTasksToEvict_Table / WithoutSubGroups_EmptyQueue") {
  Job job(pod_group({leaf("default", 1)}));
  // No pods: no member is satisfied, and the fallback (every active pod) is empty.
  const Names evicted = job.to_evict();
  CHECK(evicted.list.empty());
  CHECK_FALSE(job.keeps_pods_after(evicted));
}

TEST_CASE("TestGetTasksToEvict_Table / WithoutSubGroups_MultipleEvict") {
  Job job(pod_group({leaf("default", 2)}));
  job.add("default", "pod-a", Status::kRunning);
  job.add("default", "pod-b", Status::kRunning);
  // default is exactly at minMember 2 and the root needs its only member: no surplus anywhere,
  // so the whole job goes. One PodSet, so upstream's order is defined: reverse task order.
  const Names evicted = job.to_evict();
  CHECK(evicted == Names{"pod-b", "pod-a"});
  CHECK_FALSE(job.keeps_pods_after(evicted));
}

TEST_CASE("TestGetTasksToEvict_Table / WithSubGroups_SingleEvict") {
  Job job(pod_group({leaf("sg1", 1), leaf("sg2", 1)}));
  job.add("sg1", "pod-1", Status::kRunning);
  job.add("sg1", "pod-2", Status::kRunning);
  job.add("sg2", "pod-3", Status::kRunning);
  // sg1 runs one pod above its minMember 1 and sg2 none, whatever the member order: sg1's last
  // pod goes and the job keeps two.
  const Names evicted = job.to_evict();
  CHECK(evicted == Names{"pod-2"});
  CHECK(job.keeps_pods_after(evicted));
}

TEST_CASE("TestGetTasksToEvict_Table / WithSubGroups_EvictAll") {
  Job job(pod_group({leaf("default", 2), leaf("sg1", 1), leaf("sg2", 1)}));
  job.add("sg1", "pod-1", Status::kRunning);
  job.add("sg2", "pod-2", Status::kRunning);
  // The root needs all three members and only sg1 and sg2 are satisfied (default has none of
  // its 2): nothing spare at any level, so every active pod goes. Upstream collects them from a
  // map of PodSets: compared unordered.
  const Names evicted = job.to_evict();
  CHECK(evicted.sorted() == Names{"pod-1", "pod-2"});
  CHECK_FALSE(job.keeps_pods_after(evicted));
}

// TestGetTasksToEvict_HierarchicalTree. Upstream checks the number evicted and whether the job
// keeps pods (and the names in the last case, unordered); the names here follow from the rules.

TEST_CASE(
    "TestGetTasksToEvict_HierarchicalTree / "
    "Phase1_ElasticRecursive_EvictFromPodSetAboveMin") {
  Job job(pod_group(
      {group("inner", std::nullopt), leaf("ps-a", 1, "inner"), leaf("ps-b", 1, "inner")}));
  job.add("ps-a", "pod-1", Status::kRunning);
  job.add("ps-b", "pod-2", Status::kRunning);
  job.add("ps-b", "pod-3", Status::kRunning);
  // The root's one member is satisfied, and below it ps-b runs one pod above minMember: the
  // search goes down into inner and takes ps-b's last pod (ps-a is at its minimum).
  const Names evicted = job.to_evict();
  CHECK(evicted == Names{"pod-3"});
  CHECK(job.keeps_pods_after(evicted));
}

TEST_CASE(
    "TestGetTasksToEvict_HierarchicalTree / "
    "Phase2_ElasticDirect_DropMemberWhenMinSubGroupLessThanSatisfied") {
  Job job(pod_group({leaf("ps-a", 1), leaf("ps-b", 1)}, int64_t{1}));
  job.add("ps-a", "pod-1", Status::kRunning);
  job.add("ps-b", "pod-2", Status::kRunning);
  // No leaf is above its minimum, but the root needs 1 member and has 2: one whole member goes,
  // the last in member order. Both are at 1/1, so the name decides and the reverse order starts
  // with ps-b, as in upstream's reverse name order.
  const Names evicted = job.to_evict();
  CHECK(evicted == Names{"pod-2"});
  CHECK(job.keeps_pods_after(evicted));
}

TEST_CASE(
    "TestGetTasksToEvict_HierarchicalTree / "
    "Phase2_ElasticDirect_NestedSubGroupSetWithMinSubGroup") {
  Job job(
      pod_group({group("inner", int64_t{1}), leaf("ps-a", 2, "inner"), leaf("ps-b", 2, "inner")}));
  job.add("ps-a", "pod-1", Status::kRunning);
  job.add("ps-a", "pod-2", Status::kRunning);
  job.add("ps-b", "pod-3", Status::kRunning);
  job.add("ps-b", "pod-4", Status::kRunning);
  // inner needs 1 member and has 2 satisfied, which is a surplus below the root: the search goes
  // into inner, finds no leaf above its minimum, and drops inner's last member (2/2 each, so by
  // name: ps-b) whole. One PodSet, so the order is defined: reverse task order.
  const Names evicted = job.to_evict();
  CHECK(evicted == Names{"pod-4", "pod-3"});
  CHECK(job.keeps_pods_after(evicted));
}

TEST_CASE("TestGetTasksToEvict_HierarchicalTree / Phase3_FullSubtreeEviction_AllMembersAtMin") {
  Job job(pod_group({leaf("ps-a", 1), leaf("ps-b", 1)}));
  job.add("ps-a", "pod-1", Status::kRunning);
  job.add("ps-b", "pod-2", Status::kRunning);
  // The root needs both members, both at their minimum: nothing spare, so the whole job goes.
  // Gathered from two PodSets: compared unordered.
  const Names evicted = job.to_evict();
  CHECK(evicted.sorted() == Names{"pod-1", "pod-2"});
  CHECK_FALSE(job.keeps_pods_after(evicted));
}

TEST_CASE("TestGetTasksToEvict_HierarchicalTree / NotSatisfied_ReturnsNil") {
  Job job(pod_group({leaf("ps-a", 1), leaf("ps-b", 1)}));
  job.add("ps-a", "pod-1", Status::kRunning);
  // The root needs 2 members and has 1 satisfied: no surplus pod, no spare member; the fallback
  // evicts every active pod, which is pod-1 alone.
  const Names evicted = job.to_evict();
  CHECK(evicted == Names{"pod-1"});
  CHECK_FALSE(job.keeps_pods_after(evicted));
}

TEST_CASE("TestGetTasksToEvict_HierarchicalTree / MixedSubGroupSetAndPodSetMembers") {
  Job job(
      pod_group({leaf("ps-root", 1), group("inner", std::nullopt), leaf("ps-inner", 1, "inner")}));
  job.add("ps-root", "pod-1", Status::kRunning);
  job.add("ps-root", "pod-2", Status::kRunning);
  job.add("ps-inner", "pod-3", Status::kRunning);
  // ps-root runs one pod above its minimum; inner has no surplus. Whichever member is tried
  // first, the one surplus pod is ps-root's last.
  const Names evicted = job.to_evict();
  CHECK(evicted == Names{"pod-2"});
  CHECK(job.keeps_pods_after(evicted));
}

TEST_CASE(
    "TestGetTasksToEvict_HierarchicalTree / "
    "Phase1_GangEvictionInsideMember_DuringElasticRecursion") {
  Job job(pod_group({group("member-a", std::nullopt), group("member-b", std::nullopt),
                     leaf("ps-a1", 1, "member-a"), leaf("ps-a2", 1, "member-a"),
                     leaf("ps-b1", 1, "member-b"), leaf("ps-b2", 1, "member-b")},
                    int64_t{1}));
  job.add("ps-a1", "pod-1", Status::kRunning);
  job.add("ps-a2", "pod-2", Status::kRunning);
  job.add("ps-b1", "pod-3", Status::kRunning);
  job.add("ps-b2", "pod-4", Status::kRunning);
  // The root needs 1 member and has 2: a surplus. Neither member has anything spare inside (each
  // needs both of its leaves, each leaf at its minimum), so the root drops one member whole: the
  // last in member order, member-b (both at 2/2, so by name, reversed). Its pods come from two
  // PodSets: compared unordered.
  const Names evicted = job.to_evict();
  CHECK(evicted.sorted() == Names{"pod-3", "pod-4"});
  CHECK(job.keeps_pods_after(evicted));
}

TEST_CASE(
    "TestGetTasksToEvict_HierarchicalTree / "
    "MinSubGroupZero_RootEntireSubtreeElasticDroppable") {
  Job job(pod_group({leaf("ps-a", 1)}, int64_t{0}));
  job.add("ps-a", "pod-1", Status::kRunning);
  // The root needs 0 members and has 1 satisfied, so that member is spare and goes whole.
  const Names evicted = job.to_evict();
  CHECK(evicted == Names{"pod-1"});
  CHECK_FALSE(job.keeps_pods_after(evicted));
}

TEST_CASE(
    "TestGetTasksToEvict_HierarchicalTree / "
    "MinSubGroupZero_NestedInnerSubtreeElasticDroppable") {
  Job job(pod_group({group("inner", int64_t{0}), leaf("ps-a", 1, "inner")}));
  job.add("ps-a", "pod-1", Status::kRunning);
  // inner needs 0 members and has 1: a surplus below the root, so the search goes into inner,
  // which drops its spare member ps-a whole.
  const Names evicted = job.to_evict();
  CHECK(evicted == Names{"pod-1"});
  CHECK_FALSE(job.keeps_pods_after(evicted));
}

TEST_CASE("TestGetTasksToEvict_HierarchicalTree / MinSubGroupZero_NestedInnerLeavesSiblingAlone") {
  Job job(
      pod_group({group("inner", int64_t{0}), leaf("ps-elastic", 1, "inner"), leaf("ps-keep", 1)}));
  job.add("ps-elastic", "pod-1", Status::kRunning);
  job.add("ps-keep", "pod-2", Status::kRunning);
  // The root needs both members and has both, but inner (needing 0) has a spare member: the
  // eviction comes from inner only, and ps-keep, at its minimum, keeps pod-2. Upstream compares
  // the names unordered.
  const Names evicted = job.to_evict();
  CHECK(evicted.sorted() == Names{"pod-1"});
  CHECK(job.keeps_pods_after(evicted));
}

// ---------------------------------------------------------------------------------------------
// subgroup_order_test.go: TestSubGroupOrderFn compares two members, left and right. Here the two
// sit under a root with minSubGroup 0, which is always satisfied, so allocation is in its elastic
// phase and serves only the first member in order that has a task; every leaf holds upstream's
// allocated pods (running, "<leaf>-pod-<i>") plus one pending pod ("<leaf>-pending"), so either
// member would yield one. Upstream's Session breaks a tie by name, so each case runs twice, with
// the left member named "a" and then "b" (the right one gets the other name; their members are
// named "<name>-member-<i>" as upstream's helper names them): a left-first result serves the
// left member both times, right-first the right one, and a tie serves "a" both times.

struct LeafSpec {
  int64_t min_member;
  int64_t running;
};

/// The two-member tree of one order case; see above.
class OrderCase {
 public:
  void add_leaf(const std::string& name, LeafSpec spec, const std::string& parent = "") {
    subs_.push_back(leaf(name, spec.min_member, parent));
    running_.emplace_back(name, spec.running);
  }

  void add_group(const std::string& name, std::optional<int64_t> min_sub_group,
                 const std::string& parent = "") {
    subs_.push_back(group(name, min_sub_group, parent));
  }

  /// A set whose leaves are named <name>-member-0, <name>-member-1, ...
  void add_group_of_leaves(const std::string& name, std::optional<int64_t> min_sub_group,
                           const std::vector<LeafSpec>& leaves, const std::string& parent = "") {
    add_group(name, min_sub_group, parent);
    for (size_t i = 0; i < leaves.size(); ++i) {
      add_leaf(name + "-member-" + std::to_string(i), leaves[i], name);
    }
  }

  /// The pods allocation takes: those of the member that comes first.
  [[nodiscard]] Names served() const {
    Job job(pod_group(subs_, int64_t{0}));
    for (const auto& [name, running] : running_) {
      for (int64_t i = 0; i < running; ++i) {
        job.add(name, name + "-pod-" + std::to_string(i), Status::kRunning);
      }
      job.add(name, name + "-pending", Status::kPending);
    }
    return job.to_allocate();
  }

 private:
  std::vector<SubGroup> subs_;
  std::vector<std::pair<std::string, int64_t>> running_;
};

TEST_CASE("TestSubGroupOrderFn / both below threshold (nil minSubGroup, no members satisfied)") {
  const auto served = [](const std::string& left, const std::string& right) {
    OrderCase c;
    c.add_group_of_leaves(left, std::nullopt, {{3, 1}, {3, 0}});
    c.add_group_of_leaves(right, std::nullopt, {{3, 2}, {3, 1}});
    return c.served();
  };
  // Both sets need both members and have none satisfied: equal, so "a" comes first. The served
  // set is unsatisfied, so it gives the gang of its two members' shortfalls (one pending pod
  // each; its members tie too, so by name).
  CHECK(served("a", "b") == Names{"a-member-0-pending", "a-member-1-pending"});
  CHECK(served("b", "a") == Names{"a-member-0-pending", "a-member-1-pending"});
}

TEST_CASE("TestSubGroupOrderFn / left below threshold, right above") {
  const auto served = [](const std::string& left, const std::string& right) {
    OrderCase c;
    c.add_group_of_leaves(left, std::nullopt, {{3, 0}, {3, 0}});
    c.add_group_of_leaves(right, std::nullopt, {{3, 5}, {3, 4}});
    return c.served();
  };
  // Left has 0 of its 2 members satisfied, right 2 of 2: the unsatisfied left goes first and
  // gives its gang (both members short).
  CHECK(served("a", "b") == Names{"a-member-0-pending", "a-member-1-pending"});
  CHECK(served("b", "a") == Names{"b-member-0-pending", "b-member-1-pending"});
}

TEST_CASE("TestSubGroupOrderFn / right below threshold, left above") {
  const auto served = [](const std::string& left, const std::string& right) {
    OrderCase c;
    c.add_group_of_leaves(left, std::nullopt, {{3, 5}, {3, 4}});
    c.add_group_of_leaves(right, std::nullopt, {{3, 0}, {3, 0}});
    return c.served();
  };
  // The mirror image: the unsatisfied right goes first.
  CHECK(served("a", "b") == Names{"b-member-0-pending", "b-member-1-pending"});
  CHECK(served("b", "a") == Names{"a-member-0-pending", "a-member-1-pending"});
}

TEST_CASE("TestSubGroupOrderFn / both satisfied, left has lower satisfaction ratio") {
  const auto served = [](const std::string& left, const std::string& right) {
    OrderCase c;
    c.add_group_of_leaves(left, int64_t{2}, {{3, 5}, {3, 4}, {3, 0}});
    c.add_group_of_leaves(right, int64_t{2}, {{3, 5}, {3, 4}, {3, 3}});
    return c.served();
  };
  // Both need 2 members; left has 2 satisfied (ratio 1.0), right 3 (ratio 1.5): left first. The
  // satisfied left serves its first member, the unsatisfied member-2.
  CHECK(served("a", "b") == Names{"a-member-2-pending"});
  CHECK(served("b", "a") == Names{"b-member-2-pending"});
}

TEST_CASE("TestSubGroupOrderFn / both satisfied, equal satisfaction ratio") {
  const auto served = [](const std::string& left, const std::string& right) {
    OrderCase c;
    c.add_group_of_leaves(left, int64_t{2}, std::vector<LeafSpec>(4, LeafSpec{1, 1}));
    c.add_group_of_leaves(right, int64_t{4}, std::vector<LeafSpec>(8, LeafSpec{1, 1}));
    return c.served();
  };
  // 4 satisfied of 2 needed and 8 of 4: both ratio 2.0, equal, so "a" comes first. Its members
  // all tie at 1/1, so it serves member-0.
  CHECK(served("a", "b") == Names{"a-member-0-pending"});
  CHECK(served("b", "a") == Names{"a-member-0-pending"});
}

TEST_CASE(
    "TestSubGroupOrderFn / left non-leaf optional (minSubGroup=0 with children), right "
    "required and satisfied") {
  const auto served = [](const std::string& left, const std::string& right) {
    OrderCase c;
    c.add_group_of_leaves(left, int64_t{0}, {{2, 0}, {2, 0}});
    c.add_group_of_leaves(right, int64_t{2}, {{3, 5}, {3, 4}});
    return c.served();
  };
  // Both are satisfied (left needs none); a required member (threshold > 0) goes before an
  // optional one: right first. Right's members are at 5/3 and 4/3, so the lower ratio,
  // member-1, is served.
  CHECK(served("a", "b") == Names{"b-member-1-pending"});
  CHECK(served("b", "a") == Names{"a-member-1-pending"});
}

TEST_CASE(
    "TestSubGroupOrderFn / both non-leaf optional (minSubGroup=0), neither has allocated "
    "members") {
  const auto served = [](const std::string& left, const std::string& right) {
    OrderCase c;
    c.add_group_of_leaves(left, int64_t{0}, {{2, 0}});
    c.add_group_of_leaves(right, int64_t{0}, {{3, 0}});
    return c.served();
  };
  // Both optional with 0 satisfied members: equal, so "a" first; it serves its one (short)
  // member's pending pod.
  CHECK(served("a", "b") == Names{"a-member-0-pending"});
  CHECK(served("b", "a") == Names{"a-member-0-pending"});
}

TEST_CASE(
    "TestSubGroupOrderFn / both non-leaf optional (minSubGroup=0), left has fewer "
    "allocated members") {
  const auto served = [](const std::string& left, const std::string& right) {
    OrderCase c;
    c.add_group_of_leaves(left, int64_t{0}, {{1, 0}});
    c.add_group_of_leaves(right, int64_t{0}, {{1, 1}});
    return c.served();
  };
  // Both optional; left has 0 satisfied members, right 1: the fewer first, left.
  CHECK(served("a", "b") == Names{"a-member-0-pending"});
  CHECK(served("b", "a") == Names{"b-member-0-pending"});
}

TEST_CASE(
    "TestSubGroupOrderFn / nested SubGroupSets: left's member not satisfied, right's "
    "member satisfied") {
  const auto served = [](const std::string& left, const std::string& right) {
    OrderCase c;
    c.add_group(left, int64_t{1});
    c.add_group_of_leaves(left + "-member", std::nullopt, {{2, 3}, {2, 0}}, left);
    c.add_group(right, int64_t{1});
    c.add_group_of_leaves(right + "-member", std::nullopt, {{2, 3}, {2, 4}}, right);
    return c.served();
  };
  // Left's only member needs both of its leaves and has one, so left has 0 of the 1 member it
  // needs; right's member has both: the unsatisfied left first. Its gang is its member's gang,
  // whose one short leaf (member-1, ordered before the satisfied member-0) gives its pod.
  CHECK(served("a", "b") == Names{"a-member-member-1-pending"});
  CHECK(served("b", "a") == Names{"b-member-member-1-pending"});
}

TEST_CASE("TestSubGroupOrderFn / both below minAvailable, should be equal (PodSet)") {
  const auto served = [](const std::string& left, const std::string& right) {
    OrderCase c;
    c.add_leaf(left, {3, 1});
    c.add_leaf(right, {4, 2});
    return c.served();
  };
  // Both leaves short of minMember: equal, so "a" first.
  CHECK(served("a", "b") == Names{"a-pending"});
  CHECK(served("b", "a") == Names{"a-pending"});
}

TEST_CASE("TestSubGroupOrderFn / left below, right above minAvailable (PodSet)") {
  const auto served = [](const std::string& left, const std::string& right) {
    OrderCase c;
    c.add_leaf(left, {3, 1});
    c.add_leaf(right, {3, 5});
    return c.served();
  };
  // Left is short of minMember, right above it: the short one first.
  CHECK(served("a", "b") == Names{"a-pending"});
  CHECK(served("b", "a") == Names{"b-pending"});
}

TEST_CASE("TestSubGroupOrderFn / right below, left above minAvailable (PodSet)") {
  const auto served = [](const std::string& left, const std::string& right) {
    OrderCase c;
    c.add_leaf(left, {3, 5});
    c.add_leaf(right, {3, 1});
    return c.served();
  };
  // The mirror image: right first.
  CHECK(served("a", "b") == Names{"b-pending"});
  CHECK(served("b", "a") == Names{"a-pending"});
}

TEST_CASE("TestSubGroupOrderFn / both above minAvailable, left lower allocation ratio (PodSet)") {
  const auto served = [](const std::string& left, const std::string& right) {
    OrderCase c;
    c.add_leaf(left, {2, 4});
    c.add_leaf(right, {4, 9});
    return c.served();
  };
  // 4/2 = 2.0 against 9/4 = 2.25: the lower ratio, left, first.
  CHECK(served("a", "b") == Names{"a-pending"});
  CHECK(served("b", "a") == Names{"b-pending"});
}

TEST_CASE("TestSubGroupOrderFn / both above minAvailable, right lower allocation ratio (PodSet)") {
  const auto served = [](const std::string& left, const std::string& right) {
    OrderCase c;
    c.add_leaf(left, {2, 10});
    c.add_leaf(right, {4, 9});
    return c.served();
  };
  // 10/2 = 5.0 against 9/4 = 2.25: right first.
  CHECK(served("a", "b") == Names{"b-pending"});
  CHECK(served("b", "a") == Names{"a-pending"});
}

TEST_CASE("TestSubGroupOrderFn / both above minAvailable, equal allocation ratio (PodSet)") {
  const auto served = [](const std::string& left, const std::string& right) {
    OrderCase c;
    c.add_leaf(left, {2, 4});
    c.add_leaf(right, {4, 8});
    return c.served();
  };
  // 4/2 and 8/4 are both 2.0: equal, so "a" first.
  CHECK(served("a", "b") == Names{"a-pending"});
  CHECK(served("b", "a") == Names{"a-pending"});
}

// ---------------------------------------------------------------------------------------------
// job_info_test.go: TestPodGroupInfo_IsReadyForScheduling. A leaf is ready with minMember pods
// that are pending or active allocated (gated ones do not count); a set with its threshold of
// ready members. The cases without subgroups set the minimum of the "default" PodSet.

TEST_CASE("TestPodGroupInfo_IsReadyForScheduling / job with pending task") {
  Job job(pod_group({leaf("default", 1)}));
  job.add("default", "task1", Status::kPending);
  // One pending pod of the one needed.
  CHECK(job.ready());
}

TEST_CASE("TestPodGroupInfo_IsReadyForScheduling / job with gated task") {
  Job job(pod_group({leaf("default", 1)}));
  job.add("default", "task1", Status::kGated);
  // The only pod is gated, so none counts: 0 of 1.
  CHECK_FALSE(job.ready());
  CHECK(job.first_unready() == static_cast<int32_t>(job.at("default")));
}

TEST_CASE("TestPodGroupInfo_IsReadyForScheduling / job with pending task, minAvailable 2") {
  Job job(pod_group({leaf("default", 2)}));
  job.add("default", "task1", Status::kPending);
  // 1 of 2.
  CHECK_FALSE(job.ready());
}

TEST_CASE(
    "TestPodGroupInfo_IsReadyForScheduling / job with pending & gated tasks "
    "(minAvailable 2)") {
  Job job(pod_group({leaf("default", 2)}));
  job.add("default", "task1", Status::kPending);
  job.add("default", "task2", Status::kPending);
  job.add("default", "task3", Status::kGated);
  // Two pending pods count, the gated one does not: 2 of 2.
  CHECK(job.ready());
}

TEST_CASE(
    "TestPodGroupInfo_IsReadyForScheduling / job with pending & gated tasks "
    "(minAvailable 3)") {
  Job job(pod_group({leaf("default", 3)}));
  job.add("default", "task1", Status::kPending);
  job.add("default", "task2", Status::kPending);
  job.add("default", "task3", Status::kGated);
  // Without the gated pod: 2 of 3.
  CHECK_FALSE(job.ready());
}

TEST_CASE("TestPodGroupInfo_IsReadyForScheduling / job with subgroups - all ready") {
  Job job(pod_group({leaf("sb-1", 2), leaf("sb-2", 1)}));
  job.add("sb-1", "task1", Status::kPending);
  job.add("sb-1", "task2", Status::kPending);
  job.add("sb-2", "task3", Status::kPending);
  // sb-1 has 2 of 2 and sb-2 1 of 1: both members ready, as the root needs.
  CHECK(job.ready());
  CHECK(job.first_unready() == -1);
}

TEST_CASE("TestPodGroupInfo_IsReadyForScheduling / job with subgroups - some already running") {
  Job job(pod_group({leaf("sb-1", 2), leaf("sb-2", 1)}));
  job.add("sb-1", "task1", Status::kPending);
  job.add("sb-1", "task2", Status::kPending);
  job.add("sb-2", "task3", Status::kRunning);
  // A running pod counts towards readiness like a pending one: still both ready.
  CHECK(job.ready());
  CHECK(job.first_unready() == -1);
}

TEST_CASE("TestPodGroupInfo_IsReadyForScheduling / job with subgroups - more then minAvailable") {
  Job job(pod_group({leaf("sb-1", 2), leaf("sb-2", 1)}));
  job.add("sb-1", "task1", Status::kPending);
  job.add("sb-1", "task2", Status::kPending);
  job.add("sb-1", "task3", Status::kPending);
  job.add("sb-2", "task4", Status::kPending);
  // 3 of 2 and 1 of 1: more than the minimum is still ready.
  CHECK(job.ready());
  CHECK(job.first_unready() == -1);
}

TEST_CASE("TestPodGroupInfo_IsReadyForScheduling / job with subgroups - one is not ready") {
  Job job(pod_group({leaf("sb-1", 2), leaf("sb-2", 1)}));
  job.add("sb-1", "task1", Status::kPending);
  job.add("sb-2", "task3", Status::kPending);
  // sb-1 has 1 of 2, and the root needs both members: not ready, and sb-1 is the leaf short.
  CHECK_FALSE(job.ready());
  CHECK(job.first_unready() == static_cast<int32_t>(job.at("sb-1")));
}

// TestPodGroupInfo_IsStale: stale when the job has active used pods, none succeeded, and some
// PodSet has fewer active used pods (releasing included) than its minimum. The ported cases all
// have active used pods and no succeeded one, so the answer is subgroups_below_min's.

TEST_CASE("TestPodGroupInfo_IsStale / activeUsedTasks < minAvailable, stale") {
  Job job(pod_group({leaf("default", 2)}));
  job.add("default", "task1", Status::kRunning);
  // 1 running of the 2 needed.
  CHECK(job.below_min());
}

TEST_CASE("TestPodGroupInfo_IsStale / activeUsedTasks >= minAvailable, no subgroups, not stale") {
  Job job(pod_group({leaf("default", 1)}));
  job.add("default", "task1", Status::kRunning);
  // 1 running of the 1 needed.
  CHECK_FALSE(job.below_min());
}

TEST_CASE(
    "TestPodGroupInfo_IsStale / activeUsedTasks >= minAvailable, subgroups gang NOT "
    "satisfied, stale") {
  // Upstream adds sg1 and sg2 next to the PodSet "default" (minimum 1) its constructor made.
  Job job(pod_group({leaf("default", 1), leaf("sg1", 1), leaf("sg2", 1)}));
  job.add("sg1", "task1", Status::kRunning);
  job.add("sg1", "task2", Status::kRunning);
  // Both running pods are in sg1; sg2 (and default) have none of the 1 they need.
  CHECK(job.below_min());
}

TEST_CASE(
    "TestPodGroupInfo_IsStale / activeUsedTasks >= minAvailable, subgroups gang satisfied, "
    "not stale") {
  Job job(pod_group({leaf("sg1", 1), leaf("sg2", 1)}));
  job.add("sg1", "task1", Status::kRunning);
  job.add("sg2", "task2", Status::kRunning);
  // One running pod in each of the two subgroups, each needing 1.
  CHECK_FALSE(job.below_min());
}

}  // namespace
}  // namespace drasim::model
