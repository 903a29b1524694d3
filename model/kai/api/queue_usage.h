#pragma once
/// Per-queue usage as KAI's proportion plugin accounts it (kai-scheduler-behavior.md section 4.2),
/// kept up to date on every pod transition instead of being summed from all pods per cycle.
/// Amounts are integers in drasim's slot units: cpu millicores, memory bytes, gpu milli-GPUs
/// (TotalGPUs: a MIG slice `mig-<G>g.<M>gb` counts G GPUs). Every queue's entry includes its
/// descendants, as KAI propagates usage to every ancestor.

#include <array>
#include <cstddef>
#include <cstdint>

namespace drasim::model {

/// cpu, memory, gpu, in the proportion plugin's order.
using QuotaVector = std::array<int64_t, 3>;

inline QuotaVector& operator+=(QuotaVector& a, const QuotaVector& b) {
  for (size_t i = 0; i < a.size(); ++i) {
    a[i] += b[i];
  }
  return a;
}

inline QuotaVector& operator-=(QuotaVector& a, const QuotaVector& b) {
  for (size_t i = 0; i < a.size(); ++i) {
    a[i] -= b[i];
  }
  return a;
}

struct QueueUsage {
  /// Pods in Binding or Running (and, inside a session, Pipelined: KAI's allocate event
  /// charges the queue for pipelined tasks too). Releasing pods count for nothing.
  QuotaVector allocated{};
  QuotaVector allocated_not_preemptible{};  ///< the part of `allocated` from non-preemptible jobs
  QuotaVector pending{};                    ///< requests of pending pods
};

}  // namespace drasim::model
