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

/// true / false when exactly one side has the property (that side first), nullopt otherwise.
std::optional<bool> prefer(bool l_has, bool r_has) {
  if (l_has == r_has) {
    return std::nullopt;
  }
  return l_has;
}

std::optional<bool> prefer_smaller(double l, double r) {
  if (l == r) {
    return std::nullopt;
  }
  return l < r;
}

std::optional<bool> first_difference(const QueueOrderSide& l, const QueueOrderSide& r,
                                     const Amounts& total) {
  if (auto d = prefer(!over_utilised(l.queue), !over_utilised(r.queue))) {
    return d;
  }
  if (auto d = prefer(starved(l), starved(r))) {
    return d;
  }
  if (l.queue.priority != r.queue.priority) {
    return l.queue.priority > r.queue.priority;
  }
  if (auto d = prefer(!holds_without_share(l), !holds_without_share(r))) {
    return d;
  }
  const auto with_job = [&](const QueueOrderSide& side) {
    const Amounts allocated = field_of(side.queue, &ResourceShare::allocated);
    return dominant_resource_share(
        side.queue, minus(plus(allocated, side.next_job), side.victims_taken), total);
  };
  if (auto d = prefer_smaller(with_job(l), with_job(r))) {
    return d;
  }
  if (auto d = prefer_smaller(dominant_resource_share(l.queue, total),
                              dominant_resource_share(r.queue, total))) {
    return d;
  }
  const Amounts l_allocatable = allocatable_shares(l.queue);
  const Amounts r_allocatable = allocatable_shares(r.queue);
  if (auto d = prefer(less_in_at_least_one(l_allocatable, r_allocatable)
                          && less_equal(l_allocatable, r_allocatable),
                      less_in_at_least_one(r_allocatable, l_allocatable)
                          && less_equal(r_allocatable, l_allocatable))) {
    return d;
  }
  if (l.queue.creation_order != r.queue.creation_order) {
    return l.queue.creation_order < r.queue.creation_order;
  }
  if (l.queue.name != r.queue.name) {
    return l.queue.name < r.queue.name;
  }
  return std::nullopt;
}

}  // namespace

bool queue_before(const QueueOrderSide& l, const QueueOrderSide& r, const Amounts& cluster_total) {
  return first_difference(l, r, cluster_total).value_or(false);
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
