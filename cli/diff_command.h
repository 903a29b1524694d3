#pragma once
/// `drasim diff BASE.json NEW.json [--gate] [--tolerance KEY=VALUE ...] [--format ...]`: what
/// changed between two JSON reports, and with `--gate` exit 1 when a change is beyond its
/// tolerance (README "drasim diff").

#include "sim/load/input_files.h"

#include <CLI/CLI.hpp>

#include <iosfwd>
#include <string>
#include <vector>

namespace drasim::cli {

struct DiffOptions {
  std::string base;
  std::string next;
  bool gate = false;
  std::vector<std::string> tolerances;
  std::string format = "text";
  size_t limit = 20;
  sim::InputPolicy policy;
};

CLI::App* setup_diff(CLI::App& app, DiffOptions& options);

/// Throws sim::InputError for a report that cannot be read; returns kExitOk, kExitInvalidInput
/// for a bad tolerance, or with `--gate` kExitExpectationFailed when a change is beyond its
/// tolerance.
int run_diff(const DiffOptions& options, std::ostream& out, std::ostream& err);

}  // namespace drasim::cli
