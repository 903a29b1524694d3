#pragma once
/// The node pools the utilization metrics are kept for (README "Metrics over time"): a node is
/// in the device-plugin pool when it advertises a GPU extended resource (`nvidia.com/gpu` or any
/// name KAI maps to the GPU slot) in `status.allocatable` and has no GPU devices in its
/// ResourceSlices, in the dra pool when its GPUs come only from ResourceSlices, mixed when both,
/// cpu when neither. `kAll` is every present node together (a total, not a class).

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>

namespace drasim::sim {

enum class NodePool { kDevicePlugin, kDra, kMixed, kCpu, kAll };

/// Number of NodePool values, kAll included.
inline constexpr size_t kNodePools = 5;

/// "device-plugin", "dra", "mixed", "cpu" or "all".
const char* to_string(NodePool pool);

/// The pool named `name`, if any.
std::optional<NodePool> node_pool_named(std::string_view name);

/// The pool of a node with or without advertised GPUs and GPU devices in its slices.
NodePool classify_node(bool advertises_gpus, bool has_dra_gpus);

/// Every pool in report order.
inline constexpr std::array<NodePool, kNodePools> kAllNodePools = {
    NodePool::kDevicePlugin, NodePool::kDra, NodePool::kMixed, NodePool::kCpu, NodePool::kAll};

}  // namespace drasim::sim
