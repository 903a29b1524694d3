#pragma once
/// The flags of the commands that replay a scenario (`run`, `explain`): `--profile`,
/// `--max-events`, `--max-wall` and `--reference`.

#include "sim/engine/engine.h"
#include "sim/engine/progress_guard.h"
#include "sim/load/scenario.h"

#include <string>

namespace CLI {
class App;
}

namespace drasim::cli {

struct ReplayOptions {
  std::string profile;     ///< `--profile`: replaces `spec.scheduler.profile` (empty: keep it)
  sim::RunLimits limits;   ///< `--max-events`, `--max-wall`
  bool reference = false;  ///< `--reference`: the scheduler without its speed-only caches
};

void add_replay_options(CLI::App* cmd, ReplayOptions& options);

/// The engine's options these flags set (limits and reference mode).
[[nodiscard]] sim::EngineOptions engine_options(const ReplayOptions& options);

/// Applies `--profile` to the loaded scenario.
void apply_profile(const ReplayOptions& options, sim::Scenario& scenario);

}  // namespace drasim::cli
