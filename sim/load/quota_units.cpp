#include "sim/load/quota_units.h"

#include <fmt/format.h>

#include <array>

namespace drasim::sim {

const char* quota_resource_name(size_t resource) {
  static constexpr std::array<const char*, 3> kNames = {"cpu", "memory", "gpu"};
  return kNames.at(resource);
}

double in_report_units(size_t resource, double plugin_amount) {
  return resource == 0 ? plugin_amount / 1000 : plugin_amount;
}

std::string format_amount(double amount) {
  std::string out = fmt::format("{:.6f}", amount);
  while (out.back() == '0') {
    out.pop_back();
  }
  if (out.back() == '.') {
    out.pop_back();
  }
  return out == "-0" ? "0" : out;
}

}  // namespace drasim::sim
