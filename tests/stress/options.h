#pragma once
// The stress tester's command-line options and their parsing.
#include <cstdint>
#include <optional>
#include <string>

namespace drasim::stress {

struct Options {
  std::string drasim;
  uint64_t count = 100;
  uint64_t seed = 1;
  std::string workdir;
  unsigned jobs = 1;
  bool keep = false;
  bool generate_only = false;       ///< write each scenario's YAML to the workdir, run nothing
  bool reference = false;           ///< the second run is `drasim run --reference`
  double max_wall_s = 20;           ///< drasim's own wall-clock limit (--max-wall)
  uint64_t max_events = 5'000'000;  ///< drasim's own event limit (--max-events)
  double timeout_s = 0;             ///< the watchdog; 0: max_wall_s + 15 s
};

/// The options of the command line, or nullopt (after saying why on stderr) when they are
/// wrong. --help prints the usage and exits 0.
std::optional<Options> parse_options(int argc, char** argv);

}  // namespace drasim::stress
