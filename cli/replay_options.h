#pragma once
/// The flags of the commands that replay a scenario (`run`, `explain`): `--profile`,
/// `--max-events` and `--max-wall`.

#include "sim/engine/progress_guard.h"
#include "sim/load/scenario.h"

#include <string>

namespace CLI {
class App;
}

namespace drasim::cli {

struct ReplayOptions {
  std::string profile;    ///< `--profile`: replaces `spec.scheduler.profile` (empty: keep it)
  sim::RunLimits limits;  ///< `--max-events`, `--max-wall`
};

void add_replay_options(CLI::App* cmd, ReplayOptions& options);

/// Applies `--profile` to the loaded scenario.
void apply_profile(const ReplayOptions& options, sim::Scenario& scenario);

}  // namespace drasim::cli
