#pragma once
/// Warnings about ResourceSlice pools the structured allocator will refuse to use (an invalid
/// pool: dra-semantics.md section 3.2). The API server accepts each slice on its own, so these
/// are not input errors; but the scheduler only answers "invalid resource pools were
/// encountered", and the warning names the pool and the reason.

#include "sim/load/scenario.h"

#include <string>
#include <vector>

namespace drasim::sim {

/// One line per pool that is invalid at some instant (judging the newest generation of the
/// slices that exist then): the first such state.
[[nodiscard]] std::vector<std::string> invalid_pool_warnings(const Scenario& scenario);

}  // namespace drasim::sim
