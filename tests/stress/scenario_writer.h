#pragma once
// Writes a generated scenario out as drasim's multi-document YAML input.
#include "tests/stress/scenario.h"
#include <string>

namespace drasim::stress {

/// The scenario as YAML: the Scenario document, then its queues (parents first), nodes and
/// their ResourceSlices, DeviceClasses and claim templates (when DRA is in play), claims,
/// PodGroups and pods.
std::string to_yaml(const Scenario& s);

}  // namespace drasim::stress
