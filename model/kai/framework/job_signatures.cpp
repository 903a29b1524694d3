#include "model/kai/framework/job_signatures.h"

#include <algorithm>
#include <optional>

namespace drasim::model {
namespace {

/// KAI's active-allocated statuses (pod_status.go): pipelined, binding, bound, running.
bool active_allocated(PodPhase p) {
  return p == PodPhase::kPipelined || p == PodPhase::kBinding || p == PodPhase::kRunning;
}

/// Pods the snapshot holds: submitted and not deleted.
bool in_snapshot(PodPhase p) {
  return p != PodPhase::kNotSubmitted && p != PodPhase::kEvicted;
}

void append_topology(std::vector<uint32_t>& out, const std::optional<JobTopology>& t) {
  const auto level = [](const std::optional<uint32_t>& l) {
    return l ? *l + 1 : 0U;
  };
  out.push_back(t ? t->tree + 1 : 0U);
  out.push_back(t ? level(t->required) : 0U);
  out.push_back(t ? level(t->preferred) : 0U);
}

/// Appends one pod set's signature with its length first: its topology chain, then the sorted
/// signature classes of its pods that are not active allocated; empty (length 0) when every
/// pod is active allocated.
void append_pod_set(const ClusterState& state, const std::vector<PodId>& pods,
                    const std::vector<uint32_t>& chain, std::vector<uint32_t>& out) {
  const size_t head = out.size();
  out.push_back(0);
  out.insert(out.end(), chain.begin(), chain.end());
  const size_t classes = out.size();
  for (const PodId p : pods) {
    const PodPhase phase = state.pod(p).phase;
    if (in_snapshot(phase) && !active_allocated(phase)) {
      out.push_back(state.spec_of(p).signature_class);
    }
  }
  if (out.size() == classes) {
    out.resize(head + 1);  // every pod active allocated: the empty pod set
    return;
  }
  std::sort(out.begin() + static_cast<std::ptrdiff_t>(classes), out.end());
  out[head] = static_cast<uint32_t>(out.size() - head - 1);
}

/// Appends the job's signature to `out`: its pod sets' signatures, each with its length first
/// (so different splits never collide), in sorted order.
void append_job_signature(const ClusterState& state, const JobInfo& job,
                          std::vector<uint32_t>& chain, std::vector<uint32_t>& out) {
  if (!job.subgroups) {
    // One pod set, written in place (most jobs; this runs for every pending job at every
    // session). KAI's default pod set has no constraint of its own; its parent, the root, has
    // the PodGroup's. The chain's length comes first, so the pods' classes cannot be read as
    // part of it.
    chain.assign(1, 2);
    append_topology(chain, std::nullopt);
    append_topology(chain, job.topology);
    append_pod_set(state, job.pods, chain, out);
    return;
  }
  // Each leaf is a pod set; its constraint chain runs from the leaf up to the root, whose
  // constraint is the PodGroup's own.
  const SubGroupTree& tree = *job.subgroups;
  std::vector<std::vector<PodId>> by_leaf(tree.nodes().size());
  for (const PodId p : job.pods) {
    const int32_t leaf = state.pod(p).subgroup;
    if (leaf >= 0) {
      by_leaf[static_cast<size_t>(leaf)].push_back(p);
    }
  }
  std::vector<std::vector<uint32_t>> sets;
  for (size_t i = 0; i < tree.nodes().size(); ++i) {
    if (!tree.node(i).leaf) {
      continue;
    }
    chain.assign(1, 0);
    for (int32_t n = static_cast<int32_t>(i); n >= 0;
         n = tree.node(static_cast<size_t>(n)).parent) {
      const SubGroupNode& node = tree.node(static_cast<size_t>(n));
      append_topology(chain, node.parent < 0 ? job.topology : node.topology);
      ++chain.front();
    }
    append_pod_set(state, by_leaf[i], chain, sets.emplace_back());
  }
  std::sort(sets.begin(), sets.end());
  for (const std::vector<uint32_t>& set : sets) {
    out.insert(out.end(), set.begin(), set.end());
  }
}

}  // namespace

JobSignatures::JobSignatures(ClusterState& state) : state_(state) {
  std::vector<uint32_t> chain;  // scratch
  state.signature_memo.resize(state.jobs.size());
  for (const auto& jobs : state.pending_by_queue) {
    for (const JobKey& key : jobs) {
      // A job is indexed once, under its own queue.
      const JobInfo& job = state.jobs[key.job.index()];
      ClusterState::SignatureMemo& memo = state.signature_memo[key.job.index()];
      if (memo.revision != job.phase_revision || state.reference) {
        memo.signature.clear();
        append_job_signature(state, job, chain, memo.signature);
        memo.revision = job.phase_revision;
      }
      pending_.push_back(static_cast<uint32_t>(key.job.index()));
    }
  }
  std::sort(pending_.begin(), pending_.end());
}

std::vector<uint32_t> JobSignatures::of(JobId job) const {
  const auto i = static_cast<uint32_t>(job.index());
  if (!std::binary_search(pending_.begin(), pending_.end(), i)) {
    return {};
  }
  return state_.signature_memo[i].signature;
}

}  // namespace drasim::model
