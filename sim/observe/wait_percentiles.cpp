#include "sim/observe/wait_percentiles.h"

#include "sim/observe/run_metrics.h"

namespace drasim::sim {

void WaitPercentiles::insert(int64_t wait_us) {
  tree_.insert(Key{wait_us, inserted_++});
}

std::optional<SimDuration> WaitPercentiles::percentile(int percentile) const {
  if (tree_.empty()) {
    return std::nullopt;
  }
  const int64_t rank = nearest_rank(size(), percentile);
  return SimDuration{tree_.find_by_order(static_cast<size_t>(rank - 1))->first};
}

}  // namespace drasim::sim
