#include "cli/import_command.h"

#include "cli/exit_codes.h"
#include "reports/kai_snapshot_import.h"
#include "sim/load/memory_budget.h"
#include "sim/load/quote.h"
#include "sim/scenario_loader.h"

#include <fmt/format.h>

#include <filesystem>
#include <ostream>

namespace drasim::cli {

CLI::App* setup_import(CLI::App& app, ImportOptions& options) {
  CLI::App* import =
      app.add_subcommand("import", "Turn another tool's cluster dump into a scenario");
  import->require_subcommand(1);
  CLI::App* cmd = import->add_subcommand(
      "kai-snapshot",
      "Turn a KAI scheduler snapshot (the snapshot plugin's ZIP, or its snapshot.json) into a "
      "scenario directory: the objects as Lists (JSON in .yaml files), scenario.yaml with the "
      "scheduler's "
      "settings, and SNAPSHOT.md saying what was read and what drasim cannot carry.\n"
      "Example: curl -o snapshot.zip http://<scheduler>:8081/get-snapshot && "
      "drasim import kai-snapshot snapshot.zip -o rehearsal/ && drasim run rehearsal/");
  add_input_options(cmd, options.inputs, true);
  cmd->remove_option(cmd->get_option("--set"));  // the snapshot is turned into files as it is
  cmd->get_option("files")->expected(1)->description("The snapshot (ZIP or snapshot.json)");
  cmd->add_option("-o,--out", options.out_dir,
                  "The directory to write (created if missing; default: the snapshot's name "
                  "without its extension)")
      ->type_name("DIR");
  return cmd;
}

int run_import(const ImportOptions& options, std::ostream& out, std::ostream& err) {
  namespace fs = std::filesystem;
  const std::string& path = options.inputs.paths.front();
  sim::set_memory_budget(options.inputs.max_memory);
  const sim::SnapshotTree tree = sim::read_snapshot_tree(path, options.inputs.policy);
  // The whole snapshot is checked as `drasim run` loads it before anything is written.
  const sim::Scenario loaded = sim::load_scenario({path}, options.inputs.policy);
  sim::Diagnostics diagnostics;
  const sim::DecodeContext ctx{tree.file, &diagnostics, nullptr};
  const sim::SnapshotSettings settings = sim::decode_snapshot_settings(
      sim::Cursor(&tree.document.root(), tree.document.root().mark, "", &ctx), tree.shape);
  const std::string dir =
      options.out_dir.empty() ? fs::path(path).stem().string() : options.out_dir;
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) {
    err << fmt::format("drasim: error: cannot create {}: {}\n", sim::quote(dir, 256), ec.message());
    return kExitInvalidInput;
  }
  const std::vector<reports::FileToWrite> files =
      reports::kai_snapshot_import(tree, loaded, settings, dir);
  if (const std::string problem = reports::write_files_atomically(files); !problem.empty()) {
    err << "drasim: error: " << problem << "\n";
    return kExitInvalidInput;
  }
  const auto& o = loaded.objects;
  out << fmt::format(
      "wrote {} ({} files): {} nodes, {} pods, {} queues, {} pod groups, {} claims, {} "
      "resource slices; profile {}\nrun it with: drasim run {}\n",
      sim::escape_text(dir), files.size(), o.nodes.size(), o.pods.size(), o.queues.size(),
      o.pod_groups.size(), o.resource_claims.size(), o.resource_slices.size(),
      sim::to_string(loaded.scheduler.profile), sim::escape_text(dir));
  for (const std::string& w : loaded.warnings) {
    out << "warning: " << sim::escape_text(w) << "\n";
  }
  return kExitOk;
}

}  // namespace drasim::cli
