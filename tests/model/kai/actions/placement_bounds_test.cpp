// The block upper bounds place_task uses to skip nodes (FreeGpuIndex::bounds): on clusters of
// several blocks with uneven free GPUs, releasing GPUs, tainted nodes and nodes above the
// histogram's last level, the node chosen is the one a scan of every node scores best.
#include "model/cluster/cluster_state.h"
#include "model/cluster_builder.h"
#include "model/k8s/object_set.h"
#include "model/kai/plugins/nodeplacement.h"
#include "model/kai/plugins/predicates.h"
#include "model/scheduler.h"

#include <doctest/doctest.h>

#include "tests/model/cluster_fixture.h"
#include <cstdint>
#include <optional>
#include <string>

using drasim::model::ClusterState;
using drasim::model::kGpuSlot;
using drasim::model::kMilliPerGpu;
using drasim::model::NodeInfo;
using drasim::model::ObjectSet;
using drasim::model::PlacementStrategy;
using drasim::model::SchedulerOptions;
using drasim::model::Taint;
using drasim::model::TaintEffect;
using drasim::test::bound_node;
using drasim::test::build_submitted;
using drasim::test::make_node;
using drasim::test::make_pod;
using drasim::test::pod_id;
using drasim::test::run_on;

namespace {

constexpr size_t kNodes = 300;  // five blocks of 64 (the last one partial)

/// A small deterministic generator (64-bit LCG, high bits), so every run builds the same
/// clusters.
struct Lcg {
  uint64_t x;

  uint64_t next(uint64_t bound) {
    x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    return (x >> 33) % bound;
  }
};

std::string node_name(size_t i) {
  std::string digits = std::to_string(i);
  return "n-" + std::string(3 - digits.size(), '0') + digits;  // sorts as it counts
}

/// A cluster whose nodes have 8 GPUs (every 7th has 20, above FreeGpuIndex::kLevels - 1), a
/// running filler of a random size each, every 5th filler releasing, every 11th node tainted;
/// plus one pending probe asking `probe_gpus`.
ClusterState random_cluster(uint64_t seed, int64_t probe_gpus) {
  Lcg rng{seed};
  ObjectSet objects;
  std::vector<std::pair<std::string, std::string>> fills;
  for (size_t i = 0; i < kNodes; ++i) {
    const int64_t gpus = i % 7 == 0 ? 20 : 8;
    std::vector<Taint> taints;
    if (i % 11 == 0) {
      taints.push_back({"dedicated", "infra", TaintEffect::kNoSchedule});
    }
    objects.nodes.push_back(make_node(node_name(i), 64, gpus, {}, taints));
    const auto used = static_cast<int64_t>(rng.next(static_cast<uint64_t>(gpus) + 1));
    if (used > 0) {
      objects.pods.push_back(make_pod("fill-" + node_name(i), "1", used));
      fills.emplace_back("fill-" + node_name(i), node_name(i));
    }
  }
  objects.pods.push_back(make_pod("probe", "1", probe_gpus));
  ClusterState state = build_submitted(objects);
  for (size_t k = 0; k < fills.size(); ++k) {
    run_on(state, fills[k].first, fills[k].second);
    if (k % 5 == 0) {
      state.begin_release(pod_id(state, fills[k].first));
    }
  }
  return state;
}

/// The node a scan of every node picks: the highest KAI score among the untainted nodes where
/// the probe fits on idle plus releasing resources, the first by name among equal scores.
std::optional<std::string> scan_every_node(const ClusterState& state) {
  const auto& t = state.spec_of(pod_id(state, "probe"));
  const drasim::model::PlacementRange range = drasim::model::placement_range(state, true);
  std::optional<size_t> best;
  int64_t best_score = 0;
  for (size_t i = 0; i < state.nodes.size(); ++i) {
    const NodeInfo& n = state.nodes[i];
    if (i % 11 == 0 || !drasim::model::fits_capacity(t.request, n, false)) {
      continue;
    }
    const bool idle = drasim::model::fits_capacity(t.request, n, true);
    const int64_t score = node_score(t, n, idle, PlacementStrategy::kBinpack, range);
    if (!best || score > best_score) {
      best = i;
      best_score = score;
    }
  }
  return best ? std::optional<std::string>(state.nodes[*best].name) : std::nullopt;
}

}  // namespace

TEST_CASE("a placement skipping blocks by their score bound picks the node a full scan picks") {
  int bound = 0;
  for (uint64_t seed = 1; seed <= 12; ++seed) {
    for (const int64_t gpus : {1, 2, 3, 4, 8, 12, 17}) {
      CAPTURE(seed);
      CAPTURE(gpus);
      ClusterState state = random_cluster(seed, gpus);
      const std::optional<std::string> expected = scan_every_node(state);
      const bool on_idle = expected
                           && drasim::model::fits_capacity(
                               state.spec_of(pod_id(state, "probe")).request,
                               state.node(drasim::test::node_id(state, *expected)), true);
      const drasim::model::CycleResult result = drasim::model::run_cycle(state, SchedulerOptions{});
      state.check_invariants();
      // A node where the probe fits on idle GPUs outscores every other by the availability
      // points, so the probe is bound there; when the best node has the GPUs only as releasing
      // ones the probe is pipelined (no bind) and returns to pending at the session's end.
      CHECK(bound_node(state, result.binds, "probe") == (on_idle ? *expected : std::string()));
      bound += on_idle ? 1 : 0;
    }
  }
  // The comparison must be about binds: most of the 84 probes fit on idle GPUs somewhere (17
  // GPUs only on the 20-GPU nodes).
  CHECK(bound > 60);
}
