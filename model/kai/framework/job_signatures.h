#pragma once
/// KAI's scheduling-constraints signature of a job (PodGroupInfo.GetSchedulingConstraintsSignature,
/// pkg/scheduler/api/podgroup_info/job_info.go and subgroup_info/podset.go), the key under which
/// the eviction actions remember jobs that found no victims (scheduling signatures, on by
/// default). A job's signature is the sorted list of its pod sets' signatures; a pod set whose
/// pods are all active allocated has the empty signature, any other has its topology
/// constraint and its ancestors', then the sorted signature classes (template_classes.h) of
/// its pods that are not active allocated. KAI computes every job's signature when it takes the
/// session's snapshot and keeps it for the session, so drasim does too: later placements in the
/// session do not change it.

#include "model/cluster/cluster_state.h"

#include <cstdint>
#include <vector>

namespace drasim::model {

class JobSignatures {
 public:
  /// The signatures of the jobs that have pending pods now (the only jobs an eviction action
  /// attempts for). Those of jobs whose pods kept their phases since the last session are
  /// taken from `state.signature_memo` (always recomputed in the reference mode).
  explicit JobSignatures(ClusterState& state);

  /// The job's signature as the session opened; empty when the job had no pending pod then.
  [[nodiscard]] std::vector<uint32_t> of(JobId job) const;

 private:
  const ClusterState& state_;
  /// The indexes of the jobs pending when the session opened, sorted. Their signatures sit in
  /// the memo, which only the next session's constructor changes.
  std::vector<uint32_t> pending_;
};

}  // namespace drasim::model
