#pragma once
// The KAI cycle benchmark's cluster (tests/bench/kai_cycle_bench.cpp), at any size: `nodes`
// nodes of 8 GPUs, 128 cores and 110 pod slots, each full with eight 1-GPU train pods and 24
// one-core pods of one queue. 100 leaf queues under 10 departments, GPU quota 3 per 40 nodes
// each (300 at 4,000 nodes: 30,000 of the 32,000 GPUs), weight 1, CPU and memory unlimited.
// The first 80% of the nodes belong to q-000..q-049 (above their fair share), the rest to
// q-050..q-099 (below). Pending: nodes/20 one-GPU pods in each of q-050..q-099 (reclaimers) and
// nodes/16 8-pod gangs over q-000..q-049 (over fair share, nothing to reclaim). Every count grows
// with the nodes, so sizes compare: 4,000 nodes is 140,000 pods (128,000 running).
#include "model/k8s/object_set.h"

#include <fmt/format.h>

namespace drasim::bench {
namespace kai_cluster_detail {

inline model::Quantity units(int64_t n) {
  return model::Quantity::from_units(n);
}

inline model::Pod pod(const std::string& name, const std::string& queue, int64_t gpus,
                      int64_t replicas, const std::string& node = "") {
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

inline model::QueueResource unlimited() {
  return {-1, 1, -1};
}

}  // namespace kai_cluster_detail

inline model::ObjectSet big_kai_cluster(int nodes = 4000) {
  using namespace kai_cluster_detail;
  model::ObjectSet o;
  const double quota = nodes * 3 / 40;
  for (int i = 0; i < nodes; ++i) {
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
    q.gpu = {quota * 10, 1, -1};
    o.queues.push_back(std::move(q));
  }
  for (int i = 0; i < 100; ++i) {
    model::Queue q;
    q.meta.name = fmt::format("q-{:03d}", i);
    q.parent_queue = fmt::format("dept-{:02d}", i / 10);
    q.has_resources = true;
    q.cpu = q.memory = unlimited();
    q.gpu = {quota, 1, -1};
    o.queues.push_back(std::move(q));
  }
  const int above = nodes * 4 / 5;
  for (int i = 0; i < nodes; ++i) {
    const int queue = i < above ? i % 50 : 50 + (i - above) % 50;
    const std::string node = fmt::format("node-{:05d}", i);
    const std::string q = fmt::format("q-{:03d}", queue);
    o.pods.push_back(pod(fmt::format("train-{:05d}", i), q, 1, 8, node));
    o.pods.push_back(pod(fmt::format("cpu-{:05d}", i), q, 0, 24, node));
  }
  for (int queue = 50; queue < 100; ++queue) {
    o.pods.push_back(
        pod(fmt::format("wait-{:03d}", queue), fmt::format("q-{:03d}", queue), 1, nodes / 20));
  }
  for (int g = 0; g < nodes / 16; ++g) {
    const int queue = g % 50;
    model::PodGroup pg;
    pg.meta.name = fmt::format("gang-{:03d}-{}", queue, g / 50);
    pg.meta.namespace_name = "ml";
    pg.queue = fmt::format("q-{:03d}", queue);
    pg.min_member = 8;
    o.pod_groups.push_back(pg);
    model::Pod member = pod(pg.meta.name, pg.queue, 1, 8);
    member.meta.annotations["pod-group-name"] = pg.meta.name;
    o.pods.push_back(std::move(member));
  }
  return o;
}

}  // namespace drasim::bench
