#pragma once
// The cluster as the engine holds it at time 0, for benchmarks of one scheduling cycle: every
// pod submitted, template claims created, and pods bound in the input placed on their nodes
// with their claims adopted (what Engine's PodArrives handler does for them).
#include "model/cluster_builder.h"

namespace drasim::bench {

inline model::ClusterState prebound_state(const model::ObjectSet& objects,
                                          const model::BuildOptions& options = {}) {
  model::ClusterState state = model::build_cluster(objects, options);
  for (size_t i = 0; i < state.pods.size(); ++i) {
    const auto id = model::PodId::from_index(i);
    state.submit(id);
    for (const model::ClaimId c : state.pod(id).claims) {
      if (c.valid() && state.claims.at(c).from_template && state.claims.at(c).owner == id
          && !state.claims.at(c).present) {
        state.claims.appear(c);
      }
    }
    if (const std::string& node = state.spec_of(id).node_name; !node.empty()) {
      state.adopt_claims(id);
      state.adopt_bridge_claim(id);
      state.place(id, *state.find_node(node), model::PodPhase::kRunning);
      state.bind_bridge_claim(id);
    }
  }
  return state;
}

}  // namespace drasim::bench
