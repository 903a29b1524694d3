#pragma once
/// A summary of the nodes' free GPU slot by blocks of nodes, so that a scan for the nodes that
/// can take a pod's GPUs skips whole blocks where no node has enough, and the binpack range of
/// a GPU task is found without visiting every node.
///
/// Exactness: a block's summary is recomputed from the nodes whenever something marked it stale
/// (`touch`), and every change of a node's idle, releasing, allocatable or presence marks it
/// (ClusterState's charge functions, the eviction solver's trials, node appearance and
/// removal). Debug builds check each fresh summary against the nodes before it is used.

#include <cstddef>
#include <cstdint>
#include <vector>

namespace drasim::model {

struct NodeInfo;

class FreeGpuIndex {
 public:
  static constexpr size_t kBlock = 64;

  /// One block's summary over its nodes.
  struct Summary {
    /// Largest idle + releasing GPU slot (milli-GPUs) of any node, present or not.
    int64_t max_free_milli = 0;
    /// Smallest and largest idle + releasing GPU slot of the present nodes with allocatable GPUs
    /// (empty when `eligible` is false): the binpack range's inputs.
    int64_t min_eligible_milli = 0;
    int64_t max_eligible_milli = 0;
    bool eligible = false;

    friend bool operator==(const Summary&, const Summary&) = default;
  };

  /// The node's free GPUs, allocatable or presence may have changed.
  void touch(size_t node) {
    if (node / kBlock < stale_.size()) {
      stale_[node / kBlock] = true;
    }
  }

  /// The fresh summary of block `block` of `nodes`.
  const Summary& block(const std::vector<NodeInfo>& nodes, size_t block) const;

  friend bool operator==(const FreeGpuIndex&, const FreeGpuIndex&) { return true; }

 private:
  mutable std::vector<Summary> summaries_;
  mutable std::vector<bool> stale_;
};

}  // namespace drasim::model
