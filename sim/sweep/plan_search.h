#pragma once
/// `drasim plan`'s search: the smallest (or largest) value of one parameter for which every
/// expectation holds, over the values `FROM..TO:STEP`, assuming that verdict is monotone in the
/// value (stated in every answer): for `smallest`, a value that passes means every larger value
/// passes (more GPU nodes never hurt); for `largest`, every smaller one passes (a smaller
/// migration batch never hurts).
///
/// Bisection over the value indexes: the far end is probed first (if it fails, no value in the
/// range passes), then the near end (if it passes, it is the answer), then the interval between
/// a failing and a passing index is cut until they are neighbours. With `jobs` workers a round
/// probes `jobs` evenly spaced values at once, so the interval shrinks by jobs + 1 per round.

#include <cstddef>
#include <functional>
#include <optional>
#include <vector>

namespace drasim::sim {

enum class PlanGoal { kSmallest, kLargest };

struct PlanProbe {
  size_t index = 0;  ///< into the values
  bool passed = false;
  size_t round = 0;  ///< 1-based
};

struct PlanOutcome {
  std::vector<PlanProbe> probes;  ///< in round order, by index within a round
  std::optional<size_t> answer;   ///< the index of the smallest (largest) passing value
  /// The failing neighbour of the answer that shows it is the extreme one (none when the answer
  /// is the range's end).
  std::optional<size_t> boundary;
  /// Probes that contradict the monotone assumption (a pass beside a failure on the wrong side).
  bool monotone_violated = false;
};

/// Probes the values [0, count) with `passes(index)`, several at a time on `jobs` threads.
PlanOutcome plan_search(size_t count, PlanGoal goal, size_t jobs,
                        const std::function<bool(size_t)>& passes);

}  // namespace drasim::sim
