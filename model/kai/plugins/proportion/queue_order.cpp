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

std::optional<QueueOrderVerdict> first_difference(const QueueOrderKey& l, const QueueOrderKey& r) {
  using Rule = QueueOrderRule;
  if (auto d = prefer(Rule::kOverUtilised, !l.over_utilised, !r.over_utilised)) {
    return d;
  }
  if (auto d = prefer(Rule::kStarved, l.starved, r.starved)) {
    return d;
  }
  if (l.queue->priority != r.queue->priority) {
    return QueueOrderVerdict{Rule::kPriority, l.queue->priority > r.queue->priority,
                             static_cast<double>(l.queue->priority),
                             static_cast<double>(r.queue->priority)};
  }
  if (auto d = prefer(Rule::kZeroShare, !l.holds_without_share, !r.holds_without_share)) {
    return d;
  }
  if (auto d = prefer_smaller(Rule::kShareWithJob, l.share_with_job, r.share_with_job)) {
    return d;
  }
  if (auto d = prefer_smaller(Rule::kShare, l.share, r.share)) {
    return d;
  }
  if (auto d = prefer(Rule::kAllocatableShares,
                      less_in_at_least_one(l.allocatable, r.allocatable)
                          && less_equal(l.allocatable, r.allocatable),
                      less_in_at_least_one(r.allocatable, l.allocatable)
                          && less_equal(r.allocatable, l.allocatable))) {
    return d;
  }
  if (l.queue->creation_order != r.queue->creation_order) {
    return QueueOrderVerdict{Rule::kCreation, l.queue->creation_order < r.queue->creation_order};
  }
  if (l.queue->name != r.queue->name) {
    return QueueOrderVerdict{Rule::kName, l.queue->name < r.queue->name};
  }
  return std::nullopt;
}

}  // namespace

bool QueueOrderKey::current() const {
  return field_of(*queue, &ResourceShare::allocated) == allocated;
}

QueueOrderKey order_key(const QueueOrderSide& side, const Amounts& cluster_total) {
  QueueOrderKey k;
  k.queue = &side.queue;
  k.next_job = side.next_job;
  k.allocated = field_of(side.queue, &ResourceShare::allocated);
  k.over_utilised = over_utilised(side.queue);
  k.starved = starved(side);
  k.holds_without_share = holds_without_share(side);
  k.share_with_job = dominant_resource_share(
      side.queue, minus(plus(k.allocated, side.next_job), side.victims_taken), cluster_total);
  k.share = dominant_resource_share(side.queue, cluster_total);
  k.allocatable = allocatable_shares(side.queue);
  return k;
}

bool queue_before(const QueueOrderKey& l, const QueueOrderKey& r) {
  const std::optional<QueueOrderVerdict> d = first_difference(l, r);
  return d && d->left_first;
}

QueueOrderVerdict queue_order_verdict(const QueueOrderKey& l, const QueueOrderKey& r) {
  return first_difference(l, r).value_or(QueueOrderVerdict{});
}

bool queue_before(const QueueOrderSide& l, const QueueOrderSide& r, const Amounts& cluster_total) {
  return queue_before(order_key(l, cluster_total), order_key(r, cluster_total));
}

QueueOrderVerdict queue_order_verdict(const QueueOrderSide& l, const QueueOrderSide& r,
                                      const Amounts& cluster_total) {
  return queue_order_verdict(order_key(l, cluster_total), order_key(r, cluster_total));
}

bool queue_before(const QueueShare& l, const Amounts& l_next_job, const QueueShare& r,
                  const Amounts& r_next_job, const Amounts& cluster_total) {
  return queue_before(QueueOrderSide{l, l_next_job}, QueueOrderSide{r, r_next_job}, cluster_total);
}

}  // namespace drasim::model::proportion
