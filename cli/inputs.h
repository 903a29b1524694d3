#pragma once
/// Loading a run's inputs: the given files and directories, or the built-in demo scenario when
/// there are none.

#include "sim/load/scenario.h"

#include <string>
#include <vector>

namespace drasim::cli {

/// Throws sim::InputError with every problem found.
sim::Scenario load_inputs(const std::vector<std::string>& paths);

}  // namespace drasim::cli
