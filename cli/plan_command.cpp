#include "cli/plan_command.h"

#include "cli/exit_codes.h"
#include "cli/run_command.h"
#include "cli/variant_run.h"
#include "reports/sweep/plan_report.h"
#include "sim/engine/progress_guard.h"
#include "sim/sweep/plan_search.h"
#include "sim/sweep/vary.h"

#include <fmt/format.h>

#include <map>
#include <mutex>
#include <ostream>

namespace drasim::cli {

CLI::App* setup_plan(CLI::App& app, PlanOptions& options) {
  CLI::App* cmd = app.add_subcommand(
      "plan",
      "Find the smallest (or largest) value of one parameter for which every expectation "
      "holds, by bisection; every probe is reported, and --out keeps the runs that prove the "
      "answer (answer/, boundary/).\n"
      "Example: drasim plan scenarios/rolling-migration.yaml "
      "--set spec.generate[0].nodePool.count=56 --search spec.events[0].migrate.batchSize=8..56:8 "
      "--out plan/");
  add_input_options(cmd, options.inputs, false);
  cmd->add_option("--search", options.search,
                  "PATH=FROM..TO[:STEP] (or a list a,b,c in order): the parameter and its values")
      ->type_name("PATH=VALUES")
      ->required();
  cmd->add_flag("--largest", options.largest,
                "Find the largest passing value (a migration batch, a quota that may shrink) "
                "instead of the smallest (nodes, an interval)");
  cmd->add_option("-j,--jobs", options.jobs,
                  "Probes run at once: each round probes this many values (default: the "
                  "machine's cores)");
  cmd->add_option("--report", options.reports,
                  "Formats of the proving runs' reports (repeatable; default json and markdown): "
                  "json, junit, markdown, html, csv")
      ->check(CLI::IsMember({"json", "junit", "markdown", "html", "csv"}));
  cmd->add_option("--out", options.out,
                  "Directory for plan.json, plan.md and the proving runs (answer/, boundary/)");
  cmd->add_flag("-q,--quiet", options.quiet, "Do not print the probes");
  add_replay_options(cmd, options.replay);
  return cmd;
}

int run_plan(const PlanOptions& options, std::ostream& out, std::ostream& err) {
  auto parsed = sim::parse_vary("--search", options.search);
  if (auto* problem = std::get_if<std::string>(&parsed)) {
    err << "drasim: error: " << *problem << "\n";
    return kExitInvalidInput;
  }
  const sim::VaryFlag flag = std::get<sim::VaryFlag>(std::move(parsed));
  const size_t jobs = options.jobs == 0 ? default_jobs() : options.jobs;
  if (!check_values(options.inputs, {flag}, jobs, err)) {
    return kExitInvalidInput;
  }
  std::vector<std::string> kinds = options.reports;
  if (kinds.empty()) {
    kinds = {"json", "markdown"};
  }
  std::mutex mutex;
  std::map<size_t, VariantOutcome> ran;
  std::string title;
  const auto passes = [&](size_t index) {
    VariantOutcome o = run_variant(
        options.inputs, options.replay, index, {flag.values[index]},
        {sim::Override{flag.path, flag.values[index], flag.flag}}, [&](const sim::RunResult& r) {
          return options.out.empty() ? std::vector<reports::FileToWrite>{} : render_run(kinds, r);
        });
    if (o.row.status == "stopped") {  // neither a pass nor a failure: the search cannot go on
      throw sim::RunLimitError(fmt::format("{} {}={}: {}", flag.flag, flag.path.text,
                                           flag.values[index], o.row.message));
    }
    const bool passed = o.row.status == "passed";
    const std::lock_guard<std::mutex> lock(mutex);
    if (ran.empty() || index < ran.begin()->first) {
      title = o.scenario;
    }
    ran.emplace(index, std::move(o));
    return passed;
  };
  const sim::PlanOutcome outcome = sim::plan_search(
      flag.values.size(), options.largest ? sim::PlanGoal::kLargest : sim::PlanGoal::kSmallest,
      jobs, passes);
  reports::PlanReport plan;
  plan.title = title;
  plan.parameter = flag.path.text;
  plan.largest = options.largest;
  plan.values = flag.values;
  for (const sim::PlanProbe& p : outcome.probes) {
    plan.probes.push_back(ran.at(p.index).row);
    plan.rounds.push_back(p.round);
  }
  plan.answer = outcome.answer;
  plan.boundary = outcome.boundary;
  plan.monotone_violated = outcome.monotone_violated;
  if (!options.out.empty()) {
    std::vector<reports::FileToWrite> files = {{"plan.json", reports::plan_json(plan)},
                                               {"plan.md", reports::plan_markdown(plan)}};
    const auto proving = [&](const std::optional<size_t>& index, const std::string& dir) {
      if (index) {
        for (const reports::FileToWrite& f : ran.at(*index).reports) {
          files.push_back({dir + "/" + f.path, f.text});
        }
      }
    };
    proving(plan.answer, "answer");
    proving(plan.boundary, "boundary");
    if (const std::string problem = reports::write_files_into(options.out, std::move(files));
        !problem.empty()) {
      err << "drasim: error: " << problem << "\n";
      return kExitInvalidInput;
    }
  }
  if (!options.quiet) {
    out << reports::plan_text(plan);
  }
  return plan.answer ? kExitOk : kExitExpectationFailed;
}

}  // namespace drasim::cli
