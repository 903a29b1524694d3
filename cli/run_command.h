#pragma once
/// `drasim run [FILES...]`: replay a scenario, print a summary, write reports, and exit with
/// the expectations' verdict.

#include "cli/inputs.h"
#include "cli/replay_options.h"

#include <CLI/CLI.hpp>

#include <iosfwd>
#include <string>
#include <vector>

namespace drasim::cli {

struct RunOptions {
  InputOptions inputs;
  std::vector<std::string> reports;  ///< json, junit, markdown, html, csv
  std::string out = ".";             ///< a directory, or `-` for JSON on stdout
  bool quiet = false;
  ReplayOptions replay;  ///< `--profile`, `--max-events`, `--max-wall`
};

/// Registers the subcommand; `options` must outlive parsing.
CLI::App* setup_run(CLI::App& app, RunOptions& options);

/// Runs it. Throws sim::InputError on bad input and sim::RunLimitError when a limit stops the
/// run; returns the exit code otherwise.
int run_run(const RunOptions& options, std::ostream& out, std::ostream& err);

}  // namespace drasim::cli
