// KAI's FeasibleNodesForJob node test (actions/common/feasible_nodes.go): a node is feasible for
// an all-GPU job when GetSumOfIdleGPUs() > 0 or GetSumOfReleasingGPUs() > 0 (node_info.go,
// gpu_sharing_node_info.go).
#include "model/kai/actions/feasible_nodes.h"

#include <doctest/doctest.h>

using drasim::model::GroupHold;
using drasim::model::has_idle_or_releasing_gpus;
using drasim::model::kGpuSlot;
using drasim::model::NodeInfo;

namespace {

NodeInfo node(int64_t idle_milli, int64_t releasing_milli) {
  NodeInfo n;
  n.idle = drasim::model::ResourceVector(kGpuSlot + 1);
  n.releasing = drasim::model::ResourceVector(kGpuSlot + 1);
  n.idle.set(kGpuSlot, idle_milli);
  n.releasing.set(kGpuSlot, releasing_milli);
  n.gpu_groups.memory_mib = 1000;
  return n;
}

}  // namespace

TEST_CASE("a node is feasible with an idle or a releasing whole GPU") {
  CHECK_FALSE(has_idle_or_releasing_gpus(node(0, 0)));
  CHECK(has_idle_or_releasing_gpus(node(1000, 0)));
  CHECK(has_idle_or_releasing_gpus(node(0, 1000)));
  // The two sums are tested apart: a negative idle vector (a KAI accounting anomaly) does not
  // cancel a releasing GPU, and alone it is not above zero.
  CHECK(has_idle_or_releasing_gpus(node(-1000, 1000)));
  CHECK_FALSE(has_idle_or_releasing_gpus(node(-1000, 0)));
}

TEST_CASE("a shared GPU's free part counts as idle, rounded as KAI rounds it") {
  // 990 of 1000 MiB allocated: 1 - ceil(99.0) / 100 = 0.01 GPU idle.
  NodeInfo a = node(0, 0);
  a.gpu_groups.add_memory(1, 990, GroupHold::kHolding);
  CHECK(has_idle_or_releasing_gpus(a));
  // 995 of 1000 MiB: ceil(99.5) = 100, so 1 - 100 / 100 = 0 GPUs idle.
  NodeInfo b = node(0, 0);
  b.gpu_groups.add_memory(1, 995, GroupHold::kHolding);
  CHECK_FALSE(has_idle_or_releasing_gpus(b));
  // A whole-GPU idle deficit of one GPU is not made up by a 0.01 shared remainder:
  // -1 + 0.01 < 0.
  NodeInfo c = node(-1000, 0);
  c.gpu_groups.add_memory(1, 990, GroupHold::kHolding);
  CHECK_FALSE(has_idle_or_releasing_gpus(c));
}

TEST_CASE("a shared GPU's releasing memory counts as releasing") {
  // 995 MiB allocated leaves nothing idle, but 5 of them releasing: ceil(0.5) / 100 = 0.01.
  NodeInfo n = node(0, 0);
  n.gpu_groups.add_memory(1, 990, GroupHold::kHolding);
  n.gpu_groups.add_memory(1, 5, GroupHold::kReleasing);
  CHECK(has_idle_or_releasing_gpus(n));
}
