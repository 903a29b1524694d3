#include "model/kai/plugins/proportion/queue_order.h"

#include "model/kai/plugins/proportion/share_math.h"

#include <optional>

namespace drasim::model::proportion {

namespace {

/// `FairShareLessThanAllocated`: a strict comparison in every resource, without treating -1
/// specially.
bool over_utilised(const QueueShare& q) {
  for (const ResourceShare& s : q.r) {
    if (s.fair_share >= s.allocated) {
      return false;
    }
  }
  return true;
}

/// `AllocatedPlusResourcesLessEqualDeserved`.
bool starved(const QueueOrderSide& side) {
  return less_equal(plus(field_of(side.queue, &ResourceShare::allocated), side.next_job),
                    field_of(side.queue, &ResourceShare::deserved));
}

/// `penalizeZeroShareWithJob`.
bool holds_without_share(const QueueOrderSide& side) {
  const Amounts with_job = plus(field_of(side.queue, &ResourceShare::allocated), side.next_job);
  for (size_t i = 0; i < kResources; ++i) {
    if (allocatable_share(side.queue.r[i]) == 0 && with_job[i] > 0) {
      return true;
    }
  }
  return false;
}

/// The verdict of a rule that holds for one side only (that side first), nullopt otherwise.
std::optional<QueueOrderVerdict> prefer(QueueOrderRule rule, bool l_has, bool r_has) {
  if (l_has == r_has) {
    return std::nullopt;
  }
  return QueueOrderVerdict{rule, l_has};
}

/// The verdict of a rule that puts the smaller value first, nullopt on equal values.
std::optional<QueueOrderVerdict> prefer_smaller(QueueOrderRule rule, double l, double r) {
  if (l == r) {
    return std::nullopt;
  }
  return QueueOrderVerdict{rule, l < r, l, r};
}

std::optional<QueueOrderVerdict> first_difference(const QueueOrderSide& l, const QueueOrderSide& r,
                                                  const Amounts& total) {
  using Rule = QueueOrderRule;
  if (auto d = prefer(Rule::kOverUtilised, !over_utilised(l.queue), !over_utilised(r.queue))) {
    return d;
  }
  if (auto d = prefer(Rule::kStarved, starved(l), starved(r))) {
    return d;
  }
  if (l.queue.priority != r.queue.priority) {
    return QueueOrderVerdict{Rule::kPriority, l.queue.priority > r.queue.priority,
                             static_cast<double>(l.queue.priority),
                             static_cast<double>(r.queue.priority)};
  }
  if (auto d = prefer(Rule::kZeroShare, !holds_without_share(l), !holds_without_share(r))) {
    return d;
  }
  const auto with_job = [&](const QueueOrderSide& side) {
    const Amounts allocated = field_of(side.queue, &ResourceShare::allocated);
    return dominant_resource_share(
        side.queue, minus(plus(allocated, side.next_job), side.victims_taken), total);
  };
  if (auto d = prefer_smaller(Rule::kShareWithJob, with_job(l), with_job(r))) {
    return d;
  }
  if (auto d = prefer_smaller(Rule::kShare, dominant_resource_share(l.queue, total),
                              dominant_resource_share(r.queue, total))) {
    return d;
  }
  const Amounts l_allocatable = allocatable_shares(l.queue);
  const Amounts r_allocatable = allocatable_shares(r.queue);
  if (auto d = prefer(Rule::kAllocatableShares,
                      less_in_at_least_one(l_allocatable, r_allocatable)
                          && less_equal(l_allocatable, r_allocatable),
                      less_in_at_least_one(r_allocatable, l_allocatable)
                          && less_equal(r_allocatable, l_allocatable))) {
    return d;
  }
  if (l.queue.creation_order != r.queue.creation_order) {
    return QueueOrderVerdict{Rule::kCreation, l.queue.creation_order < r.queue.creation_order};
  }
  if (l.queue.name != r.queue.name) {
    return QueueOrderVerdict{Rule::kName, l.queue.name < r.queue.name};
  }
  return std::nullopt;
}

}  // namespace

bool queue_before(const QueueOrderSide& l, const QueueOrderSide& r, const Amounts& cluster_total) {
  const std::optional<QueueOrderVerdict> d = first_difference(l, r, cluster_total);
  return d && d->left_first;
}

QueueOrderVerdict queue_order_verdict(const QueueOrderSide& l, const QueueOrderSide& r,
                                      const Amounts& cluster_total) {
  return first_difference(l, r, cluster_total).value_or(QueueOrderVerdict{});
}

bool queue_before(const QueueShare& l, const Amounts& l_next_job, const QueueShare& r,
                  const Amounts& r_next_job, const Amounts& cluster_total) {
  return queue_before(QueueOrderSide{l, l_next_job}, QueueOrderSide{r, r_next_job}, cluster_total);
}

bool victim_queue_before(const QueueOrderSide& l, const QueueOrderSide& r,
                         const Amounts& cluster_total) {
  return queue_before(r, l, cluster_total);
}

}  // namespace drasim::model::proportion
