#include "cli/diff_command.h"

#include "cli/exit_codes.h"
#include "reports/diff/diff_output.h"
#include "reports/diff/report_data.h"
#include "sim/load/quote.h"

#include <ostream>

namespace drasim::cli {

CLI::App* setup_diff(CLI::App& app, DiffOptions& options) {
  CLI::App* cmd = app.add_subcommand(
      "diff",
      "Compare two JSON reports: pods placed differently, bound times that moved, new and "
      "vanished anomalies, quota, metrics and expectations. With --gate, exit 1 when a change "
      "makes the new run worse by more than its tolerance.\n"
      "Example: drasim run plan.yaml --profile kai-v0.17 --report json --out new/ && "
      "drasim diff base/plan.json new/plan.json --gate --tolerance waits.p95=10% "
      "--tolerance utilization.dra=-2pp --tolerance placements=5");
  cmd->add_option("base", options.base, "The report to compare against (drasim run --report json)")
      ->required()
      ->type_name("BASE.json");
  cmd->add_option("new", options.next, "The report of the run to judge")
      ->required()
      ->type_name("NEW.json");
  cmd->add_flag("--gate", options.gate,
                "Exit 1 when a change makes the new run worse by more than its tolerance");
  cmd->add_option("--tolerance", options.tolerances,
                  "KEY=VALUE (repeatable): how much worse a quantity may get before --gate "
                  "fails. Keys: placements, boundAt (s), anomalies[.KIND], quota.drift, "
                  "quota.fairShare, utilization[.POOL[.RESOURCE]] (pp or %), "
                  "waits[.p50|.p95|.p99|.max] (s or %), pendingPeak, evictions, expectations; "
                  "VALUE any ignores the quantity. Default: 0 for all")
      ->type_name("KEY=VALUE");
  cmd->add_option("--format", options.format, "Output: text, json or markdown")
      ->check(CLI::IsMember({"text", "json", "markdown"}))
      ->capture_default_str();
  cmd->add_option("--limit", options.limit,
                  "Rows per section in text and markdown (0: all; json lists every change)")
      ->capture_default_str();
  cmd->add_option("--max-input-bytes", options.policy.limits.file_bytes,
                  "The largest report drasim reads")
      ->capture_default_str();
  return cmd;
}

int run_diff(const DiffOptions& options, std::ostream& out, std::ostream& err) {
  reports::Tolerances tolerances;
  for (const std::string& spec : options.tolerances) {
    if (const std::string problem = tolerances.add(spec); !problem.empty()) {
      err << "drasim: error: --tolerance " << sim::escape_text(problem) << "\n";
      return kExitInvalidInput;
    }
  }
  const reports::ReportData base = reports::read_report(options.base, options.policy);
  const reports::ReportData next = reports::read_report(options.next, options.policy);
  const reports::ReportDiff d = reports::diff_reports(base, next, tolerances);
  const reports::DiffOutputOptions output{options.gate, options.limit};
  if (options.format == "json") {
    out << reports::diff_json(d, output);
  } else if (options.format == "markdown") {
    out << reports::diff_markdown(d, output);
  } else {
    out << reports::diff_text(d, output);
  }
  return options.gate && d.failed_checks() > 0 ? kExitExpectationFailed : kExitOk;
}

}  // namespace drasim::cli
