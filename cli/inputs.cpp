#include "cli/inputs.h"

#include "cli/demo_scenario.h"
#include "model/k8s/quantity.h"
#include "sim/load/memory_budget.h"
#include "sim/scenario_loader.h"

#include <CLI/CLI.hpp>

namespace drasim::cli {
namespace {

/// A byte count in Kubernetes quantity form (`512Mi`, `2Gi`, `1000000`).
void add_bytes_option(CLI::App* cmd, const std::string& flag, uint64_t& target,
                      const std::string& help) {
  cmd->add_option_function<std::string>(
         flag,
         [&target, flag](const std::string& text) {
           const auto q = model::Quantity::parse(text);
           if (!q || q->value() <= 0) {
             throw CLI::ValidationError(flag, "a byte count above 0 such as 512Mi, got " + text);
           }
           target = static_cast<uint64_t>(q->value());
         },
         help + " (default: " + sim::format_bytes(target) + ")")
      ->type_name("BYTES");
}

}  // namespace

void add_input_options(CLI::App* cmd, InputOptions& options, bool files_required) {
  CLI::Option* files = cmd->add_option("files", options.paths,
                                       "Scenario files (YAML, JSON, or KAI snapshot ZIPs) or "
                                       "directories (all *.yaml and *.yml inside)");
  if (files_required) {
    files->required();
  }
  cmd->add_option("--allow-path", options.policy.allow_paths,
                  "A directory scenario files may also name files in (repeatable); by default "
                  "only the given directories and the directories of the given files")
      ->type_name("DIR");
  add_bytes_option(cmd, "--max-input-bytes", options.policy.limits.file_bytes,
                   "The largest input file drasim reads");
  add_bytes_option(cmd, "--max-input-total", options.policy.limits.total_bytes,
                   "The most input drasim reads in one run, all files together");
  add_bytes_option(cmd, "--max-memory", options.max_memory,
                   "The resident memory drasim may use while it loads and runs; past it the "
                   "run stops (exit 2) naming what grew");
  cmd->add_option_function<std::vector<std::string>>(
         "--set",
         [&options](const std::vector<std::string>& texts) {
           for (const std::string& text : texts) {
             options.overrides.push_back(override_flag("--set", text));
           }
         },
         "Replace one field of the inputs before they are read (repeatable): a field of the "
         "Scenario (spec.scheduler.profile=kai-v0.17, spec.generate[0].nodePool.count=48) or "
         "of a named object (Queue/research:spec.resources.gpu.quota=192)")
      ->type_name("PATH=VALUE");
}

sim::Override override_flag(const std::string& flag, const std::string& text) {
  auto parsed = sim::parse_override(flag, text);
  if (auto* problem = std::get_if<std::string>(&parsed)) {
    throw CLI::ValidationError(*problem);
  }
  return std::get<sim::Override>(std::move(parsed));
}

sim::Scenario load_inputs(const InputOptions& options, const std::vector<sim::Override>& extra) {
  sim::set_memory_budget(options.max_memory);
  std::vector<sim::Override> overrides = options.overrides;
  overrides.insert(overrides.end(), extra.begin(), extra.end());
  if (options.paths.empty()) {
    return sim::load_scenario_texts(
        {{"<built-in>/rolling-migration.yaml", std::string(demo_scenario_yaml())}}, overrides);
  }
  return sim::load_scenario(options.paths, options.policy, overrides);
}

}  // namespace drasim::cli
