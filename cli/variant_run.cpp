#include "cli/variant_run.h"

#include "sim/engine/engine.h"
#include "sim/sweep/parallel.h"

#include <memory>
#include <optional>
#include <ostream>
#include <thread>

namespace drasim::cli {

VariantOutcome run_variant(
    const InputOptions& inputs, const ReplayOptions& replay, size_t variant,
    const std::vector<std::string>& values, const std::vector<sim::Override>& overrides,
    const std::function<std::vector<reports::FileToWrite>(const sim::RunResult&)>& render) {
  auto scenario = std::make_unique<sim::Scenario>(load_inputs(inputs, overrides));
  apply_profile(replay, *scenario);
  const sim::EngineOptions engine = engine_options(replay);
  VariantOutcome out;
  out.scenario = scenario->name;
  try {
    const auto result = std::make_unique<sim::RunResult>(sim::run_scenario(*scenario, engine));
    out.row = reports::sweep_row(variant, values, *result);
    if (render) {
      out.reports = render(*result);
    }
  } catch (const sim::MemoryLimitError&) {
    throw;  // the whole process's memory: not this variant's own outcome
  } catch (const sim::RunLimitError& e) {
    out.row = reports::stopped_row(variant, values, e.what());
  }
  return out;
}

std::string variant_flags(const std::vector<sim::VaryFlag>& flags,
                          const std::vector<std::string>& values) {
  std::string out;
  for (size_t i = 0; i < flags.size(); ++i) {
    out += (out.empty() ? "" : " ") + flags[i].flag + " " + flags[i].path.text + "=" + values[i];
  }
  return out;
}

void print_input_error(const sim::InputError& e, const std::string& context, std::ostream& err) {
  err << "drasim: error: " << context << ":\n";
  for (const sim::Diagnostic& d : e.diagnostics()) {
    err << d.to_string() << "\n";
  }
}

bool check_values(const InputOptions& inputs, const std::vector<sim::VaryFlag>& flags, size_t jobs,
                  std::ostream& err) {
  std::vector<std::pair<size_t, size_t>> checks;  // (flag, value)
  for (size_t f = 0; f < flags.size(); ++f) {
    for (size_t v = 0; v < flags[f].values.size(); ++v) {
      checks.emplace_back(f, v);
    }
  }

  struct Refused {
    size_t check;
    sim::InputError error;
  };

  try {
    sim::run_in_parallel(checks.size(), jobs, [&](size_t i) {
      const sim::VaryFlag& flag = flags[checks[i].first];
      try {
        const auto loaded = std::make_unique<sim::Scenario>(load_inputs(
            inputs, {sim::Override{flag.path, flag.values[checks[i].second], flag.flag}}));
      } catch (const sim::InputError& e) {
        throw Refused{i, e};
      }
    });
  } catch (const Refused& r) {  // the lowest failing check: the first flag's first bad value
    const auto [f, v] = checks[r.check];
    print_input_error(r.error, variant_flags({flags[f]}, {flags[f].values[v]}), err);
    return false;
  }
  return true;
}

size_t default_jobs() {
  return std::max(1U, std::thread::hardware_concurrency());
}

}  // namespace drasim::cli
