#include "model/dra/allocation_result.h"

#include <algorithm>
#include <set>

namespace drasim::model::dra {

namespace {

void append_class_configs(std::vector<AllocationConfig>& configs,
                          std::span<const RequestChoice> choices, int minor) {
  if (minor <= 34) {
    for (const RequestChoice& choice : choices) {
      for (const OpaqueConfig& config : choice.device_class->config) {
        configs.push_back({AllocationConfig::Source::kFromClass, {}, config.driver});
      }
    }
    return;
  }

  // One group of entries per distinct class, in first-use order.
  struct Group {
    const DeviceClass* device_class;
    size_t first;
  };

  std::vector<Group> groups;
  for (const RequestChoice& choice : choices) {
    const auto group = std::find_if(groups.begin(), groups.end(), [&](const Group& g) {
      return g.device_class == choice.device_class;
    });
    if (group == groups.end()) {
      groups.push_back({choice.device_class, configs.size()});
      for (const OpaqueConfig& config : choice.device_class->config) {
        configs.push_back({AllocationConfig::Source::kFromClass,
                           {std::string(choice.result_name)},
                           config.driver});
      }
      continue;
    }
    for (size_t i = 0; i < choice.device_class->config.size(); ++i) {
      configs[group->first + i].requests.emplace_back(choice.result_name);
    }
  }
  if (minor >= 37) {
    for (AllocationConfig& config : configs) {
      if (config.requests.size() == choices.size()) {
        config.requests.clear();  // covers every request: normalised to "all"
      }
    }
  }
}

bool contains(const std::vector<std::string>& names, std::string_view name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

void append_claim_configs(std::vector<AllocationConfig>& configs, const ResourceClaim& claim,
                          std::span<const RequestChoice> choices) {
  for (const OpaqueConfig& config : claim.spec.config) {
    const AllocationConfig entry{AllocationConfig::Source::kFromClaim, config.requests,
                                 config.driver};
    if (config.requests.empty()) {
      configs.push_back(entry);
      continue;
    }
    for (const RequestChoice& choice : choices) {
      if (contains(config.requests, choice.request->name)) {
        configs.push_back(entry);
        continue;
      }
      if (!choice.selected_sub.empty() && contains(config.requests, choice.result_name)) {
        configs.push_back(entry);
      }
    }
  }
}

bool same_requirement(const NodeSelectorRequirement& a, const NodeSelectorRequirement& b) {
  if (a.key != b.key || a.op != b.op) {
    return false;
  }
  return std::set<std::string>(a.values.begin(), a.values.end())
         == std::set<std::string>(b.values.begin(), b.values.end());
}

void add_new(const std::vector<NodeSelectorRequirement>& from,
             std::vector<NodeSelectorRequirement>& to) {
  for (const NodeSelectorRequirement& requirement : from) {
    const bool present = std::any_of(to.begin(), to.end(), [&](const auto& existing) {
      return same_requirement(existing, requirement);
    });
    if (!present) {
      to.push_back(requirement);
    }
  }
}

}  // namespace

std::vector<AllocationConfig> allocation_configs(const ResourceClaim& claim,
                                                 std::span<const RequestChoice> choices,
                                                 int minor) {
  std::vector<AllocationConfig> configs;
  append_class_configs(configs, choices, minor);
  append_claim_configs(configs, claim, choices);
  return configs;
}

std::optional<NodeSelector> allocation_node_selector(std::span<const DevicePlacement> devices,
                                                     const std::string& node_name) {
  NodeSelectorTerm merged;
  for (const DevicePlacement& placement : devices) {
    const bool per_device = placement.slice->per_device_node_selection;
    const std::string& local =
        per_device ? placement.device->node_name : placement.slice->node_name;
    const std::optional<NodeSelector>& selector =
        per_device ? placement.device->node_selector : placement.slice->node_selector;
    if (!local.empty() || placement.device->binds_to_node) {
      NodeSelector pinned;
      pinned.terms.emplace_back().match_fields.push_back(
          {"metadata.name", SelectorOperator::kIn, {node_name}});
      return pinned;
    }
    if (selector.has_value() && selector->terms.size() == 1) {
      add_new(selector->terms.front().match_fields, merged.match_fields);
      add_new(selector->terms.front().match_expressions, merged.match_expressions);
    }
  }
  if (merged.match_fields.empty() && merged.match_expressions.empty()) {
    return std::nullopt;
  }
  NodeSelector selector;
  selector.terms.push_back(std::move(merged));
  return selector;
}

}  // namespace drasim::model::dra
