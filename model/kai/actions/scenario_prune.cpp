#include "model/kai/actions/scenario_prune.h"

#include "model/kai/plugins/dynamicresources/bridge.h"
#include "model/kai/plugins/predicates.h"

#include <algorithm>

namespace drasim::model {
namespace {

/// A binding or running pod: what a victim chunk takes (EvictionSolver::victim_left).
bool active_allocated(PodPhase p) {
  return p == PodPhase::kBinding || p == PodPhase::kRunning;
}

}  // namespace

void ScenarioPrune::begin(PodId task) {
  active_ = true;
  task_ = task;
  nonlocal_ = false;
  ++solve_;
  if (nodes_.size() < state_.nodes.size()) {
    nodes_.resize(state_.nodes.size());
  }
  dra_.reset();
}

void ScenarioPrune::end() {
  active_ = false;
  dra_.reset();
}

ScenarioPrune::NodeFacts& ScenarioPrune::facts(size_t node) {
  NodeFacts& f = nodes_[node];
  if (f.solve != solve_) {
    f.solve = solve_;
    f.asked = 0;
    f.rejects = -1;
    f.dra_rejects = -1;
    f.sealed = -1;
    f.claim_victims = 0;
    f.freed = ResourceVector();
  }
  return f;
}

bool frees_elsewhere(const ClusterState& state, PodId victim, PodId task) {
  const PodInfo& v = state.pod(victim);
  const PodInfo& t = state.pod(task);
  const auto shared = [&](ClaimId c) {
    return c.valid() && std::find(t.claims.begin(), t.claims.end(), c) != t.claims.end();
  };
  if (std::any_of(v.claims.begin(), v.claims.end(), shared)) {
    return true;
  }
  const std::string& home = state.nodes[v.node.index()].name;
  return !std::all_of(v.devices.begin(), v.devices.end(), [&](const PodDevice& d) {
    if (!state.dra.inventory) {
      return false;
    }
    const auto slices = state.dra.inventory->pool_slices(d.driver, d.pool);
    return !slices.empty() && std::all_of(slices.begin(), slices.end(), [&](uint32_t s) {
      return state.dra.inventory->slice(s).node_name == home;
    });
  });
}

ResourceVector ScenarioPrune::freed_by(PodId victim) const {
  const PodInfo& v = state_.pod(victim);
  ResourceVector freed = state_.tracked_request(victim, v.node);
  if (state_.spec_of(victim).gpu_share.shared()) {
    // A shared pod's GPUs are not in its tracked request: releasing it frees at most the GPUs
    // of its groups, each whole.
    freed.add(kGpuSlot, kMilliPerGpu * static_cast<int64_t>(v.gpu_groups.size()));
  }
  return freed;
}

void ScenarioPrune::add(PodId victim) {
  const PodInfo& v = state_.pod(victim);
  NodeFacts& f = facts(v.node.index());
  f.freed += freed_by(victim);
  if (state_.suspends_claims(victim)) {
    ++f.claim_victims;
    nonlocal_ = nonlocal_ || frees_elsewhere(state_, victim, task_);
  }
}

bool ScenarioPrune::room(size_t node, const ResourceVector& freed) const {
  const ResourceVector& request = state_.spec_of(task_).request;
  const NodeInfo& n = state_.nodes[node];
  for (size_t slot = 0; slot < request.size(); ++slot) {
    if (request.get(slot) > n.idle.get(slot) + n.releasing.get(slot) + freed.get(slot)) {
      return false;
    }
  }
  return true;
}

bool ScenarioPrune::sealed(size_t node, NodeFacts& f, BaseFails base_fails) {
  if (f.sealed >= 0) {
    return f.sealed == 1;
  }
  const auto active = [&](PodId p) {
    return active_allocated(state_.pod(p).phase);
  };
  // Every binding or running pod of the node stands for the potential victims any scenario
  // could take there (a superset, as for the facts above).
  const std::vector<PodId>& on_node = state_.node_pods[node];
  bool claims = false;
  for (const PodId p : on_node) {
    if (!active(p)) {
      continue;
    }
    const JobInfo& job = state_.jobs[state_.pod(p).job.index()];
    const bool closed = std::all_of(job.pods.begin(), job.pods.end(), [&](PodId q) {
      return !active(q) || state_.pod(q).node.index() == node;
    });
    if (!closed) {
      f.sealed = 0;
      return false;
    }
    claims = claims || state_.suspends_claims(p);
  }
  // No claim is given up on the node, so rejects() reads no potential victim's claim there.
  bool sealed = !claims && rejects(node, f) && base_fails();
  if (!sealed) {
    ResourceVector all;
    for (const PodId p : on_node) {
      if (active(p)) {
        all += freed_by(p);
      }
    }
    sealed = !room(node, all);
  }
  f.sealed = sealed ? 1 : 0;
  return sealed;
}

bool ScenarioPrune::useless(JobId victim, BaseFails base_fails) {
  bool some = false;
  for (const PodId p : state_.jobs[victim.index()].pods) {
    const PodInfo& v = state_.pod(p);
    if (!active_allocated(v.phase)) {
      continue;
    }
    if (!sealed(v.node.index(), facts(v.node.index()), base_fails)) {
      return false;
    }
    some = true;
  }
  return some;
}

bool ScenarioPrune::rejects(size_t node, NodeFacts& f) {
  const NodeInfo& n = state_.nodes[node];
  if (f.rejects < 0) {
    const auto& verdicts =
        state_.node_filters.verdicts(state_, state_.pod(task_).spec, static_node_problem);
    const bool no = !n.present || verdicts[node] != 0
                    || !dra_guard_problem(state_.spec_of(task_), n, state_.kai).empty();
    f.rejects = no ? 1 : 0;
  }
  if (f.rejects == 1) {
    return true;
  }
  const PodTemplate& t = state_.spec_of(task_);
  // A leftover bridge claim makes the plugin report the pod (an anomaly): not asked here.
  if (f.claim_victims > 0 || !(t.has_resource_claims || uses_bridge(state_, t))
      || state_.pod(task_).bridge_claim_leftover) {
    return false;
  }
  if (!dra_) {
    dra_.emplace(state_, task_, true);
  }
  if (dra_->skip() || !dra_->rejection().empty()) {
    return false;
  }
  if (f.dra_rejects < 0) {
    const DynamicResources::Verdict v = dra_->filter(NodeId::from_index(node));
    // A fatal error leaves the answer unknown (and the plugin unused from now on).
    f.dra_rejects = dra_->rejection().empty() && !v->fits ? 1 : 0;
  }
  return f.dra_rejects == 1;
}

template <class ForEach>
bool ScenarioPrune::decide(const ForEach& for_each, BaseFails base_fails) {
  ++call_;
  bool some_room = false;
  bool all_reject = !nonlocal_;
  for_each([&](PodId v) {
    const size_t node = state_.pod(v).node.index();
    NodeFacts& f = facts(node);
    if (f.asked == call_) {
      return true;
    }
    f.asked = call_;
    some_room = some_room || room(node, f.freed);
    // (The placement's own fit test may ask less than the pod's request, so a node without
    // room still has to reject the task for another reason.)
    all_reject = all_reject && rejects(node, f);
    return !some_room || all_reject;
  });
  if (some_room && !all_reject) {
    return false;
  }
  return !some_room || base_fails();
}

bool ScenarioPrune::fails(const std::vector<PodId>& victims, BaseFails base_fails) {
  return decide(
      [&](const auto& visit) {
        for (const PodId v : victims) {
          if (!visit(v)) {
            return;
          }
        }
      },
      base_fails);
}

bool ScenarioPrune::fails(const std::vector<JobId>& jobs,
                          const std::vector<std::vector<PodId>>& by_job, BaseFails base_fails) {
  return decide(
      [&](const auto& visit) {
        for (const JobId j : jobs) {
          for (const PodId v : by_job[j.index()]) {
            if (!visit(v)) {
              return;
            }
          }
        }
      },
      base_fails);
}

}  // namespace drasim::model
