#include "model/kai/actions/fit_request.h"

#include "model/cluster/dra_gpus.h"
#include "model/kai/plugins/dynamicresources/bridge.h"

#include <algorithm>

namespace drasim::model {

std::vector<std::string> allocated_gpu_keys(const ClusterState& s, PodId pod) {
  std::vector<PodDevice> devices;
  for (const ClaimId c : s.pod(pod).claims) {
    if (c.valid() && s.claims.at(c).present && s.claims.at(c).claim.allocation) {
      record_devices(s.claims.at(c).claim, devices);
    }
  }
  return dra_gpu_keys(devices);
}

const ResourceVector& FitRequest::adjusted(const NodeInfo& node) {
  buffer_ = bridge_ ? fit_request(s_, t_, node) : t_.request;
  int64_t counted = 0;
  for (const std::string& k : shared_keys_) {
    counted += node.dra_gpu_refs.count(k) > 0 ? kMilliPerGpu : 0;
  }
  buffer_.set(kGpuSlot, std::max<int64_t>(0, buffer_.get(kGpuSlot) - counted));
  return buffer_;
}

}  // namespace drasim::model
