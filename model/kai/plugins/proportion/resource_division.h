#pragma once
/// The proportion plugin's fair-share division (spec 4.4; KAI
/// pkg/scheduler/plugins/proportion/resource_division/resource_division.go, the hierarchy walk in
/// pkg/scheduler/plugins/proportion/proportion.go `setFairShareForQueues`, project-level fairness
/// in pkg/scheduler/cache/cluster_info/queue.go `snapshotQueues`).

#include "model/kai/plugins/proportion/queue_share.h"

#include <cstdint>
#include <vector>

namespace drasim::model::proportion {

/// Divides `total` of `res` among the sibling queues `level` (indices into `queues`), adding to
/// their `fair_share`:
/// 1. every queue gets min(quota, requestable) (an unlimited quota counts as `total`), even when
///    the quotas add up to more than `total`;
/// 2. what is left goes over quota, highest queue `priority` first: in rounds, each unsatisfied
///    queue with an over-quota weight gets its weighted part of the round's amount if that
///    covers what it still requests, otherwise floor() of it, remembering the fraction; rounds
///    repeat while some queue took less than its part;
/// 3. still inside the priority bucket, queues with a remembered fraction get one more unit
///    (min(1, left)) each, largest fraction first, then older (`creation_order`), then `name`.
/// The weights are max(0, w + k (w - usage)) with w the normalised over-quota weight; a
/// non-positive `k_value` counts as 0 (the plugin resets it so).
void set_resources_share(double total, const std::vector<uint32_t>& level, Resource res,
                         double k_value, std::vector<QueueShare>& queues);

/// Sets every queue's `fair_share` from scratch: the top-level queues (parent -1) divide
/// `total`, then the children of every queue divide that queue's fair share, per resource.
void divide_fair_shares(const Amounts& total, std::vector<QueueShare>& queues,
                        double k_value = 1.0);

/// The queues the scheduler sees with `full-hierarchy-fairness=false` (spec 4.1, behaviour 48).
struct ProjectLevelQueues {
  /// [0] is the synthetic top-level `default` queue (quota, limit -1 and over-quota weight 1 for
  /// every resource, priority 100, newer than every input queue, as KAI creates it at snapshot
  /// time); then every input queue that has a parent, in input order, as a child of `default`
  /// and without children of its own.
  std::vector<QueueShare> queues;
  /// Input index -> index in `queues`; -1 for the dropped top-level queues.
  std::vector<int32_t> index;
};

/// Flattens a hierarchy to project level. KAI does this when it snapshots the Queue objects,
/// before any usage is accounted, so the accumulated fields (`fair_share`, `allocated`,
/// `allocated_not_preemptible`, `request`) start at 0 here: the caller accounts usage along the
/// new parent links (a former middle queue then holds only its own jobs). `usage` is kept.
/// An input queue that has a parent and is itself named `default` replaces the synthetic queue
/// in KAI's name-keyed map (a self-parented queue); drasim keeps both, so callers should reject
/// that name.
[[nodiscard]] ProjectLevelQueues flatten_to_project_level(const std::vector<QueueShare>& queues);

}  // namespace drasim::model::proportion
