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

namespace drasim::bench {
namespace {

model::Quantity units(int64_t n) {
  return model::Quantity::from_units(n);
}

model::Pod pod(const std::string& name, const std::string& queue, int64_t gpus, int64_t replicas,
               const std::string& node = "") {
  model::Pod p;
  p.meta.name = name;
  p.meta.namespace_name = "ml";
  p.meta.labels["kai.scheduler/queue"] = queue;
  p.meta.owner_references.push_back({});  // a Job's pod: recreated after an eviction
  model::Container c;
  c.name = "main";
  c.requests["cpu"] = units(1);
  c.requests["memory"] = units(4LL << 30);
  if (gpus > 0) {
    c.requests["nvidia.com/gpu"] = units(gpus);
    c.limits["nvidia.com/gpu"] = units(gpus);
  }
  p.spec.containers.push_back(std::move(c));
  p.spec.node_name = node;
  if (!node.empty()) {
    p.status.phase = "Running";
  }
  p.replicas = replicas;
  return p;
}

model::QueueResource unlimited() {
  return {-1, 1, -1};
}

model::ObjectSet big_kai_cluster() {
  model::ObjectSet o;
  for (int i = 0; i < 4000; ++i) {
    model::Node n;
    n.meta.name = fmt::format("node-{:05d}", i);
    n.allocatable["cpu"] = units(128);
    n.allocatable["memory"] = units(1000LL << 30);
    n.allocatable["pods"] = units(110);
    n.allocatable["nvidia.com/gpu"] = units(8);
    n.capacity = n.allocatable;
    o.nodes.push_back(std::move(n));
  }
  for (int d = 0; d < 10; ++d) {
    model::Queue q;
    q.meta.name = fmt::format("dept-{:02d}", d);
    q.has_resources = true;
    q.cpu = q.memory = unlimited();
    q.gpu = {3000, 1, -1};
    o.queues.push_back(std::move(q));
  }
  for (int i = 0; i < 100; ++i) {
    model::Queue q;
    q.meta.name = fmt::format("q-{:03d}", i);
    q.parent_queue = fmt::format("dept-{:02d}", i / 10);
    q.has_resources = true;
    q.cpu = q.memory = unlimited();
    q.gpu = {300, 1, -1};
    o.queues.push_back(std::move(q));
  }
  for (int i = 0; i < 4000; ++i) {
    const int queue = i < 3200 ? i % 50 : 50 + (i - 3200) % 50;
    const std::string node = fmt::format("node-{:05d}", i);
    const std::string q = fmt::format("q-{:03d}", queue);
    o.pods.push_back(pod(fmt::format("train-{:05d}", i), q, 1, 8, node));
    o.pods.push_back(pod(fmt::format("cpu-{:05d}", i), q, 0, 24, node));
  }
  for (int queue = 50; queue < 100; ++queue) {
    o.pods.push_back(
        pod(fmt::format("wait-{:03d}", queue), fmt::format("q-{:03d}", queue), 1, 200));
  }
  for (int queue = 0; queue < 50; ++queue) {
    for (int g = 0; g < 5; ++g) {
      model::PodGroup pg;
      pg.meta.name = fmt::format("gang-{:03d}-{}", queue, g);
      pg.meta.namespace_name = "ml";
      pg.queue = fmt::format("q-{:03d}", queue);
      pg.min_member = 8;
      o.pod_groups.push_back(pg);
      model::Pod member = pod(pg.meta.name, pg.queue, 1, 8);
      member.meta.annotations["pod-group-name"] = pg.meta.name;
      o.pods.push_back(std::move(member));
    }
  }
  return o;
}

/// The cluster as the engine would hold it at time 0: pre-bound pods running, the rest pending.
model::ClusterState snapshot(const model::ObjectSet& objects) {
  model::ClusterState state = model::build_cluster(objects, {});
  for (size_t i = 0; i < state.pods.size(); ++i) {
    const auto id = model::PodId::from_index(i);
    state.submit(id);
    if (const std::string& node = state.spec_of(id).node_name; !node.empty()) {
      state.place(id, *state.find_node(node), model::PodPhase::kRunning);
    }
  }
  return state;
}

}  // namespace

TEST_CASE("one KAI cycle on 4000 nodes, 100 queues and 140000 pods", "[kai-cycle]") {
  const model::ObjectSet objects = big_kai_cluster();
  const model::ClusterState state = snapshot(objects);
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
