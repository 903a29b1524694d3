#pragma once
/// KAI's queue capacity policy (pkg/scheduler/plugins/proportion/capacity_policy): before a job's
/// chunk of tasks is placed, every queue from its leaf up to the root must stay within its limit
/// (`OverLimit`), and a non-preemptible job must stay within every quota on that path counting
/// only non-preemptible allocations (`NonPreemptibleOverQuota`). Fair share is never checked
/// here: preemptible jobs may use idle capacity beyond it (kai-scheduler-behavior.md 4.6).

#include "model/cluster/cluster_state.h"

#include <optional>
#include <string>

namespace drasim::model {

/// A Queue CRD amount in the proportion plugin's units: cpu millicores as written, memory MB *
/// 10^6 bytes (clamped at -1), gpu devices; -1 stays -1 (unlimited).
double queue_plugin_amount(double value, size_t resource);

/// A queue's quota, limit or weight of one resource in slot units (cpu millicores, memory bytes,
/// gpu milli-GPUs); -1 stays -1 (unlimited). Queue CRD units: cpu millicores, memory MB (10^6
/// bytes, as the plugin multiplies), gpu devices.
int64_t queue_amount(double value, size_t resource);

/// The queue's QueueResource for cpu (0), memory (1) or gpu (2).
const QueueResource& queue_resource(const Queue& q, size_t resource);

/// The chunk's summed quota vector.
QuotaVector chunk_request(const ClusterState& state, const std::vector<PodId>& tasks);

/// `IsJobOverQueueCapacity` (limits, then non-preemptible quota, for the leaf and every
/// ancestor): the scheduler's message when the chunk may not be placed, else nullopt.
std::optional<std::string> over_queue_capacity(const ClusterState& state, const JobInfo& job,
                                               const QuotaVector& request);

/// `IsNonPreemptibleJobOverQuota`: only the non-preemptible quota check (a preemptor must stay
/// within quota).
std::optional<std::string> non_preemptible_over_quota(const ClusterState& state, const JobInfo& job,
                                                      const QuotaVector& request);

}  // namespace drasim::model
