#include "sim/observe/running_percentile.h"

#include "sim/observe/run_metrics.h"

#include <algorithm>
#include <functional>

namespace drasim::sim {

void RunningPercentile::insert(int64_t wait_us) {
  if (!low_.empty() && wait_us < low_.front()) {
    low_.push_back(wait_us);
    std::push_heap(low_.begin(), low_.end());
  } else {
    high_.push_back(wait_us);
    std::push_heap(high_.begin(), high_.end(), std::greater<>());
  }
  const auto count = static_cast<int64_t>(low_.size() + high_.size());
  const auto rank = static_cast<size_t>(nearest_rank(count, percentile_));
  // Both moves keep every wait of `low_` at most every wait of `high_`.
  while (low_.size() > rank) {
    std::pop_heap(low_.begin(), low_.end());
    high_.push_back(low_.back());
    low_.pop_back();
    std::push_heap(high_.begin(), high_.end(), std::greater<>());
  }
  while (low_.size() < rank) {
    std::pop_heap(high_.begin(), high_.end(), std::greater<>());
    low_.push_back(high_.back());
    high_.pop_back();
    std::push_heap(low_.begin(), low_.end());
  }
}

std::optional<SimDuration> RunningPercentile::value() const {
  if (low_.empty()) {
    return std::nullopt;
  }
  return SimDuration{low_.front()};
}

}  // namespace drasim::sim
