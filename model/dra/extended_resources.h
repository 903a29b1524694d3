#pragma once
/// The pure building blocks of KEP-5004 (DRA-backed extended resources, gate
/// `DRAExtendedResource`): which resource names may be served by DRA, which DeviceClass answers
/// to a name, and the device requests of the synthetic "extended resources" claim a pod gets on
/// a node where some of its extended resources come from DRA instead of a device plugin.
/// No cluster state and no node here: the caller decides which names need DRA on a node
/// (reference dra-semantics.md §5.3 and §5.4) and hands them in.

#include "model/k8s/dra_objects.h"
#include "model/k8s/pod.h"

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace drasim::model {

/// Every DeviceClass `C` is reachable as `deviceclass.resource.kubernetes.io/C`.
inline constexpr std::string_view kImplicitPrefix = "deviceclass.resource.kubernetes.io/";

/// Marks the special claim the scheduler creates for a pod's DRA-backed extended resources.
inline constexpr std::string_view kExtendedResourceClaimAnnotation =
    "resource.kubernetes.io/extended-resource-claim";

/// `deviceclass.resource.kubernetes.io/<class>`.
std::string implicit_name(std::string_view class_name);

/// Whether a resource name may be DRA-backed (§5.1 IsDRAExtendedResourceName): a well-formed
/// extended-resource name (`<dns-subdomain>/<name>`, no `kubernetes.io/` in it, not
/// `requests.`-prefixed), or any name starting with the implicit prefix.
bool is_dra_capable_name(std::string_view resource);

/// DeviceClassByResource: resource name to DeviceClass, recomputed from the full class set (the
/// stateless rule of §5.2, the KEP's intent rather than the 1.35 event-driven cache's quirks).
/// Every class answers to its implicit name. An explicit `spec.extendedResourceName` maps to the
/// newest class declaring it, "newer" meaning a larger (appear_us, creationTimestamp): a class
/// appearing during the run is newer than any present at start, and a missing or unreadable
/// timestamp is the oldest. Equal age: the lexicographically smaller class name wins. Losers keep
/// their implicit names. An explicit name with the implicit prefix is ignored (API validation
/// forbids it, so the implicit names stay unique).
///
/// Holds pointers into the caller's classes, which must outlive the map.
class ExtendedResourceMap {
 public:
  ExtendedResourceMap() = default;

  explicit ExtendedResourceMap(const std::vector<const DeviceClass*>& classes);

  /// The class serving `resource`, or nullptr when no class answers to it.
  [[nodiscard]] const DeviceClass* find(std::string_view resource) const;

  [[nodiscard]] bool empty() const { return by_name_.empty(); }

  /// A class whose explicit name went to another (newer) class.
  struct Shadowed {
    std::string resource;
    std::string winner;
    std::string loser;

    friend bool operator==(const Shadowed&, const Shadowed&) = default;
  };

  /// One entry per losing class, sorted by (resource, loser). Feeds the shadowed-class anomaly.
  [[nodiscard]] const std::vector<Shadowed>& shadowed() const { return shadowed_; }

  /// Every mapped name (implicit and explicit) with its class, in name order.
  [[nodiscard]] const std::map<std::string, const DeviceClass*, std::less<>>& entries() const {
    return by_name_;
  }

 private:
  std::map<std::string, const DeviceClass*, std::less<>> by_name_;
  std::vector<Shadowed> shadowed_;
};

/// One `pod.status.extendedResourceClaimStatus.requestMappings[]` entry: which request of the
/// special claim hands devices of `resource_name` to a container.
struct RequestMapping {
  std::string container_name;
  std::string resource_name;
  std::string request_name;

  friend bool operator==(const RequestMapping&, const RequestMapping&) = default;
};

/// A claim's container mappings, shared by the synthetic claim they were built with, the pods
/// that hold it and the statuses the binder writes (never changed once built).
using RequestMappings = std::shared_ptr<const std::vector<RequestMapping>>;

/// A pod's synthetic claim for one node (`<extended-resources>`, its requests built as
/// upstream builds them) and its container mappings.
struct SyntheticClaim {
  ResourceClaim claim;
  RequestMappings mappings;
};

/// The special claim's `spec.devices.requests` and the pod's request mappings.
struct BridgeRequests {
  std::vector<DeviceRequest> requests;
  std::vector<RequestMapping> mappings;

  friend bool operator==(const BridgeRequests&, const BridgeRequests&) = default;
};

/// createRequestsAndMappings (§5.5, kube-scheduler 1.35): the device requests for the resources
/// in `dra_names` (those needing DRA on this node; order and duplicates do not matter), resolved
/// through `map`; names no class answers to are skipped. Each request is `exactly` the mapped
/// class, ExactCount, with no selectors, tolerations or admin access, and is named
/// `container-<i>-request-<j>`: i the container's index in initContainers ++ containers, j the
/// resource's index among that container's sorted request names. Long-lived containers (sidecars
/// and regular ones) get one request each; a plain init container first reuses the requests of
/// long-lived containers at or after its index and asks for the rest in a new request, of which
/// only the largest per resource is kept (init containers run one at a time). Only positive
/// integer quantities count. Requests come sorted by name (plain string order); mappings per
/// resource in name order, long-lived ones first.
BridgeRequests bridge_requests(const PodSpec& spec, const std::vector<std::string>& dra_names,
                               const ExtendedResourceMap& map);

/// What bridge_requests reads of a pod spec, as text: every container in index order with its
/// kind (plain init, sidecar, regular), name and requests. Specs with equal keys get equal
/// requests and mappings for any names and map.
[[nodiscard]] std::string bridge_shape_key(const PodSpec& spec);

}  // namespace drasim::model
