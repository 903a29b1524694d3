#include "reports/explain/explain_output.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>

namespace drasim::reports {

std::vector<NodeGroup> group_nodes(const model::TaskProbe& probe) {
  std::map<std::string, NodeGroup> by_verdict;
  for (const model::NodeProbe& n : probe.nodes) {
    std::string verdict;
    for (size_t f = 0; f < n.filters.size(); ++f) {
      if (!n.filters[f].empty() && n.filters[f] != model::kNotRun) {
        verdict += fmt::format("{}{}: {}", verdict.empty() ? "" : "; ", model::kProbeFilters[f],
                               n.filters[f]);
      }
    }
    if (verdict.empty() && !n.passed()) {
      verdict = "rejected for the whole pod (see above)";
    }
    NodeGroup& g = by_verdict[n.passed() ? "passed" : verdict];
    g.verdict = n.passed() ? "passed" : verdict;
    g.passed = n.passed();
    g.nodes.push_back(n.name);
  }
  std::vector<NodeGroup> groups;
  for (auto& [verdict, g] : by_verdict) {
    groups.push_back(std::move(g));
  }
  std::stable_sort(groups.begin(), groups.end(), [](const NodeGroup& a, const NodeGroup& b) {
    if (a.passed != b.passed) {
      return a.passed;
    }
    return a.nodes.size() > b.nodes.size();
  });
  return groups;
}

std::string queue_amount_text(size_t resource, double amount) {
  if (amount < 0) {
    return "unlimited";
  }
  switch (resource) {
    case model::proportion::kCpu:
      return fmt::format("{}", amount / 1000);
    case model::proportion::kMemory: {
      constexpr double kGi = 1024.0 * 1024 * 1024;
      if (amount != 0 && std::fmod(amount, kGi) == 0) {
        return fmt::format("{}Gi", amount / kGi);
      }
      return fmt::format("{}", amount);
    }
    default:
      return fmt::format("{}", amount);
  }
}

std::string points_text(int64_t micro_points) {
  return fmt::format("{}", std::round(static_cast<double>(micro_points) / 1000.0) / 1000.0);
}

}  // namespace drasim::reports
