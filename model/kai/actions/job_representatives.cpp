#include "model/kai/actions/job_representatives.h"

#include <algorithm>

namespace drasim::model {
namespace {

/// Lexicographic by slot (missing slots read as 0): a total order that extends less_equal.
bool lexicographic_less(const ResourceVector& a, const ResourceVector& b) {
  const size_t n = std::max(a.size(), b.size());
  for (size_t slot = 0; slot < n; ++slot) {
    if (a.get(slot) != b.get(slot)) {
      return a.get(slot) < b.get(slot);
    }
  }
  return false;
}

}  // namespace

std::vector<ResourceVector> JobRepresentatives::pending_requests(const ClusterState& state,
                                                                 JobId job) {
  std::vector<ResourceVector> out;
  for (const PodId p : state.jobs[job.index()].pods) {
    if (state.pod(p).phase == PodPhase::kPending) {
      out.push_back(state.spec_of(p).request);
    }
  }
  std::sort(out.begin(), out.end(), lexicographic_less);
  return out;
}

bool JobRepresentatives::easier_than(const std::vector<ResourceVector>& job,
                                     const std::vector<ResourceVector>& representative) {
  if (job.empty() || representative.empty()) {
    return false;
  }
  if (representative.size() > job.size()) {
    return true;  // the representative failed with more pods
  }
  // Only indexes the representative has count; at the first one where the job asks strictly
  // less it is easier (an index where it asks more or something incomparable does not decide).
  for (size_t i = 0; i < job.size() && i < representative.size(); ++i) {
    if (job[i].less_equal(representative[i]) && !representative[i].less_equal(job[i])) {
      return true;
    }
  }
  return false;
}

bool JobRepresentatives::footprint_smaller(const std::vector<ResourceVector>& job,
                                           const std::vector<ResourceVector>& representative) {
  if (job.empty() || representative.empty() || job.size() > representative.size()) {
    return false;
  }
  for (size_t i = 0; i < job.size(); ++i) {
    if (!job[i].less_equal(representative[i])) {
      return false;
    }
  }
  return true;
}

bool JobRepresentatives::easier(const ClusterState& state, JobId job,
                                const std::vector<uint32_t>& key) const {
  const auto it = representatives_.find(key);
  return it == representatives_.end()
         || easier_than(pending_requests(state, job), pending_requests(state, it->second));
}

void JobRepresentatives::update(const ClusterState& state, JobId job,
                                const std::vector<uint32_t>& key) {
  const auto it = representatives_.find(key);
  if (it == representatives_.end()) {
    representatives_.emplace(key, job);
  } else if (footprint_smaller(pending_requests(state, job), pending_requests(state, it->second))) {
    it->second = job;
  }
}

}  // namespace drasim::model
