// One full KAI scheduling cycle (allocate, consolidation, reclaim, preempt, stale gang
// eviction) on 4,000 nodes, 100 queues and 140,000 pods: the size at which KAI's own snapshot
// tool needs about 2.4 s per cycle (issue: KAI quota).
// Run: ./build/release/tests/drasim_bench "[kai-cycle]~[reference]" --benchmark-samples 3
//
// The cluster: 4,000 nodes of 8 GPUs, 128 cores, 110 pod slots, each full with eight 1-GPU
// train pods and 24 one-core pods of one queue (128,000 running pods). 100 leaf queues under 10
// departments, GPU quota 300 each (30,000 of the 32,000 GPUs), weight 1, CPU and memory
// unlimited. Queues q-000..q-049 hold 64 nodes each (512 GPUs, above their fair share), queues
// q-050..q-099 hold 16 (128 GPUs, below). Pending: 200 one-GPU pods in each of q-050..q-099
// (10,000: reclaimers) and five 8-pod gangs in each of q-000..q-049 (2,000: over fair share,
// nothing to reclaim). The cycle reclaims GPUs for the under-served queues pod by pod.
#include "model/cluster_builder.h"
#include "model/scheduler.h"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include "tests/bench/cycle_state.h"
#include "tests/bench/kai_cluster.h"

namespace drasim::bench {

TEST_CASE("one KAI cycle on 4000 nodes, 100 queues and 140000 pods", "[kai-cycle]") {
  const model::ObjectSet objects = big_kai_cluster();
  const model::ClusterState state = prebound_state(objects);
  REQUIRE(state.pods.size() == 140000u);
  model::ClusterState probe = state;
  const model::CycleResult once = model::run_cycle(probe, {}, 0);
  WARN(state.pods.size() << " pods; one cycle: " << once.binds.size() << " binds, "
                         << once.pipelined << " pipelined, " << once.evictions.size()
                         << " evictions, " << once.jobs_attempted << " jobs attempted");
  REQUIRE(!once.evictions.empty());

  BENCHMARK_ADVANCED("full cycle (allocate, consolidation, reclaim, preempt, stale)")
  (Catch::Benchmark::Chronometer meter) {
    std::vector<model::ClusterState> copies(static_cast<size_t>(meter.runs()), state);
    meter.measure([&](int i) {
      return model::run_cycle(copies[static_cast<size_t>(i)], {}, 0).evictions.size();
    });
  };
}

TEST_CASE("the 4000-node KAI cycle gives the reference mode's answer", "[kai-cycle][reference]") {
  const model::ObjectSet objects = big_kai_cluster();
  model::ClusterState fast = prebound_state(objects);
  model::BuildOptions reference;
  reference.reference = true;
  model::ClusterState slow = prebound_state(objects, reference);
  const model::CycleResult a = model::run_cycle(fast, {}, 0);
  const model::CycleResult b = model::run_cycle(slow, {}, 0);
  // Every speed-only cache is off in the reference mode: the same pods are evicted, in the
  // same order, and the same pods pipelined on the same nodes.
  REQUIRE(a.evictions == b.evictions);
  REQUIRE(a.binds == b.binds);
  REQUIRE(a.pipelined == b.pipelined);
  for (size_t i = 0; i < fast.pods.size(); ++i) {
    const auto id = model::PodId::from_index(i);
    REQUIRE(fast.pod(id).node == slow.pod(id).node);
    REQUIRE(fast.pod(id).phase == slow.pod(id).phase);
  }
}

}  // namespace drasim::bench
