#include "cli/sweep_command.h"

#include "cli/exit_codes.h"
#include "cli/variant_run.h"
#include "reports/sweep/sweep_html.h"
#include "reports/sweep/sweep_json.h"
#include "reports/sweep/sweep_merge.h"
#include "reports/sweep/sweep_text.h"
#include "sim/scenario_loader.h"
#include "sim/sweep/parallel.h"
#include "sim/sweep/shard.h"
#include "sim/sweep/vary.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <ostream>
#include <sstream>

namespace drasim::cli {
namespace {

const std::vector<std::string> kSweepReports = {"json", "csv", "markdown", "html"};

/// FNV-1a, 64 bits: what identifies a sweep in its shard files.
class Fingerprint {
 public:
  void add(std::string_view bytes) {
    for (const char c : bytes) {
      hash_ = (hash_ ^ static_cast<unsigned char>(c)) * 1099511628211ULL;
    }
    hash_ = (hash_ ^ 0xffU) * 1099511628211ULL;  // a separator, so "ab","c" differs from "a","bc"
  }

  void add_file(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    add(p.string());
    add(text.str());
  }

  [[nodiscard]] std::string hex() const { return fmt::format("{:016x}", hash_); }

 private:
  uint64_t hash_ = 14695981039346656037ULL;
};

/// The inputs' bytes (every YAML file of a directory, sorted), the `--set`, `--vary` and
/// `--profile` flags and the mode: shards of one sweep agree on all of them.
std::string sweep_fingerprint(const SweepOptions& o, const std::vector<sim::VaryFlag>& flags) {
  Fingerprint f;
  for (const std::string& p : o.inputs.paths) {
    std::error_code ec;
    if (std::filesystem::is_directory(p, ec)) {
      for (const std::string& file : sim::yaml_files_under(p)) {
        f.add_file(file);
      }
    } else {
      f.add_file(p);
    }
  }
  for (const sim::Override& s : o.inputs.overrides) {
    f.add(s.path.text + "=" + s.value);
  }
  for (const sim::VaryFlag& v : flags) {
    f.add(v.path.text);
    for (const std::string& value : v.values) {
      f.add(value);
    }
  }
  f.add(o.zip ? "zip" : "grid");
  f.add(o.replay.profile);
  return f.hex();
}

std::vector<reports::FileToWrite> render(std::vector<std::string> kinds,
                                         const reports::SweepTable& t) {
  if (kinds.empty()) {
    kinds = kSweepReports;
  }
  std::sort(kinds.begin(), kinds.end());
  kinds.erase(std::unique(kinds.begin(), kinds.end()), kinds.end());
  std::vector<reports::FileToWrite> files;
  for (const std::string& kind : kinds) {
    if (kind == "json") {
      files.push_back({"sweep.json", reports::sweep_json(t)});
    } else if (kind == "csv") {
      files.push_back({"sweep.csv", reports::sweep_csv(t)});
    } else if (kind == "markdown") {
      files.push_back({"sweep.md", reports::sweep_markdown(t)});
    } else if (kind == "html") {
      files.push_back({"sweep.html", reports::sweep_html(t)});
    }
  }
  return files;
}

int write_outputs(const SweepOptions& o, const reports::SweepTable& t,
                  std::vector<reports::FileToWrite> files, std::ostream& out, std::ostream& err) {
  if (const std::string problem = reports::write_files_into(o.out, std::move(files));
      !problem.empty()) {
    err << "drasim: error: " << problem << "\n";
    return kExitInvalidInput;
  }
  if (!o.quiet) {
    out << reports::sweep_text(t);
  }
  return kExitOk;
}

}  // namespace

SweepCommands setup_sweep(CLI::App& app, SweepOptions& options) {
  CLI::App* cmd = app.add_subcommand(
      "sweep",
      "Run every variant of a scenario over a grid of values and tabulate the expectations and "
      "key metrics of each (sweep.json, sweep.csv, sweep.md, sweep.html).\n"
      "Example: drasim sweep scenarios/rolling-migration.yaml "
      "--vary spec.events[0].migrate.batchSize=4,8,16 --vary "
      "spec.generate[0].nodePool.count=48..64:8 "
      "-j 2 --out sweep/");
  add_input_options(cmd, options.inputs, false);
  cmd->add_option("--vary", options.vary,
                  "PATH=VALUES (repeatable): a field of the Scenario (spec.scheduler.profile) or "
                  "of a named object (Queue/research:spec.resources.gpu.quota) and its values: "
                  "a list a,b,c or a range FROM..TO[:STEP] of integers with an optional unit "
                  "(8..64:8, 10m..60m:10m)")
      ->type_name("PATH=VALUES");
  cmd->add_flag("--zip", options.zip,
                "Pair the --vary lists item by item instead of running every combination");
  cmd->add_option("-j,--jobs", options.jobs,
                  "Variants run at once (default: the machine's cores); the results are the "
                  "same for any number");
  cmd->add_option("--shard", options.shard,
                  "I/N: run only the variants whose index modulo N is I and write "
                  "sweep-shard-I-of-N.json for drasim sweep merge; N alone takes I from "
                  "JOB_COMPLETION_INDEX (set in the pods of a Kubernetes Indexed Job)")
      ->type_name("I/N");
  cmd->add_option("--report", options.reports,
                  "Format to write (repeatable; default all): json (sweep.json), csv "
                  "(sweep.csv), markdown (sweep.md), html (sweep.html)")
      ->check(CLI::IsMember(kSweepReports));
  cmd->add_option("--out", options.out, "Directory for the files (default: .)");
  cmd->add_flag("-q,--quiet", options.quiet, "Do not print the table");
  add_replay_options(cmd, options.replay);

  CLI::App* merge = cmd->add_subcommand(
      "merge",
      "Join the shard files of a sweep (drasim sweep --shard I/N) into exactly the files the "
      "unsharded sweep writes; every shard must be there once.\n"
      "Example: drasim sweep merge results/ --out merged/");
  merge
      ->add_option("dirs", options.merge_dirs,
                   "Directories holding sweep-shard-I-of-N.json files (or the files)")
      ->required();
  merge
      ->add_option("--report", options.reports,
                   "Format to write (repeatable; default all): json, csv, markdown, html")
      ->check(CLI::IsMember(kSweepReports));
  merge->add_option("--out", options.out, "Directory for the files (default: .)");
  merge->add_flag("-q,--quiet", options.quiet, "Do not print the table");
  return {cmd, merge};
}

int run_sweep(const SweepOptions& options, std::ostream& out, std::ostream& err) {
  if (options.vary.empty()) {
    err << "drasim: error: sweep needs at least one --vary PATH=VALUES\n";
    return kExitInvalidInput;
  }
  std::vector<sim::VaryFlag> flags;
  for (const std::string& text : options.vary) {
    auto parsed = sim::parse_vary("--vary", text);
    if (auto* problem = std::get_if<std::string>(&parsed)) {
      err << "drasim: error: " << *problem << "\n";
      return kExitInvalidInput;
    }
    flags.push_back(std::get<sim::VaryFlag>(std::move(parsed)));
  }
  auto expanded =
      sim::expand_variants(flags, options.zip ? sim::VariantMode::kZip : sim::VariantMode::kGrid);
  if (auto* problem = std::get_if<std::string>(&expanded)) {
    err << "drasim: error: " << *problem << "\n";
    return kExitInvalidInput;
  }
  const auto& variants = std::get<std::vector<std::vector<std::string>>>(expanded);
  std::optional<sim::Shard> shard;
  if (!options.shard.empty()) {
    const char* index = std::getenv("JOB_COMPLETION_INDEX");
    auto parsed = sim::parse_shard(
        options.shard, index != nullptr ? std::optional<std::string_view>(index) : std::nullopt);
    if (auto* problem = std::get_if<std::string>(&parsed)) {
      err << "drasim: error: " << *problem << "\n";
      return kExitInvalidInput;
    }
    shard = std::get<sim::Shard>(parsed);
    if (!options.reports.empty()) {
      err << "drasim: error: --shard writes the shard's file only; drasim sweep merge writes "
             "the reports (--report there)\n";
      return kExitInvalidInput;
    }
  }
  const size_t jobs = options.jobs == 0 ? default_jobs() : options.jobs;
  if (!check_values(options.inputs, flags, jobs, err)) {
    return kExitInvalidInput;
  }
  std::vector<size_t> mine;
  for (size_t v = 0; v < variants.size(); ++v) {
    if (!shard || shard->holds(v)) {
      mine.push_back(v);
    }
  }
  reports::SweepTable table;
  table.mode = options.zip ? "zip" : "grid";
  for (const sim::VaryFlag& f : flags) {
    table.parameters.push_back(f.path.text);
  }
  table.fingerprint = sweep_fingerprint(options, flags);
  table.variant_count = variants.size();
  table.rows.resize(mine.size());

  struct Refused {
    size_t variant;
    sim::InputError error;
  };

  std::vector<std::string> titles(mine.size());
  try {
    sim::run_in_parallel(mine.size(), jobs, [&](size_t i) {
      const size_t v = mine[i];
      try {
        VariantOutcome ran = run_variant(options.inputs, options.replay, v, variants[v],
                                         sim::variant_overrides(flags, variants[v]));
        table.rows[i] = std::move(ran.row);
        titles[i] = std::move(ran.scenario);
      } catch (const sim::InputError& e) {
        throw Refused{v, e};  // a combination of values the inputs refuse
      }
    });
  } catch (const Refused& r) {
    print_input_error(
        r.error,
        fmt::format("variant {} ({})", r.variant, variant_flags(flags, variants[r.variant])), err);
    return kExitInvalidInput;
  }
  table.title = titles.empty() ? std::string() : titles.front();
  if (shard) {
    return write_outputs(options, table,
                         {{reports::shard_file_name(*shard), reports::sweep_json(table, shard)}},
                         out, err);
  }
  return write_outputs(options, table, render(options.reports, table), out, err);
}

int run_sweep_merge(const SweepOptions& options, std::ostream& out, std::ostream& err) {
  const std::vector<std::string> paths = reports::shard_files(options.merge_dirs);
  std::vector<reports::SweepShardFile> shards;
  for (const std::string& p : paths) {
    shards.push_back(reports::read_sweep_shard(p, options.inputs.policy));
  }
  const reports::SweepTable table = reports::merge_shards(std::move(shards), paths);
  return write_outputs(options, table, render(options.reports, table), out, err);
}

}  // namespace drasim::cli
