#include "sim/load/pool_checks.h"

#include "model/dra/pools.h"

#include <fmt/format.h>

#include <map>
#include <utility>

namespace drasim::sim {

std::vector<std::string> invalid_pool_warnings(const Scenario& scenario) {
  // The slices of each pool's newest generation.
  std::map<std::pair<std::string, std::string>, std::vector<const model::ResourceSlice*>> pools;
  for (const model::ResourceSlice& s : scenario.objects.resource_slices) {
    auto& list = pools[{s.driver, s.pool.name}];
    if (!list.empty() && list.front()->pool.generation > s.pool.generation) {
      continue;
    }
    if (!list.empty() && list.front()->pool.generation < s.pool.generation) {
      list.clear();
    }
    list.push_back(&s);
  }
  std::vector<std::string> out;
  for (const auto& [key, slices] : pools) {
    const auto found = model::dra::invalid_pool_reason(slices);
    const std::string problem =
        !found
            ? ""
            : (found->device.empty() ? found->reason
                                     : fmt::format("device {}: {}", found->device, found->reason));
    if (!problem.empty()) {
      out.push_back(fmt::format(
          "resource pool {}/{} (generation {}) is invalid and the scheduler will not use its "
          "devices: {}",
          key.first, key.second, slices.front()->pool.generation, problem));
    }
  }
  return out;
}

}  // namespace drasim::sim
