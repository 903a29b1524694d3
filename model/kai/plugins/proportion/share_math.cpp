#include "model/kai/plugins/proportion/share_math.h"

#include <algorithm>

namespace drasim::model::proportion {

namespace {

/// `noFairShareDrfMultiplier`: the penalty ratio per unit allocated without any allocatable share.
constexpr double kNoShareMultiplier = 1000;

}  // namespace

int compare_quantities(double quantity, double other) {
  if (quantity == kUnlimited) {
    return other == kUnlimited ? 0 : 1;
  }
  if (other == kUnlimited) {
    return -1;
  }
  if (quantity > other) {
    return 1;
  }
  return quantity < other ? -1 : 0;
}

bool less_equal(const Amounts& l, const Amounts& r) {
  for (size_t i = 0; i < kResources; ++i) {
    if (compare_quantities(l[i], r[i]) > 0) {
      return false;
    }
  }
  return true;
}

bool less_in_at_least_one(const Amounts& l, const Amounts& r) {
  return !less_equal(r, l);
}

double requestable_share(const ResourceShare& share) {
  if (share.max_allowed == kUnlimited) {
    return share.request;
  }
  return std::min(share.max_allowed, share.request);
}

double allocatable_share(const ResourceShare& share) {
  if (share.deserved == kUnlimited) {
    return share.max_allowed;
  }
  const double allocatable = std::max(share.deserved, share.fair_share);
  if (share.max_allowed == kUnlimited) {
    return allocatable;
  }
  return std::min(share.max_allowed, allocatable);
}

Amounts field_of(const QueueShare& queue, double ResourceShare::*field) {
  Amounts out{};
  for (size_t i = 0; i < kResources; ++i) {
    out[i] = queue.r[i].*field;
  }
  return out;
}

Amounts allocatable_shares(const QueueShare& queue) {
  Amounts out{};
  for (size_t i = 0; i < kResources; ++i) {
    out[i] = allocatable_share(queue.r[i]);
  }
  return out;
}

Amounts plus(Amounts l, const Amounts& r) {
  for (size_t i = 0; i < kResources; ++i) {
    l[i] += r[i];
  }
  return l;
}

Amounts minus(Amounts l, const Amounts& r) {
  for (size_t i = 0; i < kResources; ++i) {
    l[i] -= r[i];
  }
  return l;
}

double dominant_resource_share(const QueueShare& queue, const Amounts& allocated,
                               const Amounts& cluster_total) {
  double dominant = 0;
  for (size_t i = 0; i < kResources; ++i) {
    double allocatable = allocatable_share(queue.r[i]);
    if (allocatable == kUnlimited) {
      allocatable = cluster_total[i];
    }
    const double value =
        allocatable == 0 ? allocated[i] * kNoShareMultiplier : allocated[i] / allocatable;
    dominant = std::max(dominant, value);
  }
  return dominant;
}

double dominant_resource_share(const QueueShare& queue, const Amounts& cluster_total) {
  return dominant_resource_share(queue, field_of(queue, &ResourceShare::allocated), cluster_total);
}

}  // namespace drasim::model::proportion
