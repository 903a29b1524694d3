#include "sim/observe/quota_recorder.h"

#include "model/kai/framework/session.h"

#include <cstdlib>

namespace drasim::sim {
namespace {

bool same_values(const QuotaSample& a, const QuotaSample& b) {
  return a.accounted == b.accounted && a.fair_share == b.fair_share && a.actual == b.actual;
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

void QuotaRecorder::after_cycle(const model::ClusterState& state, const QueueGroundTruth& truth,
                                const std::vector<model::proportion::Amounts>& fair_shares,
                                SimTime now) {
  for (size_t q = 0; q < series_.size(); ++q) {
    sample(state, truth, q, fair_shares.empty() ? nullptr : &fair_shares[q], now);
  }
}

void QuotaRecorder::after_pod(const model::ClusterState& state, const QueueGroundTruth& truth,
                              model::QueueId queue, SimTime now) {
  for (model::QueueId id = queue; id.valid(); id = state.queues[id.index()].parent) {
    sample(state, truth, id.index(), nullptr, now);
  }
}

QuotaSample QuotaRecorder::current(model::QueueId queue, size_t resource) const {
  const QuotaSeries& s = series_[queue.index()][resource];
  return s.empty() ? QuotaSample{} : s.back();
}

void QuotaRecorder::sample(const model::ClusterState& state, const QueueGroundTruth& truth,
                           size_t queue, const model::proportion::Amounts* fair_shares,
                           SimTime now) {
  const model::QuotaVector& allocated = state.queue_usage[queue].allocated;
  const model::QuotaVector& held = truth.actual(model::QueueId::from_index(queue));
  // From the integer difference, so equal amounts give exactly 0.
  model::QuotaVector abs_drift_units{};
  for (size_t r = 0; r < abs_drift_units.size(); ++r) {
    abs_drift_units[r] = std::abs(allocated[r] - held[r]);
  }
  const model::proportion::Amounts accounted = model::to_amounts(allocated);
  const model::proportion::Amounts actual = model::to_amounts(held);
  const model::proportion::Amounts abs_drift = model::to_amounts(abs_drift_units);
  for (size_t r = 0; r < model::proportion::kResources; ++r) {
    QuotaSeries& series = series_[queue][r];
    const QuotaSample last = series.empty() ? QuotaSample{} : series.back();
    const QuotaSample next{now, accounted[r], fair_shares ? (*fair_shares)[r] : last.fair_share,
                           actual[r]};
    DriftPeak& peak = peaks_[queue][r];
    if (abs_drift[r] > peak.max_abs) {
      peak = DriftPeak{abs_drift[r], now};
    }
    if (!same_values(last, next)) {
      append(series, next);
    }
  }
}

uint64_t QuotaRecorder::series_bytes() const {
  uint64_t bytes = 0;
  for (const QueueSeries& queue : series_) {
    for (const QuotaSeries& series : queue) {
      bytes += series.size() * sizeof(QuotaSample);
    }
  }
  return bytes;
}

}  // namespace drasim::sim
