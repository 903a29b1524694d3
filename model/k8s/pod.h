#pragma once
/// core/v1 Pod as drasim reads it: containers, claims, placement constraints, and status.

#include "model/k8s/node_selector.h"
#include "model/k8s/object_meta.h"
#include "model/k8s/resource_list.h"
#include "model/k8s/taint.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace drasim::model {

/// `resources.claims[]` of a container: a pod claim name and optionally one of its requests.
struct ContainerClaim {
  std::string name;
  std::string request;

  friend bool operator==(const ContainerClaim&, const ContainerClaim&) = default;
};

struct ContainerPort {
  int64_t container_port = 0;
  int64_t host_port = 0;  ///< 0 when the port is not exposed on the host
  std::string protocol = "TCP";
  std::string host_ip;

  friend bool operator==(const ContainerPort&, const ContainerPort&) = default;
};

struct Container {
  std::string name;
  /// Requests after API defaulting: a resource with a limit and no request requests its limit.
  ResourceList requests;
  ResourceList limits;
  std::vector<ContainerClaim> claims;
  std::vector<ContainerPort> ports;
  bool restart_always = false;  ///< init containers with `restartPolicy: Always` (sidecars)

  friend bool operator==(const Container&, const Container&) = default;
};

/// `spec.resourceClaims[]`: exactly one of claim_name and template_name is set.
struct PodResourceClaim {
  std::string name;
  std::string claim_name;
  std::string template_name;

  friend bool operator==(const PodResourceClaim&, const PodResourceClaim&) = default;
};

struct PreferredSchedulingTerm {
  int64_t weight = 0;
  NodeSelectorTerm term;

  friend bool operator==(const PreferredSchedulingTerm&, const PreferredSchedulingTerm&) = default;
};

struct PodSpec {
  std::vector<Container> containers;
  std::vector<Container> init_containers;
  ResourceList overhead;
  StringMap node_selector;
  std::optional<NodeSelector> required_node_affinity;
  std::vector<PreferredSchedulingTerm> preferred_node_affinity;
  std::vector<Toleration> tolerations;
  std::string priority_class_name;
  std::optional<int64_t> priority;
  std::string scheduler_name;
  std::optional<int64_t> termination_grace_period_s;  ///< nullopt = the API default, 30
  std::vector<PodResourceClaim> resource_claims;
  std::vector<std::string> scheduling_gates;
  std::string node_name;

  friend bool operator==(const PodSpec&, const PodSpec&) = default;
};

struct ResourceClaimStatusEntry {
  std::string name;
  std::string resource_claim_name;

  friend bool operator==(const ResourceClaimStatusEntry&,
                         const ResourceClaimStatusEntry&) = default;
};

/// One `status.extendedResourceClaimStatus.requestMappings[]` entry (KEP-5004).
struct ContainerExtendedResourceRequest {
  std::string container_name;
  std::string resource_name;
  std::string request_name;

  friend bool operator==(const ContainerExtendedResourceRequest&,
                         const ContainerExtendedResourceRequest&) = default;
};

struct PodStatus {
  std::string phase;  ///< as written; empty for a new pod
  std::string nominated_node_name;
  std::vector<ResourceClaimStatusEntry> resource_claim_statuses;
  /// `extendedResourceClaimStatus`: the claim through which DRA serves the pod's extended
  /// resources (written by the binder of a KEP-5004 pod), and its request mappings.
  std::string extended_resource_claim_name;
  std::vector<ContainerExtendedResourceRequest> extended_resource_mappings;

  friend bool operator==(const PodStatus&, const PodStatus&) = default;
};

/// A Pod manifest. `runtime_us` is the `drasim.dev/runtime` annotation (nullopt = runs until
/// the end); `replicas` the `drasim.dev/replicas` annotation (1 when absent).
struct Pod {
  ObjectMeta meta;
  PodSpec spec;
  PodStatus status;
  std::optional<int64_t> runtime_us;
  int64_t replicas = 1;
  /// A Job's pod that starts when an earlier one succeeds (the Job keeps `parallelism` pods
  /// running until `completions` succeed): the name of that pod, in the same namespace. Set by
  /// the Job controller (sim/generate/controllers.h), never read from input.
  std::string follows;

  friend bool operator==(const Pod&, const Pod&) = default;
};

}  // namespace drasim::model
