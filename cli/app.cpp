#include "cli/app.h"

#include "cli/diff_command.h"
#include "cli/exit_codes.h"
#include "cli/explain_command.h"
#include "cli/import_command.h"
#include "cli/plan_command.h"
#include "cli/profiles_command.h"
#include "cli/run_command.h"
#include "cli/sweep_command.h"
#include "cli/validate_command.h"
#include "sim/engine/progress_guard.h"
#include "sim/load/diagnostic.h"

#include <CLI/CLI.hpp>

#include <exception>
#include <new>
#include <ostream>

namespace drasim::cli {

int run_cli(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
  CLI::App app("drasim: offline scheduling simulator for KAI and DRA GPU clusters");
  app.require_subcommand(0, 1);
  app.set_version_flag("--version", "drasim 0.1.0");
  RunOptions run_options;
  ValidateOptions validate_options;
  ImportOptions import_options;
  DiffOptions diff_options;
  ExplainOptions explain_options;
  SweepOptions sweep_options;
  PlanOptions plan_options;
  CLI::App* run = setup_run(app, run_options);
  CLI::App* validate = setup_validate(app, validate_options);
  CLI::App* profiles = setup_profiles(app);
  CLI::App* import = setup_import(app, import_options);
  CLI::App* diff = setup_diff(app, diff_options);
  CLI::App* explain = setup_explain(app, explain_options);
  const SweepCommands sweep = setup_sweep(app, sweep_options);
  CLI::App* plan = setup_plan(app, plan_options);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e, out, err);
    return code == 0 ? kExitOk : kExitInvalidInput;
  }
  try {
    if (sweep.merge->parsed()) {
      return run_sweep_merge(sweep_options, out, err);
    }
    if (sweep.sweep->parsed()) {
      return run_sweep(sweep_options, out, err);
    }
    if (plan->parsed()) {
      return run_plan(plan_options, out, err);
    }
    if (profiles->parsed()) {
      return run_profiles(out);
    }
    if (import->parsed()) {
      return run_import(import_options, out, err);
    }
    if (explain->parsed()) {
      return run_explain(explain_options, out, err);
    }
    if (diff->parsed()) {
      return run_diff(diff_options, out, err);
    }
    if (validate->parsed()) {
      return run_validate(validate_options, out);
    }
    if (run->parsed() || app.get_subcommands().empty()) {
      return run_run(run_options, out, err);
    }
  } catch (const sim::InputError& e) {
    for (const auto& d : e.diagnostics()) {
      err << d.to_string() << "\n";
    }
    return kExitInvalidInput;
  } catch (const sim::RunLimitError& e) {
    err << "drasim: error: " << e.what() << "\n";
    return kExitInvalidInput;
  } catch (const std::bad_alloc&) {
    // The machine ran out before --max-memory was reached (a budget above what it has).
    err << "drasim: error: out of memory before the --max-memory limit was reached; lower "
           "--max-memory below the machine's free memory, or shrink the scenario\n";
    return kExitInvalidInput;
  } catch (const std::exception& e) {
    err << "drasim: internal error (a bug; please report it): " << e.what() << "\n";
    return kExitInternalError;
  }
  return kExitOk;
}

}  // namespace drasim::cli
