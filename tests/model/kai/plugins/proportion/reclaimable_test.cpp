#include "model/kai/plugins/proportion/reclaimable.h"

#include "model/kai/plugins/proportion/resource_division.h"

#include <doctest/doctest.h>

#include "tests/model/kai/plugins/proportion/queue_fixture.h"
#include <vector>

using namespace drasim::model::proportion;
using namespace drasim::model::proportion::testing;

namespace {

constexpr uint32_t kA = 0;
constexpr uint32_t kB = 1;

/// Behaviour 49: A and B with GPU quota 2, weight 1, 4 GPUs; A runs four 1-GPU jobs, B has
/// one pending 1-GPU job. Fair shares come out A=3, B=1 (see resource_division_test).
std::vector<QueueShare> reclaim_example() {
  std::vector<QueueShare> queues{queue("A", 0, share(2, 1, 4)), queue("B", 1, share(2, 1, 1))};
  queues[kA].r[kGpu].allocated = 4;
  divide_fair_shares(gpus(4), queues);
  return queues;
}

/// The same, with B holding 2 GPUs of non-preemptible jobs (its quota) and a fair share of 4.
std::vector<QueueShare> non_preemptible_b() {
  std::vector<QueueShare> queues = reclaim_example();
  ResourceShare& b = queues[kB].r[kGpu];
  b.fair_share = 4;
  b.allocated = 2;
  b.allocated_not_preemptible = 2;
  return queues;
}

std::vector<VictimChunk> jobs_of(uint32_t leaf, int count) {
  return std::vector<VictimChunk>(static_cast<size_t>(count), VictimChunk{leaf, gpus(1)});
}

/// dept1 (p1, p2) and dept2 (p3), GPU only, values set directly.
struct Tree {
  enum : uint32_t { kDept1, kP1, kP2, kDept2, kP3 };

  std::vector<QueueShare> queues;

  Tree() {
    queues = {queue("dept1", 0), queue("p1", 1), queue("p2", 2), queue("dept2", 3), queue("p3", 4)};
    adopt(queues, kDept1, kP1);
    adopt(queues, kDept1, kP2);
    adopt(queues, kDept2, kP3);
    set(kDept1, 2, 2, 2);
    set(kP1, 1, 1, 0);
    set(kP2, 3, 1, 2);
    set(kDept2, 2, 2, 3);
    set(kP3, 2, 2, 3);
  }

  void set(uint32_t q, double deserved, double fair, double allocated) {
    ResourceShare& s = queues[q].r[kGpu];
    s = share(deserved, 1, 0);
    s.fair_share = fair;
    s.allocated = allocated;
  }
};

}  // namespace

TEST_CASE("proportion: reclaim from an over-quota queue (behaviour 49)") {
  const std::vector<QueueShare> queues = reclaim_example();
  REQUIRE(queues[kA].r[kGpu].fair_share == 3);
  REQUIRE(queues[kB].r[kGpu].fair_share == 1);
  // B: allocated 0 + 1 <= fair share 1 (cpu and memory 0 <= 0).
  CHECK(can_reclaim_resources(queues, kB, gpus(1), false));
  // B within quota with the job (0 + 1 <= 2) and A above its quota (4 > 2).
  CHECK(is_reclaim_victim_candidate(queues, kB, gpus(1), kA));
  // One A job: A holds 4 > allocatable max(2, 3) = 3 (MaintainFairShare). B after: 1 / fair
  // share 1 = 1, not above 1, so the saturation check passes.
  CHECK(reclaim_scenario_valid(queues, kB, gpus(1), false, jobs_of(kA, 1)));
  // A second job is still allowed: A keeps 3, not above 3, but above quota 2 while B is within
  // its quota (GuaranteeDeservedQuota). The action tries the smaller set first, so it evicts one.
  CHECK(reclaim_scenario_valid(queues, kB, gpus(1), false, jobs_of(kA, 2)));
  // A third: A keeps 2, above neither 3 nor 2.
  CHECK_FALSE(reclaim_scenario_valid(queues, kB, gpus(1), false, jobs_of(kA, 3)));
}

TEST_CASE("proportion: no reclaim once the reclaimer holds its fair share (behaviour 50)") {
  std::vector<QueueShare> queues = reclaim_example();
  queues[kB].r[kGpu].allocated = 1;
  // 1 + 1 > fair share 1.
  CHECK_FALSE(can_reclaim_resources(queues, kB, gpus(1), false));
}

TEST_CASE("proportion: CPU over its fair share blocks a GPU reclaim (behaviour 51)") {
  std::vector<QueueShare> queues = reclaim_example();
  // B: CPU quota 0 and weight 0, running 2000 millicores; the division gives it no CPU.
  queues[kB].r[kCpu] = share(0, 0, 2000);
  queues[kB].r[kCpu].allocated = 2000;
  divide_fair_shares(Amounts{16000, 0, 4}, queues);
  REQUIRE(queues[kB].r[kCpu].fair_share == 0);
  REQUIRE(queues[kB].r[kGpu].fair_share == 1);
  // GPU 0 + 1 <= 1 holds, but CPU 2000 + 0 > 0 fails.
  CHECK_FALSE(can_reclaim_resources(queues, kB, gpus(1), false));
}

TEST_CASE("proportion: a victim at its quota and allocatable share keeps it (behaviour 52)") {
  std::vector<QueueShare> queues{queue("A", 0, share(2, 1, 2)), queue("B", 1, share(2, 1, 2))};
  queues[kA].r[kGpu].allocated = 2;
  divide_fair_shares(gpus(4), queues);  // quotas 2 + 2 use all 4: fair shares 2 and 2
  // The filter lets A through: it is neither above nor below its quota in GPU.
  CHECK(is_reclaim_victim_candidate(queues, kB, gpus(1), kA));
  // But no chunk may be taken: A holds 2, not above allocatable max(2, 2) = 2 nor quota 2.
  CHECK_FALSE(reclaim_scenario_valid(queues, kB, gpus(1), false, jobs_of(kA, 1)));
}

TEST_CASE("proportion: a non-preemptible reclaimer must stay within its quota") {
  const std::vector<QueueShare> queues = non_preemptible_b();
  // Fair share: 2 + 1 <= 4. Quota: non-preemptible 2 + 1 > 2.
  CHECK(can_reclaim_resources(queues, kB, gpus(1), false));
  CHECK_FALSE(can_reclaim_resources(queues, kB, gpus(1), true));
}

TEST_CASE("proportion: an over-quota reclaimer may only take from queues above allocatable") {
  std::vector<QueueShare> queues = reclaim_example();
  queues[kB].r[kGpu].deserved = 0;  // B: 0 + 1 > quota 0
  // A holds 4 > allocatable 3.
  CHECK(is_reclaim_victim_candidate(queues, kB, gpus(1), kA));
  queues[kA].r[kGpu].allocated = 3;  // 3, not above 3
  CHECK_FALSE(is_reclaim_victim_candidate(queues, kB, gpus(1), kA));
}

TEST_CASE("proportion: victims are judged at the level below the common ancestor") {
  Tree t;
  // p1 vs p2 (siblings): p1 0 + 1 <= 1; p2 holds 2 < quota 3, so it is under quota: no.
  CHECK_FALSE(is_reclaim_victim_candidate(t.queues, Tree::kP1, gpus(1), Tree::kP2));
  // p1 vs p3 (different trees): compare dept1 and dept2. dept1 2 + 1 > quota 2, so dept2 must
  // be above allocatable max(2, 2) = 2: it holds 3.
  CHECK(is_reclaim_victim_candidate(t.queues, Tree::kP1, gpus(1), Tree::kP3));
}

TEST_CASE("proportion: the reclaimer's ancestors must stay less saturated than their siblings") {
  Tree t;
  const std::vector<VictimChunk> one_from_p3{{Tree::kP3, gpus(1)}};
  SUBCASE("rejected at the department level") {
    // The chunk fits MaintainFairShare (dept2 3 > 2). At p1's level no sibling lost anything.
    // At dept1's level: dept1 after = (2 + 1) / 2 = 1.5 > 1, dept2 after = (3 - 1) / 2 = 1,
    // and 1.5 >= 1.
    CHECK_FALSE(reclaim_scenario_valid(t.queues, Tree::kP1, gpus(1), false, one_from_p3));
  }
  SUBCASE("an equal saturation rejects too") {
    t.set(Tree::kDept2, 2, 2, 4);
    t.set(Tree::kP3, 2, 2, 4);
    // dept2 after = (4 - 1) / 2 = 1.5, and 1.5 >= 1.5.
    CHECK_FALSE(reclaim_scenario_valid(t.queues, Tree::kP1, gpus(1), false, one_from_p3));
  }
  SUBCASE("accepted when the sibling stays more saturated") {
    t.set(Tree::kDept2, 2, 2, 5);
    t.set(Tree::kP3, 2, 2, 5);
    // dept2 after = (5 - 1) / 2 = 2 > 1.5.
    CHECK(reclaim_scenario_valid(t.queues, Tree::kP1, gpus(1), false, one_from_p3));
    // With multiplier 1.5: 1.5 x 1.5 = 2.25 >= 2.
    CHECK_FALSE(reclaim_scenario_valid(t.queues, Tree::kP1, gpus(1), false, one_from_p3, 1.5));
    // A resource only the victim frees counts at every level above it: the chunk also frees
    // 500 millicores, so dept1 and dept2 are compared in CPU although p1 asks for none.
    // dept1 CPU: 2000 / 1000 = 2 > 1; dept2 CPU after: (2000 - 500) / 1000 = 1.5 <= 2.
    for (uint32_t q : {Tree::kDept1, Tree::kDept2, Tree::kP3}) {
      t.queues[q].r[kCpu].fair_share = 1000;
      t.queues[q].r[kCpu].allocated = 2000;
    }
    CHECK(reclaim_scenario_valid(t.queues, Tree::kP1, gpus(1), false, one_from_p3));
    CHECK_FALSE(reclaim_scenario_valid(t.queues, Tree::kP1, gpus(1), false,
                                       {{Tree::kP3, Amounts{500, 0, 1}}}));
    // Non-preemptible: p1 0 + 1 <= 1, but dept1 holds 2 non-preemptible: 2 + 1 > quota 2.
    t.queues[Tree::kDept1].r[kGpu].allocated_not_preemptible = 2;
    CHECK_FALSE(reclaim_scenario_valid(t.queues, Tree::kP1, gpus(1), true, one_from_p3));
  }
}

TEST_CASE("proportion: why Reclaimable rejects a scenario, with the rule's arithmetic") {
  SUBCASE("a victim queue at its allocatable share and its quota (behaviour 49)") {
    const std::vector<QueueShare> queues = reclaim_example();
    // Taken in order: A 4 > 3 (MaintainFairShare), then A 3 > quota 2 (GuaranteeDeservedQuota,
    // B within its quota), then A holds 2: above neither 3 nor 2.
    CHECK(reclaim_scenario_problem(queues, kB, gpus(1), false, jobs_of(kA, 2)).empty());
    CHECK(reclaim_scenario_problem(queues, kB, gpus(1), false, jobs_of(kA, 3))
          == "queue A holds gpu 2 GPUs, not above its allocatable share of gpu 3 GPUs "
             "(MaintainFairShare) nor its quota of gpu 2 GPUs (GuaranteeDeservedQuota)");
  }
  SUBCASE("the reclaimer's department would not stay less saturated than its sibling") {
    Tree t;
    // dept1 after (2 + 1) / 2 = 1.5 against dept2 after (3 - 1) / 2 = 1.
    CHECK(reclaim_scenario_problem(t.queues, Tree::kP1, gpus(1), false,
                                   {{Tree::kP3, gpus(1)}})
          == "queue dept1 would hold 3 GPUs of its fair share 2 GPUs (1.5x), not less saturated "
             "than queue dept2 left with 2 GPUs of its fair share 2 GPUs (1x) (gpu)");
  }
  SUBCASE("a non-preemptible reclaimer that would go over its quota") {
    const std::vector<QueueShare> queues = non_preemptible_b();
    // A gives up one GPU (4 > 3); B stays below saturation ((2 + 1) / 4 <= 1), but its
    // non-preemptible 2 + 1 > quota 2.
    CHECK(reclaim_scenario_problem(queues, kB, gpus(1), true, jobs_of(kA, 1))
          == "queue B would hold gpu 3 GPUs of non-preemptible jobs, above its quota of gpu 2 "
             "GPUs");
  }
}
