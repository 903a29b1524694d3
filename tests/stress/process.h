#pragma once
// Running a child process (drasim) with its stdout and stderr in files, under a watchdog that
// kills the child's process group when it outlives the timeout.
#include <string>
#include <vector>

namespace drasim::stress {

/// How a child process ended, and after how long.
struct ProcessResult {
  enum class End { kExited, kSignaled, kTimedOut, kSpawnFailed };
  End end = End::kSpawnFailed;
  int code = 0;  ///< the exit code, or the signal
  double seconds = 0;
};

/// Runs `args` (args[0] is the program's path) to its end or until `timeout_s` has passed, with
/// stdout in `out_path` and stderr in `err_path`.
ProcessResult run_process(const std::vector<std::string>& args, const std::string& out_path,
                          const std::string& err_path, double timeout_s);

}  // namespace drasim::stress
