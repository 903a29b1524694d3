#include "cli/validate_command.h"

#include "cli/exit_codes.h"
#include "cli/inputs.h"
#include "cli/keep_until_exit.h"
#include "sim/load/quote.h"

#include <fmt/format.h>

#include <ostream>

namespace drasim::cli {

CLI::App* setup_validate(CLI::App& app, ValidateOptions& options) {
  CLI::App* cmd = app.add_subcommand("validate",
                                     "Check scenario inputs without running them.\n"
                                     "Example: drasim validate scenarios/ my-cluster.yaml");
  add_input_options(cmd, options.inputs, true);
  return cmd;
}

int run_validate(const ValidateOptions& options, std::ostream& out) {
  auto loaded = std::make_unique<sim::Scenario>(load_inputs(options.inputs));
  const sim::Scenario& s = *loaded;
  for (const auto& w : s.warnings) {
    out << "warning: " << sim::escape_text(w) << "\n";
  }
  const auto& o = s.objects;
  out << fmt::format(
      "ok: {} file(s): {} nodes, {} pods, {} queues, {} pod groups, {} device classes, "
      "{} resource slices, {} claims, {} claim templates, {} expectations\n",
      s.files.size(), o.nodes.size(), o.pods.size(), o.queues.size(), o.pod_groups.size(),
      o.device_classes.size(), o.resource_slices.size(), o.resource_claims.size(),
      o.resource_claim_templates.size(), s.expectations.size());
  keep_until_exit(std::move(loaded));
  return kExitOk;
}

}  // namespace drasim::cli
