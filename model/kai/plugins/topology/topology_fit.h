#pragma once
/// How much of a job a node or a topology domain can take, as KAI's topology plugin estimates
/// it before any task is placed (pkg/scheduler/plugins/topology/job_filtering.go).

#include "model/cluster/cluster_state.h"
#include "model/kai/api/resource_vector.h"

#include <cstdint>
#include <vector>

namespace drasim::model {

/// `getJobRatioToFreeResources`' answer for a slot the domain has none of: far above 1, so the
/// domain can never host the job and sorts as the most packed.
inline constexpr double kMissingResourceRatio = 1000.0;

/// `calcNodeAccommodation`: how many copies of `max_task` (the element-wise max of the job's
/// task requests) fit in the node's idle + releasing resources; `task_count` when `max_task`
/// asks for nothing but one pod slot. No shared-GPU fractions exist in drasim (extended GPU
/// requests are whole), so KAI's fraction top-up for `0 < gpu < 1` never applies.
/// Slots in `skip` (DeviceClass-mapped non-GPU resources, switch `skipDelegatedInTopology`)
/// are left out of both sides, as KAI's DRA-aware topology plugin leaves them out.
int64_t node_accommodation(const ResourceVector& max_task, const NodeInfo& node, int64_t task_count,
                           const std::vector<size_t>& skip = {});

/// `getJobRatioToFreeResources`: the largest `request / free` over the slots the job asks for
/// (pods slot skipped), a slot with `free <= 0` counting kMissingResourceRatio; 0 when the job
/// asks for nothing. Above 1 the domain cannot host the job; higher means more packed.
double job_ratio_to_free(const ResourceVector& tasks_sum, const ResourceVector& free);

/// `useRepresentorPodsAccounting`: the tasks are homogeneous (all or none use GPUs, and every
/// other resource besides cpu and memory is asked for by all tasks or none), so a domain's
/// fit can be judged by counting copies of the largest task.
bool homogeneous_tasks(const std::vector<ResourceVector>& requests);

}  // namespace drasim::model
