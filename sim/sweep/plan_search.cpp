#include "sim/sweep/plan_search.h"

#include "sim/sweep/parallel.h"

#include <algorithm>

namespace drasim::sim {
namespace {

/// The search in "smallest" form over positions 0..count-1 (for `largest` the positions run
/// from the top of the range down, so the same code finds the largest passing value).
class Search {
 public:
  Search(size_t count, PlanGoal goal, size_t jobs, const std::function<bool(size_t)>& passes)
      : count_(count), goal_(goal), jobs_(std::max<size_t>(jobs, 1)), passes_(passes) {}

  PlanOutcome run() {
    if (count_ == 0) {
      return out_;
    }
    if (!probe_round({count_ - 1}).front()) {
      return out_;  // even the most generous value fails
    }
    if (count_ == 1 || probe_round({0}).front()) {
      out_.answer = index(0);
      return out_;
    }
    size_t fail = 0;
    size_t pass = count_ - 1;
    while (pass - fail > 1) {
      std::vector<size_t> points;
      const size_t gap = pass - fail;
      const size_t k = std::min(jobs_, gap - 1);
      for (size_t j = 1; j <= k; ++j) {
        points.push_back(fail + gap * j / (k + 1));
      }
      points.erase(std::unique(points.begin(), points.end()), points.end());
      const std::vector<bool> verdicts = probe_round(points);
      size_t new_pass = pass;
      for (size_t j = 0; j < points.size(); ++j) {
        if (verdicts[j]) {
          new_pass = std::min(new_pass, points[j]);
        }
      }
      size_t new_fail = fail;
      for (size_t j = 0; j < points.size(); ++j) {
        if (!verdicts[j] && points[j] < new_pass) {
          new_fail = std::max(new_fail, points[j]);
        } else if (!verdicts[j]) {
          out_.monotone_violated = true;  // a failure above a pass; the lowest pass is kept
        }
      }
      fail = new_fail;
      pass = new_pass;
    }
    out_.answer = index(pass);
    out_.boundary = index(fail);
    return out_;
  }

 private:
  [[nodiscard]] size_t index(size_t position) const {
    return goal_ == PlanGoal::kSmallest ? position : count_ - 1 - position;
  }

  std::vector<bool> probe_round(const std::vector<size_t>& positions) {
    std::vector<char> verdicts(positions.size(), 0);
    run_in_parallel(positions.size(), jobs_,
                    [&](size_t j) { verdicts[j] = passes_(index(positions[j])) ? 1 : 0; });
    ++round_;
    std::vector<bool> out;
    std::vector<PlanProbe> probes;
    for (size_t j = 0; j < positions.size(); ++j) {
      out.push_back(verdicts[j] != 0);
      probes.push_back({index(positions[j]), verdicts[j] != 0, round_});
    }
    std::sort(probes.begin(), probes.end(),
              [](const PlanProbe& a, const PlanProbe& b) { return a.index < b.index; });
    out_.probes.insert(out_.probes.end(), probes.begin(), probes.end());
    return out;
  }

  size_t count_;
  PlanGoal goal_;
  size_t jobs_;
  const std::function<bool(size_t)>& passes_;
  size_t round_ = 0;
  PlanOutcome out_;
};

}  // namespace

PlanOutcome plan_search(size_t count, PlanGoal goal, size_t jobs,
                        const std::function<bool(size_t)>& passes) {
  return Search(count, goal, jobs, passes).run();
}

}  // namespace drasim::sim
