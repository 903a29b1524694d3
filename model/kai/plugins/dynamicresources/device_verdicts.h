#pragma once
/// What neither kube-scheduler nor KAI prints when a node fails the DynamicResources filter
/// (their reason is only "cannot allocate all claims"): for each request of the pod's
/// unallocated claims, each device the node's own ResourceSlices publish and whether the
/// request's DeviceClass selectors and its own selectors accept it, with the first selector
/// that rejects it, or whether another claim holds it already. Constraints (matchAttribute,
/// distinctAttribute), counters and capacity are not judged here: a device every selector
/// accepts may still be refused by them.

#include "model/cluster/cluster_state.h"

#include <string>
#include <vector>

namespace drasim::model {

struct DeviceVerdict {
  std::string claim;    ///< `namespace/name`
  std::string request;  ///< the request, or `request/subrequest` of a firstAvailable one
  std::string device;   ///< `driver/pool/device`
  bool accepted = false;
  /// Empty when accepted; else `class gpu.nvidia.com: <expression> is false`, `request
  /// selector: <expression> is false`, `<expression>: <CEL error>`, `no DeviceClass <name>`,
  /// or `allocated to another claim`.
  std::string why;
};

std::vector<DeviceVerdict> device_verdicts(const ClusterState& state, PodId pod,
                                           const NodeInfo& node);

}  // namespace drasim::model
