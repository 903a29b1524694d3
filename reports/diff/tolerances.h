#pragma once
/// How much a difference between two reports may be before `drasim diff --gate` fails:
/// `--tolerance KEY=VALUE`, with the most specific key winning (`waits.p95` over `waits`).
/// Without a tolerance every difference that makes the new run worse fails the gate.

#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace drasim::reports {

/// Which way a quantity gets worse: up (waits), down (utilization), or either way (a placement,
/// a fair share: a change is the difference).
enum class Worse { kUp, kDown, kEitherWay };

struct Tolerance {
  enum class Unit {
    kPlain,    ///< in the quantity's own unit: pods, anomalies, seconds, GPUs
    kPercent,  ///< relative to the base run's value
    kPoints,   ///< percentage points of a fraction (utilization)
  };
  double value = 0;
  Unit unit = Unit::kPlain;
  bool any = false;  ///< `any`: this quantity never fails the gate
  std::string text;  ///< as given (`10%`), for messages

  /// Whether the change from `base` to `next` is more than this allows in the `worse` direction
  /// (a change the other way never is).
  [[nodiscard]] bool exceeded(double base, double next, Worse worse) const;
};

class Tolerances {
 public:
  /// Adds `KEY=VALUE`; returns why it is not one (empty when it is). The keys and units are
  /// those of README "drasim diff".
  std::string add(std::string_view spec);

  /// The tolerance for `key` (`utilization.dra.gpu`): the most specific given key that is
  /// `key` or a dotted prefix of it, else zero in the quantity's own unit.
  [[nodiscard]] Tolerance find(std::string_view key) const;

 private:
  std::map<std::string, Tolerance, std::less<>> by_key_;
};

/// The direction in which `key`'s quantity gets worse.
[[nodiscard]] Worse worse_direction(std::string_view key);

}  // namespace drasim::reports
