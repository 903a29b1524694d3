#pragma once
/// The drasim command line: builds the CLI11 app, dispatches to the subcommand, and maps every
/// outcome to an exit code (only this layer catches).

#include <iosfwd>

namespace drasim::cli {

/// Runs drasim with these arguments, writing to `out` and `err`; returns the exit code.
int run_cli(int argc, const char* const* argv, std::ostream& out, std::ostream& err);

}  // namespace drasim::cli
