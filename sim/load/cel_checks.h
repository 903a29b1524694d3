#pragma once
/// Compiles every CEL selector of the scenario's DeviceClasses, ResourceClaims and
/// ResourceClaimTemplates as the API server does when the object is created (length, syntax,
/// types, result bool, estimated cost; dra-semantics.md section 4.3). A selector the API server
/// would reject is an input error at the expression's position.

#include "sim/load/diagnostic.h"
#include "sim/load/scenario.h"

namespace drasim::sim {

void check_cel_selectors(const Scenario& scenario, Diagnostics& diagnostics);

}  // namespace drasim::sim
