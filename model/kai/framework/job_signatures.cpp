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

/// One pod set's signature: empty when every pod is active allocated.
std::vector<uint32_t> pod_set_signature(const ClusterState& state, const std::vector<PodId>& pods,
                                        std::vector<uint32_t> topology_chain) {
  std::vector<uint32_t> classes;
  bool all_active = true;
  for (const PodId p : pods) {
    const PodPhase phase = state.pod(p).phase;
    if (!in_snapshot(phase)) {
      continue;
    }
    if (!active_allocated(phase)) {
      all_active = false;
      classes.push_back(state.spec_of(p).signature_class);
    }
  }
  if (all_active) {
    return {};
  }
  std::sort(classes.begin(), classes.end());
  topology_chain.insert(topology_chain.end(), classes.begin(), classes.end());
  return topology_chain;
}

std::vector<uint32_t> job_signature(const ClusterState& state, const JobInfo& job) {
  std::vector<std::vector<uint32_t>> sets;
  if (!job.subgroups) {
    // KAI's default pod set has no constraint of its own; its parent, the root, has the
    // PodGroup's. The chain's length comes first, so the pods' classes cannot be read as part
    // of it.
    std::vector<uint32_t> chain{2};
    append_topology(chain, std::nullopt);
    append_topology(chain, job.topology);
    sets.push_back(pod_set_signature(state, job.pods, std::move(chain)));
  } else {
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
    for (size_t i = 0; i < tree.nodes().size(); ++i) {
      if (!tree.node(i).leaf) {
        continue;
      }
      std::vector<uint32_t> chain{0};
      for (int32_t n = static_cast<int32_t>(i); n >= 0;
           n = tree.node(static_cast<size_t>(n)).parent) {
        const SubGroupNode& node = tree.node(static_cast<size_t>(n));
        append_topology(chain, node.parent < 0 ? job.topology : node.topology);
        ++chain.front();
      }
      sets.push_back(pod_set_signature(state, by_leaf[i], std::move(chain)));
    }
  }
  std::sort(sets.begin(), sets.end());
  // Flattened with each set's length first, so different splits never collide.
  std::vector<uint32_t> out;
  for (const std::vector<uint32_t>& s : sets) {
    out.push_back(static_cast<uint32_t>(s.size()));
    out.insert(out.end(), s.begin(), s.end());
  }
  return out;
}

}  // namespace

JobSignatures::JobSignatures(const ClusterState& state) : slot_(state.jobs.size(), 0) {
  for (const auto& jobs : state.pending_by_queue) {
    for (const JobKey& key : jobs) {
      const size_t i = key.job.index();
      if (slot_[i] == 0) {
        signatures_.push_back(job_signature(state, state.jobs[i]));
        slot_[i] = static_cast<uint32_t>(signatures_.size());
      }
    }
  }
}

const std::vector<uint32_t>& JobSignatures::of(JobId job) const {
  static const std::vector<uint32_t> kNone;
  const size_t i = job.index();
  return i < slot_.size() && slot_[i] != 0 ? signatures_[slot_[i] - 1] : kNone;
}

}  // namespace drasim::model
