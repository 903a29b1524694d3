// The free-GPU block summaries (free_gpu_index.h): summed from one record per node, refreshed
// for the nodes touched since, and rebuilt whole when nodes are added.
#include "model/cluster/free_gpu_index.h"

#include "model/cluster/cluster_state.h"

#include <doctest/doctest.h>

#include <vector>

namespace drasim::model {
namespace {

/// A present node with `gpus` allocatable GPUs of which `idle` are free.
NodeInfo gpu_node(int64_t gpus, int64_t idle) {
  NodeInfo n;
  n.allocatable.set(kGpuSlot, gpus * kMilliPerGpu);
  n.idle.set(kGpuSlot, idle * kMilliPerGpu);
  return n;
}

TEST_CASE("a block summary follows the touched nodes and the nodes added") {
  // 70 nodes: block 0 holds nodes 0-63, block 1 nodes 64-69. Every node has 8 GPUs, 2 free.
  std::vector<NodeInfo> nodes(70, gpu_node(8, 2));
  FreeGpuIndex index;
  const FreeGpuIndex::Summary& first = index.block(nodes, 0);
  CHECK(first.max_free_milli == 2000);
  CHECK(first.eligible_at[2] == 64);  // all 64 nodes have 2 whole GPUs free
  CHECK(first.free_milli == 64 * 2000);
  CHECK(index.block(nodes, 1).eligible_at[2] == 6);

  // Node 5 frees all 8 and node 6 has none left: block 0 now ranges over 0 to 8 free GPUs.
  nodes[5].idle.set(kGpuSlot, 8 * kMilliPerGpu);
  nodes[6].idle.set(kGpuSlot, 0);
  index.touch(5);
  index.touch(6);
  const FreeGpuIndex::Summary& after = index.block(nodes, 0);
  CHECK(after.max_free_milli == 8000);
  CHECK(after.min_eligible_milli == 0);
  CHECK(after.max_eligible_milli == 8000);
  CHECK(after.eligible_at[2] == 62);
  CHECK(after.eligible_at[8] == 1);
  CHECK(after.eligible_at[0] == 1);
  CHECK(after.gpu_room_nodes == 63);            // node 6 has no idle GPU
  CHECK(after.free_milli == 62 * 2000 + 8000);  // 132,000 milli-GPUs
  CHECK(index.free_total(nodes).first == 132000 + 6 * 2000);

  // Nodes 70 (4 free GPUs) and 71 (16) join the partial last block, and nodes 72-128 (1 free
  // GPU each) fill it and open a third block: the records are taken again for every node.
  nodes.push_back(gpu_node(4, 4));
  nodes.push_back(gpu_node(16, 16));
  nodes.resize(129, gpu_node(8, 1));
  CHECK(index.block(nodes, 1).eligible_at[4] == 1);
  CHECK(index.block(nodes, 1).eligible_at[16] == 1);  // 16 whole GPUs: the last level
  CHECK(index.block(nodes, 1).max_free_milli == 16000);
  CHECK(index.block(nodes, 2).eligible_at[1] == 1);  // node 128 alone
  CHECK(index.block(nodes, 0).max_free_milli == 8000);
}

}  // namespace
}  // namespace drasim::model
