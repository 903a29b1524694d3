#include "model/kube/binding_conditions.h"

#include <fmt/format.h>

#include <algorithm>

namespace drasim::model {
namespace {

template <typename F>
void for_each_claim(const ClusterState& state, PodId pod, F&& f) {
  for_each_bound_claim(state, pod, [&](ClaimId c) { f(state.claims.at(c).claim); });
}

bool is_true(const AllocatedDeviceStatus* status, const std::string& type) {
  if (status == nullptr) {
    return false;
  }
  const auto it = status->conditions.find(type);
  return it != status->conditions.end() && it->second == "True";
}

const AllocatedDeviceStatus* status_of(const ResourceClaim& claim,
                                       const DeviceAllocationResult& device) {
  const auto it = std::find_if(claim.devices.begin(), claim.devices.end(),
                               [&](const auto& d) { return d.describes(device); });
  return it == claim.devices.end() ? nullptr : &*it;
}

}  // namespace

bool has_binding_conditions(const ClusterState& state, PodId pod) {
  bool found = false;
  for_each_claim(state, pod, [&](const ResourceClaim& claim) {
    if (claim.allocation) {
      for (const DeviceAllocationResult& d : claim.allocation->results) {
        found = found || !d.binding_conditions.empty();
      }
    }
  });
  return found;
}

BindingVerdict binding_verdict(const ClusterState& state, PodId pod, bool timed_out,
                               int64_t timeout_us) {
  BindingVerdict verdict;
  std::string waiting_for;  // the first condition that does not hold yet
  for_each_claim(state, pod, [&](const ResourceClaim& claim) {
    if (verdict.kind == BindingVerdict::Kind::kFailed || !claim.allocation) {
      return;
    }
    for (const DeviceAllocationResult& d : claim.allocation->results) {
      if (d.binding_conditions.empty()) {
        continue;
      }
      const AllocatedDeviceStatus* status = status_of(claim, d);
      for (const std::string& failure : d.binding_failure_conditions) {
        if (is_true(status, failure)) {
          verdict.kind = BindingVerdict::Kind::kFailed;
          verdict.message =
              fmt::format("binding of resourceclaim \"{}\" failed: device {}/{}/{} reports {}=True",
                          claim.meta.name, d.driver, d.pool, d.device, failure);
          return;
        }
      }
      for (const std::string& condition : d.binding_conditions) {
        if (!is_true(status, condition) && waiting_for.empty()) {
          waiting_for = fmt::format("resourceclaim \"{}\": device {}/{}/{} condition {}",
                                    claim.meta.name, d.driver, d.pool, d.device, condition);
        }
      }
    }
  });
  if (verdict.kind == BindingVerdict::Kind::kFailed || waiting_for.empty()) {
    return verdict;
  }
  if (timed_out) {
    verdict.kind = BindingVerdict::Kind::kFailed;
    verdict.message = fmt::format("binding timed out after {}s waiting for {}",
                                  timeout_us / 1'000'000, waiting_for);
  } else {
    verdict.kind = BindingVerdict::Kind::kWaiting;
    verdict.message = waiting_for;
  }
  return verdict;
}

}  // namespace drasim::model
