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
  /// attempts for).
  explicit JobSignatures(const ClusterState& state);

  /// The job's signature; empty when the job had no pending pod when the session opened.
  [[nodiscard]] std::vector<uint32_t> of(JobId job) const;

 private:
  /// A job's signature: `flat_[begin, end)`. Only the pending jobs have one, sorted by job
  /// index (a table over every job would cost a cluster-sized allocation per session), and all
  /// of them share one buffer (this runs for every pending job at every session).
  struct Entry {
    uint32_t job;
    uint32_t begin;
    uint32_t end;
  };

  std::vector<Entry> entries_;
  std::vector<uint32_t> flat_;
};

}  // namespace drasim::model
