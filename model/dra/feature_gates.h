#pragma once
/// Kubernetes DRA feature gates per release (dra-semantics.md section 1.1) and their
/// resolution into the DraFeatures the allocator and the DynamicResources plugin follow.

#include "model/dra/features.h"

#include <map>
#include <optional>
#include <string>

namespace drasim::model::dra {

/// Why `name: value` cannot be set on Kubernetes 1.`minor` (the gate does not exist in that
/// release, or it is locked to its default), or nullopt when it can.
[[nodiscard]] std::optional<std::string> gate_problem(int minor, const std::string& name,
                                                      bool value);

/// The release's gate defaults overridden by `gates`. With `kai`, every optional allocator
/// feature the scenario does not turn on explicitly is off: KAI builds its allocator with a
/// zero-valued `structured.Features{}` (kai-scheduler-behavior.md section 6.1).
[[nodiscard]] DraFeatures resolve_features(int minor, const std::map<std::string, bool>& gates,
                                           bool kai);

/// Whether the release has core DRA on (DynamicResourceAllocation; only 1.34 can turn it off).
[[nodiscard]] bool dra_enabled(int minor, const std::map<std::string, bool>& gates);

}  // namespace drasim::model::dra
