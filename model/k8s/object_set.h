#pragma once
/// Every Kubernetes and KAI object of a scenario, as loaded (before replicas are expanded into
/// the live cluster state). Kept in load order; the loader rejects duplicate names per kind.

#include "model/k8s/dra_objects.h"
#include "model/k8s/kai_objects.h"
#include "model/k8s/node.h"
#include "model/k8s/pod.h"
#include "model/k8s/workload.h"

#include <vector>

namespace drasim::model {

struct ObjectSet {
  std::vector<Node> nodes;
  std::vector<Pod> pods;
  std::vector<Namespace> namespaces;
  std::vector<PriorityClass> priority_classes;
  std::vector<Queue> queues;
  std::vector<PodGroup> pod_groups;
  std::vector<Topology> topologies;
  std::vector<DeviceClass> device_classes;
  std::vector<ResourceSlice> resource_slices;
  std::vector<ResourceClaim> resource_claims;
  std::vector<ResourceClaimTemplate> resource_claim_templates;
  std::vector<DeviceTaintRule> device_taint_rules;
  /// Controllers, expanded into pods and PodGroups by the loader (sim/generate/controllers.h).
  std::vector<Workload> workloads;

  friend bool operator==(const ObjectSet&, const ObjectSet&) = default;
};

}  // namespace drasim::model
