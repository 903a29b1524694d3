#include "cli/inputs.h"

#include "cli/demo_scenario.h"
#include "sim/scenario_loader.h"

namespace drasim::cli {

sim::Scenario load_inputs(const std::vector<std::string>& paths) {
  if (paths.empty()) {
    return sim::load_scenario_texts(
        {{"<built-in>/rolling-migration.yaml", std::string(demo_scenario_yaml())}});
  }
  return sim::load_scenario(paths);
}

}  // namespace drasim::cli
