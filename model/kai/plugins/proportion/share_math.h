#pragma once
/// Per-resource arithmetic the proportion plugin shares between queue ordering, reclaim and the
/// fair-share division (pkg/scheduler/plugins/proportion/resource_share/{resource_share.go,
/// queue_resource_share.go,resource_quantities.go}). `kUnlimited` (-1) compares as +infinity.

#include "model/kai/plugins/proportion/queue_share.h"

namespace drasim::model::proportion {

/// `compareQuantities`: -1, 0 or 1 with kUnlimited as +infinity on either side. Exact (no
/// tolerance), as at the commit the behaviour spec was derived from.
[[nodiscard]] int compare_quantities(double quantity, double other);

/// `ResourceQuantities.LessEqual`: every resource of `l` <= the same resource of `r`.
[[nodiscard]] bool less_equal(const Amounts& l, const Amounts& r);

/// `LessInAtLeastOneResource`: some resource of `l` < the same resource of `r`.
[[nodiscard]] bool less_in_at_least_one(const Amounts& l, const Amounts& r);

/// `GetRequestableShare`: the request capped by the limit.
[[nodiscard]] double requestable_share(const ResourceShare& share);

/// `GetAllocatableShare` (spec 4.5): the limit when the quota is unlimited, otherwise
/// max(quota, fair share) capped by the limit.
[[nodiscard]] double allocatable_share(const ResourceShare& share);

/// One field of every resource of a queue, e.g. `field_of(q, &ResourceShare::allocated)`.
[[nodiscard]] Amounts field_of(const QueueShare& queue, double ResourceShare::*field);

[[nodiscard]] Amounts allocatable_shares(const QueueShare& queue);

[[nodiscard]] Amounts plus(Amounts l, const Amounts& r);

[[nodiscard]] Amounts minus(Amounts l, const Amounts& r);

/// `GetDominantResourceShare` (spec 3.3 rule 5) of `allocated` against the queue's allocatable
/// shares: the largest allocated / allocatable, where an unlimited allocatable share stands for
/// the cluster total and a zero one turns the ratio into allocated x 1000.
[[nodiscard]] double dominant_resource_share(const QueueShare& queue, const Amounts& allocated,
                                             const Amounts& cluster_total);

/// The same for the queue's own `allocated`.
[[nodiscard]] double dominant_resource_share(const QueueShare& queue, const Amounts& cluster_total);

}  // namespace drasim::model::proportion
