#pragma once
/// The three quota resources (KAI's proportion plugin: cpu, memory, gpu) as expectations name them
/// and reports print them.

#include <cstddef>
#include <string>

namespace drasim::sim {

/// "cpu", "memory" or "gpu".
const char* quota_resource_name(size_t resource);

/// A plugin amount in report units: cpu cores (millicores / 1000), memory bytes, gpu devices.
double in_report_units(size_t resource, double plugin_amount);

/// A report amount as a JSON number: at most six decimals, trailing zeros dropped, never an
/// exponent, so equal runs give equal bytes.
std::string format_amount(double amount);

}  // namespace drasim::sim
