#include "model/k8s/node.h"

namespace drasim::model {

std::string node_condition_problem(const Node& node) {
  if (node.unschedulable) {
    return kUnschedulableProblem;
  }
  return node_conditions_problem(node);
}

std::string node_conditions_problem(const Node& node) {
  for (const auto& c : node.conditions) {
    if (c.type == "Ready" && c.status != "True") {
      return "node(s) were not ready";
    }
    const bool pressure = c.type == "MemoryPressure" || c.type == "DiskPressure"
                          || c.type == "PIDPressure" || c.type == "NetworkUnavailable";
    if (pressure && c.status != "False") {
      return "node(s) had condition " + c.type;
    }
  }
  return {};
}

}  // namespace drasim::model
