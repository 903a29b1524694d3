#pragma once
/// A queue's accounted usage and fair share over simulated time, per resource the proportion
/// plugin divides (cpu, memory, gpu), and how the reports and expectations name and write them.

#include "sim/load/quota_units.h"
#include "sim/load/sim_time.h"

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace drasim::sim {

/// One point of a series, in the proportion plugin's units (cpu millicores, memory bytes, gpu
/// devices). `accounted` is the queue's allocated usage (descendants included), `fair_share`
/// what the last computed scheduling cycle divided, `actual` what the queue's bound pods really
/// hold (sim/observe/queue_ground_truth.h); accounted - actual is the queue's quota drift.
struct QuotaSample {
  SimTime at;
  double accounted = 0;
  double fair_share = 0;
  double actual = 0;
};

/// The samples of one queue and resource: one whenever any value changed, the last one of an
/// instant kept. Before the first sample every value is 0.
using QuotaSeries = std::vector<QuotaSample>;

/// cpu, memory, gpu (model::proportion::Resource order).
using QueueSeries = std::array<QuotaSeries, 3>;

/// The largest |accounted - actual| a queue and resource reached over the run, in the plugin's
/// units, and the first time it was reached (none while the drift was always 0). Every check is
/// counted, also one an instant's later sample replaced in the series.
struct DriftPeak {
  double max_abs = 0;
  std::optional<SimTime> at;
};

/// cpu, memory, gpu.
using QueueDriftPeaks = std::array<DriftPeak, 3>;

}  // namespace drasim::sim
