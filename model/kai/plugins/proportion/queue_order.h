#pragma once
/// The proportion plugin's queue comparator (spec 3.3; KAI
/// pkg/scheduler/plugins/proportion/queue_order/queue_order.go `GetQueueOrderResult`, with the
/// plugin's default `queuePriorityInQuotaReclaim=false`).

#include "model/kai/plugins/proportion/queue_share.h"

#include <array>
#include <cstdint>
#include <string_view>

namespace drasim::model::proportion {

/// One side of a comparison: the queue, the init request of its next job (what
/// `GetTasksToAllocate` would pick; zeros when it has none) and, when ordering victim queues,
/// the allocation of the victims already chosen from it (it only lowers rule 5's share).
struct QueueOrderSide {
  const QueueShare& queue;
  Amounts next_job{};
  Amounts victims_taken{};
};

/// Whether `l` goes before `r`, by the first rule that tells them apart:
/// 1. not over-utilised (fair share < allocated in all three resources) first;
/// 2. starved (allocated + next job <= quota in all three, unlimited quota = +inf) first;
/// 3. higher queue priority first;
/// 4. a queue that would hold some resource (allocated + next job > 0) whose allocatable share
///    is 0 goes last;
/// 5. smaller dominant resource share of allocated + next job - victims taken first;
/// 6. smaller dominant resource share of allocated first;
/// 7. allocatable shares <= the other's in all resources and < in one first;
/// 8. older (`creation_order`) first; then, drasim's deterministic tie-break where KAI leaves
///    equal creation timestamps to heap order, smaller `name` first.
[[nodiscard]] bool queue_before(const QueueOrderSide& l, const QueueOrderSide& r,
                                const Amounts& cluster_total);

/// The rules of `queue_before`, in the order they are tried; kSame when none tells the two
/// apart (a queue against itself).
enum class QueueOrderRule : uint8_t {
  kOverUtilised,
  kStarved,
  kPriority,
  kZeroShare,
  kShareWithJob,
  kShare,
  kAllocatableShares,
  kCreation,
  kName,
  kSame,
};

/// A name per rule, as JSON outputs spell it.
inline constexpr std::array<std::string_view, 10> kQueueOrderRuleNames = {
    "overUtilised", "starved",           "priority", "zeroShare", "shareWithJob",
    "share",        "allocatableShares", "creation", "name",      "same"};

[[nodiscard]] inline std::string_view rule_name(QueueOrderRule rule) {
  return kQueueOrderRuleNames[static_cast<size_t>(rule)];
}

/// Which rule tells `l` and `r` apart, whether `l` goes first by it, and the two values it
/// compared where it compares numbers (priorities, dominant resource shares; 0 otherwise).
struct QueueOrderVerdict {
  QueueOrderRule rule = QueueOrderRule::kSame;
  bool left_first = false;
  double left = 0;
  double right = 0;
};

[[nodiscard]] QueueOrderVerdict queue_order_verdict(const QueueOrderSide& l,
                                                    const QueueOrderSide& r,
                                                    const Amounts& cluster_total);

[[nodiscard]] bool queue_before(const QueueShare& l, const Amounts& l_next_job, const QueueShare& r,
                                const Amounts& r_next_job, const Amounts& cluster_total);

/// One side with every value the rules read worked out, so that a side compared many times
/// (the best job of a queue in the job order, a victim queue) works them out once. Inside a
/// session only a queue's allocation moves; `allocated` is the one the values were worked out
/// from.
struct QueueOrderKey {
  const QueueShare* queue = nullptr;
  Amounts next_job{};
  Amounts allocated{};
  bool over_utilised = false;
  bool starved = false;
  bool holds_without_share = false;
  double share_with_job = 0;  ///< rule 5
  double share = 0;           ///< rule 6
  Amounts allocatable{};      ///< rule 7

  /// The values still hold: the queue's allocation has not moved since.
  [[nodiscard]] bool current() const;
};

[[nodiscard]] QueueOrderKey order_key(const QueueOrderSide& side, const Amounts& cluster_total);

/// `queue_before` and `queue_order_verdict` on worked-out sides (the same rules).
[[nodiscard]] bool queue_before(const QueueOrderKey& l, const QueueOrderKey& r);
[[nodiscard]] QueueOrderVerdict queue_order_verdict(const QueueOrderKey& l, const QueueOrderKey& r);

}  // namespace drasim::model::proportion
