#include "cli/profiles_command.h"

#include "cli/exit_codes.h"
#include "sim/load/profiles.h"

#include <fmt/format.h>

#include <ostream>

namespace drasim::cli {

CLI::App* setup_profiles(CLI::App& app) {
  return app.add_subcommand(
      "profiles",
      "List the scheduler profiles and the behaviour switches spec.scheduler.features flips.\n"
      "Example: drasim profiles");
}

int run_profiles(std::ostream& out) {
  out << "Profiles (spec.scheduler.profile):\n";
  for (const sim::ProfileInfo& p : sim::kProfiles) {
    out << fmt::format("  {:<15} {}\n", p.name, p.summary);
  }
  out << "\nSwitches (spec.scheduler.features: {name: true|false}), value per kai profile\n"
         "(v0.12 v0.13 v0.17 kai):\n";
  constexpr sim::Profile kKai[] = {sim::Profile::kKaiV012, sim::Profile::kKaiV013,
                                   sim::Profile::kKaiV017, sim::Profile::kKai};
  for (const model::KaiSwitchInfo& s : model::kKaiSwitches) {
    std::string values;
    for (const sim::Profile p : kKai) {
      values += sim::profile_switches(p).*(s.field) ? " on " : " off";
    }
    out << fmt::format("  {:<27}{}  {}\n", s.name, values, s.summary);
  }
  return kExitOk;
}

}  // namespace drasim::cli
