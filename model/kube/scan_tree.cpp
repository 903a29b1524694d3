#include "model/kube/scan_tree.h"

#include <algorithm>
#include <bit>

namespace drasim::model::kube {

void ScanSummary::add(const ScanSummary& o) {
  passed += o.passed;
  max_taints = std::max(max_taints, o.max_taints);
  max_affinity = std::max(max_affinity, o.max_affinity);
  max_points = std::max(max_points, o.max_points);
  if (o.best_fit_balance > best_fit_balance
      || (o.best_fit_balance == best_fit_balance && o.best_node < best_node)) {
    best_fit_balance = o.best_fit_balance;
    best_node = o.best_node;
  }
}

ScanTree::ScanTree(size_t positions) : size_(positions) {
  while (leaves_ < size_) {
    leaves_ *= 2;
  }
  tree_.assign(2 * leaves_, ScanSummary{});
}

void ScanTree::clear() {
  std::fill(tree_.begin(), tree_.end(), ScanSummary{});
}

void ScanTree::update(size_t pos) {
  for (size_t i = (pos + leaves_) / 2; i >= 1; i /= 2) {
    ScanSummary s = tree_[2 * i];
    s.add(tree_[2 * i + 1]);
    tree_[i] = s;
  }
}

void ScanTree::set_passed(size_t pos, uint32_t node, int64_t taints, int64_t affinity,
                          int64_t points, int64_t fit_balance) {
  tree_[pos + leaves_] = ScanSummary{1, taints, affinity, points, fit_balance, node};
  update(pos);
}

void ScanTree::set_failed(size_t pos) {
  ScanSummary& leaf = tree_[pos + leaves_];
  if (leaf.passed == 0) {
    return;  // nothing above it counts the position
  }
  leaf = ScanSummary{};
  update(pos);
}

template <class Visit>
void ScanTree::cover(size_t lo, size_t hi, const Visit& visit) const {
  for (size_t l = lo + leaves_, h = hi + leaves_; l < h; l /= 2, h /= 2) {
    if ((l & 1U) != 0) {
      visit(tree_[l++]);
    }
    if ((h & 1U) != 0) {
      visit(tree_[--h]);
    }
  }
}

ScanSummary ScanTree::range(size_t lo, size_t hi) const {
  ScanSummary out;
  cover(lo, hi, [&](const ScanSummary& s) { out.add(s); });
  return out;
}

uint32_t ScanTree::passed(size_t lo, size_t hi) const {
  // Only the counts: the scan asks this for every node it answers.
  uint32_t out = 0;
  cover(lo, hi, [&](const ScanSummary& s) { out += s.passed; });
  return out;
}

size_t ScanTree::kth(uint32_t k) const {
  size_t i = 1;
  while (i < leaves_) {
    const uint32_t left = tree_[2 * i].passed;
    if (k <= left) {
      i = 2 * i;
    } else {
      k -= left;
      i = 2 * i + 1;
    }
  }
  return i - leaves_;
}

void PositionSet::fill(size_t size) {
  size_ = size;
  words_.assign((size + 63) / 64, ~uint64_t{0});
  if (size % 64 != 0) {
    words_.back() = (uint64_t{1} << (size % 64)) - 1;
  }
}

size_t PositionSet::next(size_t from) const {
  if (from >= size_) {
    return size_;
  }
  size_t w = from / 64;
  uint64_t bits = words_[w] & (~uint64_t{0} << (from % 64));
  while (bits == 0) {
    if (++w == words_.size()) {
      return size_;
    }
    bits = words_[w];
  }
  return w * 64 + static_cast<size_t>(std::countr_zero(bits));
}

}  // namespace drasim::model::kube
