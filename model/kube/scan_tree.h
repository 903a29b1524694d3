#pragma once
/// One row's node answers laid out in kube-scheduler's scan order and summed up the way a scan
/// reads them: how many nodes passed, the largest raw scores among them, and the one with the
/// highest fit-and-balance score (the node that sorts first on a tie). A segment tree over the
/// scan positions, so that a pod asks which nodes its scan would reach, and what it would find
/// there, in O(log n) instead of visiting each node (KubeScheduler keeps one per shared row).

#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

namespace drasim::model::kube {

/// What a range of scan positions holds, over the nodes that passed.
struct ScanSummary {
  uint32_t passed = 0;
  int64_t max_taints = 0;  ///< each raw score is at least 0
  int64_t max_affinity = 0;
  int64_t max_points = 0;
  int64_t best_fit_balance = std::numeric_limits<int64_t>::min();
  uint32_t best_node = std::numeric_limits<uint32_t>::max();  ///< node index; max: none passed

  /// Both ranges together (commutative: a tie on the score goes to the lower node index).
  void add(const ScanSummary& o);
};

class ScanTree {
 public:
  /// `positions` scan positions, none passed.
  explicit ScanTree(size_t positions = 0);

  /// Position `pos` holds a node that passed, with its raw scores.
  void set_passed(size_t pos, uint32_t node, int64_t taints, int64_t affinity, int64_t points,
                  int64_t fit_balance);
  /// Position `pos` holds no passing node (it failed, or its answer is unknown).
  void set_failed(size_t pos);

  /// Every position failed again.
  void clear();

  [[nodiscard]] size_t size() const { return size_; }

  /// The summary of positions [lo, hi), lo <= hi <= size().
  [[nodiscard]] ScanSummary range(size_t lo, size_t hi) const;
  /// Nodes that passed in [lo, hi).
  [[nodiscard]] uint32_t passed(size_t lo, size_t hi) const;
  /// The position of the k-th (from 1) passing node in position order; k <= passed(0, size()).
  [[nodiscard]] size_t kth(uint32_t k) const;

 private:
  void update(size_t pos);
  /// Hands `visit` the O(log n) tree entries that together cover positions [lo, hi).
  template <class Visit>
  void cover(size_t lo, size_t hi, const Visit& visit) const;

  size_t size_ = 0;
  size_t leaves_ = 1;              ///< a power of two >= size_
  std::vector<ScanSummary> tree_;  ///< 1-based heap layout; leaves at [leaves_, 2 * leaves_)
};

/// A set of scan positions (the ones whose answer a shared row must work out again).
class PositionSet {
 public:
  /// Every position of `size` in the set.
  void fill(size_t size);

  void insert(size_t pos) { words_[pos / 64] |= uint64_t{1} << (pos % 64); }

  void erase(size_t pos) { words_[pos / 64] &= ~(uint64_t{1} << (pos % 64)); }

  [[nodiscard]] bool contains(size_t pos) const {
    return ((words_[pos / 64] >> (pos % 64)) & 1U) != 0;
  }

  /// The first position >= `from` in the set, or size().
  [[nodiscard]] size_t next(size_t from) const;

  [[nodiscard]] size_t size() const { return size_; }

 private:
  size_t size_ = 0;
  std::vector<uint64_t> words_;
};

}  // namespace drasim::model::kube
