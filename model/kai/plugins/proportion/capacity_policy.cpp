#include "model/kai/plugins/proportion/capacity_policy.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace drasim::model {
namespace {

/// Amounts in the units KAI's messages use: GPUs, cores, GB (HumanizeResource).
std::string human(int64_t amount, size_t resource) {
  const double divisor = resource == 0 ? 1000.0 : resource == 1 ? 1e9 : 1000.0;
  return fmt::format("{:g}", static_cast<double>(amount) / divisor);
}

const std::string& display_name(const Queue& q) {
  return q.display_name.empty() ? q.meta.name : q.display_name;
}

std::string over_limit_message(const Queue& q, size_t r, int64_t limit, int64_t used,
                               int64_t requested) {
  // pkg/scheduler/api/unschedule_info.go GetJobOverMaxAllowedMessageForQueue.
  static constexpr const char* kWhat[] = {"CPU cores", "memory", "GPUs"};
  static constexpr const char* kUnit[] = {"cores", "GB", "GPUs"};
  return fmt::format(
      "OverLimit: {} quota has reached the allowable limit of {}. Limit is {} {}, currently {} {} "
      "allocated and workload requested {} {}",
      display_name(q), kWhat[r], human(limit, r), kUnit[r], human(used, r), kUnit[r],
      human(requested, r), kUnit[r]);
}

std::string non_preemptible_message(const Queue& q, size_t r, int64_t quota, int64_t used,
                                    int64_t requested) {
  // unschedule_info.go GetBuildOverCapacityMessageForQueue.
  static constexpr const char* kAsked[] = {"CPU cores", "GB memory", "GPUs"};
  static constexpr const char* kUnit[] = {"cores", "GB", "GPUs"};
  return fmt::format(
      "NonPreemptibleOverQuota: Non-preemptible workload is over quota. Workload requested {} {}, "
      "but {} quota is {} {}, while {} {} are already allocated for non-preemptible pods. Use a "
      "preemptible workload to go over quota.",
      human(requested, r), kAsked[r], display_name(q), human(quota, r), kUnit[r], human(used, r),
      kUnit[r]);
}

std::optional<std::string> check(const ClusterState& state, const JobInfo& job,
                                 const QuotaVector& request, bool limits) {
  for (QueueId id = job.queue; id.valid(); id = state.queues[id.index()].parent) {
    const Queue& q = state.queues[id.index()].spec;
    const QueueUsage& u = state.queue_usage[id.index()];
    for (size_t r = 0; r < request.size(); ++r) {
      if (request[r] <= 0) {
        continue;
      }
      const QueueResource& res = queue_resource(q, r);
      if (limits && res.limit != -1) {
        const int64_t limit = queue_amount(res.limit, r);
        if (u.allocated[r] + request[r] > limit) {
          return over_limit_message(q, r, limit, u.allocated[r], request[r]);
        }
      }
      if (!limits && !job.preemptible && res.quota != -1) {
        const int64_t quota = queue_amount(res.quota, r);
        if (u.allocated_not_preemptible[r] + request[r] > quota) {
          return non_preemptible_message(q, r, quota, u.allocated_not_preemptible[r], request[r]);
        }
      }
    }
  }
  return std::nullopt;
}

}  // namespace

double queue_plugin_amount(double value, size_t resource) {
  if (value == -1) {
    return -1;
  }
  return resource == 1 ? std::max(value * 1e6, -1.0) : value;
}

int64_t queue_amount(double value, size_t resource) {
  const double amount = queue_plugin_amount(value, resource);
  if (amount == -1) {
    return -1;
  }
  // The plugin's units, with GPU devices as milli-GPUs.
  return std::llround(resource == 2 ? amount * static_cast<double>(kMilliPerGpu) : amount);
}

const QueueResource& queue_resource(const Queue& q, size_t resource) {
  return resource == 0 ? q.cpu : resource == 1 ? q.memory : q.gpu;
}

QuotaVector chunk_request(const ClusterState& state, const std::vector<PodId>& tasks) {
  QuotaVector sum{};
  for (const PodId p : tasks) {
    sum += state.spec_of(p).quota;
  }
  return sum;
}

std::optional<std::string> over_queue_capacity(const ClusterState& state, const JobInfo& job,
                                               const QuotaVector& request) {
  // resultsOverLimit walks the whole path before resultsWithNonPreemptibleOverQuota does.
  if (auto limit = check(state, job, request, true)) {
    return limit;
  }
  return check(state, job, request, false);
}

std::optional<std::string> non_preemptible_over_quota(const ClusterState& state, const JobInfo& job,
                                                      const QuotaVector& request) {
  return check(state, job, request, false);
}

}  // namespace drasim::model
