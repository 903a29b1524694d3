#include "model/kai/plugins/proportion/resource_division.h"

#include <doctest/doctest.h>

#include "tests/model/kai/plugins/proportion/queue_fixture.h"
#include <vector>

using namespace drasim::model::proportion;
using namespace drasim::model::proportion::testing;

namespace {

double gpu_fair(const std::vector<QueueShare>& queues, uint32_t q) {
  return queues[q].r[kGpu].fair_share;
}

void divide_gpus(double total, std::vector<QueueShare>& queues, double k_value = 1.0) {
  set_resources_share(total, all_of(queues), kGpu, k_value, queues);
}

}  // namespace

TEST_CASE("proportion: weights 3 and 1 split the over-quota 60/20 (behaviour 37)") {
  std::vector<QueueShare> queues{queue("q1", 0, share(10, 3, 100)),
                                 queue("q2", 1, share(10, 1, 100))};
  // Quotas first: 10 + 10, 80 left. Normalised weights 0.75 / 0.25 (k scales both alike
  // without usage) give 60 and 20, whole numbers, both still unsatisfied: one round.
  divide_gpus(100, queues);
  CHECK(gpu_fair(queues, 0) == 70);
  CHECK(gpu_fair(queues, 1) == 30);
}

TEST_CASE("proportion: the rounding leftover unit goes to the oldest queue (behaviour 38)") {
  std::vector<QueueShare> queues{queue("q1", 0, share(0, 1, 10)), queue("q2", 1, share(0, 1, 10)),
                                 queue("q3", 2, share(0, 1, 10))};
  // 10/3 each: floor 3 each, fraction 1/3 each, 1 left; equal fractions -> creation order.
  divide_gpus(10, queues);
  CHECK(gpu_fair(queues, 0) == 4);
  CHECK(gpu_fair(queues, 1) == 3);
  CHECK(gpu_fair(queues, 2) == 3);
}

TEST_CASE("proportion: a second round redistributes what a small queue left (behaviour 39)") {
  std::vector<QueueShare> queues{queue("q1", 0, share(0, 1, 2)), queue("q2", 1, share(0, 1, 20))};
  // Round 1: parts of 5 each; q1 needs 2 (satisfied), q2 takes 5; 3 left. Round 2: q2 alone
  // gets all 3.
  divide_gpus(10, queues);
  CHECK(gpu_fair(queues, 0) == 2);
  CHECK(gpu_fair(queues, 1) == 8);
}

TEST_CASE("proportion: the higher priority bucket takes the over-quota first (behaviour 40)") {
  std::vector<QueueShare> queues{queue("low", 0, share(1, 1, 10)),
                                 queue("high", 1, share(1, 1, 10))};
  queues[1].priority = 200;
  SUBCASE("the high queue wants everything") {
    // Quotas 1 + 1, 8 left, all of it offered to the priority-200 bucket alone: high 1 + 8.
    divide_gpus(10, queues);
    CHECK(gpu_fair(queues, 1) == 9);
    CHECK(gpu_fair(queues, 0) == 1);
  }
  SUBCASE("the high queue is satisfied first, the low bucket gets the rest") {
    queues[1].r[kGpu].request = 5;
    // high: 1 + 4 (its whole remaining request); the 4 left go to the 100 bucket: low 1 + 4.
    divide_gpus(10, queues);
    CHECK(gpu_fair(queues, 1) == 5);
    CHECK(gpu_fair(queues, 0) == 5);
  }
}

TEST_CASE("proportion: over-subscribed quotas are given in full (behaviour 41)") {
  std::vector<QueueShare> queues{queue("a", 0, share(8, 1, 8)), queue("b", 1, share(8, 1, 8))};
  // Each gets min(quota 8, request 8) although 16 > 10; nothing is left for over-quota.
  divide_fair_shares(gpus(10), queues);
  CHECK(gpu_fair(queues, 0) == 8);
  CHECK(gpu_fair(queues, 1) == 8);
}

TEST_CASE("proportion: an unlimited CPU quota deserves the whole level total (behaviour 42)") {
  std::vector<QueueShare> queues{queue("a", 0), queue("b", 1)};
  for (QueueShare& q : queues) {
    q.r[kCpu] = share(kUnlimited, 1, 20000);
  }
  // Quota -1 counts as the 16 cores (16000 millicores) of the cluster: min(16000, 20000) each.
  divide_fair_shares(Amounts{16000, 0, 0}, queues);
  CHECK(queues[0].r[kCpu].fair_share == 16000);
  CHECK(queues[1].r[kCpu].fair_share == 16000);
}

TEST_CASE("proportion: children divide their parent's fair share (behaviour 43)") {
  std::vector<QueueShare> queues{queue("dept", 0, share(6, 1, 20)), queue("p1", 1, share(0, 2, 10)),
                                 queue("p2", 2, share(0, 1, 10))};
  adopt(queues, 0, 1);
  adopt(queues, 0, 2);
  queues[0].r[kGpu].fair_share = 99;  // stale value from a previous session: reset first
  // Top level: dept gets min(6, 20) = 6 of the 6 GPUs. Children: weights 2:1 of 6 -> 4 and 2.
  divide_fair_shares(gpus(6), queues);
  CHECK(gpu_fair(queues, 0) == 6);
  CHECK(gpu_fair(queues, 1) == 4);
  CHECK(gpu_fair(queues, 2) == 2);
}

TEST_CASE("proportion: a limit caps the queue and the rest goes to the other queue") {
  std::vector<QueueShare> queues{queue("capped", 0, share(0, 1, 10, 3)),
                                 queue("open", 1, share(0, 1, 10))};
  // Round 1: parts of 5; capped can take only min(limit 3, request 10) = 3, open takes 5 (2
  // left). Round 2: capped is satisfied (limit 3 <= fair share 3), open takes the 2.
  divide_gpus(10, queues);
  CHECK(gpu_fair(queues, 0) == 3);
  CHECK(gpu_fair(queues, 1) == 7);
}

TEST_CASE("proportion: memory is divided in bytes, the leftover unit is one byte") {
  std::vector<QueueShare> queues{queue("a", 0), queue("b", 1)};
  for (QueueShare& q : queues) {
    q.r[kMemory] = share(0, 1, 64e9);
  }
  // 32000000001 bytes in halves of 16000000000.5: floor to 16000000000 each, the 1 byte left
  // goes to the older queue.
  set_resources_share(32000000001, all_of(queues), kMemory, 1.0, queues);
  CHECK(queues[0].r[kMemory].fair_share == 16000000001);
  CHECK(queues[1].r[kMemory].fair_share == 16000000000);
}

TEST_CASE("proportion: historical usage lowers the over-quota weight") {
  std::vector<QueueShare> queues{queue("busy", 0, share(0, 1, 20)),
                                 queue("idle", 1, share(0, 1, 20))};
  queues[0].r[kGpu].usage = 0.5;
  SUBCASE("kValue 1") {
    // Normalised weights 0.5 each; busy: 0.5 + (0.5 - 0.5) = 0.5, idle: 0.5 + 0.5 = 1.
    // 9 GPUs split 1:2 -> 3 and 6.
    divide_gpus(9, queues, 1.0);
    CHECK(gpu_fair(queues, 0) == 3);
    CHECK(gpu_fair(queues, 1) == 6);
  }
  SUBCASE("kValue 0 or below ignores usage") {
    // Weights 0.5 each: 4.5 each, floor 4, the unit left goes to the older (busy) queue.
    divide_gpus(9, queues, -2.0);
    CHECK(gpu_fair(queues, 0) == 5);
    CHECK(gpu_fair(queues, 1) == 4);
  }
}

TEST_CASE("proportion: a zero over-quota weight gets nothing beyond its quota") {
  std::vector<QueueShare> queues{queue("a", 0, share(1, 0, 10)), queue("b", 1, share(0, 0, 10))};
  // Quota 1 to a; weights sum to 0, so the 9 GPUs left stay undivided.
  divide_gpus(10, queues);
  CHECK(gpu_fair(queues, 0) == 1);
  CHECK(gpu_fair(queues, 1) == 0);
}

TEST_CASE("proportion: fair shares of the reclaim example (behaviour 49)") {
  std::vector<QueueShare> queues{queue("A", 0, share(2, 1, 4)), queue("B", 1, share(2, 1, 1))};
  // Quotas: A min(2, 4) = 2, B min(2, 1) = 1; 1 left. B is satisfied, A alone takes it: 3 / 1.
  divide_fair_shares(gpus(4), queues);
  CHECK(gpu_fair(queues, 0) == 3);
  CHECK(gpu_fair(queues, 1) == 1);
}

TEST_CASE(
    "proportion: project-level fairness re-parents every project under default "
    "(behaviour 48)") {
  std::vector<QueueShare> input{queue("dept1", 0, share(0, 1, 0)), queue("p1", 1, share(1, 1, 0)),
                                queue("p2", 2, share(1, 1, 0)), queue("dept2", 3, share(9, 1, 0)),
                                queue("p3", 4, share(2, 2, 0))};
  adopt(input, 0, 1);
  adopt(input, 0, 2);
  adopt(input, 3, 4);
  input[1].r[kGpu].allocated = 5;  // accumulated fields are the caller's to account afresh

  ProjectLevelQueues flat = flatten_to_project_level(input);
  REQUIRE(flat.queues.size() == 4);
  CHECK(flat.index == std::vector<int32_t>{-1, 1, 2, -1, 3});
  const QueueShare& root = flat.queues[0];
  CHECK(root.name == "default");
  CHECK(root.parent == -1);
  CHECK(root.priority == 100);
  CHECK(root.creation_order == 5);  // created at snapshot time: newer than all five
  CHECK(root.children == std::vector<uint32_t>{1, 2, 3});
  for (const ResourceShare& s : root.r) {
    CHECK(s.deserved == kUnlimited);
    CHECK(s.max_allowed == kUnlimited);
    CHECK(s.over_quota_weight == 1);
  }
  CHECK(flat.queues[1].name == "p1");
  CHECK(flat.queues[1].parent == 0);
  CHECK(flat.queues[1].r[kGpu].allocated == 0);
  CHECK(flat.queues[3].name == "p3");
  CHECK(flat.queues[3].parent == 0);

  // Each project requests 10 GPUs; default carries the sum (30). Cluster 10: default deserves
  // min(10, 30) = 10. Projects: quotas 1 + 1 + 2, 6 left by weights 1:1:2 -> 1.5, 1.5, 3:
  // floors 1, 1, 3, one unit left, p1 and p2 tie on 0.5 -> older p1. The departments' quotas
  // (dept2's 9) no longer matter.
  for (QueueShare& q : flat.queues) {
    q.r[kGpu].request = 10;
  }
  flat.queues[0].r[kGpu].request = 30;
  divide_fair_shares(gpus(10), flat.queues);
  CHECK(gpu_fair(flat.queues, 0) == 10);
  CHECK(gpu_fair(flat.queues, 1) == 3);
  CHECK(gpu_fair(flat.queues, 2) == 2);
  CHECK(gpu_fair(flat.queues, 3) == 5);
}
