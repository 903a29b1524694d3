#include "reports/diff/tolerances.h"

#include <fmt/format.h>

#include <array>
#include <charconv>
#include <cmath>

namespace drasim::reports {
namespace {

/// The families of keys, the units their values may have, and how they get worse.
struct Family {
  std::string_view name;
  bool percent;                             ///< `10%` allowed
  bool points;                              ///< `2pp` allowed
  bool seconds;                             ///< `30s` allowed (a plain number is seconds too)
  bool plain;                               ///< a plain number allowed
  bool free_subkeys;                        ///< `utilization.<pool>.<resource>`, `anomalies.<kind>`
  std::array<std::string_view, 4> subkeys;  ///< the only subkeys otherwise (empty: none)
};

constexpr std::array kFamilies{
    Family{"placements", false, false, false, true, false, {}},
    Family{"boundAt", false, false, true, true, false, {}},
    Family{"anomalies", false, false, false, true, true, {}},
    Family{"quota", true, false, false, true, false, {"drift", "fairShare"}},
    Family{"utilization", true, true, false, false, true, {}},
    Family{"waits", true, false, true, true, false, {"p50", "p95", "p99", "max"}},
    Family{"pendingPeak", true, false, false, true, false, {}},
    Family{"evictions", true, false, false, true, false, {}},
    Family{"expectations", false, false, false, true, false, {}},
};

const Family* family_of(std::string_view key) {
  const std::string_view head = key.substr(0, key.find('.'));
  for (const Family& f : kFamilies) {
    if (f.name == head) {
      return &f;
    }
  }
  return nullptr;
}

std::string known_keys() {
  std::string out;
  for (const Family& f : kFamilies) {
    out += (out.empty() ? "" : ", ") + std::string(f.name);
  }
  return out;
}

/// Why `key` (a family's name, then subkeys) is not a key; empty when it is.
std::string check_key(std::string_view key, const Family& f) {
  if (key.size() == f.name.size()) {
    return "";
  }
  const std::string_view rest = key.substr(f.name.size() + 1);
  if (rest.empty() || rest.back() == '.') {
    return fmt::format("{}: an empty part after a dot", key);
  }
  if (f.free_subkeys) {
    return "";
  }
  for (const std::string_view sub : f.subkeys) {
    if (!sub.empty() && rest == sub) {
      return "";
    }
  }
  std::string subs;
  for (const std::string_view sub : f.subkeys) {
    if (!sub.empty()) {
      subs += fmt::format("{}{}.{}", subs.empty() ? "" : ", ", f.name, sub);
    }
  }
  return subs.empty() ? fmt::format("{}: {} takes no subkey", key, f.name)
                      : fmt::format("{}: not one of {}, {}", key, f.name, subs);
}

}  // namespace

Worse worse_direction(std::string_view key) {
  const std::string_view head = key.substr(0, key.find('.'));
  if (head == "utilization") {
    return Worse::kDown;
  }
  if (head == "placements" || head == "boundAt" || key == "quota.fairShare") {
    return Worse::kEitherWay;
  }
  return Worse::kUp;
}

bool Tolerance::exceeded(double base, double next, Worse worse) const {
  if (any) {
    return false;
  }
  double change = next - base;
  if (worse == Worse::kDown) {
    change = -change;
  } else if (worse == Worse::kEitherWay) {
    change = std::fabs(change);
  }
  if (change <= 0) {
    return false;  // the same, or better
  }
  // Report values are printed with a few decimals: a change equal to the tolerance is within it.
  constexpr double kSlack = 1e-9;
  switch (unit) {
    case Unit::kPlain:
      return change > value + kSlack;
    case Unit::kPoints:
      return change * 100 > value + kSlack;
    case Unit::kPercent:
      return base == 0 || change / std::fabs(base) * 100 > value + kSlack;
  }
  return true;
}

std::string Tolerances::add(std::string_view spec) {
  const size_t eq = spec.find('=');
  if (eq == std::string_view::npos) {
    return fmt::format("{}: a tolerance is KEY=VALUE (waits.p95=10%)", spec);
  }
  const std::string_view key = spec.substr(0, eq);
  std::string_view value = spec.substr(eq + 1);
  const Family* f = family_of(key);
  if (f == nullptr) {
    return fmt::format("{}: not a tolerance key; the keys are {}", key, known_keys());
  }
  if (std::string problem = check_key(key, *f); !problem.empty()) {
    return problem;
  }
  Tolerance t;
  t.text = std::string(value);
  if (value == "any") {
    t.any = true;
    by_key_[std::string(key)] = t;
    return "";
  }
  // A sign is optional; when given it must be the direction in which the quantity gets worse.
  const Worse worse = worse_direction(key);
  if (!value.empty() && (value.front() == '+' || value.front() == '-')) {
    const bool down = value.front() == '-';
    if ((down && worse != Worse::kDown) || (!down && worse == Worse::kDown)) {
      return fmt::format("{}={}: {} gets worse as it {}, so its tolerance is {}{}", key, value, key,
                         worse == Worse::kDown ? "falls" : "rises",
                         worse == Worse::kDown ? "-" : "", value.substr(1));
    }
    value.remove_prefix(1);
  }
  std::string_view number = value;
  if (value.ends_with("pp")) {
    t.unit = Tolerance::Unit::kPoints;
    number.remove_suffix(2);
  } else if (value.ends_with('%')) {
    t.unit = Tolerance::Unit::kPercent;
    number.remove_suffix(1);
  } else if (value.ends_with('s') && f->seconds) {
    number.remove_suffix(1);
  }
  const bool unit_ok = (t.unit == Tolerance::Unit::kPoints && f->points)
                       || (t.unit == Tolerance::Unit::kPercent && f->percent)
                       || (t.unit == Tolerance::Unit::kPlain && (f->plain || value.ends_with('s')));
  const auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), t.value);
  if (number.empty() || ec != std::errc() || end != number.data() + number.size()
      || !std::isfinite(t.value) || t.value < 0) {
    return fmt::format("{}={}: not a number with a unit {} takes", key, spec.substr(eq + 1),
                       f->name);
  }
  if (!unit_ok) {
    std::string units;
    const auto unit = [&](bool allowed, std::string_view example) {
      if (allowed) {
        units += (units.empty() ? "" : ", ") + std::string(example);
      }
    };
    unit(f->plain, "a plain number");
    unit(f->seconds, "seconds (30s)");
    unit(f->percent, "a percentage of the base (10%)");
    unit(f->points, "percentage points (2pp)");
    return fmt::format("{}={}: {} takes {}", key, spec.substr(eq + 1), f->name, units);
  }
  by_key_[std::string(key)] = t;
  return "";
}

Tolerance Tolerances::find(std::string_view key) const {
  while (true) {
    if (const auto it = by_key_.find(key); it != by_key_.end()) {
      return it->second;
    }
    const size_t dot = key.rfind('.');
    if (dot == std::string_view::npos) {
      return Tolerance{0, Tolerance::Unit::kPlain, false, "0"};
    }
    key = key.substr(0, dot);
  }
}

}  // namespace drasim::reports
