#pragma once
// Randomness: one engine per scenario, seeded with base seed + index, so a failing scenario is
// reproduced by its seed alone.
#include <cstddef>
#include <cstdint>
#include <random>
#include <vector>

namespace drasim::stress {

class Rng {
 public:
  explicit Rng(uint64_t seed) : engine_(seed) {}

  /// A whole number in [lo, hi].
  int between(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(engine_); }

  bool chance(double p) { return std::uniform_real_distribution<double>(0, 1)(engine_) < p; }

  template <class T>
  const T& pick(const std::vector<T>& items) {
    return items[static_cast<size_t>(between(0, static_cast<int>(items.size()) - 1))];
  }

  /// An index into `weights`, drawn in proportion to them.
  size_t weighted(const std::vector<double>& weights) {
    return std::discrete_distribution<size_t>(weights.begin(), weights.end())(engine_);
  }

 private:
  std::mt19937_64 engine_;
};

}  // namespace drasim::stress
