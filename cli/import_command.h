#pragma once
/// `drasim import kai-snapshot SNAPSHOT.zip [-o DIR]`: turns a KAI scheduler snapshot into a
/// scenario directory (reports/kai_snapshot_import.h says what is written).

#include "cli/inputs.h"

#include <CLI/CLI.hpp>

#include <iosfwd>
#include <string>

namespace drasim::cli {

struct ImportOptions {
  InputOptions inputs;  ///< one path: the snapshot
  std::string out_dir;  ///< default: the snapshot's file name without its extension
};

/// Registers `import` and its `kai-snapshot` subcommand; returns the latter.
CLI::App* setup_import(CLI::App& app, ImportOptions& options);

/// Throws sim::InputError on bad input; returns kExitOk, or kExitInvalidInput when the files
/// cannot be written.
int run_import(const ImportOptions& options, std::ostream& out, std::ostream& err);

}  // namespace drasim::cli
