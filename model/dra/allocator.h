#pragma once
/// The Kubernetes DRA structured allocator (dra-semantics.md section 3; upstream
/// staging/src/k8s.io/dynamic-resource-allocation/structured/internal/experimental/
/// allocator_experimental.go and pools_experimental.go): picks devices for all unallocated
/// claims of a pod on one node by depth-first search with backtracking and returns the first
/// solution, following the DraFeatures it is given (gates and the Kubernetes minor).

#include "model/dra/allocated_devices.h"
#include "model/dra/features.h"
#include "model/dra/inventory.h"
#include "model/dra/selector_evaluator.h"
#include "model/k8s/dra_objects.h"

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace drasim::model::dra {

enum class AllocateStatus {
  kSuccess,
  kNoSolution,
  kNodeError,  ///< wraps ErrFailedAllocationOnNode upstream, e.g. invalid pools
  kFatal,      ///< an Error status: CEL runtime error, invalid claim, missing class, ...
};

struct AllocateOutcome {
  AllocateStatus status = AllocateStatus::kNoSolution;
  std::vector<AllocationResult> allocations;  ///< kSuccess: one per claim, same order
  std::string message;                        ///< kNodeError / kFatal: the upstream text
  uint64_t invocations = 0;                   ///< allocateOne calls (numAllocateOneInvocations)
};

/// One per scheduling cycle (upstream: built in PreFilter), then allocate() per candidate node.
/// Holds references only: the inventory, allocated devices and evaluator must outlive it.
class Allocator {
 public:
  Allocator(const DraFeatures& features, const Inventory& inventory,
            const AllocatedDevices& allocated, SelectorEvaluator& selectors);

  /// All-or-nothing allocation of `claims` (identified as `ns/name` in messages) on one node.
  [[nodiscard]] AllocateOutcome allocate(const std::string& node_name, const StringMap& node_labels,
                                         std::span<const ResourceClaim* const> claims);

 private:
  DraFeatures features_;
  const Inventory& inventory_;
  const AllocatedDevices& allocated_;
  SelectorEvaluator& selectors_;
};

}  // namespace drasim::model::dra
