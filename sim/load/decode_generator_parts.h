#pragma once
/// Pieces of the `spec.generate[]` decoder shared by its files (sim/load/decode_generators.cpp,
/// sim/load/decode_workload.cpp). Internal to sim/.

#include "sim/load/doc_reader.h"
#include "sim/load/generator_spec.h"

#include <cstdint>
#include <optional>
#include <string_view>

namespace drasim::sim::gen {

inline constexpr std::string_view kPositiveDuration = "a duration longer than zero such as 30m";

/// A duration longer than zero; reports (also when absent) and returns nullopt otherwise.
std::optional<int64_t> positive_duration(const Cursor& c,
                                         std::string_view expected = kPositiveDuration);

/// A whole number from `min` to `max`; reports `<expected>, got <value>` otherwise. Absent:
/// nullopt without a report.
std::optional<int64_t> bounded_integer(const Cursor& c, int64_t min, int64_t max,
                                       std::string_view expected);

/// The pod fields of a workload or trace: namespace, cpu, memory, requestStyle, deviceClass,
/// resource, preemptible, tolerations, nodeSelector.
PodShape decode_pod_shape(const Cursor& c);

/// `workload:` (the mapping under the key).
WorkloadSpec decode_workload(const Cursor& c, const std::optional<SimDuration>& horizon);

}  // namespace drasim::sim::gen
