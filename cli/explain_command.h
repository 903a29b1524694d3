#pragma once
/// `drasim explain FILES... --pod NS/NAME [--at T] [--format text|json] [--nodes all]`: replays
/// the scenario following one pod and says why it is where it is (README "drasim explain").

#include "cli/inputs.h"
#include "cli/replay_options.h"

#include <CLI/CLI.hpp>

#include <iosfwd>
#include <string>

namespace drasim::cli {

struct ExplainOptions {
  InputOptions inputs;
  ReplayOptions replay;
  std::string pod;  ///< `namespace/name` (a bare name is in `default`)
  std::string at;   ///< `--at`: a duration such as `90s` (empty: the last attempt)
  std::string format = "text";
  std::string nodes = "some";  ///< `all`: every node of a group
};

CLI::App* setup_explain(CLI::App& app, ExplainOptions& options);

/// Throws sim::InputError on bad input and sim::RunLimitError when a limit stops the replay;
/// returns kExitInvalidInput for an unknown pod or a bad --at, else kExitOk.
int run_explain(const ExplainOptions& options, std::ostream& out, std::ostream& err);

}  // namespace drasim::cli
