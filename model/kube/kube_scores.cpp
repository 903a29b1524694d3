#include "model/kube/kube_scores.h"

#include "model/k8s/node_selector.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <string>

namespace drasim::model::kube {
namespace {

/// `FirstAvailableDeviceRequestMaxSize`: the DynamicResources score base (section 6.6).
constexpr int64_t kFirstAvailableMax = 8;

/// `leastRequestedScore`: free share of capacity after placing the pod, 0 when over.
int64_t least_requested(int64_t requested, int64_t capacity) {
  if (capacity == 0 || requested > capacity) {
    return 0;
  }
  return (capacity - requested) * kMaxNodeScore / capacity;
}

/// `balancedResourceScorer` over cpu and memory: (1 - |f_cpu - f_mem| / 2) * 100, fractions
/// capped at 1, resources with zero allocatable left out.
int64_t balanced(std::pair<int64_t, int64_t> cpu, std::pair<int64_t, int64_t> memory) {
  std::array<double, 2> fractions{};
  size_t count = 0;
  for (const auto& [req, alloc] : {cpu, memory}) {
    if (alloc != 0) {
      fractions[count++] = std::min(1.0, static_cast<double>(req) / static_cast<double>(alloc));
    }
  }
  const double std_dev = count == 2 ? std::abs((fractions[0] - fractions[1]) / 2) : 0.0;
  return static_cast<int64_t>((1 - std_dev) * static_cast<double>(kMaxNodeScore));
}

}  // namespace

int64_t intolerable_prefer_no_schedule(const NodeInfo& node, const PodTemplate& t) {
  int64_t count = 0;
  for (const Taint& taint : node.taints) {
    if (taint.effect != TaintEffect::kPreferNoSchedule) {
      continue;
    }
    const bool tolerated =
        std::any_of(t.tolerations.begin(), t.tolerations.end(), [&](const auto& tol) {
          return (!tol.effect || *tol.effect == TaintEffect::kPreferNoSchedule)
                 && tolerates(tol, taint);
        });
    count += tolerated ? 0 : 1;
  }
  return count;
}

int64_t preferred_affinity(const NodeInfo& node, const PodTemplate& t) {
  int64_t sum = 0;
  for (const PreferredSchedulingTerm& p : t.preferred_affinity) {
    if (p.weight != 0 && matches(p.term, node.labels, node.name)) {
      sum += p.weight;
    }
  }
  return sum;
}

int64_t fit_and_balance(const NodeInfo& node, std::pair<int64_t, int64_t> nonzero,
                        const PodTemplate& t) {
  const int64_t cpu_alloc = node.allocatable.get(kCpuSlot);
  const int64_t mem_alloc = node.allocatable.get(kMemorySlot);
  int64_t fit_sum = 0;
  int64_t weights = 0;
  for (const auto& [req, alloc] : {std::pair{nonzero.first + t.nonzero_milli_cpu, cpu_alloc},
                                   std::pair{nonzero.second + t.nonzero_memory, mem_alloc}}) {
    if (alloc != 0) {
      fit_sum += least_requested(req, alloc);
      ++weights;
    }
  }
  const int64_t fit = weights == 0 ? 0 : fit_sum / weights;
  const int64_t pod_cpu = t.request.get(kCpuSlot);
  const int64_t pod_mem = t.request.get(kMemorySlot);
  const bool best_effort = pod_cpu == 0 && pod_mem == 0;
  const int64_t balance = best_effort ? 0
                                      : balanced({node.used.get(kCpuSlot) + pod_cpu, cpu_alloc},
                                                 {node.used.get(kMemorySlot) + pod_mem, mem_alloc});
  return kFitWeight * fit + kBalancedWeight * balance;
}

int64_t first_available_points(const ClusterState& s, const std::vector<ClaimId>& claims,
                               const std::vector<AllocationResult>& allocations) {
  int64_t points = 0;
  for (size_t i = 0; i < claims.size() && i < allocations.size(); ++i) {
    for (const DeviceRequest& r : s.claims.at(claims[i]).claim.spec.requests) {
      if (r.first_available.empty()) {
        continue;
      }
      for (const DeviceAllocationResult& res : allocations[i].results) {
        const std::string prefix = r.name + "/";
        if (res.request.rfind(prefix, 0) != 0) {
          continue;
        }
        const std::string sub = res.request.substr(prefix.size());
        for (size_t k = 0; k < r.first_available.size(); ++k) {
          if (r.first_available[k].name == sub) {
            points += kFirstAvailableMax - static_cast<int64_t>(k);
          }
        }
        break;
      }
    }
  }
  return points;
}

}  // namespace drasim::model::kube
