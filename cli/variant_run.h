#pragma once
/// One variant of a sweep or one probe of a plan: the inputs loaded with the variant's
/// overrides, replayed, and summed up as a sweep row. Shared by `drasim sweep` and `drasim plan`.

#include "cli/inputs.h"
#include "cli/replay_options.h"
#include "reports/atomic_file.h"
#include "reports/sweep/sweep_table.h"
#include "sim/sweep/vary.h"

#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

namespace drasim::cli {

/// What a variant's run left: its row and, when asked, the files of its reports.
struct VariantOutcome {
  std::string scenario;  ///< its name
  reports::SweepRow row;
  std::vector<reports::FileToWrite> reports;  ///< bare file names
};

/// Loads the inputs with `overrides`, replays them, and returns the row (a run stopped by
/// `--max-events` or `--max-wall` gives a `stopped` row; `--max-memory` throws
/// sim::MemoryLimitError, as the process's memory is every variant's). `render`, when set, makes
/// the run's report files before the run is freed. Throws sim::InputError when the variant's inputs
/// are invalid.
VariantOutcome run_variant(
    const InputOptions& inputs, const ReplayOptions& replay, size_t variant,
    const std::vector<std::string>& values, const std::vector<sim::Override>& overrides,
    const std::function<std::vector<reports::FileToWrite>(const sim::RunResult&)>& render = {});

/// Loads the inputs once with each value of each flag alone (without running), so that a value
/// the decoders refuse is reported at its flag before any variant runs, in flag and value order.
/// Returns false after printing the first invalid value's errors to `err`.
bool check_values(const InputOptions& inputs, const std::vector<sim::VaryFlag>& flags, size_t jobs,
                  std::ostream& err);

/// The `--vary`/`--search` flag text of a variant, for messages: `--vary a=1 --vary b=x`.
std::string variant_flags(const std::vector<sim::VaryFlag>& flags,
                          const std::vector<std::string>& values);

/// Prints an InputError's diagnostics under a header line naming what was being loaded.
void print_input_error(const sim::InputError& e, const std::string& context, std::ostream& err);

/// The `-j` default: the machine's cores.
size_t default_jobs();

}  // namespace drasim::cli
