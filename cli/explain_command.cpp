#include "cli/explain_command.h"

#include "cli/exit_codes.h"
#include "cli/keep_until_exit.h"
#include "model/k8s/assert.h"
#include "reports/explain/explain_output.h"
#include "sim/engine/engine.h"
#include "sim/load/quote.h"

#include <fmt/format.h>

#include <memory>
#include <ostream>

namespace drasim::cli {

CLI::App* setup_explain(CLI::App& app, ExplainOptions& options) {
  CLI::App* cmd = app.add_subcommand(
      "explain",
      "Replay the scenario following one pod and say why it is where it is: its history, then "
      "for its last scheduling attempt (or the last at or before --at) the queue and gang gates, "
      "every node's verdict from each filter, and the scores of the nodes that passed.\n"
      "Example: drasim explain scenarios/reclaim.yaml --pod default/b-0 --at 30s");
  add_input_options(cmd, options.inputs, true);
  add_replay_options(cmd, options.replay);
  cmd->add_option("--pod", options.pod, "The pod to explain, as NAMESPACE/NAME")
      ->required()
      ->type_name("NS/NAME");
  cmd->add_option("--at", options.at,
                  "Show the last attempt at or before this simulated time (90s, 1h30m)")
      ->type_name("T");
  cmd->add_option("--format", options.format, "Output: text or json")
      ->check(CLI::IsMember({"text", "json"}))
      ->capture_default_str();
  cmd->add_option("--nodes", options.nodes,
                  "all: list every node of each verdict group (text; json always lists them)")
      ->check(CLI::IsMember({"some", "all"}))
      ->capture_default_str();
  return cmd;
}

int run_explain(const ExplainOptions& options, std::ostream& out, std::ostream& err) {
  std::optional<sim::SimTime> until;
  if (!options.at.empty()) {
    const std::optional<sim::SimDuration> at = sim::parse_duration(options.at);
    if (!at) {
      err << "drasim: error: --at " << sim::quote(options.at)
          << ": not a duration (90s, 1h30m, 0)\n";
      return kExitInvalidInput;
    }
    until = sim::SimTime{at->us};
  }
  const std::string key =
      options.pod.find('/') == std::string::npos ? "default/" + options.pod : options.pod;
  auto loaded = std::make_unique<sim::Scenario>(load_inputs(options.inputs));
  sim::Scenario& scenario = *loaded;
  apply_profile(options.replay, scenario);
  if (until && scenario.horizon && until->us > scenario.horizon->us) {
    err << fmt::format("drasim: error: --at {}: past the scenario's horizon ({})\n",
                       sim::quote(options.at),
                       sim::format_seconds(sim::SimTime{scenario.horizon->us}));
    return kExitInvalidInput;
  }
  sim::PodWatch watch(key, until);
  sim::EngineOptions with_watch = engine_options(options.replay);
  with_watch.watch = &watch;
  sim::Engine engine(scenario, with_watch);
  if (!watch.pod().valid()) {
    err << fmt::format("drasim: error: --pod {}: no such pod in the scenario\n", sim::quote(key));
    return kExitInvalidInput;
  }
  auto ran = std::make_unique<sim::RunResult>(engine.run());
  const std::vector<reports::PodRow> rows = reports::pod_rows(*ran);
  const reports::PodRow* row = nullptr;
  for (const reports::PodRow& r : rows) {
    if (r.namespace_name + "/" + r.name == key) {
      row = &r;
      break;
    }
  }
  DRASIM_ASSERT(row != nullptr, "every pod of the scenario has a report row");
  const reports::ExplainInput in{
      &watch, row, ran->scenario, sim::to_string(ran->profile), ran->end, options.nodes == "all"};
  out << (options.format == "json" ? reports::explain_json(in) : reports::explain_text(in));
  keep_until_exit(std::move(ran));
  keep_until_exit(std::move(loaded));
  return kExitOk;
}

}  // namespace drasim::cli
