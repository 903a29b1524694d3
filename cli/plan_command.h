#pragma once
/// `drasim plan FILES... --search PATH=FROM..TO[:STEP]`: the smallest (or, with --largest, the
/// largest) value of one parameter for which every expectation holds, by bisection under a
/// stated monotonicity assumption; every probe is reported and the answer comes with the run
/// that proves it (and the failing neighbour's).

#include "cli/inputs.h"
#include "cli/replay_options.h"

#include <CLI/CLI.hpp>

#include <cstddef>
#include <iosfwd>
#include <string>
#include <vector>

namespace drasim::cli {

struct PlanOptions {
  InputOptions inputs;
  ReplayOptions replay;
  std::string search;  ///< `--search PATH=VALUES`
  bool largest = false;
  size_t jobs = 0;
  std::vector<std::string>
      reports;      ///< formats of the answer's run reports (default json, markdown)
  std::string out;  ///< empty: print only
  bool quiet = false;
};

CLI::App* setup_plan(CLI::App& app, PlanOptions& options);

/// Exit 0 with an answer, 1 when no value of the range passes, 2 on bad input.
int run_plan(const PlanOptions& options, std::ostream& out, std::ostream& err);

}  // namespace drasim::cli
