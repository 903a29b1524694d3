#pragma once
/// Compile-time worst-case cost of a checked expression, following cel-go checker/cost.go
/// (node costs, comprehension and bind costs, size-dependent function costs) with the overload
/// estimators of cel-go's ext/lists.go (version 3, which the Kubernetes base environment enables
/// from 1.34) and ext/sets.go, then the Kubernetes library estimator
/// (k8s.io/apiserver/pkg/cel/library/cost.go EstimateCallCost)
/// and size bounds taken from declared types (Type::max_size, as the DRA sizeEstimator in
/// dynamic-resource-allocation/cel/compile.go derives them from DeclType.MaxElements).

#include "model/cel/ast.h"

#include <cstdint>

namespace drasim::model::cel {

/// The estimated maximum cost (CostEstimate.Max); saturates at UINT64_MAX.
uint64_t estimate_cost(const Ast& ast);

}  // namespace drasim::model::cel
