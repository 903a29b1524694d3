#pragma once
// Checking one generated scenario: `drasim validate`, two `drasim run`s, the classification of
// how each process ended (internal error, run limit, crash, watchdog timeout, ...), the
// comparison of the two reports, and the clean-up of the scenario's files.
#include <fmt/format.h>

#include "tests/stress/options.h"
#include "tests/stress/process.h"
#include <string>

namespace drasim::stress {

/// How one scenario fared.
struct Verdict {
  std::string kind;    ///< empty when the scenario passed
  std::string detail;  ///< one line: what happened
  std::string stderr_path;
  bool stall_warning = false;  ///< the report warns of cycles at one instant (not a failure)
  bool retry = false;          ///< the binary changed under us: run the scenario again
};

struct Paths {
  std::string yaml;
  std::string base;  ///< workdir/seed-S, the prefix of the run files

  std::string out_dir(char run) const { return fmt::format("{}.{}", base, run); }

  std::string err(char run) const { return fmt::format("{}.{}.stderr", base, run); }

  std::string out(char run) const { return fmt::format("{}.{}.stdout", base, run); }

  std::string report(char run) const { return out_dir(run) + "/report.json"; }
};

/// The first line of `text`, without drasim's "internal error (a bug ...)" preamble.
std::string first_line(const std::string& text);

class Checker {
 public:
  explicit Checker(const Options& o) : o_(o) {}

  /// Validates the scenario, runs it twice and compares the two reports; asks for a retry when
  /// the drasim binary changed meanwhile.
  Verdict check(const Paths& p);

 private:
  /// `drasim validate`; a rejected input is the generator's fault ("invalid-yaml").
  Verdict validate(const Paths& p);
  /// One `drasim run` into the run's output directory ('a' or 'b').
  ProcessResult run(const Paths& p, char which);
  /// Both runs, then the comparison of their reports.
  Verdict run_twice(const Paths& p);

  const Options& o_;
};

/// Removes a scenario's files: all of them after a pass, all but the YAML, stderr and (for
/// differing reports) the reports after a failure.
void clean_up(const Paths& p, const Verdict& v, bool keep);

}  // namespace drasim::stress
