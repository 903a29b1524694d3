#pragma once
/// `drasim sweep FILES... --vary PATH=VALUES...`: every variant of a scenario over a grid (or
/// zip) of values, on `-j` threads, tabulated as JSON, CSV, Markdown and HTML; `--shard I/N`
/// runs one slice and writes it for `drasim sweep merge`, which joins the slices into exactly
/// what the unsharded sweep writes.

#include "cli/inputs.h"
#include "cli/replay_options.h"

#include <CLI/CLI.hpp>

#include <cstddef>
#include <iosfwd>
#include <string>
#include <vector>

namespace drasim::cli {

struct SweepOptions {
  InputOptions inputs;
  ReplayOptions replay;
  std::vector<std::string> vary;  ///< `--vary PATH=VALUES`
  bool zip = false;
  size_t jobs = 0;  ///< 0: the machine's cores
  std::string shard;
  std::vector<std::string> reports;  ///< json, csv, markdown, html (default: all)
  std::string out = ".";
  bool quiet = false;
  // `drasim sweep merge DIR...`
  std::vector<std::string> merge_dirs;
};

struct SweepCommands {
  CLI::App* sweep = nullptr;
  CLI::App* merge = nullptr;
};

SweepCommands setup_sweep(CLI::App& app, SweepOptions& options);

int run_sweep(const SweepOptions& options, std::ostream& out, std::ostream& err);

int run_sweep_merge(const SweepOptions& options, std::ostream& out, std::ostream& err);

}  // namespace drasim::cli
