#pragma once
/// A seeded random stream with drasim's own distributions: std::mt19937_64 (whose output the
/// standard fixes) turned into uniform, exponential, normal and weighted draws by formulas
/// written here, because the standard distributions differ between libstdc++ and libc++.

#include <cstdint>
#include <random>
#include <vector>

namespace drasim::sim {

class RandomStream {
 public:
  explicit RandomStream(uint64_t seed) : engine_(seed) {}

  /// The next raw 64-bit draw.
  uint64_t next() { return engine_(); }

  /// Uniform in (0, 1]: the top 53 bits plus one, times 2^-53 (never 0, so log() is finite).
  double uniform01();

  /// Uniform integer in [0, n) for n > 0 (the high half of a 128-bit product).
  uint64_t below(uint64_t n);

  /// Exponential with the given mean, by inversion: -mean * ln(U).
  double exponential(double mean);

  /// Standard normal, by Box-Muller: sqrt(-2 ln U1) * cos(2 pi U2) (one value per two draws).
  double normal();

  /// An index into `weights` (all > 0) drawn in proportion to them; 0 for a single weight
  /// without consuming a draw, so a fixed value leaves the stream untouched.
  size_t weighted(const std::vector<double>& weights);

 private:
  std::mt19937_64 engine_;
};

}  // namespace drasim::sim
