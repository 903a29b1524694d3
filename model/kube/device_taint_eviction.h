#pragma once
/// The device taint eviction controller (KEP-5055, dra-semantics.md section 8): a pod that
/// uses a device with a NoExecute taint its request does not tolerate is evicted.

#include "model/cluster/cluster_state.h"

#include <string>
#include <vector>

namespace drasim::model {

struct TaintEviction {
  PodId pod;
  std::string message;
};

/// Binding and running pods whose claims hold a device of the current inventory with an
/// untolerated NoExecute taint, in pod order.
std::vector<TaintEviction> device_taint_evictions(const ClusterState& state);

}  // namespace drasim::model
