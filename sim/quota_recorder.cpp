#include "sim/quota_recorder.h"

#include "model/session.h"

namespace drasim::sim {
namespace {

bool same_values(const QuotaSample& a, const QuotaSample& b) {
  return a.accounted == b.accounted && a.fair_share == b.fair_share;
}

/// Appends `s` when its values differ from the last sample's; a sample at the same instant as
/// the last one replaces it (only what an instant ends with is kept), and is dropped when that
/// leaves it equal to the sample before.
void append(QuotaSeries& series, const QuotaSample& s) {
  if (!series.empty() && series.back().at == s.at) {
    series.pop_back();
  }
  const QuotaSample before = series.empty() ? QuotaSample{} : series.back();
  if (!same_values(before, s)) {
    series.push_back(s);
  }
}

}  // namespace

void QuotaRecorder::after_cycle(const model::ClusterState& state,
                                const std::vector<model::proportion::Amounts>& fair_shares,
                                SimTime now) {
  for (size_t q = 0; q < series_.size(); ++q) {
    sample(q, model::to_amounts(state.queue_usage[q].allocated),
           fair_shares.empty() ? nullptr : &fair_shares[q], now);
  }
}

void QuotaRecorder::after_pod(const model::ClusterState& state, model::QueueId queue, SimTime now) {
  for (model::QueueId id = queue; id.valid(); id = state.queues[id.index()].parent) {
    sample(id.index(), model::to_amounts(state.queue_usage[id.index()].allocated), nullptr, now);
  }
}

QuotaSample QuotaRecorder::current(model::QueueId queue, size_t resource) const {
  const QuotaSeries& s = series_[queue.index()][resource];
  return s.empty() ? QuotaSample{} : s.back();
}

void QuotaRecorder::sample(size_t queue, const model::proportion::Amounts& accounted,
                           const model::proportion::Amounts* fair_shares, SimTime now) {
  for (size_t r = 0; r < model::proportion::kResources; ++r) {
    QuotaSeries& series = series_[queue][r];
    const QuotaSample last = series.empty() ? QuotaSample{} : series.back();
    const QuotaSample next{now, accounted[r], fair_shares ? (*fair_shares)[r] : last.fair_share};
    if (!same_values(last, next)) {
      append(series, next);
    }
  }
}

}  // namespace drasim::sim
