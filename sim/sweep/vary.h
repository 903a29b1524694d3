#pragma once
/// The variants of a sweep: `--vary PATH=VALUES` flags and the grid (or zip) of their values.
///
/// VALUES is a comma-separated list (`kai,kai-v0.17`, `../a.yaml,../b.yaml`) or, without a comma,
/// a range `FROM..TO[:STEP]` of integers,
/// each optionally followed by the same unit (`8..64:8`, `10m..60m:10m`; the step defaults to 1).
/// A grid holds every combination, the last flag's values changing fastest; a zip pairs the
/// lists item by item (all of one length).

#include "sim/load/overrides.h"

#include <cstddef>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace drasim::sim {

/// The most values one range may produce, and the most variants a sweep may have.
inline constexpr size_t kMaxRangeValues = 100000;
inline constexpr size_t kMaxVariants = 1000000;

struct VaryFlag {
  OverridePath path;
  std::vector<std::string> values;
  std::string flag;  ///< `--vary` or `--search`
};

/// `FROM..TO[:STEP]` or `v1,v2,...`; an error message when malformed.
std::variant<std::vector<std::string>, std::string> parse_values(std::string_view text);

/// `PATH=VALUES` given to `flag`; an error message when malformed.
std::variant<VaryFlag, std::string> parse_vary(std::string_view flag, std::string_view text);

enum class VariantMode { kGrid, kZip };

/// The value of each flag in each variant, in variant order; an error message when the zip's
/// lists differ in length or the grid is too large.
std::variant<std::vector<std::vector<std::string>>, std::string> expand_variants(
    const std::vector<VaryFlag>& flags, VariantMode mode);

/// The overrides of one variant (`values[i]` for `flags[i]`).
std::vector<Override> variant_overrides(const std::vector<VaryFlag>& flags,
                                        const std::vector<std::string>& values);

}  // namespace drasim::sim
