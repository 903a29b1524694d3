#include "cli/run_command.h"

#include "cli/exit_codes.h"
#include "cli/inputs.h"
#include "cli/keep_until_exit.h"
#include "cli/progress_bar.h"
#include "reports/atomic_file.h"
#include "reports/csv_report.h"
#include "reports/html/html_report.h"
#include "reports/json_report.h"
#include "reports/junit_report.h"
#include "reports/markdown_report.h"
#include "reports/summary.h"
#include "sim/engine/engine.h"

#include <algorithm>
#include <optional>
#include <ostream>

namespace drasim::cli {

std::vector<reports::FileToWrite> render_run(std::vector<std::string> kinds,
                                             const sim::RunResult& r) {
  std::sort(kinds.begin(), kinds.end());
  kinds.erase(std::unique(kinds.begin(), kinds.end()), kinds.end());
  std::vector<reports::FileToWrite> files;
  for (const std::string& kind : kinds) {
    if (kind == "json") {
      files.push_back({"report.json", reports::json_report(r)});
    } else if (kind == "junit") {
      files.push_back({"report.junit.xml", reports::junit_report(r)});
    } else if (kind == "markdown") {
      files.push_back({"report.md", reports::markdown_report(r)});
    } else if (kind == "html") {
      files.push_back({"report.html", reports::html_report(r)});
    } else if (kind == "csv") {
      for (reports::FileToWrite& f : reports::csv_report(r)) {
        files.push_back(std::move(f));
      }
    }
  }
  return files;
}

CLI::App* setup_run(CLI::App& app, RunOptions& options) {
  CLI::App* cmd =
      app.add_subcommand("run",
                         "Replay a scenario and report placements and expectations.\n"
                         "Example: drasim run scenarios/device-plugin.yaml --report json --out -\n"
                         "With no files, runs the built-in demo scenario.");
  add_input_options(cmd, options.inputs, false);
  cmd->add_option("--report", options.reports,
                  "Report format to write (repeatable): json (report.json), junit "
                  "(report.junit.xml), markdown (report.md), html (report.html), csv "
                  "(metrics.csv, utilization.csv, pods.csv, quota.csv)")
      ->check(CLI::IsMember({"json", "junit", "markdown", "html", "csv"}));
  cmd->add_option("--out", options.out,
                  "Directory for report files, or - to write the JSON report to stdout");
  cmd->add_flag("-q,--quiet", options.quiet, "Do not print the summary");
  add_replay_options(cmd, options.replay);
  return cmd;
}

int run_run(const RunOptions& options, std::ostream& out, std::ostream& err) {
  std::vector<std::string> kinds = options.reports;
  if (options.out == "-") {
    if (kinds.empty()) {
      kinds.emplace_back("json");
    }
    if (kinds.size() != 1 || kinds.front() != "json") {
      err << "drasim: error: --out - writes only the JSON report; give a directory for others\n";
      return kExitInvalidInput;
    }
  }
  auto loaded = std::make_unique<sim::Scenario>(load_inputs(options.inputs));
  sim::Scenario& scenario = *loaded;
  apply_profile(options.replay, scenario);
  sim::EngineOptions engine = engine_options(options.replay);
  std::optional<ProgressBar> bar;
  if (!options.quiet && stderr_is_terminal()) {
    bar.emplace(err);
    engine.progress = [&bar](const sim::RunProgress& p) {
      bar->update(p);
    };
  }
  auto ran = std::make_unique<sim::RunResult>(sim::run_scenario(scenario, engine));
  bar.reset();  // erases its line before the summary
  const sim::RunResult& result = *ran;
  const bool to_stdout = options.out == "-";
  std::ostream& summary_stream = to_stdout ? err : out;
  if (!options.quiet) {
    summary_stream << reports::text_summary(result);
  }
  std::vector<reports::FileToWrite> files = render_run(kinds, result);
  if (to_stdout) {
    for (const reports::FileToWrite& f : files) {
      out << f.text;
    }
  } else if (!files.empty()) {
    if (const std::string problem = reports::write_files_into(options.out, std::move(files));
        !problem.empty()) {
      err << "drasim: error: " << problem << "\n";
      return kExitInvalidInput;
    }
  }
  const int code = result.all_expectations_passed() ? kExitOk : kExitExpectationFailed;
  keep_until_exit(std::move(ran));
  keep_until_exit(std::move(loaded));
  return code;
}

}  // namespace drasim::cli
