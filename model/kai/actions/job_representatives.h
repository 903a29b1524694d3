#pragma once
/// KAI's smallest failed jobs (pkg/scheduler/actions/common/minimal_job_comparison.go,
/// MinimalJobRepresentatives): per scheduling signature (job_signatures.h), the failed job with
/// the smallest footprint. A later job with the same signature is attempted only when it is
/// easier to schedule than that representative: fewer pending pods, or, with the pending pods'
/// request vectors sorted, a vector strictly below the representative's at the same place.
/// Reclaim and preempt keep one set per leaf queue, consolidation one for the action.
///
/// KAI sorts the request vectors with `LessEqual` as the comparison, which is not a strict
/// order when two vectors are incomparable; drasim sorts them lexicographically by resource
/// slot, which agrees with it whenever the vectors are comparable.
///
/// As in KAI the representative is a job, and its pending pods are read at each comparison:
/// they can change within the action (an elastic job that is also a victim may get pending pods
/// placed by another job's scenario), so is whether a job is easier.

#include "model/cluster/cluster_state.h"

#include <cstdint>
#include <map>
#include <vector>

namespace drasim::model {

class JobRepresentatives {
 public:
  /// KAI IsEasierToSchedule: no representative for the job's key, or the job is easier.
  /// `key`: the queue or action scope followed by the job's signature.
  [[nodiscard]] bool easier(const ClusterState& state, JobId job,
                            const std::vector<uint32_t>& key) const;
  /// KAI UpdateRepresentative: the failed job becomes the key's representative when there is
  /// none or its pending pods' footprint is smaller than the representative's now.
  void update(const ClusterState& state, JobId job, const std::vector<uint32_t>& key);

  void clear() { representatives_.clear(); }

  /// The request vectors of the job's pending pods, sorted (exposed for the tests).
  [[nodiscard]] static std::vector<ResourceVector> pending_requests(const ClusterState& state,
                                                                    JobId job);
  /// jobEasierToScheduleComparison and isPodGroupFootprintSmaller on sorted vectors.
  [[nodiscard]] static bool easier_than(const std::vector<ResourceVector>& job,
                                        const std::vector<ResourceVector>& representative);
  [[nodiscard]] static bool footprint_smaller(const std::vector<ResourceVector>& job,
                                              const std::vector<ResourceVector>& representative);

 private:
  std::map<std::vector<uint32_t>, JobId> representatives_;
};

}  // namespace drasim::model
