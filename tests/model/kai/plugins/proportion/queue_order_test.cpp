#include "model/kai/plugins/proportion/queue_order.h"

#include <doctest/doctest.h>

#include "tests/model/kai/plugins/proportion/queue_fixture.h"

using namespace drasim::model::proportion;
using namespace drasim::model::proportion::testing;

namespace {

const Amounts kTotal{0, 0, 8};
const Amounts kNone{};

/// A GPU queue with quota `deserved`, fair share `fair` and `allocated` GPUs.
QueueShare gpu_queue(std::string name, uint32_t order, double deserved, double fair,
                     double allocated) {
  QueueShare q = queue(std::move(name), order, share(deserved, 1, 0));
  q.r[kGpu].fair_share = fair;
  q.r[kGpu].allocated = allocated;
  return q;
}

bool before(const QueueShare& l, const Amounts& l_job, const QueueShare& r, const Amounts& r_job) {
  return queue_before(l, l_job, r, r_job, kTotal);
}

}  // namespace

TEST_CASE("proportion: queue order rule 1, over-utilised queues go last") {
  // Over-utilised needs fair share < allocated in all three resources.
  QueueShare over = gpu_queue("a", 0, 4, 2, 3);
  over.r[kCpu].allocated = 1;
  over.r[kMemory].allocated = 1;
  const QueueShare under = gpu_queue("b", 1, 0, 2, 3);  // cpu/memory 0 >= 0: not over-utilised
  CHECK(before(under, kNone, over, kNone));
  CHECK_FALSE(before(over, kNone, under, kNone));
}

TEST_CASE("proportion: queue order rule 2, starved queues first") {
  // Both have fair share >= allocated in cpu/memory (0 >= 0), so rule 1 ties.
  const QueueShare starved = gpu_queue("z", 1, 4, 4, 2);  // 2 + job 2 <= quota 4
  const QueueShare fed = gpu_queue("a", 0, 2, 4, 2);      // 2 + job 1 > quota 2
  CHECK(before(starved, gpus(2), fed, gpus(1)));
  CHECK_FALSE(before(fed, gpus(1), starved, gpus(2)));
  // An unlimited quota is always starved.
  const QueueShare unlimited = gpu_queue("y", 2, kUnlimited, 4, 100);
  CHECK(before(unlimited, gpus(1), fed, gpus(1)));
}

TEST_CASE("proportion: queue order rule 3, higher queue priority first") {
  QueueShare high = gpu_queue("z", 1, 0, 0, 1);
  high.priority = 200;
  const QueueShare normal = gpu_queue("a", 0, 0, 0, 0);
  // Neither starved (1 + 1 > 0 and 0 + 1 > 0); the priority decides before any share.
  CHECK(before(high, gpus(1), normal, gpus(1)));
}

TEST_CASE("proportion: queue order rule 4, holding resources without a share goes last") {
  // Equal quota 0 and priority; nobody starved. CPU allocatable 0 for both: `penalised` would
  // hold 500 millicores with its job, `clean` none.
  const QueueShare penalised = gpu_queue("a", 0, 0, 4, 0);
  const QueueShare clean = gpu_queue("z", 1, 0, 4, 3);
  CHECK(before(clean, gpus(1), penalised, Amounts{500, 0, 1}));
}

TEST_CASE("proportion: queue order rule 5, smaller dominant share with the job first") {
  // Allocatable 4 each (max(quota 0, fair share 4)). With the jobs: 1 + 1 = 2 -> 0.5 versus
  // 1 + 2 = 3 -> 0.75.
  const QueueShare small = gpu_queue("z", 1, 0, 4, 1);
  const QueueShare large = gpu_queue("a", 0, 0, 4, 1);
  CHECK(before(small, gpus(1), large, gpus(2)));
  // Victims already chosen lower the share: 1 + 2 - 2 = 1 -> 0.25 < 0.5.
  CHECK(queue_before(QueueOrderSide{large, gpus(2), gpus(2)}, QueueOrderSide{small, gpus(1)},
                     kTotal));
}

TEST_CASE("proportion: queue order rule 6, smaller dominant share without the job first") {
  // With the jobs both hold 2 of 4 (rule 5 ties); without them 1/4 < 2/4.
  const QueueShare light = gpu_queue("z", 1, 0, 4, 1);
  const QueueShare heavy = gpu_queue("a", 0, 0, 4, 2);
  CHECK(before(light, gpus(1), heavy, kNone));
}

TEST_CASE("proportion: queue order rule 7, the smaller allocatable share first") {
  // Nothing allocated, no jobs: shares 0 and 0. Allocatable 2 <= 4 and < in GPU.
  const QueueShare weak = gpu_queue("z", 1, 0, 2, 0);
  const QueueShare strong = gpu_queue("a", 0, 0, 4, 0);
  CHECK(before(weak, kNone, strong, kNone));
  CHECK_FALSE(before(strong, kNone, weak, kNone));
}

TEST_CASE("proportion: queue order rule 8, older first, then name") {
  const QueueShare older = gpu_queue("z", 0, 0, 4, 0);
  const QueueShare newer = gpu_queue("a", 1, 0, 4, 0);
  CHECK(before(older, kNone, newer, kNone));
  const QueueShare twin = gpu_queue("b", 1, 0, 4, 0);
  CHECK(before(newer, kNone, twin, kNone));  // same creation: "a" < "b"
  CHECK_FALSE(before(newer, kNone, newer, kNone));
}

TEST_CASE("proportion: a worked-out side orders as the side, until its allocation moves") {
  QueueShare small = gpu_queue("z", 1, 0, 4, 1);
  const QueueShare large = gpu_queue("a", 0, 0, 4, 3);
  const Amounts one{0, 0, 1};
  const QueueOrderKey small_key = order_key(QueueOrderSide{small, one}, kTotal);
  const QueueOrderKey large_key = order_key(QueueOrderSide{large, kNone}, kTotal);
  // Rule 5 divides by the allocatable share (the fair share, 4 GPUs): small with its job holds
  // 2 GPUs (0.5), large 3 (0.75).
  CHECK(small_key.share_with_job == 0.5);
  CHECK(large_key.share_with_job == 0.75);
  CHECK(queue_before(small_key, large_key));
  CHECK_FALSE(queue_before(large_key, small_key));
  CHECK(queue_order_verdict(small_key, large_key).rule == QueueOrderRule::kShareWithJob);
  CHECK(small_key.current());
  // Three more GPUs for small: the key no longer holds (rule 5 would now say 5/4 against 3/4).
  small.r[kGpu].allocated = 4;
  CHECK_FALSE(small_key.current());
  CHECK(before(large, kNone, small, one));
}
