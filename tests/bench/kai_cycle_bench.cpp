// One full KAI scheduling cycle (allocate, consolidation, reclaim, preempt, stale gang
// eviction) on 4,000 nodes, 100 queues and 140,000 pods: the size at which KAI's own snapshot
// tool needs about 2.4 s per cycle (issue: KAI quota).
// Run: ./build/release/tests/drasim_bench "[kai-cycle]" --benchmark-samples 3
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

}  // namespace drasim::bench
