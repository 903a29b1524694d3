#include "model/kai/framework/eviction.h"

#include <string>
#include <utility>

namespace drasim::model {

void evict(ClusterState& state, PodId pod, std::string message, CycleResult& result) {
  state.begin_release(pod);
  confirm_eviction(state, pod, std::move(message), result);
}

void confirm_eviction(ClusterState& state, PodId pod, std::string message, CycleResult& result) {
  ++state.freed_version;
  PodInfo& p = state.pod(pod);
  ++p.evictions;
  p.eviction_message = std::move(message);
  result.evictions.push_back(pod);
}

}  // namespace drasim::model
