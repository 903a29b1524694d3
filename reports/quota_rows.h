#pragma once
/// One row per queue (parents included) and resource the proportion plugin divides, in report
/// order (queue name, then cpu, memory, gpu), amounts in report units (cpu cores, memory bytes,
/// gpu devices). Only cpu, memory and gpu: KAI's proportion plugin divides nothing else, so other
/// scalar resources have no quota or fair share to show.

#include "sim/observe/run_result.h"

#include <optional>
#include <string>
#include <vector>

namespace drasim::reports {

struct QuotaRow {
  std::string queue;
  std::string resource;            ///< cpu, memory or gpu
  std::optional<double> deserved;  ///< the queue's quota; nullopt = unlimited
  std::optional<double> limit;     ///< the queue's limit; nullopt = unlimited
  double over_quota_weight = 0;
  double fair_share = 0;  ///< as the last computed cycle divided it
  double accounted = 0;   ///< at the end of the run
  double max_accounted = 0;
  std::optional<sim::SimTime> max_accounted_at;  ///< first time at the maximum; none if never used
  double actual =
      0;  ///< what the queue's bound pods hold at the end (sim/observe/queue_ground_truth.h)
  double drift = 0;  ///< accounted - actual at the end
  double max_abs_drift = 0;
  std::optional<sim::SimTime> max_abs_drift_at;  ///< first time at the maximum; none if always 0
  sim::QuotaSeries series;                       ///< in report units
};

std::vector<QuotaRow> quota_rows(const sim::RunResult& result);

}  // namespace drasim::reports
