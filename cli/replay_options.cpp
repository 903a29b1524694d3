#include "cli/replay_options.h"

#include "sim/load/profiles.h"

#include <CLI/CLI.hpp>

#include <vector>

namespace drasim::cli {

void add_replay_options(CLI::App* cmd, ReplayOptions& options) {
  std::vector<std::string> names;
  for (const sim::ProfileInfo& p : sim::kProfiles) {
    names.emplace_back(p.name);
  }
  cmd->add_option("--profile", options.profile,
                  "Run under this scheduler profile instead of the scenario's "
                  "(compare: drasim run FILE --profile kai-v0.17)")
      ->check(CLI::IsMember(names));
  cmd->add_option("--max-events", options.limits.max_events,
                  "Stop (exit 2, no report) after this many simulation events; 0: no limit")
      ->capture_default_str();
  cmd->add_option("--max-wall", options.limits.max_wall_seconds,
                  "Stop (exit 2, no report) after this many seconds of wall-clock time; 0: no "
                  "limit")
      ->capture_default_str()
      ->check(CLI::NonNegativeNumber);
  cmd->add_flag("--reference", options.reference,
                "Schedule the slow, obvious way: full node scans, no caches, indexes or memos. "
                "The reports are byte-identical to a normal run (a check of the fast paths); "
                "only the time differs");
}

sim::EngineOptions engine_options(const ReplayOptions& options) {
  sim::EngineOptions engine;
  engine.limits = options.limits;
  engine.reference = options.reference;
  return engine;
}

void apply_profile(const ReplayOptions& options, sim::Scenario& scenario) {
  for (const sim::ProfileInfo& p : sim::kProfiles) {
    if (p.name == options.profile) {
      scenario.scheduler.profile = p.profile;
    }
  }
}

}  // namespace drasim::cli
