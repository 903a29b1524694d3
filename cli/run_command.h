#pragma once
/// `drasim run [FILES...]`: replay a scenario, print a summary, write reports, and exit with
/// the expectations' verdict.

#include "cli/inputs.h"
#include "cli/replay_options.h"
#include "reports/atomic_file.h"
#include "sim/observe/run_result.h"

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

/// The files of every report format in `kinds` (each once; bare file names), as `run` writes
/// them.
std::vector<reports::FileToWrite> render_run(std::vector<std::string> kinds,
                                             const sim::RunResult& result);

/// Registers the subcommand; `options` must outlive parsing.
CLI::App* setup_run(CLI::App& app, RunOptions& options);

/// Runs it. Throws sim::InputError on bad input and sim::RunLimitError when a limit stops the
/// run; returns the exit code otherwise.
int run_run(const RunOptions& options, std::ostream& out, std::ostream& err);

}  // namespace drasim::cli
