#include "sim/load/pool_checks.h"

#include "model/dra/pools.h"

#include <fmt/format.h>

#include <map>
#include <optional>
#include <set>
#include <utility>

namespace drasim::sim {

namespace {

/// The slices of the pool's newest generation among those that exist at `t`.
std::vector<const model::ResourceSlice*> newest_at(
    const std::vector<const model::ResourceSlice*>& pool, int64_t t) {
  std::vector<const model::ResourceSlice*> out;
  for (const model::ResourceSlice* s : pool) {
    if (!s->meta.exists_at(t)) {
      continue;
    }
    if (!out.empty() && out.front()->pool.generation > s->pool.generation) {
      continue;
    }
    if (!out.empty() && out.front()->pool.generation < s->pool.generation) {
      out.clear();
    }
    out.push_back(s);
  }
  return out;
}

}  // namespace

std::vector<std::string> invalid_pool_warnings(const Scenario& scenario) {
  std::map<std::pair<std::string, std::string>, std::vector<const model::ResourceSlice*>> pools;
  for (const model::ResourceSlice& s : scenario.objects.resource_slices) {
    pools[{s.driver, s.pool.name}].push_back(&s);
  }
  std::vector<std::string> out;
  for (const auto& [key, pool] : pools) {
    // A pool changes only when one of its slices appears or goes (timeline events replace
    // slices), so judging it at each of those instants judges every state it is ever in; two
    // versions of a slice that never exist together are never judged together.
    std::set<int64_t> instants;
    for (const model::ResourceSlice* s : pool) {
      instants.insert(s->meta.appear_us);
      if (s->meta.gone_us != model::kNever) {
        instants.insert(s->meta.gone_us);
      }
    }
    for (const int64_t t : instants) {
      const std::vector<const model::ResourceSlice*> slices = newest_at(pool, t);
      const auto found = slices.empty() ? std::nullopt : model::dra::invalid_pool_reason(slices);
      const std::string problem = !found ? ""
                                  : found->device.empty()
                                      ? found->reason
                                      : fmt::format("device {}: {}", found->device, found->reason);
      if (problem.empty()) {
        continue;
      }
      out.push_back(fmt::format(
          "resource pool {}/{} (generation {}) is invalid and the scheduler will not use its "
          "devices: {}",
          key.first, key.second, slices.front()->pool.generation, problem));
      break;  // the first state in which the pool is invalid; one warning a pool
    }
  }
  return out;
}

}  // namespace drasim::sim
