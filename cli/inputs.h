#pragma once
/// Loading a run's inputs: the given files and directories, or the built-in demo scenario when
/// there are none, and the flags every loading command shares (`--allow-path`, the input caps).

#include "sim/load/input_files.h"
#include "sim/load/memory_budget.h"
#include "sim/load/overrides.h"
#include "sim/load/scenario.h"

#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace drasim::cli {

struct InputOptions {
  std::vector<std::string> paths;
  sim::InputPolicy policy;
  uint64_t max_memory = sim::kDefaultMaxMemoryBytes;  ///< `--max-memory`, set before loading
  std::vector<sim::Override> overrides;               ///< `--set PATH=VALUE` (sim/load/overrides.h)
};

/// Registers `files`, `--allow-path`, `--max-input-bytes`, `--max-input-total`, `--max-memory`
/// and `--set` on `cmd`.
void add_input_options(CLI::App* cmd, InputOptions& options, bool files_required);

/// Sets the memory budget, then loads with `options.overrides` and `extra` applied. Throws
/// sim::InputError with every problem found.
sim::Scenario load_inputs(const InputOptions& options,
                          const std::vector<sim::Override>& extra = {});

/// `PATH=VALUE` of `flag` as an Override; throws CLI::ValidationError when it is malformed.
sim::Override override_flag(const std::string& flag, const std::string& text);

}  // namespace drasim::cli
