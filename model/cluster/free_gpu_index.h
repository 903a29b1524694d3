#pragma once
/// A summary of the nodes' free GPU slot by blocks of nodes, so that a scan for the nodes that
/// can take a pod's GPUs skips whole blocks where no node has enough, and the binpack range of
/// a GPU task is found without visiting every node.
///
/// Exactness: a block's summary is recomputed whenever something marked it stale (`touch`), and
/// every change of a node's idle, releasing, allocatable or presence marks it (ClusterState's
/// charge functions, the eviction solver's trials, node appearance and removal). It is summed
/// from a small record per node (`Part`), and only the nodes touched since are read again: a
/// placement touches one node of 64, and the block's other NodeInfos stay out of the cache.
/// Debug builds check each fresh summary against one summed from the nodes themselves.

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

namespace drasim::model {

struct NodeInfo;

/// KAI `GetSumOfIdleGPUs() > 0 || GetSumOfReleasingGPUs() > 0` (node_info.go): idle whole GPUs
/// plus the free part of each partly allocated shared GPU (rounded up to hundredths as KAI does,
/// so a GPU allocated past 99% leaves nothing), or releasing whole GPUs plus releasing shared
/// memory on GPUs that are not releasing whole.
[[nodiscard]] bool has_idle_or_releasing_gpus(const NodeInfo& node);

class FreeGpuIndex {
 public:
  static constexpr size_t kBlock = 64;
  static constexpr size_t kLevels = 17;

  /// One block's summary over its nodes.
  struct Summary {
    /// Largest idle + releasing GPU slot (milli-GPUs) of any node, present or not.
    int64_t max_free_milli = 0;
    /// Smallest and largest idle + releasing GPU slot of the present nodes with allocatable GPUs
    /// (empty when `eligible` is false): the binpack range's inputs.
    int64_t min_eligible_milli = 0;
    int64_t max_eligible_milli = 0;
    bool eligible = false;
    /// Idle plus releasing GPUs of the present nodes as consolidation counts them (milli-GPUs
    /// and MiB; see add_consolidation_free in free_gpu_index.cpp).
    int64_t free_milli = 0;
    int64_t free_mib = 0;
    /// The present nodes with allocatable GPUs by their whole free GPUs (idle + releasing,
    /// rounded down; below 0 counted at 0, from kLevels - 1 up at kLevels - 1).
    std::array<uint32_t, kLevels> eligible_at{};
    /// The present nodes with idle or releasing GPUs (has_idle_or_releasing_gpus).
    uint32_t gpu_room_nodes = 0;

    friend bool operator==(const Summary&, const Summary&) = default;
  };

  /// The node's free GPUs, allocatable or presence may have changed.
  void touch(size_t node) {
    if (node < dirty_.size()) {
      stale_[node / kBlock] = true;
      dirty_[node] = true;
    }
  }

  /// The fresh summary of block `block` of `nodes`.
  const Summary& block(const std::vector<NodeInfo>& nodes, size_t block) const;

  /// A block of nodes [first, end) and the best score any of its nodes could have.
  struct Bound {
    int64_t score = 0;
    size_t first = 0;
    size_t end = 0;
  };

  /// The blocks that hold a node able to take `min_gpu` milli-GPUs, each with the highest
  /// `score_of(whole free GPUs)` of its eligible nodes at or above that many whole GPUs (for a
  /// score that falls as free GPUs grow, an upper bound of the block's scores), best first and
  /// then by first node.
  [[nodiscard]] std::vector<Bound> bounds(const std::vector<NodeInfo>& nodes, int64_t min_gpu,
                                          const std::function<int64_t(int64_t)>& score_of) const;

  /// The idle plus releasing GPUs of all present nodes, summed over the blocks' `free_milli`
  /// and `free_mib`: {milli-GPUs, MiB}; with `recount` (ClusterState::reference) summed node by
  /// node instead.
  [[nodiscard]] std::pair<int64_t, int64_t> free_total(const std::vector<NodeInfo>& nodes,
                                                       bool recount = false) const;

  friend bool operator==(const FreeGpuIndex&, const FreeGpuIndex&) { return true; }

 private:
  /// What one node adds to its block's summary.
  struct Part {
    int64_t free_milli = 0;  ///< idle + releasing GPU slot
    int64_t consolidation_milli = 0;
    int64_t consolidation_mib = 0;
    bool present = false;
    bool room = false;      ///< has_idle_or_releasing_gpus
    bool eligible = false;  ///< present, with allocatable GPUs

    friend bool operator==(const Part&, const Part&) = default;
  };

  [[nodiscard]] static Part part_of(const NodeInfo& node);
  /// Adds one node's part to a block's summary; `first` for the block's first node.
  static void add_part(const Part& p, bool first, Summary& s);
  /// Block `block`'s summary from its nodes' parts, refreshing the touched ones first.
  [[nodiscard]] Summary summarize(const std::vector<NodeInfo>& nodes, size_t block) const;

  mutable std::vector<Summary> summaries_;
  mutable std::vector<bool> stale_;  ///< per block
  mutable std::vector<Part> parts_;  ///< per node
  mutable std::vector<bool> dirty_;  ///< per node: touched since its part was taken
};

}  // namespace drasim::model
