#pragma once
/// core/v1 Node as drasim reads it.

#include "model/k8s/object_meta.h"
#include "model/k8s/resource_list.h"
#include "model/k8s/taint.h"

#include <string>
#include <vector>

namespace drasim::model {

struct NodeCondition {
  std::string type;
  std::string status;  ///< "True", "False" or "Unknown"

  friend bool operator==(const NodeCondition&, const NodeCondition&) = default;
};

struct Node {
  ObjectMeta meta;
  bool unschedulable = false;
  std::vector<Taint> taints;
  /// `status.allocatable`; when the manifest has only `status.capacity`, the loader copies it
  /// here (the kubelet reports allocatable = capacity when nothing is reserved).
  ResourceList allocatable;
  ResourceList capacity;
  std::vector<NodeCondition> conditions;

  friend bool operator==(const Node&, const Node&) = default;
};

/// KAI's node-condition check (`predicates` plugin): schedulable, Ready=True when a Ready
/// condition is listed, and MemoryPressure / DiskPressure / PIDPressure / NetworkUnavailable
/// exactly False when listed (`CheckNodeConditionPredicate`: Unknown counts as a problem). A node
/// without conditions counts as ready (hand-written manifests seldom list them). Returns the
/// kube-scheduler style reason, or an empty string when the node is usable.
std::string node_condition_problem(const Node& node);

/// The same without `spec.unschedulable`: the conditions alone.
std::string node_conditions_problem(const Node& node);

/// The reason of a cordoned node (`spec.unschedulable`), kube-scheduler's words.
inline constexpr const char* kUnschedulableProblem = "node(s) were unschedulable";

}  // namespace drasim::model
