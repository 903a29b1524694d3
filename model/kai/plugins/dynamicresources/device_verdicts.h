#pragma once
/// What neither kube-scheduler nor KAI prints when a node fails the DynamicResources filter
/// (their reason is only "cannot allocate all claims"): for each request (each firstAvailable
/// alternative on its own) of the pod's unallocated claims, every device of the pools the node
/// reaches, judged alone in the allocator's order of checks: the pool (incomplete, invalid),
/// the DeviceClass and request CEL selectors, another claim holding it, the shared counters its
/// partition consumes, its taints, and its consumable capacity. Then how many devices each
/// request needs against how many passed, and each claim constraint (matchAttribute,
/// distinctAttribute) over the devices that passed. A device may pass every check alone and
/// still not fit with the others the search picks (counters and capacity are shared).

#include "model/cluster/cluster_state.h"

#include <string>
#include <utility>
#include <vector>

namespace drasim::model {

struct DeviceVerdict {
  std::string claim;    ///< `namespace/name`
  std::string request;  ///< the request, or `request/subrequest` of a firstAvailable one
  std::string device;   ///< `driver/pool/device`
  bool accepted = false;
  /// Empty when accepted; else the first check that refuses it: `class gpu.nvidia.com:
  /// <expression> is false`, `request selector: <expression> is false`, `<expression>: <CEL
  /// error>`, `no DeviceClass <name>`, `allocated to another claim`, `counter set <set>:
  /// <counter> needs <q>, <q> left`, `taint <key>=<value>:<Effect> not tolerated`, `capacity
  /// <name>: asks <q>, <q> left of <q>`, `pool <driver/pool> incomplete` or `... invalid: why`.
  std::string why;
};

/// A request (or firstAvailable alternative) on the node: what it needs, what passed.
struct RequestTally {
  std::string claim;
  std::string request;
  bool all = false;    ///< allocationMode All: every matching device, at least one
  int64_t needed = 0;  ///< ExactCount's count
  size_t accepted = 0;
};

/// A claim constraint over the devices that passed for the requests it covers.
struct ConstraintTally {
  std::string claim;
  bool match = true;  ///< matchAttribute (one value for all), else distinctAttribute
  std::string attribute;
  std::vector<std::string> requests;                   ///< empty: every request
  std::vector<std::pair<std::string, size_t>> values;  ///< value, devices with it; by value
  size_t missing = 0;                                  ///< devices without the attribute
};

struct NodeDevices {
  std::vector<DeviceVerdict> devices;
  std::vector<RequestTally> requests;
  std::vector<ConstraintTally> constraints;

  [[nodiscard]] bool empty() const { return devices.empty() && requests.empty(); }
};

NodeDevices device_verdicts(const ClusterState& state, PodId pod, const NodeInfo& node);

}  // namespace drasim::model
