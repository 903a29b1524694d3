// The workload part of a generated scenario: pods already running at time 0, and the jobs that
// arrive (single pods, gangs and elastic PodGroups, pods sharing a ResourceClaim) with their
// device asks.
#include <fmt/format.h>

#include "tests/stress/generator.h"
#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace drasim::stress {

namespace {

// Sizes stay small on purpose: the hangs that motivated this tester were found in scenarios of a
// handful of pods.
constexpr int kMaxPods = 24;

}  // namespace

const QueueInfo& Generator::leaf_queue() {
  std::vector<const QueueInfo*> leaves;
  for (const QueueInfo& q : s_.queues) {
    if (q.leaf) {
      leaves.push_back(&q);
    }
  }
  return *rng_.pick(leaves);
}

std::string Generator::priority_class() {
  static const std::vector<std::string> kClasses = {"train", "build-preemptible", "build",
                                                    "inference"};
  return kClasses[rng_.weighted({4, 2, 2, 2})];
}

std::optional<int> Generator::grace() {
  const size_t which = rng_.weighted({4, 4, 2});
  return which == 0 ? std::optional(0) : which == 1 ? std::optional(30) : std::nullopt;
}

int Generator::arrival() {
  if (rng_.chance(0.4)) {
    return 0;
  }
  return rng_.between(1, s_.settings.horizon_s * 3 / 4 / 5) * 5;
}

std::optional<int> Generator::runtime() {
  if (rng_.chance(0.3)) {
    return std::nullopt;  // runs until the end
  }
  return rng_.between(4, 48) * 5;
}

void Generator::prebound_pods() {
  if (!rng_.chance(0.5)) {
    return;
  }
  const int count = rng_.between(1, 3);
  for (int i = 0; i < count; ++i) {
    NodeInfo& node =
        s_.nodes[static_cast<size_t>(rng_.between(0, static_cast<int>(s_.nodes.size()) - 1))];
    if (node.free_cpu < 1) {
      continue;
    }
    PodInfo p;
    p.name = fmt::format("run{}", i);
    p.node_name = node.name;
    p.queue = leaf_queue().name;
    p.priority_class = priority_class();
    p.grace_s = grace();
    p.runtime_s = runtime();
    p.cpu = rng_.between(1, std::min(8, node.free_cpu));
    p.memory_gi = rng_.pick(std::vector<int>{1, 4, 8});
    node.free_cpu -= p.cpu;
    // GPUs only through the device plugin: a bound DRA pod would need its claim's allocation
    // in the input. A bound gpu-fraction pod takes one whole GPU out of the free count.
    if (!node.dra && node.free_gpus > 0) {
      if (node.memory_label && rng_.chance(0.2)) {
        p.ask = GpuAsk::kFraction;
        p.fraction = "0.5";
        node.free_gpus -= 1;
      } else if (rng_.chance(0.8)) {
        p.ask = GpuAsk::kWhole;
        p.gpus = rng_.between(1, std::min(4, node.free_gpus));
        node.free_gpus -= p.gpus;
      }
    }
    s_.pods.push_back(std::move(p));
    ++s_.pod_count;
  }
}

GpuAsk Generator::gpu_ask(bool allow_claim) {
  const std::vector<double> weights = {1, 4, 1.5, 1, allow_claim ? 2.0 : 0.0};
  static const std::vector<GpuAsk> kAsks = {GpuAsk::kNone, GpuAsk::kWhole, GpuAsk::kFraction,
                                            GpuAsk::kMemory, GpuAsk::kClaim};
  return kAsks[rng_.weighted(weights)];
}

void Generator::devices(PodInfo& p, GpuAsk ask) {
  p.ask = ask;
  switch (ask) {
    case GpuAsk::kNone:
    case GpuAsk::kSharedClaim:
      break;
    case GpuAsk::kWhole: {
      const int most = std::max(1, s_.max_node_gpus());
      p.gpus = std::min(rng_.pick(std::vector<int>{1, 1, 1, 2, 2, 4, 8}), most);
      if (rng_.chance(0.05)) {
        p.gpus = most + 1;  // never fits: a pod that waits for the whole run
      }
      break;
    }
    case GpuAsk::kFraction:
      p.fraction = rng_.pick(std::vector<std::string>{"0.1", "0.25", "0.5", "0.75"});
      p.fraction_devices = rng_.chance(0.1) ? 2 : 0;
      break;
    case GpuAsk::kMemory:
      p.gpu_memory_mib = rng_.pick(std::vector<int>{10000, 20000, 40000});
      break;
    case GpuAsk::kClaim:
      // "one-gpu-too" has one-gpu's spec under another name: its pods share one-gpu's fit
      // class (build_claims). Picked by name length, so no seed draws differently.
      p.claim = rng_.chance(0.25) ? "two-gpus" : p.name.size() % 2 == 0 ? "one-gpu" : "one-gpu-too";
      break;
  }
}

PodInfo Generator::pending_pod(std::string name, int replicas, int at_s) {
  PodInfo p;
  p.name = std::move(name);
  p.replicas = replicas;
  p.at_s = at_s;
  p.runtime_s = runtime();
  p.grace_s = grace();
  p.cpu = rng_.pick(std::vector<int>{1, 2, 4, 8});
  p.memory_gi = rng_.pick(std::vector<int>{2, 8, 16});
  if (rng_.chance(0.1)) {
    const bool any_dra = s_.has_dra();
    const bool any_dp =
        std::any_of(s_.nodes.begin(), s_.nodes.end(), [](const NodeInfo& n) { return !n.dra; });
    if (any_dra && (!any_dp || rng_.chance(0.5))) {
      p.pool = "dra";
    } else if (any_dp) {
      p.pool = "device-plugin";
    }
  }
  return p;
}

void Generator::single_job(int index, int budget) {
  const int replicas = budget >= 3 && rng_.chance(0.2) ? rng_.between(2, 3) : 1;
  PodInfo p = pending_pod(fmt::format("p{}", index), replicas, arrival());
  p.queue = leaf_queue().name;
  p.priority_class = priority_class();
  devices(p, gpu_ask(s_.has_dra()));
  s_.pods.push_back(std::move(p));
  s_.pod_count += replicas;
}

void Generator::group_job(int index, int replicas, int min_member) {
  GroupInfo g;
  g.name = fmt::format("g{}", index);
  g.queue = leaf_queue().name;
  g.priority_class = priority_class();
  g.min_member = min_member;
  g.at_s = arrival();
  PodInfo p = pending_pod(g.name, replicas, g.at_s);
  p.group = g.name;
  devices(p, gpu_ask(s_.has_dra()));
  s_.groups.push_back(std::move(g));
  s_.pods.push_back(std::move(p));
  s_.pod_count += replicas;
}

void Generator::subgroup_job(int index, int budget) {
  GroupInfo g;
  g.name = fmt::format("sg{}", index);
  g.queue = leaf_queue().name;
  g.priority_class = priority_class();
  g.at_s = arrival();
  const bool nested = rng_.chance(0.3);
  g.min_sub_group_one = !nested && rng_.chance(0.3);
  if (nested) {
    g.subgroups.push_back(SubGroupInfo{"outer", "", -1});
  }
  const GpuAsk ask = gpu_ask(s_.has_dra());
  for (int leaf = 0; leaf < 2 && budget > 0; ++leaf) {
    const int size = rng_.between(1, std::min(3, std::max(1, budget / 2)));
    const std::string name = leaf == 0 ? "workers" : "launcher";
    g.subgroups.push_back(SubGroupInfo{name, nested ? "outer" : "", rng_.between(0, size)});
    PodInfo p = pending_pod(fmt::format("{}-{}", g.name, name), size, g.at_s);
    p.group = g.name;
    p.subgroup = name;
    devices(p, ask);
    s_.pods.push_back(std::move(p));
    s_.pod_count += size;
    budget -= size;
  }
  s_.groups.push_back(std::move(g));
}

void Generator::shared_claim_job(int index, int replicas) {
  ClaimInfo c{fmt::format("shared-{}", index), leaf_queue().name};
  PodInfo p = pending_pod(fmt::format("s{}", index), replicas, arrival());
  p.ask = GpuAsk::kSharedClaim;
  p.claim = c.name;
  if (rng_.chance(0.4)) {
    // An elastic PodGroup of the claim's queue: evicted members are recreated and wait again.
    GroupInfo g{p.name, c.queue, priority_class(), 1, p.at_s, {}, false};
    p.group = g.name;
    s_.groups.push_back(std::move(g));
  } else {
    p.queue = c.queue;
    p.priority_class = priority_class();
  }
  s_.claims.push_back(std::move(c));
  s_.pods.push_back(std::move(p));
  s_.pod_count += replicas;
}

void Generator::jobs() {
  const int target = rng_.between(4, kMaxPods - 2);
  for (int index = 0; s_.pod_count < target; ++index) {
    const int budget = kMaxPods - s_.pod_count;
    const size_t kind = rng_.weighted({4, 2.5, 2, s_.has_dra() ? 1.5 : 0.0, 1.5});
    if (kind == 1 && budget >= 2) {
      const int size = rng_.between(2, std::min(4, budget));
      group_job(index, size, size);
    } else if (kind == 2 && budget >= 2) {
      const int size = rng_.between(2, std::min(5, budget));
      group_job(index, size, rng_.between(1, size - 1));
    } else if (kind == 3 && budget >= 2) {
      shared_claim_job(index, rng_.between(2, std::min(3, budget)));
    } else if (kind == 4 && budget >= 2) {
      subgroup_job(index, budget);
    } else {
      single_job(index, budget);
    }
  }
}

}  // namespace drasim::stress
