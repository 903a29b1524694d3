// drasim's entry point: everything happens in cli::run_cli. Output that cannot be written
// (a full disk, a closed pipe, a file-size limit) is an error, not a silent success.
#include "cli/app.h"
#include "cli/exit_codes.h"
#include "cli/keep_until_exit.h"

#include <csignal>
#include <iostream>

int main(int argc, char** argv) {
  // Past a file-size limit, writes fail with EFBIG and are reported, instead of a signal.
  (void)std::signal(SIGXFSZ, SIG_IGN);
  // The process ends after one command: its objects are left to the OS (cli/keep_until_exit.h).
  drasim::cli::set_keep_until_exit(true);
  const int code = drasim::cli::run_cli(argc, argv, std::cout, std::cerr);
  std::cout.flush();
  if (!std::cout) {
    std::cerr << "drasim: error: cannot write to standard output\n";
    return code == drasim::cli::kExitOk || code == drasim::cli::kExitExpectationFailed
               ? drasim::cli::kExitInvalidInput
               : code;
  }
  return code;
}
