#pragma once
/// The proportion plugin's per-queue view (pkg/scheduler/plugins/proportion, api/queue_info):
/// for CPU, memory and GPU, the queue's quota, limit and weight from its Queue object and the
/// usage the session accounted, in KAI's own units and float64 arithmetic (cpu millicores,
/// memory bytes, gpu devices), because the fair-share rounding (`floor`, one leftover unit)
/// depends on those units.

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace drasim::model::proportion {

/// The three resources the proportion plugin divides, in its order.
enum Resource : size_t { kCpu = 0, kMemory = 1, kGpu = 2 };

inline constexpr size_t kResources = 3;

/// Their names, as KAI's queue details and drasim's reports write them.
inline constexpr std::array<std::string_view, kResources> kResourceNames = {"cpu", "memory", "gpu"};

/// One amount per resource in KAI units (cpu millicores, memory bytes, gpu devices).
using Amounts = std::array<double, kResources>;

/// `-1`: unlimited quota or limit (`UnlimitedResourceQuantity`).
inline constexpr double kUnlimited = -1;

/// `ResourceShare`: one resource of one queue.
struct ResourceShare {
  double deserved = 0;     ///< quota; kUnlimited = unlimited
  double max_allowed = 0;  ///< limit; kUnlimited = unlimited; 0 = nothing may be allocated
  double over_quota_weight = 0;
  double fair_share = 0;  ///< output of the division
  double allocated = 0;   ///< Allocated | Bound | Binding | Running tasks (accepted vectors)
  double allocated_not_preemptible = 0;
  double request = 0;  ///< allocated + pending
  double usage = 0;    ///< time-based fairshare usage, 0..1 (0 when not configured)
};

/// One queue of the hierarchy. Queues refer to each other by index into the vector they are
/// kept in.
struct QueueShare {
  std::string name;
  int64_t priority = 100;       ///< `spec.priority`
  uint32_t creation_order = 0;  ///< creationTimestamp order (older first), then name
  int32_t parent = -1;          ///< index of the parent, -1 at the top level
  std::vector<uint32_t> children;
  std::array<ResourceShare, kResources> r;

  [[nodiscard]] bool leaf() const { return children.empty(); }
};

}  // namespace drasim::model::proportion
