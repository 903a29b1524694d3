// The scan tree and the position set answer what walking the positions one by one answers.
#include "model/kube/scan_tree.h"

#include <doctest/doctest.h>

#include <random>
#include <vector>

namespace drasim::model::kube {
namespace {

struct Leaf {
  bool passed = false;
  int64_t taints = 0;
  int64_t affinity = 0;
  int64_t points = 0;
  int64_t fit_balance = 0;
  uint32_t node = 0;
};

/// The summary of [lo, hi) the slow, obvious way.
ScanSummary walk(const std::vector<Leaf>& leaves, size_t lo, size_t hi) {
  ScanSummary out;
  for (size_t i = lo; i < hi; ++i) {
    const Leaf& l = leaves[i];
    if (!l.passed) {
      continue;
    }
    ++out.passed;
    out.max_taints = std::max(out.max_taints, l.taints);
    out.max_affinity = std::max(out.max_affinity, l.affinity);
    out.max_points = std::max(out.max_points, l.points);
    if (l.fit_balance > out.best_fit_balance
        || (l.fit_balance == out.best_fit_balance && l.node < out.best_node)) {
      out.best_fit_balance = l.fit_balance;
      out.best_node = l.node;
    }
  }
  return out;
}

void check_same(const ScanSummary& a, const ScanSummary& b) {
  CHECK(a.passed == b.passed);
  CHECK(a.max_taints == b.max_taints);
  CHECK(a.max_affinity == b.max_affinity);
  CHECK(a.max_points == b.max_points);
  CHECK(a.best_fit_balance == b.best_fit_balance);
  CHECK(a.best_node == b.best_node);
}

TEST_CASE("the scan tree sums ranges as a walk over the positions does") {
  // Sizes around powers of two (the tree pads to one) and a size of one.
  for (const size_t size : {size_t{1}, size_t{7}, size_t{64}, size_t{100}, size_t{257}}) {
    CAPTURE(size);
    std::mt19937 rng(static_cast<uint32_t>(size));
    const auto draw = [&](int hi) {
      return std::uniform_int_distribution<int>(0, hi)(rng);
    };
    ScanTree tree(size);
    std::vector<Leaf> leaves(size);
    // Node indexes are a permutation of the positions (scan order is not index order), and
    // fit-and-balance scores come from a small range so that ties are common.
    std::vector<uint32_t> node_of(size);
    for (size_t i = 0; i < size; ++i) {
      node_of[i] = static_cast<uint32_t>((i * 37 + 11) % size);
    }
    for (int round = 0; round < 400; ++round) {
      const auto pos = static_cast<size_t>(draw(static_cast<int>(size) - 1));
      if (draw(3) == 0) {
        leaves[pos] = Leaf{};
        tree.set_failed(pos);
      } else {
        leaves[pos] = Leaf{true, draw(2), draw(1) * 5, draw(1), 100 + draw(4), node_of[pos]};
        const Leaf& l = leaves[pos];
        tree.set_passed(pos, l.node, l.taints, l.affinity, l.points, l.fit_balance);
      }
      const auto lo = static_cast<size_t>(draw(static_cast<int>(size)));
      const auto hi = lo + static_cast<size_t>(draw(static_cast<int>(size - lo)));
      check_same(tree.range(lo, hi), walk(leaves, lo, hi));
      CHECK(tree.passed(lo, hi) == walk(leaves, lo, hi).passed);
      // The k-th passing position, for every k.
      uint32_t k = 0;
      for (size_t i = 0; i < size; ++i) {
        if (leaves[i].passed) {
          CHECK(tree.kth(++k) == i);
        }
      }
    }
    tree.clear();
    CHECK(tree.passed(0, size) == 0);
  }
}

TEST_CASE("the position set finds the next member as a walk does") {
  for (const size_t size : {size_t{1}, size_t{63}, size_t{64}, size_t{65}, size_t{200}}) {
    CAPTURE(size);
    PositionSet set;
    set.fill(size);
    std::vector<bool> members(size, true);
    std::mt19937 rng(static_cast<uint32_t>(size) + 5);
    for (int round = 0; round < 300; ++round) {
      const size_t pos = rng() % size;
      if (rng() % 2 == 0) {
        set.erase(pos);
        members[pos] = false;
      } else {
        set.insert(pos);
        members[pos] = true;
      }
      const size_t from = rng() % (size + 1);
      size_t expected = from;
      while (expected < size && !members[expected]) {
        ++expected;
      }
      CHECK(set.next(from) == expected);
      CHECK(set.contains(pos) == members[pos]);
    }
  }
  // After fill, the last word has no member past the end: 65 positions, all erased but none.
  PositionSet set;
  set.fill(65);
  for (size_t i = 0; i < 65; ++i) {
    set.erase(i);
  }
  CHECK(set.next(0) == 65);
}

}  // namespace
}  // namespace drasim::model::kube
