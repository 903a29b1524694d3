#include "reports/quota_rows.h"

#include "model/kai/framework/session.h"

#include <algorithm>

namespace drasim::reports {
namespace {

std::optional<double> unless_unlimited(size_t resource, double plugin_amount) {
  if (plugin_amount == model::proportion::kUnlimited) {
    return std::nullopt;
  }
  return sim::in_report_units(resource, plugin_amount);
}

}  // namespace

std::vector<QuotaRow> quota_rows(const sim::RunResult& result) {
  // Quota, limit and weight come from the Queue objects; the division's own output is not used.
  model::proportion::Amounts total{};
  const std::vector<model::proportion::QueueShare> shares =
      model::queue_shares(result.state, total);
  std::vector<QuotaRow> rows;
  rows.reserve(result.quota.size() * model::proportion::kResources);
  for (size_t q = 0; q < result.quota.size(); ++q) {
    for (size_t r = 0; r < model::proportion::kResources; ++r) {
      const model::proportion::ResourceShare& share = shares[q].r[r];
      QuotaRow row;
      row.queue = shares[q].name;
      row.resource = sim::quota_resource_name(r);
      row.deserved = unless_unlimited(r, share.deserved);
      row.limit = unless_unlimited(r, share.max_allowed);
      row.over_quota_weight = share.over_quota_weight;
      for (const sim::QuotaSample& s : result.quota[q][r]) {
        const sim::QuotaSample in_units{s.at, sim::in_report_units(r, s.accounted),
                                        sim::in_report_units(r, s.fair_share),
                                        sim::in_report_units(r, s.actual)};
        if (in_units.accounted > row.max_accounted) {
          row.max_accounted = in_units.accounted;
          row.max_accounted_at = in_units.at;
        }
        row.series.push_back(in_units);
      }
      if (!row.series.empty()) {
        row.accounted = row.series.back().accounted;
        row.fair_share = row.series.back().fair_share;
        row.actual = row.series.back().actual;
        row.drift = row.accounted - row.actual;
      }
      if (q < result.quota_drift.size()) {
        row.max_abs_drift = sim::in_report_units(r, result.quota_drift[q][r].max_abs);
        row.max_abs_drift_at = result.quota_drift[q][r].at;
      }
      rows.push_back(std::move(row));
    }
  }
  // Queue names are unique; resources stay in cpu, memory, gpu order.
  std::stable_sort(rows.begin(), rows.end(),
                   [](const QuotaRow& a, const QuotaRow& b) { return a.queue < b.queue; });
  return rows;
}

}  // namespace drasim::reports
