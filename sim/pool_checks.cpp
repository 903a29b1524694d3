#include "sim/pool_checks.h"

#include <fmt/format.h>

#include <map>
#include <set>
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
    std::set<std::string> devices;
    std::map<std::string, std::set<std::string>> counter_sets;
    std::string problem;
    for (const model::ResourceSlice* s : slices) {
      for (const model::CounterSet& set : s->shared_counters) {
        std::set<std::string> names;
        for (const auto& [name, value] : set.counters) {
          (void)value;
          names.insert(name);
        }
        if (!counter_sets.emplace(set.name, std::move(names)).second && problem.empty()) {
          problem = fmt::format("duplicate counter set name {}", set.name);
        }
      }
    }
    for (const model::ResourceSlice* s : slices) {
      for (const model::Device& d : s->devices) {
        if (!devices.insert(d.name).second && problem.empty()) {
          problem = fmt::format("duplicate device name {}", d.name);
        }
        for (const model::CounterConsumption& c : d.consumes_counters) {
          const auto set = counter_sets.find(c.counter_set);
          if (set == counter_sets.end()) {
            if (problem.empty()) {
              problem = fmt::format("device {}: counter set {} not found", d.name, c.counter_set);
            }
            continue;
          }
          for (const auto& [name, value] : c.counters) {
            (void)value;
            if (set->second.count(name) == 0 && problem.empty()) {
              problem = fmt::format("device {}: counter {} not found in counter set {}", d.name,
                                    name, c.counter_set);
            }
          }
        }
      }
    }
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
