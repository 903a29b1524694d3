#include "model/kai/plugins/proportion/share_math.h"

#include <doctest/doctest.h>

#include "tests/model/kai/plugins/proportion/queue_fixture.h"

using namespace drasim::model::proportion;
using namespace drasim::model::proportion::testing;

TEST_CASE("proportion: -1 compares as +infinity") {
  CHECK(compare_quantities(kUnlimited, 1e18) == 1);
  CHECK(compare_quantities(1e18, kUnlimited) == -1);
  CHECK(compare_quantities(kUnlimited, kUnlimited) == 0);
  CHECK(compare_quantities(2, 3) == -1);
  CHECK(less_equal(Amounts{1, 2, 3}, Amounts{kUnlimited, 2, 3}));
  CHECK_FALSE(less_equal(Amounts{kUnlimited, 0, 0}, Amounts{5, 0, 0}));
  CHECK(less_in_at_least_one(Amounts{1, 5, 5}, Amounts{2, 0, 0}));  // 1 < 2 is enough
  CHECK_FALSE(less_in_at_least_one(Amounts{2, 2, 2}, Amounts{2, 2, 2}));
}

TEST_CASE("proportion: allocatable share") {
  // Unlimited quota: the limit, whatever the fair share.
  CHECK(allocatable_share(share(kUnlimited, 1, 0, 7)) == 7);
  CHECK(allocatable_share(share(kUnlimited, 1, 0, kUnlimited)) == kUnlimited);
  ResourceShare s = share(2, 1, 0, kUnlimited);
  s.fair_share = 5;
  CHECK(allocatable_share(s) == 5);  // max(quota 2, fair share 5), no limit
  s.max_allowed = 4;
  CHECK(allocatable_share(s) == 4);  // capped by the limit
  s.fair_share = 1;
  CHECK(allocatable_share(s) == 2);  // the quota when the fair share is below it
}

TEST_CASE("proportion: dominant resource share") {
  QueueShare q = queue("q", 0, share(4, 1, 0));
  q.r[kCpu] = share(kUnlimited, 1, 0, kUnlimited);
  q.r[kCpu].allocated = 4000;
  q.r[kGpu].allocated = 3;
  // cpu: allocatable -1 -> cluster 16000: 0.25; memory 0/0 -> 0 x 1000; gpu 3/4 = 0.75.
  const Amounts total{16000, 64e9, 8};
  CHECK(dominant_resource_share(q, total) == 0.75);
  // A resource held without any allocatable share dominates: 2 bytes x 1000.
  q.r[kMemory].allocated = 2;
  CHECK(dominant_resource_share(q, total) == 2000);
  // An explicit allocation (e.g. with the next job) replaces the queue's own.
  CHECK(dominant_resource_share(q, Amounts{8000, 0, 1}, total) == 0.5);
}
