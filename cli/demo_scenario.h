#pragma once
/// The built-in demo scenario (scenarios/rolling-migration.yaml, embedded at build time).

#include <string_view>

namespace drasim::cli {

/// The YAML text `drasim run` replays when given no files.
std::string_view demo_scenario_yaml();

}  // namespace drasim::cli
