#include "sim/generate/random_stream.h"

#include <cmath>
#include <numbers>
#include <numeric>

namespace drasim::sim {
namespace {

__extension__ using Uint128 = unsigned __int128;

}  // namespace

double RandomStream::uniform01() {
  constexpr double kScale = 1.0 / 9007199254740992.0;  // 2^-53
  return static_cast<double>((next() >> 11) + 1) * kScale;
}

uint64_t RandomStream::below(uint64_t n) {
  const Uint128 product = static_cast<Uint128>(next()) * n;
  return static_cast<uint64_t>(product >> 64);
}

double RandomStream::exponential(double mean) {
  return -mean * std::log(uniform01());
}

double RandomStream::normal() {
  const double radius = std::sqrt(-2.0 * std::log(uniform01()));
  return radius * std::cos(2.0 * std::numbers::pi * uniform01());
}

size_t RandomStream::weighted(const std::vector<double>& weights) {
  if (weights.size() <= 1) {
    return 0;
  }
  const double total = std::accumulate(weights.begin(), weights.end(), 0.0);
  const double x = uniform01() * total;
  double sum = 0;
  for (size_t i = 0; i < weights.size(); ++i) {
    sum += weights[i];
    if (x <= sum) {
      return i;
    }
  }
  return weights.size() - 1;
}

}  // namespace drasim::sim
