#pragma once
/// `drasim validate FILES...`: load and check inputs without running; exit 0 or 2.

#include "cli/inputs.h"

#include <CLI/CLI.hpp>

#include <iosfwd>
#include <string>
#include <vector>

namespace drasim::cli {

struct ValidateOptions {
  InputOptions inputs;
};

CLI::App* setup_validate(CLI::App& app, ValidateOptions& options);

/// Throws sim::InputError on bad input; returns kExitOk otherwise.
int run_validate(const ValidateOptions& options, std::ostream& out);

}  // namespace drasim::cli
