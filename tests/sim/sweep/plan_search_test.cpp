#include "sim/sweep/plan_search.h"

#include "sim/sweep/parallel.h"

#include <doctest/doctest.h>

#include <atomic>
#include <mutex>
#include <set>
#include <stdexcept>

namespace drasim::sim {
namespace {

TEST_CASE("plan search: bisection finds the smallest passing index in log2 probes") {
  // 17 values pass from index 11 on. Probes: 16 (the far end passes), 0 (fails), then the
  // interval (0, 16] halves: 8 fails, 12 passes, 10 fails, 11 passes: 6 probes.
  const PlanOutcome o = plan_search(17, PlanGoal::kSmallest, 1, [](size_t i) { return i >= 11; });
  REQUIRE(o.answer.has_value());
  CHECK(*o.answer == 11);
  CHECK(o.boundary == std::optional<size_t>(10));
  std::vector<size_t> order;
  for (const PlanProbe& p : o.probes) {
    order.push_back(p.index);
  }
  CHECK(order == std::vector<size_t>{16, 0, 8, 12, 10, 11});
  CHECK(!o.monotone_violated);
}

TEST_CASE("plan search: the largest passing index mirrors it") {
  // Values pass up to index 5 of 9 (a batch size that must stay small).
  const PlanOutcome o = plan_search(9, PlanGoal::kLargest, 1, [](size_t i) { return i <= 5; });
  CHECK(o.answer == std::optional<size_t>(5));
  CHECK(o.boundary == std::optional<size_t>(6));
}

TEST_CASE("plan search: the answer is the same for any number of workers, in fewer rounds") {
  for (size_t threshold = 0; threshold < 40; ++threshold) {
    const auto passes = [threshold](size_t i) {
      return i >= threshold;
    };
    const PlanOutcome one = plan_search(40, PlanGoal::kSmallest, 1, passes);
    const PlanOutcome three = plan_search(40, PlanGoal::kSmallest, 3, passes);
    CHECK(one.answer == std::optional<size_t>(threshold));
    CHECK(three.answer == one.answer);
    CHECK(three.probes.back().round <= one.probes.back().round);
  }
}

TEST_CASE(
    "plan search: no answer when the most generous value fails; the near end when it passes") {
  const PlanOutcome none = plan_search(8, PlanGoal::kSmallest, 1, [](size_t) { return false; });
  CHECK(!none.answer.has_value());
  CHECK(none.probes.size() == 1);  // only the far end was worth probing
  const PlanOutcome all = plan_search(8, PlanGoal::kSmallest, 1, [](size_t) { return true; });
  CHECK(all.answer == std::optional<size_t>(0));
  CHECK(!all.boundary.has_value());
  const PlanOutcome single = plan_search(1, PlanGoal::kSmallest, 1, [](size_t) { return true; });
  CHECK(single.answer == std::optional<size_t>(0));
  CHECK(single.probes.size() == 1);
}

TEST_CASE("plan search: a failure above a pass in one round is reported as not monotone") {
  // With 3 workers the first round inside (0, 20) probes 5, 10 and 15: 5 passes, 15 fails.
  const PlanOutcome o = plan_search(
      21, PlanGoal::kSmallest, 3, [](size_t i) { return i == 5 || i == 20 || (i >= 2 && i < 5); });
  CHECK(o.monotone_violated);
  CHECK(o.answer == std::optional<size_t>(2));
}

TEST_CASE("parallel: every item runs once, and the lowest failing item's error is the one thrown") {
  std::mutex m;
  std::multiset<size_t> seen;
  run_in_parallel(50, 4, [&](size_t i) {
    const std::lock_guard<std::mutex> lock(m);
    seen.insert(i);
  });
  CHECK(seen.size() == 50);
  CHECK(std::set<size_t>(seen.begin(), seen.end()).size() == 50);
  for (size_t jobs = 1; jobs <= 4; ++jobs) {
    std::atomic<size_t> started{0};
    try {
      run_in_parallel(100, jobs, [&](size_t i) {
        ++started;
        if (i == 30 || i == 70) {
          throw std::runtime_error(std::to_string(i));
        }
      });
      FAIL("no exception");
    } catch (const std::runtime_error& e) {
      CHECK(std::string(e.what()) == "30");  // 30 fails before 70 in index order
    }
    if (jobs == 1) {
      CHECK(started.load() == 31);  // nothing after the failure starts: items 0..30 ran
    }
  }
}

}  // namespace
}  // namespace drasim::sim
