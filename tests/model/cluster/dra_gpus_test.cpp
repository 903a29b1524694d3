// GPU counts of claims (model/cluster/dra_gpus.h) saturate at int64 max as KAI's SaturatingAdd
// does (pkg/common/resources/dra.go; the upstream reclaim_dra_overflow test): two huge requests
// must not wrap around to a negative count.
#include "model/cluster/dra_gpus.h"

#include "model/k8s/dra_objects.h"

#include <doctest/doctest.h>

#include <cstdint>
#include <limits>

namespace {

using drasim::model::DeviceRequest;
using drasim::model::DeviceSubRequest;
using drasim::model::ResourceClaim;

constexpr int64_t kMax = std::numeric_limits<int64_t>::max();

DeviceRequest gpus(int64_t count) {
  DeviceSubRequest e;
  e.device_class_name = "gpu.nvidia.com";
  e.count = count;
  DeviceRequest r;
  r.exactly = e;
  return r;
}

}  // namespace

TEST_CASE("GPU counts add up and saturate at int64 max instead of wrapping") {
  using drasim::model::saturating_add;
  CHECK(saturating_add(2, 3) == 5);
  CHECK(saturating_add(kMax, 0) == kMax);
  CHECK(saturating_add(kMax - 1, 1) == kMax);  // exactly max: no saturation needed
  CHECK(saturating_add(kMax, 1) == kMax);      // would wrap to int64 min
  CHECK(saturating_add(kMax, kMax) == kMax);   // would wrap to -2
}

TEST_CASE("a claim with two int64-max GPU requests counts int64 max GPUs, not -2") {
  ResourceClaim claim;
  claim.spec.requests = {gpus(kMax), gpus(kMax)};
  CHECK(drasim::model::claim_gpu_devices(claim) == kMax);
  // Small counts still add exactly: 2 + 3 devices.
  claim.spec.requests = {gpus(2), gpus(3)};
  CHECK(drasim::model::claim_gpu_devices(claim) == 5);
}
